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
import io.omnicl.spi.suite.ClCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Two fake GPUs of one platform opened in one real context ({@code OMNICL_SHARED_CONTEXT}): the edge rows a cut
 * launch's piece reads from the other GPU are uploaded waiting for their read's event on the devices, with no thread
 * waiting for the read in between; apart, the upload waits for the read to end on the host, and no command ever waits
 * for another context's event (the fake refuses one, as drivers do).
 */
class SharedContextTest {

    private static final int ITEMS = CutProgram.ITEMS;

    /**
     * The second GPU's reads are held: shared, the first GPU's upload of the edge is enqueued (waiting for the held
     * read) before the read runs; apart, it is not, until the read has run. Both give the right result.
     */
    @ParameterizedTest(name = "shared {0}")
    @ValueSource(booleans = {true, false})
    void theEdgesUploadWaitsForItsReadOnTheDevicesWhereTheGpusShareAContext(boolean shared) {
        FakeBackend backend = Neighbours.onTwoGpus();
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE,
                Config.defaults().withSplit("always").withSharedContext(shared));
        Neighbours.TwoSweeps s = new Neighbours.TwoSweeps(p, IntStream.range(0, ITEMS).map(i -> i % 7 + 1).toArray());
        p.launch(s.first).release();
        p.queue().finish();
        AtomicBoolean letGo = new AtomicBoolean();
        backend.device(1).holdReads(letGo::get);
        long readsBefore = backend.device(1).readsEnqueued();
        ClEvent launched = p.launch(s.second);
        p.queue().flush();
        PieceFollowTest.waitFor(() -> backend.device(1).readsEnqueued() > readsBefore);
        if (shared) {
            PieceFollowTest.waitFor(() -> backend.device(0).commandsWaitingOnOthers() > 0);
        }
        long waitingBeforeTheRead = backend.device(0).commandsWaitingOnOthers();
        letGo.set(true);
        p.queue().finish();
        int[] values = p.read(s.c, List.of());
        assertEquals(0, launched.status());
        assertEquals(2, p.engine().launchSplits().split(), "both launches were cut");
        assertEquals(shared, waitingBeforeTheRead > 0, "uploads enqueued on the first GPU before the held read ran");
        if (!shared) {
            assertEquals(0, backend.device(0).commandsWaitingOnOthers(), "apart, nothing waits across contexts");
        }
        assertArrayEquals(s.expected(), values);
        launched.release();
        s.release();
        p.release();
    }

    /**
     * The edge's read fails on the second GPU after the first GPU's upload was enqueued waiting for it: the upload
     * fails with it, the first GPU does not count the edge as its own, and the piece behind the upload fails; where
     * that piece may have overwritten bytes only its GPU held, the launch fails and says so (as where an upload
     * fails, shared or not). The next launch reads the edge again and ends well, with the right result.
     */
    @Test
    void aFailedReadOfTheEdgeFailsItsUploadAndTheNextLaunchMovesTheEdgeAgain() {
        FakeBackend backend = Neighbours.onTwoGpus();
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE,
                Config.defaults().withSplit("always").withSharedContext(true));
        Neighbours.TwoSweeps s = new Neighbours.TwoSweeps(p, IntStream.range(0, ITEMS).map(i -> i % 5 + 2).toArray());
        p.launch(s.first).release();
        p.queue().finish();
        backend.device(1).failNextReads(1);
        ClEvent failed = p.launch(s.second);
        p.queue().finish();
        assertEquals(1, backend.device(1).injectedFailures(), "the edge's read failed");
        assertTrue(backend.device(0).commandsWaitingOnOthers() > 0, "an upload waited for it");
        int status = failed.status();
        ClEvent again = p.launch(s.second);
        p.queue().finish();
        int[] values = p.read(s.c, List.of());
        assertTrue(status == 0 || status == ClCodes.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "status " + status);
        assertEquals(0, again.status());
        assertArrayEquals(s.expected(), values);
        List.of(failed, again).forEach(ClEvent::release);
        s.release();
        p.release();
    }

    /**
     * The second GPU's programs make kernels but name none (as NVIDIA's driver does for a program built for a shared
     * context's second GPU): its kernels are still made there by name, and launches are cut across both GPUs.
     */
    @Test
    void aGpuWhoseProgramsNameNoKernelsStillRunsItsPieces() {
        FakeBackend backend = Neighbours.onTwoGpus();
        backend.device(1).nameNoKernels(true);
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE,
                Config.defaults().withSplit("always").withSharedContext(true));
        int[] start = IntStream.range(0, ITEMS).map(i -> i % 3 + 1).toArray();
        ClMem a = p.buffer(start);
        ClMem b = p.buffer(new int[ITEMS]);
        ClKernel next = p.kernel(Neighbours.KERNEL, a, b);
        p.launch(next).release();
        p.queue().finish();
        assertEquals(1, p.engine().launchSplits().split(), "the launch was cut");
        assertTrue(backend.device(1).launches() > 0, "the second GPU ran its piece");
        assertArrayEquals(Neighbours.of(start), p.read(b, List.of()));
        next.release();
        List.of(a, b).forEach(ClMem::release);
        p.release();
    }

    /**
     * A stencil swept back and forth between two buffers, every launch enqueued before any has ended, the second GPU's
     * first piece held until then: the result is the same whether the GPUs share a context (the first GPU's pieces may
     * then follow, each with the edge the second GPU's piece of the launch before writes relayed to it on the devices,
     * {@code RelayAhead}) or not (they wait for the launch before). That a piece follows through a relay is
     * {@code PieceFollowTest}'s.
     */
    @ParameterizedTest(name = "shared {0}")
    @ValueSource(booleans = {true, false})
    void sweepsEndRightWhetherTheGpusShareAContextOrNot(boolean shared) {
        AtomicBoolean held = new AtomicBoolean();
        CountDownLatch go = new CountDownLatch(1);
        FakeBackend backend = twoGpusTheSecondHeld(held, go);
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE,
                Config.defaults().withSplit("always").withSharedContext(shared));
        Sweeps sweeps = Sweeps.of(p, 1);
        held.set(true);
        List<ClEvent> launched = sweeps.run(SWEEPS);
        p.queue().flush();
        held.set(false);
        go.countDown();
        p.queue().finish();
        sweeps.endsRight(launched);
        if (!shared) {
            assertEquals(0, backend.device(0).commandsWaitingOnOthers(), "apart, nothing waits across contexts");
        }
        sweeps.release();
        p.release();
    }

    /**
     * A read of the edge that the first GPU's next piece waits for fails on the second GPU: the upload waiting for it
     * fails, the piece waiting for that does not run (what it writes, which only its GPU holds, is not lost), and it
     * runs once the launch before has ended, its edge moved the usual way; every launch ends well and the result is
     * right. The second GPU's pieces are held until the read has failed, so that the launches follow each other.
     */
    @Test
    void aPieceWaitingForAFailedRelayDoesNotRunAndRunsAgain() {
        AtomicBoolean held = new AtomicBoolean();
        CountDownLatch go = new CountDownLatch(1);
        FakeBackend backend = twoGpusTheSecondHeld(held, go);
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE,
                Config.defaults().withSplit("always").withSharedContext(true));
        // both buffers written on the GPUs since the host had them
        Sweeps sweeps = Sweeps.of(p, 3);
        // the relay slots, made behind the GPUs' opening (a piece finding none does not follow by relay)
        assertTrue(relaySlotsMade(p), "both GPUs have their relay slots");
        held.set(true);
        // the first relay's read, which waits for the piece that writes its bytes (no other read waits for an event)
        backend.device(1).failNextWaitingReads(1);
        // two launches: the first starts on what has ended, the second's piece on the first GPU follows it by relay
        List<ClEvent> launched = sweeps.run(2);
        p.queue().flush();
        PieceFollowTest.waitFor(() -> backend.device(1).injectedFailures() > 0);
        held.set(false);
        go.countDown();
        p.queue().finish();
        assertEquals(1, backend.device(1).injectedFailures(), "a read failed");
        sweeps.endsRight(launched);
        sweeps.release();
        p.release();
    }

    /**
     * Two fake GPUs, each work-item on the second held while {@code held} is true, until {@code go}
     * ({@link PieceFollowTest#gpus}); with pinned memory for relays but none for staging, so that the tests' devices
     * left open before leave them enough.
     */
    private static FakeBackend twoGpusTheSecondHeld(AtomicBoolean held, CountDownLatch go) {
        FakeBackend backend = PieceFollowTest.gpus(Neighbours.KERNEL, Neighbours::next, held, go);
        for (int i = 0; i < 2; i++) {
            backend.device(i).limitPinnedMemory(RELAY_MEMORY);
        }
        return backend;
    }

    private static final int SWEEPS = 24;
    /** Enough for the relay slots' region of a device, too little for its staging slots'. */
    private static final long RELAY_MEMORY = 4 << 20;

    /** Launches of {@link Neighbours} from one buffer into the other and back, from values of its own. */
    private static final class Sweeps {
        private final CutProgram p;
        private final int[] start = IntStream.range(0, ITEMS).map(i -> i % 9 + 1).toArray();
        private final ClMem[] grids;
        private final ClKernel[] kernels;
        private int done;

        private Sweeps(CutProgram p) {
            this.p = p;
            grids = new ClMem[] {p.buffer(start), p.buffer(new int[ITEMS])};
            kernels = new ClKernel[] {p.kernel(Neighbours.KERNEL, grids[0], grids[1]),
                    p.kernel(Neighbours.KERNEL, grids[1], grids[0])};
        }

        /** Made, swept {@code sweeps} times and finished, so that both GPUs hold their halves. */
        static Sweeps of(CutProgram p, int sweeps) {
            Sweeps s = new Sweeps(p);
            s.run(sweeps).forEach(ClEvent::release);
            p.queue().finish();
            return s;
        }

        /** Enqueues {@code count} sweeps, waiting for none; their events. */
        List<ClEvent> run(int count) {
            List<ClEvent> events = new ArrayList<>(count);
            for (int i = 0; i < count; i++, done++) {
                events.add(p.launch(kernels[done % 2]));
            }
            return events;
        }

        /** Every launch ended well, every one was cut, and the last buffer written holds what the sweeps give. */
        void endsRight(List<ClEvent> launched) {
            for (int i = 0; i < launched.size(); i++) {
                assertEquals(0, launched.get(i).status(), "the status of launch " + i + " of " + launched.size());
            }
            launched.forEach(ClEvent::release);
            int[] expected = start;
            for (int i = 0; i < done; i++) {
                expected = Neighbours.of(expected);
            }
            assertArrayEquals(expected, p.read(grids[done % 2], List.of()));
            assertEquals(done, p.engine().launchSplits().split(), "every launch was cut");
        }

        void release() {
            List.of(kernels).forEach(ClKernel::release);
            List.of(grids).forEach(ClMem::release);
        }
    }

    /**
     * A stencil's launches that the model expects to take a few hundred microseconds whole (300 ns a work-item) are
     * cut over GPUs of one context, their neighbours' rows relayed between the GPUs: each piece finds the rest of what
     * it reads on its GPU, or on the host (new buffers of a program whose data stays there until used, as resilient
     * runs keep it). Apart (also where the backend opened the GPUs apart though asked for one context), and in one
     * context where they take a hundred microseconds (the exchange would cost more than the cut saves), each launch
     * runs whole but the first of the program (whose time was not known); so where
     * the program waits for each launch (no piece would follow the launch before on the devices), but for the first
     * three. Launches after the first are held on the devices until the loop has enqueued them all, as a GPU's take
     * longer than their enqueue (a fake's would end at once). Both GPUs are of one model and open at once, so that
     * new buffers go to both (one opening behind the program, or calibrated much slower than the other, would leave
     * them on the other). A CPU device beside them, calibrated a hundred times slower, takes no piece, and the GPUs
     * still cut each launch. The launches relayed, or that would be were the GPUs in one context (not where the backend
     * could not open them in one), are counted.
     */
    @ParameterizedTest(name = "shared {0} (opened apart {1}), {2} ns a work-item, waiting for each launch {3}, "
            + "resilient {4}, a CPU beside {5}")
    @CsvSource({"true, false, 300, false, false, false, 20, true", "false, false, 300, false, false, false, 1, true",
            "true, true, 300, false, false, false, 1, false", "true, false, 100, false, false, false, 1, false",
            "true, false, 300, true, false, false, 3, true", "true, false, 300, false, true, false, 40, true",
            "true, false, 300, false, false, true, 20, true"})
    void shortStencilLaunchesAreCutOverGpusOfOneContext(boolean shared, boolean openedApart, double nanosPerItem,
                                                        boolean waitEach, boolean resilient, boolean cpu, int cut,
                                                        boolean relayable) {
        FakeBackend backend = cpu ? twoGpusOfOneModelAndACpu(nanosPerItem) : twoGpusOfOneModel(nanosPerItem);
        if (openedApart) {
            backend.device(0).openApartOnly();
            backend.device(1).openApartOnly();
        }
        Config config = Config.defaults().withSharedContext(shared).withResilient(resilient).withLazyOpen(false);
        // the CPU calibrated as much slower as it is
        CutProgram p = CutProgram.on(CutProgram.withSpeeds(backend, config, n -> n.runsLaunchesApart() ? 1 : 0.01),
                Neighbours.SOURCE);
        ClKernel next = p.program().createKernel(Neighbours.KERNEL);
        // the host-held case in two rounds: the second's new buffers are cut from the host at once
        for (int round = 0; round < (resilient ? 2 : 1); round++) {
            int[] start = IntStream.range(0, ITEMS).map(i -> i % 5).toArray();
            List<ClMem> grids = List.of(p.madeFrom(start), p.madeFrom(start));
            int[] expected = start;
            AtomicBoolean enqueued = new AtomicBoolean();
            for (int t = 0; t < 20; t++) {
                sweep(next, grids, t, p);
                expected = Neighbours.of(expected);
                if (t == 0 || waitEach) {
                    p.queue().finish();
                }
                if (t == 0 && !waitEach) {
                    enqueued.set(false);
                    backend.device(0).holdLaunches(enqueued::get);
                    backend.device(1).holdLaunches(enqueued::get);
                }
            }
            enqueued.set(true);
            assertArrayEquals(expected, p.read(grids.get(0), List.of()));
            grids.forEach(ClMem::release);
        }
        assertEquals(cut, p.engine().launchSplits().split(), "cut: " + p.engine().launchSplits());
        // what a program's next run decides by whether its GPUs share a context (OMNICL_SHARED_CONTEXT=auto)
        assertEquals(relayable, p.engine().splitCounters().relayedStencilNanos() > 0, "relayed, or would be");
        if (relayable && cut == 1) {
            assertTrue(p.engine().launchSplits().wholeByReason().keySet().stream()
                    .anyMatch(why -> why.endsWith("its GPUs each in a context of its own")), "and OMNICL_STATS says so");
        }
        if (cut == 20) {
            assertTrue(backend.device(0).commandsWaitingOnOthers() + backend.device(1).commandsWaitingOnOthers() > 0,
                    "relayed on the devices");
        }
        next.release();
        p.release();
    }

    /**
     * A stencil's sweep from a new grid into a new buffer has ended on the first GPU but not yet on the second, when
     * the next sweep, back from that buffer, is enqueued: it is cut too. (The bytes that the second GPU's piece has not
     * written yet are held nowhere so far; taken for a buffer on the first GPU alone, they ran that sweep whole and
     * moved half of each grid between the GPUs through the host.)
     */
    @Test
    void aSweepFromABufferTheSweepBeforeIsWritingForTheFirstTimeIsCut() {
        FakeBackend backend = twoGpusOfOneModel(300);
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE,
                Config.defaults().withSharedContext(true).withLazyOpen(false));
        ClKernel next = p.program().createKernel(Neighbours.KERNEL);
        int[] start = IntStream.range(0, ITEMS).map(i -> i % 6).toArray();
        // a first sweep over grids of its own, ended, teaches the model the launch's time
        List<ClMem> taught = List.of(p.madeFrom(start), p.madeFrom(new int[ITEMS]));
        sweep(next, taught, 0, p);
        p.queue().finish();
        taught.forEach(ClMem::release);
        List<ClMem> grids = List.of(p.madeFrom(start), p.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE,
                4L * ITEMS, null));
        AtomicBoolean secondGoes = new AtomicBoolean();
        backend.device(1).holdLaunches(secondGoes::get);
        sweep(next, grids, 0, p);
        p.queue().flush();
        CoherenceMap written = ((MemObject) grids.get(1)).storage().map();
        assertTrue(PieceFollowTest.waitFor(() -> written.holdersOfAny(0, 4L * ITEMS) != 0),
                "the first GPU's piece ended");
        sweep(next, grids, 1, p);
        secondGoes.set(true);
        assertArrayEquals(Neighbours.of(Neighbours.of(start)), p.read(grids.get(0), List.of()));
        assertEquals(3, p.engine().launchSplits().split(), "cut: " + p.engine().launchSplits());
        grids.forEach(ClMem::release);
        next.release();
        p.release();
    }

    /**
     * The host learns late that the second GPU's pieces have ended, as a busy thread would: the first GPU's piece that
     * read the edge from one of them has ended and waits to commit, and the first GPU's piece of the next launch follows
     * it all the same, on the device, reading what it wrote there rather than the older bytes the host holds, and
     * commits only after it, also where a piece of a launch it does not depend on ended between the two (and committed
     * at once). Two sweeps over three buffers, the third of which only the host holds, then a copy of it:
     * the first GPU runs its pieces before the host has seen any of the second's end, the copy's piece commits nothing
     * meanwhile, and the results are right.
     */
    @ParameterizedTest(name = "a launch it does not depend on between the two: {0}")
    @ValueSource(booleans = {false, true})
    void aPieceFollowsOneThatWaitsForTheHostToSeeTheOtherGpusPieceEnd(boolean between) {
        SecondGpuSeenLate g = new SecondGpuSeenLate();
        int[] start = g.start;
        CoherenceMap copied = ((MemObject) g.x).storage().map();
        long xHolders = copied.holdersOfAll(0, 4L * ITEMS);
        List<ClKernel> order = between ? List.of(g.sweeps.get(0), g.sweeps.get(1), g.other, g.copy)
                : List.of(g.sweeps.get(0), g.sweeps.get(1), g.copy);
        boolean ended = g.launchAll(order);
        long ran = g.ranOnFirst();
        long xHoldersMeanwhile = copied.holdersOfAll(0, 4L * ITEMS);
        int sweepMeanwhile = g.launched.get(1).status();
        g.letTheHostSee();
        assertTrue(ended && ran == order.size(), "the first GPU ran its pieces: " + ran + "; " + g.stateOnTimeOut);
        assertTrue(sweepMeanwhile > 0, "the second launch had not ended meanwhile: " + sweepMeanwhile);
        assertEquals(xHolders, xHoldersMeanwhile, "the copy's piece committed nothing before the piece it followed");
        for (ClEvent e : g.launched) {
            assertEquals(0, e.status());
        }
        assertArrayEquals(Neighbours.of(Neighbours.of(start)), g.p.read(g.x, List.of()));
        assertEquals(order.size(), g.p.engine().launchSplits().split(), "cut: " + g.p.engine().launchSplits());
        g.release();
    }

    /**
     * As above, but the piece that follows the one waiting to commit updates in place what that one wrote, and fails on
     * the device: its failure waits for that one to commit, so that what it may have overwritten shows as held by its
     * GPU alone, and its launch fails rather than being retried over bytes it may have spoilt.
     */
    @Test
    void aPieceThatFailsBehindOneWaitingToCommitIsJudgedOnceThatOneHasCommitted() {
        SecondGpuSeenLate g = new SecondGpuSeenLate();
        ClKernel increment = g.p.kernel("increment", g.z);
        boolean ended = g.launchAll(List.of(g.sweeps.get(0), g.sweeps.get(1)));
        g.backend.device(0).failNextLaunches(1);
        ended &= g.launchAll(List.of(increment));
        g.letTheHostSee();
        assertTrue(ended, "the first GPU's pieces ended; " + g.stateOnTimeOut);
        assertEquals(1, g.backend.device(0).injectedFailures(), "the increment's piece failed on the first GPU");
        assertEquals(0, g.launched.get(0).status());
        assertEquals(0, g.launched.get(1).status());
        assertEquals(OpenClConstants.CL_OUT_OF_RESOURCES, g.launched.get(2).status(), "the increment failed");
        increment.release();
        g.release();
    }

    /**
     * A piece that fails on the first GPU while a piece it follows there waits to commit waits too, and meanwhile nothing
     * follows it nor takes what it wrote for valid: a copy from what it writes, enqueued meanwhile, waits for its launch,
     * which is tried again; every launch ends well, with the right results. (Followed, the copy would have failed with it,
     * over a range only its GPU held.)
     */
    @Test
    void nothingFollowsAPieceThatFailedOnItsDeviceWhileItWaitsToBeJudged() {
        SecondGpuSeenLate g = new SecondGpuSeenLate();
        ClKernel intoV = g.p.kernel("copy", g.z, g.v);
        ClKernel intoY = g.p.kernel("copy", g.v, g.y);
        boolean ended = g.launchAll(List.of(g.sweeps.get(0), g.sweeps.get(1)));
        g.backend.device(0).failNextLaunches(1);
        ended &= g.launchAll(List.of(intoV));
        // the first GPU's thread has seen the failed piece end: it waits to be judged
        g.launched.add(g.p.launch(intoY));
        g.p.queue().flush();
        g.letTheHostSee();
        assertTrue(ended, "the first GPU's pieces ended; " + g.stateOnTimeOut);
        assertEquals(1, g.backend.device(0).injectedFailures(), "the first copy's piece failed on the first GPU");
        for (ClEvent e : g.launched) {
            assertEquals(0, e.status());
        }
        assertArrayEquals(Neighbours.of(Neighbours.of(g.start)), g.p.read(g.y, List.of()));
        intoV.release();
        intoY.release();
        g.release();
    }

    /**
     * Two fake GPUs of one context whose threads watch for new work, and a program over them: buffers x and y made from
     * the host's data (on both GPUs), u and v likewise, and z, which only the host holds; the stencil's sweeps x to y and
     * y to z, a sweep of u to v that depends on neither, a copy of z to x, an in-place increment kernel. The host sees
     * none of the second GPU's launches end until {@link #letTheHostSee}.
     */
    private static final class SecondGpuSeenLate {
        final FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu"))
                .kernel(Neighbours.KERNEL, Neighbours::next)
                .kernel("copy", item -> item.ints(1).put((int) item.globalId(0),
                        item.ints(0).get((int) item.globalId(0))))
                .kernel("increment", item -> item.ints(0).put((int) item.globalId(0),
                        item.ints(0).get((int) item.globalId(0)) + 1))
                .build());
        final CutProgram p;
        final int[] start = IntStream.range(0, ITEMS).map(i -> i % 7 + 1).toArray();
        final ClMem x;
        final ClMem y;
        final ClMem u;
        final ClMem v;
        final ClMem z;
        final List<ClKernel> sweeps;
        final ClKernel other;
        final ClKernel copy;
        final List<ClEvent> launched = new ArrayList<>();
        private final AtomicBoolean seen = new AtomicBoolean();
        private final long ranBefore;
        private final long secondRanBefore;
        private final long seenBefore;
        /** Where things stood when a wait of {@link #launchAll} first found no end; empty while none has. */
        String stateOnTimeOut = "";

        SecondGpuSeenLate() {
            for (int i = 0; i < 2; i++) {
                backend.device(i).limitPinnedMemory(RELAY_MEMORY);
            }
            p = CutProgram.on(backend, Neighbours.SOURCE + "\n__kernel void copy(__global const int* a,"
                            + " __global int* b) { int i = get_global_id(0); b[i] = a[i]; }"
                            + "\n__kernel void increment(__global int* a) { int i = get_global_id(0); a[i] += 1; }",
                    Config.defaults().withSplit("always").withSharedContext(true).withLazyOpen(false)
                            .withWatch(WATCH_MICROS));
            // both GPUs open (their relay slots made as they do), so that new buffers go to both
            assertTrue(relaySlotsMade(p), "both GPUs have their relay slots");
            x = p.madeFrom(start);
            y = p.madeFrom(new int[ITEMS]);
            u = p.madeFrom(start);
            v = p.madeFrom(new int[ITEMS]);
            long bothGpus = CoherenceMap.bit(1) | CoherenceMap.bit(2);
            for (ClMem m : List.of(x, y, u, v)) {
                assertEquals(bothGpus, ((MemObject) m).storage().map().holdersOfAll(0, 4L * ITEMS) & bothGpus,
                        "both GPUs hold each new buffer");
            }
            // a write the program does not wait for goes into the buffer's host copy, which alone holds it then
            z = p.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
            p.writeUnwaited(z, new int[ITEMS]);
            assertEquals(CoherenceMap.bit(CoherenceMap.HOST),
                    ((MemObject) z).storage().map().holdersOfAll(0, 4L * ITEMS), "only the host holds z");
            sweeps = List.of(p.kernel(Neighbours.KERNEL, x, y), p.kernel(Neighbours.KERNEL, y, z));
            other = p.kernel(Neighbours.KERNEL, u, v);
            copy = p.kernel("copy", z, x);
            backend.device(1).holdLaunchEndsSeen(seen::get);
            ranBefore = backend.device(0).launches();
            secondRanBefore = backend.device(1).launches();
            seenBefore = backend.device(0).launchEndsAwaited();
        }

        /**
         * Launches each of {@code kernels}, each but the first once the first GPU's thread has waited for the end of
         * the launch before's piece there (its handler runs in that same step of the thread, before the thread takes
         * the next piece); whether each did.
         */
        boolean launchAll(List<ClKernel> kernels) {
            boolean ended = true;
            for (ClKernel k : kernels) {
                secondGpuTookItsPieces();
                launched.add(p.launch(k));
                p.queue().flush();
                long ends = seenBefore + launched.size();
                if (launched.size() > 1
                        && !PieceFollowTest.waitFor(() -> backend.device(0).launchEndsAwaited() >= ends)) {
                    ended = false;
                    stateOnTimeOut = stateOnTimeOut.isEmpty() ? state() : stateOnTimeOut;
                }
            }
            return ended;
        }

        /**
         * Aborts the test, inconclusive, where the second GPU's thread has not run its piece of each launch so far: it
         * takes new work only while it watches its oldest piece (whose end the host does not see), {@link #WATCH_MICROS}
         * at most, and a program thread held up longer (a loaded machine) finds it waiting for good.
         */
        private void secondGpuTookItsPieces() {
            long pieces = secondRanBefore + launched.size();
            assumeTrue(PieceFollowTest.waitFor(() -> backend.device(1).launches() >= pieces),
                    "the second GPU's thread stopped taking work before the test's launches were enqueued");
        }

        /** What the runtime's devices have done, and where its threads are: for a test that did not see a wait end. */
        private String state() {
            StringBuilder b = new StringBuilder(p.engine().counters().toString());
            b.append("; first GPU's launch ends awaited ").append(backend.device(0).launchEndsAwaited() - seenBefore);
            Thread.getAllStackTraces().forEach((t, stack) -> {
                if (t.getName().startsWith("omnicl-device")) {
                    b.append("\n").append(t.getName()).append(' ').append(t.getState());
                    for (int i = 0; i < Math.min(stack.length, 12); i++) {
                        b.append("\n  at ").append(stack[i]);
                    }
                }
            });
            return b.toString();
        }

        /** The first GPU's launches run since the program was made. */
        long ranOnFirst() {
            return backend.device(0).launches() - ranBefore;
        }

        /** The host sees the second GPU's launches end from now on; then a finish. */
        void letTheHostSee() {
            seen.set(true);
            p.queue().finish();
        }

        void release() {
            launched.forEach(ClEvent::release);
            sweeps.forEach(ClKernel::release);
            List.of(other, copy).forEach(ClKernel::release);
            List.of(x, y, z, u, v).forEach(ClMem::release);
            p.release();
        }
    }

    /**
     * Waits until each GPU of {@code p} has a relay slot to give (they are made behind its opening, and a piece finding
     * none does not follow by relay); whether each has. The devices' staging slots, which would do too, are refused
     * ({@link #RELAY_MEMORY}).
     */
    private static boolean relaySlotsMade(CutProgram p) {
        return PieceFollowTest.waitFor(() -> p.engine().devices().nodes().stream().allMatch(n -> {
            ByteBuffer slot = n.worker().takeRelay(Integer.BYTES);
            if (slot != null) {
                n.worker().giveRelay(slot);
            }
            return slot != null;
        }));
    }

    /** Long enough for a device's thread to take the pieces handed to it while it watches its oldest piece. */
    private static final int WATCH_MICROS = 250_000;

    /** Enqueues {@code next} from {@code grids}' buffer {@code t % 2} into the other. */
    private static void sweep(ClKernel next, List<ClMem> grids, int t, CutProgram p) {
        next.setArg(0, 8, grids.get(t % 2));
        next.setArg(1, 8, grids.get(1 - t % 2));
        p.launch(next).release();
    }

    /**
     * Two fake GPUs of one model running {@link Neighbours}, {@code nanosPerItem} a work-item (new buffers go to both
     * where the runtime opens them at once), with pinned memory for relays only.
     */
    private static FakeBackend twoGpusOfOneModel(double nanosPerItem) {
        return withRelayMemory(new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu").withSpeed(nanosPerItem, 0.1))
                .device(DeviceSpec.gpu("fake gpu").withSpeed(nanosPerItem, 0.1))
                .kernel(Neighbours.KERNEL, Neighbours::next)
                .build()));
    }

    /** As {@link #twoGpusOfOneModel}, with a CPU device a hundred times slower beside them. */
    private static FakeBackend twoGpusOfOneModelAndACpu(double nanosPerItem) {
        return withRelayMemory(new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu").withSpeed(nanosPerItem, 0.1))
                .device(DeviceSpec.gpu("fake gpu").withSpeed(nanosPerItem, 0.1))
                .device(DeviceSpec.cpu("fake cpu").withSpeed(100 * nanosPerItem, 0.1))
                .kernel(Neighbours.KERNEL, Neighbours::next)
                .build()));
    }

    /** {@code backend}, its GPUs with pinned memory for relays only. */
    private static FakeBackend withRelayMemory(FakeBackend backend) {
        for (int i = 0; i < 2; i++) {
            backend.device(i).limitPinnedMemory(RELAY_MEMORY);
        }
        return backend;
    }
}
