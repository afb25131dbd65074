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
}
