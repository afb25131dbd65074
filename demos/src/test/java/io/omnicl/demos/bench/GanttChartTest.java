package io.omnicl.demos.bench;

import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Chrome trace reader and the chart, on a hand-made trace of two devices. */
class GanttChartTest {

    /** Device 1 runs a kernel from 0 to 4 ms; device 2 uploads from 4 to 5 ms, then runs a kernel to 10 ms. */
    static final String TRACE = String.join("\n",
            "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[",
            "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"first device\"}},",
            "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":2,\"args\":{\"name\":\"second \\\"device\\\"\"}},",
            "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"name\":\"mandelbrot\",\"cat\":\"kernel\",\"ts\":0.000,\"dur\":4000.000},",
            "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"name\":\"upload\",\"cat\":\"upload\",\"ts\":4000.000,\"dur\":1000.000},",
            "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"name\":\"mandelbrot\",\"cat\":\"kernel\",\"ts\":5000,\"dur\":5e3}",
            "]}");

    private static Color at(BufferedImage image, int x, int y) {
        return new Color(image.getRGB(x, y));
    }

    @Test
    void theTraceHasItsLanesAndSlices() {
        ChromeTrace t = ChromeTrace.parse(TRACE);
        assertEquals("first device", t.lanes().get(1));
        assertEquals("second \"device\"", t.lanes().get(2));
        assertEquals(3, t.slices().size());
        assertEquals(10_000, t.endMicros(), 1e-9);
        assertEquals(6000, t.busyMicros(2, "kernel", 0, 10_000) + t.busyMicros(2, "upload", 0, 10_000), 1e-9);
        assertEquals(1500, t.busyMicros(1, "kernel", 2500, 8000), 1e-9, "the part inside the window");
        assertEquals(2, t.last(6000).slices().size(), "the upload and the kernel after it");
        assertEquals("device 1 (first device): kernels 40%, transfers 0%; "
                + "device 2 (second \"device\"): kernels 50%, transfers 10%",
                t.busyShares(0, 10_000));
    }

    @Test
    void eachDeviceHasARowWithItsKernelsAndTransfers() {
        GanttChart chart = new GanttChart(ChromeTrace.parse(TRACE));
        BufferedImage image = chart.render("test");
        assertEquals(GanttChart.WIDTH, image.getWidth());
        assertEquals(GanttChart.TOP + 2 * GanttChart.ROW_HEIGHT + GanttChart.AXIS_HEIGHT + GanttChart.LEGEND_HEIGHT,
                image.getHeight(), "two rows");
        Color kernel = chart.colorOf("kernel", "mandelbrot");
        Color upload = chart.colorOf("upload", "upload");
        int kernelY0 = GanttChart.rowTop(0) + 10;
        int kernelY1 = GanttChart.rowTop(1) + 10;
        int transferY1 = GanttChart.rowTop(1) + GanttChart.ROW_HEIGHT - 8;
        // at 2 ms only the first device is busy
        assertEquals(kernel, at(image, chart.x(2000), kernelY0));
        assertTrue(!at(image, chart.x(2000), kernelY1).equals(kernel), "the second device is idle at 2 ms");
        // at 4.5 ms the second device uploads, below where its kernels go
        assertEquals(upload, at(image, chart.x(4500), transferY1));
        assertTrue(!at(image, chart.x(4500), kernelY1).equals(kernel));
        // at 8 ms only the second device runs a kernel
        assertEquals(kernel, at(image, chart.x(8000), kernelY1));
        assertTrue(!at(image, chart.x(8000), kernelY0).equals(kernel));
    }

    @Test
    void theChartIsWrittenAsAPng() throws Exception {
        Path png = Files.createTempFile("gantt", ".png");
        new GanttChart(ChromeTrace.parse(TRACE)).write("test", png);
        BufferedImage read = javax.imageio.ImageIO.read(png.toFile());
        assertEquals(GanttChart.WIDTH, read.getWidth());
        Files.delete(png);
    }

    @Test
    void axisStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertEquals(1, GanttChart.niceStep(0.9), 1e-12);
        assertEquals(2, GanttChart.niceStep(1.5), 1e-12);
        assertEquals(50, GanttChart.niceStep(31), 1e-12);
        assertEquals(0.05, GanttChart.niceStep(0.031), 1e-12);
    }
}
