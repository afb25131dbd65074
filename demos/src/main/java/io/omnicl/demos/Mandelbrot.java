package io.omnicl.demos;

import io.omnicl.OmniCL;
import io.omnicl.demos.bench.MandelbrotWorkload;
import io.omnicl.demos.bench.MandelbrotWorkload.Frame;
import io.omnicl.demos.bench.Placement;
import io.omnicl.demos.bench.Target;
import io.omnicl.demos.bench.TargetSpec;
import org.jocl.cl_program;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.jocl.CL.clReleaseProgram;

/**
 * The Mandelbrot demo on the OmniCL platform: the benchmark's Mandelbrot workload (row blocks, one kernel
 * object and output buffer each), placed by OmniCL or by hand. The {@code virtual} mode enqueues every
 * block on one queue of the virtual device; {@code single} runs all on the first pinned device; {@code
 * block} and {@code cyclic} split them over the pinned devices (contiguous ranges, or round robin).
 */
public final class Mandelbrot {

    /** How blocks are placed. */
    public enum Mode { VIRTUAL, SINGLE, BLOCK, CYCLIC }

    /**
     * A rendered frame: iteration counts per pixel, the time from first enqueue to last result, and how many
     * blocks each real device ran.
     */
    public record Result(int[] iterations, long nanos, long[] blocksPerDevice) {
    }

    private Mandelbrot() {
    }

    /** Renders {@code frame} on the OmniCL platform, placing blocks as {@code mode} says. */
    public static Result render(Frame frame, Mode mode) {
        long[] before = OmniCL.kernelsPerDevice();
        MandelbrotWorkload.Rendered r;
        try (Target target = Target.open(target(mode))) {
            cl_program program = target.build(MandelbrotWorkload.SOURCE);
            r = new MandelbrotWorkload(frame).render(target, program);
            clReleaseProgram(program);
        }
        long[] after = OmniCL.kernelsPerDevice();
        for (int i = 0; i < after.length; i++) {
            after[i] -= before[i];
        }
        return new Result(r.iterations(), r.nanos(), after);
    }

    private static TargetSpec target(Mode mode) {
        List<Integer> pinned = new ArrayList<>();
        for (int k = 1; k <= Platforms.pinnedDevices(); k++) {
            pinned.add(k);
        }
        return switch (mode) {
            case VIRTUAL -> TargetSpec.single("OmniCL", 0);
            case SINGLE -> TargetSpec.single("OmniCL", 1);
            case BLOCK -> TargetSpec.split("OmniCL", pinned, Placement.BLOCK);
            case CYCLIC -> TargetSpec.split("OmniCL", pinned, Placement.CYCLIC);
        };
    }

    /** Writes the iteration counts as a PNG: the set in black, the outside shaded by escape time. */
    public static void writePng(int[] iterations, Frame frame, File file) throws IOException {
        BufferedImage img = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < frame.height(); y++) {
            for (int x = 0; x < frame.width(); x++) {
                int n = iterations[y * frame.width() + x];
                int rgb = 0;
                if (n < frame.maxIterations()) {
                    double t = Math.sqrt((double) n / frame.maxIterations());
                    int r = (int) (255 * Math.min(1, 3 * t));
                    int g = (int) (255 * Math.min(1, Math.max(0, 3 * t - 1)));
                    int b = (int) (255 * Math.min(1, Math.max(0, 3 * t - 2) + 0.3 * (1 - t)));
                    rgb = (r << 16) | (g << 8) | b;
                }
                img.setRGB(x, y, rgb);
            }
        }
        ImageIO.write(img, "png", file);
    }
}
