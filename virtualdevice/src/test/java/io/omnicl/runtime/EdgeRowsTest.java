package io.omnicl.runtime;

import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A launch cut across two fake GPUs reads, at the edge of the first GPU's piece, what the second GPU's piece of the
 * launch before wrote: that edge goes from the second GPU to the first through memory of its own, not through the
 * buffer's host copy, which then holds none of it. A piece that reads much of what the other GPU wrote gets it
 * through the host copy, which then serves later moves too.
 */
class EdgeRowsTest {

    private static final int ITEMS = CutProgram.ITEMS;

    @Test
    void theEdgeAPieceReadsGoesFromTheOtherGpuToItsOwnWithoutTheHostCopy() {
        FakeBackend backend = Neighbours.onTwoGpus();
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE);
        Neighbours.TwoSweeps s = new Neighbours.TwoSweeps(p, IntStream.range(0, ITEMS).map(i -> i % 7 + 1).toArray());
        p.launch(s.first).release();
        p.launch(s.second).release();
        p.queue().finish();
        CoherenceMap edges = ((MemObject) s.b).storage().map();
        long edge = 4L * (ITEMS / 2);
        long holders = edges.holdersOfAny(edge, 4);
        int[] values = p.read(s.c, List.of());
        assertEquals(2, p.engine().launchSplits().split(), "both launches were cut");
        assertEquals(0, holders & CoherenceMap.bit(CoherenceMap.HOST), "the host copy holds none of the edge");
        assertEquals(2, Long.bitCount(holders), "both GPUs hold the edge");
        assertArrayEquals(s.expected(), values);
        assertTrue(backend.device(1).readsRun() > 0, "the edge was read from the second GPU");
        s.release();
        p.release();
    }

    @Test
    void muchOfWhatTheOtherGpuWroteGoesThroughTheHostCopy() {
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu too"))
                .kernel("fill", item -> item.ints(0).put((int) item.globalId(0), 3 * (int) item.globalId(0) + 1))
                .kernel("mirror", item -> {
                    int i = (int) item.globalId(0);
                    item.ints(1).put(i, item.ints(0).get(ITEMS - 1 - i));
                })
                .build());
        CutProgram p = CutProgram.on(backend, "__kernel void fill(__global int* a) {"
                + " int i = get_global_id(0); a[i] = 3 * i + 1; }\n"
                + "__kernel void mirror(__global const int* a, __global int* b) {"
                + " int i = get_global_id(0); b[i] = a[" + (ITEMS - 1) + " - i]; }");
        ClMem a = p.buffer(new int[ITEMS]);
        ClMem b = p.buffer(new int[ITEMS]);
        ClKernel fill = p.kernel("fill", a);
        ClKernel mirror = p.kernel("mirror", a, b);
        p.launch(fill).release();
        p.launch(mirror).release();
        p.queue().finish();
        long held = ((MemObject) a).storage().map().holdersOfAll(0, 4L * ITEMS);
        int[] values = p.read(b, List.of());
        assertEquals(2, p.engine().launchSplits().split(), "both launches were cut");
        assertEquals(CoherenceMap.bit(CoherenceMap.HOST), held & CoherenceMap.bit(CoherenceMap.HOST),
                "the host copy holds all of the buffer each GPU read half of from the other");
        assertArrayEquals(IntStream.range(0, ITEMS).map(i -> 3 * (ITEMS - 1 - i) + 1).toArray(), values);
        fill.release();
        mirror.release();
        List.of(a, b).forEach(ClMem::release);
        p.release();
    }

    /**
     * Sweeps of the stencil back and forth between two buffers on two fake GPUs that fail a fifth of their launches and
     * transfers (the edge rows' reads and uploads among them, as they are enqueued or as they end): each launch ends,
     * well or failed, none hangs, and where every launch ended well the result is right.
     */
    @Test
    void sweepsEndRightOrFailedWhileGpusFail() {
        for (int seed = 1; seed <= 16; seed++) {
            FakeBackend backend = new FakeBackend(FakeConfig.builder()
                    .device(DeviceSpec.gpu("fake gpu, failing").withFailures(0.2, 1000 + seed))
                    .device(DeviceSpec.gpu("fake gpu, failing too").withFailures(0.2, seed))
                    .kernel(Neighbours.KERNEL, Neighbours::next)
                    .build());
            CutProgram p = CutProgram.on(backend, Neighbours.SOURCE);
            int[] start = IntStream.range(0, ITEMS).map(i -> i % 3).toArray();
            int[] values = CutProgram.endsOrReports(() -> {
                ClMem a = p.buffer(start);
                ClMem b = p.buffer(new int[ITEMS]);
                ClKernel forth = p.kernel(Neighbours.KERNEL, a, b);
                ClKernel back = p.kernel(Neighbours.KERNEL, b, a);
                boolean well = true;
                for (int t = 0; t < 3; t++) {
                    ClEvent there = p.queue().ndRange(forth, 1, null, new long[] {ITEMS}, null, List.of());
                    ClEvent again = p.queue().ndRange(back, 1, null, new long[] {ITEMS}, null, List.of());
                    p.queue().finish();
                    well &= there.status() == 0 && again.status() == 0;
                    there.release();
                    again.release();
                }
                int[] read = p.read(a, List.of());
                forth.release();
                back.release();
                a.release();
                b.release();
                return well ? read : null;
            });
            if (values != null) {
                int[] expected = start;
                for (int t = 0; t < 6; t++) {
                    expected = Neighbours.of(expected);
                }
                assertArrayEquals(expected, values, "seed " + seed);
            }
            assertTrue(p.engine().launchSplits().split() > 0, "launches were cut");
            p.release();
        }
    }
}
