package io.omnicl.runtime;

import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.runtime.worker.DeviceTask;
import io.omnicl.runtime.worker.DeviceWorker;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Placement over two PoCL devices, each test on an engine of its own: every policy gives correct results,
 * and dmda gives a device made ten times slower only a small share of the work.
 */
class SchedulerTest {

    @TempDir
    Path models;

    /** Launches run whole: the tests count where each went. */
    private RuntimeDriver engine(String scheduler, Map<String, Double> throttle) {
        return new RuntimeDriver(Config.defaults().withScheduler(scheduler).withThrottle(throttle)
                .withPerfModelDir(models.toString()).withSplit("off"));
    }

    private static void runIndependentTasks(RuntimeDriver engine) {
        Workload.runIndependentTasks(engine, Workload.device(engine, 0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dmda", "eager", "ws", "random"})
    void everyPolicyGivesCorrectResults(String scheduler) {
        RuntimeDriver engine = engine(scheduler, Map.of());
        runIndependentTasks(engine);
        long kernels = engine.counters().stream().mapToLong(c -> c.kernels()).sum();
        assertEquals(Workload.TASKS, kernels);
    }

    @Test
    void dmdaGivesAMuchSlowerDeviceLittleWork() {
        RuntimeDriver calibrating = engine("dmda", Map.of("1", 10.0));
        runIndependentTasks(calibrating);
        calibrating.devices().model().save();
        RuntimeDriver engine = engine("dmda", Map.of("1", 10.0));
        runIndependentTasks(engine);
        long fast = engine.counters().get(0).kernels();
        long slow = engine.counters().get(1).kernels();
        assertEquals(Workload.TASKS, fast + slow);
        assertTrue(slow <= Workload.TASKS / 4, "the device 10x slower ran " + slow + " of " + Workload.TASKS);
    }

    /**
     * A device still learning a kernel is not given it when that would move data only another device holds,
     * or a chain would follow it there whole (Jacobi's one upload and one download). A buffer is written by a
     * kernel on device A; A is held while the next kernel on it, on the virtual device, is ready, and B is
     * asked for work: it must decline, and A runs it once free.
     */
    @Test
    void aLearningDeviceIsNotGivenWhatWouldMoveAnotherDevicesData() throws Exception {
        RuntimeDriver engine = engine("dmda", Map.of());
        ClDevice virtual = Workload.device(engine, 0);
        ClDevice first = Workload.device(engine, 1);
        ClContext context = engine.platforms().get(0).createContext(List.of(virtual, first), new long[0]);
        ClMem out = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * Workload.ITEMS, null);
        ClProgram program = context.createProgram(Workload.SOURCE);
        program.build(List.of(), "", null);
        ClQueue onFirst = context.createQueue(first, 0);
        Workload.launch(program, out, onFirst);
        onFirst.finish();
        DeviceWorker a = engine.devices().nodes().get(0).worker();
        DeviceWorker b = engine.devices().nodes().get(1).worker();
        assertEquals(a.node().bit(), ((MemObject) out).storage().map().holdersOfAll(0, 4L * Workload.ITEMS));
        CountDownLatch release = new CountDownLatch(1);
        HeldWorker.hold(a, release);
        ClQueue onVirtual = context.createQueue(virtual, 0);
        Workload.launch(program, out, onVirtual);
        CompletableFuture<Boolean> taken = new CompletableFuture<>();
        b.post(w -> {
            DeviceTask task = engine.devices().scheduler().pop(w);
            taken.complete(task != null);
            if (task != null) {
                task.run(w);
            }
        }, false);
        boolean tookIt = taken.get();
        release.countDown();
        onVirtual.finish();
        assertEquals(false, tookIt, "the learning device took the kernel");
        assertEquals(0, engine.counters().get(1).kernels(), "device B ran nothing");
        assertEquals(0, engine.counters().get(1).bytesToDevice(), "nothing moved to device B");
        assertEquals(2, engine.counters().get(0).kernels());
        program.release();
        context.release();
    }

    /**
     * Three rounds, counted together: on a loaded machine one of two devices sharing its cores can be slower
     * for a while, and one round once split 19/5.
     */
    @Test
    void dmdaSharesWorkBetweenEqualDevices() {
        RuntimeDriver engine = engine("dmda", Map.of());
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
