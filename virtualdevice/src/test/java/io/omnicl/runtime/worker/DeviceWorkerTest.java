package io.omnicl.runtime.worker;

import io.omnicl.driver.DeviceCounters;
import io.omnicl.runtime.Increments;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import org.junit.jupiter.api.Test;

import java.nio.IntBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A device's worker over a fake device: what it submits, in which order, and what it counts. */
class DeviceWorkerTest {

    private static RuntimeDriver oneCpu(Config config) {
        return new RuntimeDriver(config, new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.cpu("fake cpu"))
                .kernel(Increments.KERNEL, item -> {
                    IntBuffer a = item.ints(0);
                    int i = (int) item.globalId(0);
                    a.put(i, a.get(i) + 1);
                })
                .build()));
    }

    @Test
    void launchesOfAQueueRunInOrderAndFollowEachOtherOnTheDevice() {
        RuntimeDriver engine = oneCpu(Config.defaults());
        Increments.assertIncremented(Increments.run(engine, 1, 1, 40), 40);
        DeviceCounters c = engine.counters().get(0);
        assertEquals(40, c.kernels(), "each launch ran once: " + c);
        assertTrue(c.followed() > 0, "launches went behind the ones before them, without a round trip: " + c);
    }

    @Test
    void aStrictOrderGivesTheSameResults() {
        RuntimeDriver engine = oneCpu(Config.defaults().withStrictOrder(true));
        Increments.assertIncremented(Increments.run(engine, 1, 3, 10), 10);
        assertEquals(30, engine.counters().get(0).kernels());
    }

    @Test
    void aWindowOfOneStillRunsEverything() {
        RuntimeDriver engine = oneCpu(Config.defaults().withMaxInFlight(1));
        Increments.assertIncremented(Increments.run(engine, 0, 3, 10), 10);
        assertEquals(30, engine.counters().get(0).kernels());
    }
}
