package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.WorkItem;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A program for the runtime's tests of cut launches: on the virtual device of a fake backend, every launch cut
 * ({@code OMNICL_SPLIT=always}), the kernel {@link #KERNEL} filling a buffer of {@link #ITEMS} ints with
 * {@code 3 * i}; the fake backend's devices run it as {@link #fill}.
 */
record FillProgram(RuntimeDriver engine, ClContext context, ClQueue queue, ClProgram program, ClKernel fill,
                   ClMem out) {

    static final String KERNEL = "fill";
    static final int ITEMS = 1024;
    private static final String SOURCE = "__kernel void fill(__global int* a) { int i = get_global_id(0); a[i] = 3 * i; }";

    /** The program on {@code backend}'s virtual device, built, its buffer made and set. */
    static FillProgram on(FakeBackend backend) {
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always"), backend);
        ClDevice virtual = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(0);
        ClContext context = engine.platforms().get(0).createContext(List.of(virtual), new long[0]);
        ClQueue queue = context.createQueue(virtual, 0);
        ClProgram program = context.createProgram(SOURCE);
        program.build(List.of(), "", null);
        ClKernel fill = program.createKernel(KERNEL);
        ClMem out = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
        fill.setArg(0, 8, out);
        return new FillProgram(engine, context, queue, program, fill, out);
    }

    /** What the kernel does for one work-item, as the fake backend's devices run it. */
    static void fill(WorkItem item) {
        int i = (int) item.globalId(0);
        item.ints(0).put(i, 3 * i);
    }

    /** What the buffer holds once filled. */
    static int[] filled() {
        return IntStream.range(0, ITEMS).map(i -> 3 * i).toArray();
    }

    /** A launch over all of the buffer. */
    ClEvent launch() {
        return queue.ndRange(fill, 1, null, new long[] {ITEMS}, null, List.of());
    }

    /** A blocking read of all of the buffer, after {@code waitList}. */
    int[] read(List<ClEvent> waitList) {
        byte[] back = new byte[4 * ITEMS];
        queue.readBuffer(out, true, 0, back.length, new Bytes(back), waitList).release();
        int[] values = new int[ITEMS];
        ByteBuffer.wrap(back).order(ByteOrder.nativeOrder()).asIntBuffer().get(values);
        return values;
    }

    void release() {
        List.of(out, fill, program, queue, context).forEach(o -> o.release());
    }
}
