package io.omnicl.runtime.coherence;

import io.omnicl.driver.DeviceCounters;
import io.omnicl.runtime.Increments;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.config.FaultSpec;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.IntBuffer;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A device's memory over fake devices: eviction to make room, and a device lost with its chunks. */
class DeviceMemoryTest {

    private static FakeBackend twoCpus() {
        return new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.cpu("fake cpu 0"))
                .device(DeviceSpec.cpu("fake cpu 1"))
                .kernel(Increments.KERNEL, item -> {
                    IntBuffer a = item.ints(0);
                    int i = (int) item.globalId(0);
                    a.put(i, a.get(i) + 1);
                })
                .build());
    }

    @Test
    void evictsWhatDoesNotFitWritingBackWhatTheDeviceAloneHeld() {
        // room for 4 of the 12 buffers: each launch evicts another, which the device alone holds by then
        long room = 4L * 4 * Increments.ITEMS;
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withDeviceMemLimit(room), twoCpus());
        Increments.assertIncremented(Increments.run(engine, 1, 12, 3), 3);
        DeviceCounters first = engine.counters().get(0);
        assertTrue(first.evictions() > 0, "evictions: " + first);
        assertTrue(first.bytesToHost() > 0, "what the device alone held was written back: " + first);
        assertTrue(first.bytesAllocated() <= room, "within the limit: " + first);
    }

    @Test
    void aLostDeviceLosesNoResult(@TempDir Path models) {
        Config config = Config.defaults().withScheduler("eager").withPerfModelDir(models.toString())
                .withFaults(FaultSpec.parse("device=0,rate=0,seed=1,lose-after=6"));
        RuntimeDriver engine = new RuntimeDriver(config, twoCpus());
        // which device takes each command is the scheduler's choice: rounds until the first device has had its
        // six commands and is lost, each round's results checked
        for (int round = 0; round < 100 && !engine.counters().get(0).lost(); round++) {
            Increments.assertIncremented(Increments.run(engine, 0, 4, 5), 5);
        }
        assertTrue(engine.counters().get(0).lost(), "the device was lost: " + engine.counters().get(0));
        Increments.assertIncremented(Increments.run(engine, 0, 4, 5), 5);
        assertTrue(engine.counters().get(1).kernels() > 0, "the other device took over");
    }
}
