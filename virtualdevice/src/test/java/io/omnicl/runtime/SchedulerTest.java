package io.omnicl.runtime;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Placement over two PoCL devices, each test on an engine of its own: every policy gives correct results,
 * and dmda gives a device made ten times slower only a small share of the work.
 */
class SchedulerTest {

    @TempDir
    Path models;

    private Engine engine(String scheduler, Map<String, Double> throttle) {
        return new Engine(Config.defaults().withScheduler(scheduler).withThrottle(throttle)
                .withPerfModelDir(models.toString()));
    }

    private static void runIndependentTasks(Engine engine) {
        Workload.runIndependentTasks(engine, Workload.device(engine, 0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dmda", "eager", "ws", "random"})
    void everyPolicyGivesCorrectResults(String scheduler) {
        Engine engine = engine(scheduler, Map.of());
        runIndependentTasks(engine);
        long kernels = engine.counters().stream().mapToLong(c -> c.kernels()).sum();
        assertEquals(Workload.TASKS, kernels);
    }

    @Test
    void dmdaGivesAMuchSlowerDeviceLittleWork() {
        Engine calibrating = engine("dmda", Map.of("1", 10.0));
        runIndependentTasks(calibrating);
        calibrating.machine().model().save();
        Engine engine = engine("dmda", Map.of("1", 10.0));
        runIndependentTasks(engine);
        long fast = engine.counters().get(0).kernels();
        long slow = engine.counters().get(1).kernels();
        assertEquals(Workload.TASKS, fast + slow);
        assertTrue(slow <= Workload.TASKS / 4, "the device 10x slower ran " + slow + " of " + Workload.TASKS);
    }

    /**
     * Three rounds, counted together: on a loaded machine one of two devices sharing its cores can be slower
     * for a while, and one round once split 19/5.
     */
    @Test
    void dmdaSharesWorkBetweenEqualDevices() {
        Engine engine = engine("dmda", Map.of());
        int rounds = 3;
        for (int r = 0; r < rounds; r++) {
            runIndependentTasks(engine);
        }
        long first = engine.counters().get(0).kernels();
        long second = engine.counters().get(1).kernels();
        long quarter = rounds * Workload.TASKS / 4;
        assertTrue(first >= quarter && second >= quarter, "split " + first + "/" + second);
    }

}
