package io.omnicl.runtime;

import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import io.omnicl.spi.fake.WorkItem;

import java.util.List;
import java.util.stream.IntStream;

/**
 * A stencil for the cut launches' tests: each element becomes the sum of itself and its right-hand neighbour (the
 * last one's is 0), over {@link CutProgram#ITEMS} ints, so that a piece reads one element past its own (a halo of
 * one). The fake backend's tests give {@link #KERNEL} the body {@link #next}.
 */
final class Neighbours {

    static final String KERNEL = "next";
    static final String SOURCE = "__kernel void next(__global const int* a, __global int* b) {"
            + " int i = get_global_id(0); b[i] = a[i] + (i + 1 < " + CutProgram.ITEMS + " ? a[i + 1] : 0); }";

    private Neighbours() {
    }

    /** What {@link #KERNEL} does for one work-item, as the fake backend's devices run it. */
    static void next(WorkItem item) {
        int i = (int) item.globalId(0);
        item.ints(1).put(i, item.ints(0).get(i) + (i + 1 < CutProgram.ITEMS ? item.ints(0).get(i + 1) : 0));
    }

    /** Two fake GPUs of one platform (of different models) that run {@link #KERNEL}. */
    static FakeBackend onTwoGpus() {
        return new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu too"))
                .kernel(KERNEL, Neighbours::next)
                .build());
    }

    /** What one launch over all of {@code in} leaves in the other buffer. */
    static int[] of(int[] in) {
        return IntStream.range(0, CutProgram.ITEMS)
                .map(i -> in[i] + (i + 1 < CutProgram.ITEMS ? in[i + 1] : 0)).toArray();
    }

    /**
     * Two launches of {@link #KERNEL} over three new buffers of a program, made and not yet enqueued: {@link #first}
     * from {@link #a} (holding {@code start}) into {@link #b}, {@link #second} from {@code b} into {@link #c}.
     */
    static final class TwoSweeps {
        final ClMem a;
        final ClMem b;
        final ClMem c;
        final ClKernel first;
        final ClKernel second;
        private final int[] start;

        TwoSweeps(CutProgram p, int[] start) {
            this.start = start;
            a = p.buffer(start);
            b = p.buffer(new int[CutProgram.ITEMS]);
            c = p.buffer(new int[CutProgram.ITEMS]);
            first = p.kernel(KERNEL, a, b);
            second = p.kernel(KERNEL, b, c);
        }

        /** What the two leave in {@link #c}, {@link #a} holding what it was made with. */
        int[] expected() {
            return of(of(start));
        }

        void release() {
            first.release();
            second.release();
            List.of(a, b, c).forEach(ClMem::release);
        }
    }
}
