package io.omnicl.runtime.sched;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PerfModelTest {

    private static final String GPU = "gpu | 1.0";
    private static final String CPU = "cpu | 1.0";

    private static PerfKey key(long items) {
        return new PerfKey("abc:k", PerfModel.shape(items, "g=" + items), items);
    }

    @Test
    void theEstimateIsTheMeanOfWhatWasMeasured() {
        PerfModel m = new PerfModel(null);
        m.record(key(100), GPU, 1000);
        m.record(key(100), GPU, 3000);
        assertEquals(2000, m.estimate(key(100), GPU, List.of(GPU)), 1e-9);
        assertEquals(2, m.samples(key(100), GPU));
    }

    @Test
    void anotherShapeOfTheKernelIsScaledByWorkItems() {
        PerfModel m = new PerfModel(null);
        m.record(key(100), GPU, 1000);
        assertEquals(4000, m.estimate(key(400), GPU, List.of(GPU)), 1e-9);
    }

    @Test
    void anotherDeviceIsScaledByTheDevicesMeasuredSpeeds() {
        PerfModel m = new PerfModel(null);
        m.setSpeed(GPU, new DeviceSpeed(150, 10, 10, 1000));
        m.setSpeed(CPU, new DeviceSpeed(1, 10, 10, 1000));
        m.record(key(100), GPU, 1000);
        assertEquals(150_000, m.estimate(key(100), CPU, List.of(GPU, CPU)), 1e-6);
        assertEquals(0, m.samples(key(100), CPU));
    }

    @Test
    void nothingKnownAnywhereIsNotANumber() {
        PerfModel m = new PerfModel(null);
        assertTrue(Double.isNaN(m.estimate(key(100), CPU, List.of(GPU, CPU))));
    }

    @Test
    void historyAndSpeedsSurviveTheJvm(@TempDir Path dir) {
        PerfModel first = new PerfModel(dir);
        first.setSpeed(GPU, new DeviceSpeed(150, 12.5, 11.5, 2000));
        first.record(key(100), GPU, 1000);
        first.record(key(100), GPU, 2000);
        first.save();
        PerfModel second = new PerfModel(dir);
        assertEquals(1500, second.estimate(key(100), GPU, List.of(GPU)), 1e-9);
        assertEquals(2, second.samples(key(100), GPU));
        assertEquals(new DeviceSpeed(150, 12.5, 11.5, 2000), second.speed(GPU));
    }

    @Test
    void aKernelKeepsItsMostUsedShapesAndNoMoreThanTheBound(@TempDir Path dir) throws Exception {
        PerfModel first = new PerfModel(dir);
        for (int i = 0; i < 100; i++) {
            first.record(key(7), GPU, 700);
        }
        // a program with ever new launch shapes, each run once
        for (int items = 1000; items < 1000 + 4 * PerfModel.SHAPES_PER_KERNEL; items++) {
            first.record(key(items), GPU, items);
            first.sampleNext(key(7), GPU);
        }
        first.save();
        assertTrue(kernelLines(dir) <= PerfModel.SHAPES_PER_KERNEL, kernelLines(dir) + " shapes kept");
        PerfModel second = new PerfModel(dir);
        assertEquals(100, second.samples(key(7), GPU), "the shape used most is kept");
    }

    @Test
    void aDeviceKeepsNoMoreKernelsThanTheBound(@TempDir Path dir) throws Exception {
        PerfModel m = new PerfModel(dir);
        for (int k = 0; k < 2 * PerfModel.KERNELS_PER_DEVICE; k++) {
            m.record(new PerfKey("abc:k" + k, PerfModel.shape(100, "g=100"), 100), GPU, 1000);
        }
        m.save();
        assertTrue(kernelLines(dir) <= PerfModel.KERNELS_PER_DEVICE, kernelLines(dir) + " kernels kept");
    }

    /** The history lines of the one model file in {@code dir}. */
    private static long kernelLines(Path dir) throws java.io.IOException {
        try (var files = java.nio.file.Files.list(dir)) {
            Path file = files.filter(f -> f.toString().endsWith(".model")).findFirst().orElseThrow();
            return java.nio.file.Files.readAllLines(file).stream().filter(l -> l.startsWith("kernel\t")).count();
        }
    }
}
