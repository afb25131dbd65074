package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Placement over two PoCL devices, each test on an engine of its own: every policy gives correct results,
 * and dmda gives a device made ten times slower only a small share of the work.
 */
class SchedulerTest {

    private static final String SOURCE = String.join("\n",
            "__kernel void work(__global int* out, const int rounds) {",
            "    int i = get_global_id(0); int s = i;",
            "    for (int r = 0; r < rounds; r++) { s = s * 1103515245 + 12345; }",
            "    out[i] = s;",
            "}");
    private static final int ITEMS = 4096;
    private static final int ROUNDS = 3000;
    private static final int TASKS = 24;

    @TempDir
    Path models;

    /** What the host model of {@code work} gives for item {@code i}. */
    private static int expected(int i) {
        int s = i;
        for (int r = 0; r < ROUNDS; r++) {
            s = s * 1103515245 + 12345;
        }
        return s;
    }

    private Engine engine(String scheduler, Map<String, Double> throttle) {
        Config d = Config.defaults();
        return new Engine(new Config(d.deviceFilter(), d.backend(), scheduler, false, d.maxInFlight(), false,
                throttle, "", models.toString(), "", 0));
    }

    /** Runs {@link #TASKS} independent launches on the virtual device; checks each output. */
    private static void runIndependentTasks(Engine engine) {
        ClDevice virtualDevice = engine.platforms().get(0).devices(Cl.CL_DEVICE_TYPE_DEFAULT).get(0);
        ClContext context = engine.platforms().get(0).createContext(List.of(virtualDevice), new long[0]);
        ClQueue queue = context.createQueue(virtualDevice, 0);
        ClProgram program = context.createProgram(SOURCE);
        program.build(List.of(), "", null);
        List<ClMem> outputs = new ArrayList<>();
        for (int t = 0; t < TASKS; t++) {
            ClMem out = context.createBuffer(Cl.CL_MEM_READ_WRITE, 4L * ITEMS, null);
            ClKernel k = program.createKernel("work");
            k.setArg(0, 8, out);
            k.setArg(1, 4, ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(ROUNDS).array());
            queue.ndRange(k, 1, null, new long[] {ITEMS}, null, List.of()).release();
            k.release();
            outputs.add(out);
        }
        queue.finish();
        for (ClMem out : outputs) {
            byte[] bytes = new byte[4 * ITEMS];
            queue.readBuffer(out, true, 0, bytes.length, new Bytes(bytes), List.of()).release();
            ByteBuffer view = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
            for (int i = 0; i < ITEMS; i += 511) {
                assertEquals(expected(i), view.getInt(4 * i), "item " + i);
            }
            out.release();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dmda", "eager", "ws", "random"})
    void everyPolicyGivesCorrectResults(String scheduler) {
        Engine engine = engine(scheduler, Map.of());
        runIndependentTasks(engine);
        long kernels = engine.counters().stream().mapToLong(c -> c.kernels()).sum();
        assertEquals(TASKS, kernels);
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
        assertEquals(TASKS, fast + slow);
        assertTrue(slow <= TASKS / 4, "the device 10x slower ran " + slow + " of " + TASKS);
    }

    @Test
    void dmdaSharesWorkBetweenEqualDevices() {
        Engine engine = engine("dmda", Map.of());
        runIndependentTasks(engine);
        long first = engine.counters().get(0).kernels();
        long second = engine.counters().get(1).kernels();
        assertTrue(first >= TASKS / 4 && second >= TASKS / 4, "split " + first + "/" + second);
    }

}
