package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import io.omnicl.spi.fake.WorkItem;

import java.util.List;
import java.util.stream.IntStream;

/**
 * A program for the runtime's tests of cut launches: on the virtual device of a fake backend, every launch cut
 * ({@code OMNICL_SPLIT=always}), the kernel {@link #KERNEL} filling a buffer of {@link #ITEMS} ints with
 * {@code 3 * i}; the fake backend's devices run it as {@link #fill}.
 */
record FillProgram(FakeBackend backend, CutProgram cut, ClKernel fill, ClMem out) {

    static final String KERNEL = "fill";
    static final int ITEMS = CutProgram.ITEMS;
    private static final String SOURCE = "__kernel void fill(__global int* a) { int i = get_global_id(0); a[i] = 3 * i; }";

    /** The program on {@code backend}'s virtual device, built, its buffer made and set. */
    static FillProgram on(FakeBackend backend) {
        CutProgram cut = CutProgram.on(backend, SOURCE);
        ClMem out = cut.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
        ClKernel fill = cut.kernel(KERNEL, out);
        return new FillProgram(backend, cut, fill, out);
    }

    /** The program on two fake GPUs that run the kernel as {@link #fill}. */
    static FillProgram onTwoGpus() {
        return on(new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu too"))
                .kernel(KERNEL, FillProgram::fill)
                .build()));
    }

    RuntimeDriver engine() {
        return cut.engine();
    }

    ClContext context() {
        return cut.context();
    }

    ClQueue queue() {
        return cut.queue();
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
        return cut.launch(fill);
    }

    /** A launch over all of the buffer, waited for: the kernel's accesses are known from then on. */
    void launchOnce() {
        launch().release();
        queue().finish();
    }

    /** A blocking read of all of the buffer, after {@code waitList}. */
    int[] read(List<ClEvent> waitList) {
        return cut.read(out, waitList);
    }

    void release() {
        out.release();
        fill.release();
        cut.release();
    }
}
