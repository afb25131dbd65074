package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.spi.fake.WorkItem;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * A workload for the runtime's tests: buffers of ints, each incremented in place a number of times by the
 * {@link #KERNEL} kernel, then read back. The fake backend's tests give the kernel a Java body.
 */
public final class Increments {

    public static final String KERNEL = "inc";
    public static final String SOURCE = "__kernel void inc(__global int* a) { a[get_global_id(0)]++; }";
    /** The same increments, with a loop whose count depends on the data: an irregular kernel to the analysis. */
    public static final String IRREGULAR_SOURCE = "__kernel void inc(__global int* a) {"
            + " int i = get_global_id(0); int n = 0; while (n < (a[i] & 1)) n++; a[i] = a[i] + 1; }";
    /** Ints in each buffer. */
    public static final int ITEMS = 1024;

    private Increments() {
    }

    /**
     * On device {@code device} of the platform (0: the virtual device), {@code buffers} buffers, the {@code b}-th
     * holding {@code b * ITEMS, b * ITEMS + 1, ...}, each incremented {@code times} times; what they hold then.
     */
    public static List<int[]> run(RuntimeDriver engine, int device, int buffers, int times) {
        return run(engine, device, buffers, times, SOURCE);
    }

    /** As {@link #run(RuntimeDriver, int, int, int)}, with the kernel built from {@code source}. */
    public static List<int[]> run(RuntimeDriver engine, int device, int buffers, int times, String source) {
        ClDevice d = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(device);
        ClContext context = engine.platforms().get(0).createContext(List.of(d), new long[0]);
        ClQueue queue = context.createQueue(d, 0);
        ClProgram program = context.createProgram(source);
        program.build(List.of(), "", null);
        ClKernel inc = program.createKernel(KERNEL);
        List<ClMem> memory = new ArrayList<>();
        for (int b = 0; b < buffers; b++) {
            ClMem m = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
            queue.writeBuffer(m, true, 0, 4L * ITEMS, new Bytes(ints(b * ITEMS)), List.of()).release();
            memory.add(m);
        }
        for (int t = 0; t < times; t++) {
            for (ClMem m : memory) {
                inc.setArg(0, 8, m);
                queue.ndRange(inc, 1, null, new long[] {ITEMS}, null, List.of()).release();
            }
        }
        List<int[]> results = new ArrayList<>();
        for (ClMem m : memory) {
            byte[] back = new byte[4 * ITEMS];
            queue.readBuffer(m, true, 0, back.length, new Bytes(back), List.of()).release();
            int[] values = new int[ITEMS];
            ByteBuffer.wrap(back).order(ByteOrder.nativeOrder()).asIntBuffer().get(values);
            results.add(values);
            m.release();
        }
        inc.release();
        program.release();
        queue.release();
        context.release();
        return results;
    }

    /** What {@link #KERNEL} does for one work-item, as the fake backend's devices run it. */
    public static void increment(WorkItem item) {
        IntBuffer a = item.ints(0);
        int i = (int) item.globalId(0);
        a.put(i, a.get(i) + 1);
    }

    /** The bytes of {@code first, first + 1, ...}, {@link #ITEMS} of them. */
    private static byte[] ints(int first) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * ITEMS).order(ByteOrder.nativeOrder());
        IntStream.range(first, first + ITEMS).forEach(bytes::putInt);
        return bytes.array();
    }

    /** Each buffer holds its first values incremented {@code times} times. */
    public static void assertIncremented(List<int[]> results, int times) {
        for (int b = 0; b < results.size(); b++) {
            int first = b * ITEMS + times;
            assertArrayEquals(IntStream.range(first, first + ITEMS).toArray(), results.get(b), "buffer " + b);
        }
    }
}
