package io.omnicl.runtime;

import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Independent launches of one kernel on a device of an engine, each checked against the host's model. */
final class Workload {

    static final String SOURCE = String.join("\n",
            "__kernel void work(__global int* out, const int rounds) {",
            "    int i = get_global_id(0); int s = i;",
            "    for (int r = 0; r < rounds; r++) { s = s * 1103515245 + 12345; }",
            "    out[i] = s;",
            "}");
    /** A kernel that adds 1 to each int of its buffer: chains of it count how many ran, in order or not. */
    static final String INCREMENT =
            "__kernel void inc(__global int* a) { int i = get_global_id(0); a[i] = a[i] + 1; }";
    static final int ITEMS = 4096;
    static final int ROUNDS = 3000;
    static final int TASKS = 24;

    private Workload() {
    }

    /** What the kernel gives for item {@code i}. */
    private static int expected(int i) {
        int s = i;
        for (int r = 0; r < ROUNDS; r++) {
            s = s * 1103515245 + 12345;
        }
        return s;
    }

    /** Device {@code index} of the engine's platform: 0 the virtual device, k pinned to real device k - 1. */
    static ClDevice device(RuntimeDriver engine, int index) {
        return engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(index);
    }

    /** Launches the kernel of {@link #SOURCE}, built in {@code program}, over {@code out} on {@code queue}. */
    static void launch(ClProgram program, ClMem out, ClQueue queue) {
        ClKernel k = program.createKernel("work");
        k.setArg(0, 8, out);
        k.setArg(1, 4, ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(ROUNDS).array());
        queue.ndRange(k, 1, null, new long[] {ITEMS}, null, List.of()).release();
        k.release();
    }

    /** Runs {@link #TASKS} independent launches on {@code device}; checks each output. */
    static void runIndependentTasks(RuntimeDriver engine, ClDevice device) {
        ClContext context = engine.platforms().get(0).createContext(List.of(device), new long[0]);
        ClQueue queue = context.createQueue(device, 0);
        ClProgram program = context.createProgram(SOURCE);
        program.build(List.of(), "", null);
        List<ClMem> outputs = new ArrayList<>();
        for (int t = 0; t < TASKS; t++) {
            ClMem out = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
            launch(program, out, queue);
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
        program.release();
        queue.release();
        context.release();
    }
}
