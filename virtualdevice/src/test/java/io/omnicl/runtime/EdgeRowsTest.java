package io.omnicl.runtime;

import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.config.Config;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
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
     * A launch that is not cut (it writes where its input says) reads a buffer whose halves the two GPUs hold, the last
     * cut launch having written them: the GPU it runs on gets the other half from the other GPU through memory of its
     * own, not through the buffer's host copy (made, filled and uploaded from), whether the GPUs share a real context
     * or not. Where that read fails, the half goes through the host copy instead, and the launch ends well.
     */
    @ParameterizedTest(name = "shared {0}, the read from the other GPU failing {1}")
    @CsvSource({"true, false", "false, false", "true, true", "false, true"})
    void aWholeLaunchGetsWhatTheOtherGpuAloneHoldsFromIt(boolean shared, boolean readFails) {
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu too"))
                .kernel(Neighbours.KERNEL, Neighbours::next)
                .kernel("spread", item -> {
                    int i = (int) item.globalId(0);
                    item.ints(1).put(item.ints(2).get(i), item.ints(0).get(i) + 1);
                })
                .build());
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE + "\n__kernel void spread(__global const int* a,"
                + " __global int* b, __global const int* at) { int i = get_global_id(0); b[at[i]] = a[i] + 1; }",
                Config.defaults().withSplit("always").withSharedContext(shared));
        int[] start = IntStream.range(0, ITEMS).map(i -> i % 4).toArray();
        ClMem a = p.buffer(start);
        ClMem b = p.buffer(new int[ITEMS]);
        ClMem c = p.buffer(new int[ITEMS]);
        ClMem at = p.buffer(IntStream.range(0, ITEMS).map(i -> ITEMS - 1 - i).toArray());
        ClKernel next = p.kernel(Neighbours.KERNEL, a, b);
        ClKernel spread = p.kernel("spread", b, c, at);
        p.launch(next).release();
        p.queue().finish();
        CoherenceMap halves = ((MemObject) b).storage().map();
        assertEquals(0, halves.holdersOfAll(0, 4L * ITEMS), "each GPU holds half of the buffer, the host none");
        if (readFails) {
            List.of(0, 1).forEach(d -> backend.device(d).failNextReads(1));
        }
        long[] launchesBefore = {backend.device(0).launches(), backend.device(1).launches()};
        ClEvent spreadOut = p.launch(spread);
        p.queue().finish();
        int ranOn = backend.device(0).launches() > launchesBefore[0] ? 0 : 1;
        backend.device(ranOn).failNextReads(0);
        assertEquals(0, spreadOut.status());
        assertEquals(1, p.engine().launchSplits().split(), "only the first launch was cut");
        assertTrue((halves.holdersOfAll(0, 4L * ITEMS) & CoherenceMap.bit(ranOn + 1)) != 0,
                "the GPU it ran on holds all of the buffer");
        long host = halves.holdersOfAny(0, 4L * ITEMS) & CoherenceMap.bit(CoherenceMap.HOST);
        if (readFails) {
            assertEquals(1, backend.device(1 - ranOn).injectedFailures(), "the read from the other GPU failed");
            assertTrue(host != 0, "the other half went through the host copy");
        } else {
            assertEquals(0, host, "the host copy holds none of the buffer");
        }
        int[] expected = new int[ITEMS];
        int[] read = Neighbours.of(start);
        IntStream.range(0, ITEMS).forEach(i -> expected[ITEMS - 1 - i] = read[i] + 1);
        assertArrayEquals(expected, p.read(c, List.of()));
        spreadOut.release();
        List.of(next, spread).forEach(ClKernel::release);
        List.of(a, b, c, at).forEach(ClMem::release);
        p.release();
    }

    /**
     * Two launches that are not cut, each reading a grid of megabytes whose halves the GPUs hold, round after round
     * with new values: the halves each brings from the other GPU land in memory the other GPU keeps from one such read
     * to the next, and the host copy holds none of them. The uploads from that memory are held until both launches'
     * reads have landed, so that memory given back before its upload ended would be taken by the second read and
     * upload the other grid's half; every round's results are right.
     */
    @ParameterizedTest(name = "shared {0}")
    @ValueSource(booleans = {true, false})
    void wholeLaunchesReadingGridsCutBeforeGetTheirHalvesRightRoundAfterRound(boolean shared) {
        int items = 1 << 20;
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu too"))
                .kernel("twice", item -> {
                    int i = (int) item.globalId(0);
                    item.ints(1).put(i, 2 * item.ints(0).get(i));
                })
                .kernel("spread", item -> {
                    int i = (int) item.globalId(0);
                    item.ints(1).put(item.ints(2).get(i), item.ints(0).get(i) + 1);
                })
                .build());
        CutProgram p = CutProgram.on(backend, "__kernel void twice(__global const int* a, __global int* b) {"
                + " int i = get_global_id(0); b[i] = 2 * a[i]; }\n"
                + "__kernel void spread(__global const int* x, __global int* out, __global const int* at) {"
                + " int i = get_global_id(0); out[at[i]] = x[i] + 1; }",
                Config.defaults().withSplit("always").withSharedContext(shared));
        List<ClMem> made = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            made.add(p.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * items, null));
        }
        ClMem a = made.get(0);
        ClMem x = made.get(1);
        ClMem y = made.get(2);
        ClMem at = made.get(5);
        write(p, at, IntStream.range(0, items).map(i -> items - 1 - i).toArray());
        List<ClKernel> cut = List.of(p.kernel("twice", a, x), p.kernel("twice", x, y));
        List<ClKernel> whole = List.of(p.kernel("spread", x, made.get(3), at), p.kernel("spread", y, made.get(4), at));
        AtomicBoolean uploadsGo = new AtomicBoolean();
        for (int round = 0; round < 3; round++) {
            int r = round;
            int[] values = IntStream.range(0, items).map(i -> 7 * i + r).toArray();
            write(p, a, values);
            cut.forEach(k -> p.queue().ndRange(k, 1, null, new long[] {items}, null, List.of()).release());
            p.queue().finish();
            uploadsGo.set(false);
            List.of(0, 1).forEach(d -> backend.device(d).holdWrites(uploadsGo::get));
            long readsBefore = backend.device(0).readsRun() + backend.device(1).readsRun();
            whole.forEach(k -> p.queue().ndRange(k, 1, null, new long[] {items}, null, List.of()).release());
            p.queue().flush();
            assertTrue(PieceFollowTest.waitFor(() -> backend.device(0).readsRun() + backend.device(1).readsRun()
                    >= readsBefore + 2), "both launches' halves were read while the uploads were held");
            uploadsGo.set(true);
            p.queue().finish();
            for (int g = 0; g < 2; g++) {
                long held = ((MemObject) List.of(x, y).get(g)).storage().map().holdersOfAny(0, 4L * items);
                assertEquals(0, held & CoherenceMap.bit(CoherenceMap.HOST), "round " + r + ": the host copy of grid " + g);
                int[] expected = new int[items];
                int times = 2 << g;
                IntStream.range(0, items).forEach(i -> expected[items - 1 - i] = times * values[i] + 1);
                assertArrayEquals(expected, readInts(p, made.get(3 + g), items), "round " + r + ", grid " + g);
            }
        }
        assertEquals(6, p.engine().launchSplits().split(), "the launches of twice were cut");
        cut.forEach(ClKernel::release);
        whole.forEach(ClKernel::release);
        made.forEach(ClMem::release);
        p.release();
    }

    /** {@code items} ints of {@code m}, read by a blocking read. */
    private static int[] readInts(CutProgram p, ClMem m, int items) {
        byte[] back = new byte[4 * items];
        p.queue().readBuffer(m, true, 0, back.length, new Bytes(back), List.of()).release();
        int[] read = new int[items];
        ByteBuffer.wrap(back).order(ByteOrder.nativeOrder()).asIntBuffer().get(read);
        return read;
    }

    /** A blocking write of all of {@code m} with {@code values}. */
    private static void write(CutProgram p, ClMem m, int[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.nativeOrder());
        bytes.asIntBuffer().put(values);
        p.queue().writeBuffer(m, true, 0, bytes.capacity(), new Bytes(bytes.array()), List.of()).release();
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
