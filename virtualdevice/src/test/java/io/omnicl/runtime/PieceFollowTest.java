package io.omnicl.runtime;

import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import io.omnicl.spi.fake.WorkItem;
import io.omnicl.runtime.config.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A launch cut across two fake GPUs, enqueued while the pieces of the cut launch before it still run, follows them
 * piece by piece: each piece goes behind the earlier one on its own GPU where it uses only what that piece wrote,
 * and waits for the earlier launch where it reads what the other GPU's piece writes. The second GPU's kernels are
 * held while the later launch is enqueued, so that the earlier launch has not ended.
 */
class PieceFollowTest {

    private static final int ITEMS = CutProgram.ITEMS;

    /**
     * Two fake GPUs whose kernel {@code name} runs {@code body}, each work-item on the second GPU held while
     * {@code held} is true, until {@code go} (ten seconds at most).
     */
    static FakeBackend gpus(String name, Consumer<WorkItem> body, AtomicBoolean held, CountDownLatch go) {
        return gpus(1, held, go, Map.of(name, body));
    }

    /**
     * Two fake GPUs running {@code kernels} (by name), each work-item on GPU {@code heldGpu} held while {@code held} is
     * true, until {@code go} (ten seconds at most).
     */
    private static FakeBackend gpus(int heldGpu, AtomicBoolean held, CountDownLatch go,
                                    Map<String, Consumer<WorkItem>> kernels) {
        return devices(DeviceSpec.gpu("fake gpu"), DeviceSpec.gpu("fake gpu too"), heldGpu, held, go, kernels);
    }

    /**
     * Devices {@code first} and {@code second} running {@code kernels} (by name), each work-item on device
     * {@code heldDevice} held while {@code held} is true, until {@code go} (ten seconds at most).
     */
    private static FakeBackend devices(DeviceSpec first, DeviceSpec second, int heldDevice, AtomicBoolean held,
                                       CountDownLatch go, Map<String, Consumer<WorkItem>> kernels) {
        FakeBackend[] made = new FakeBackend[1];
        FakeConfig.Builder config = FakeConfig.builder()
                .device(first)
                .device(second);
        kernels.forEach((name, body) -> config.kernel(name, item -> {
            if (held.get() && item.device() == made[0].device(heldDevice)) {
                try {
                    go.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            body.accept(item);
        }));
        made[0] = new FakeBackend(config.build());
        return made[0];
    }

    /** Waits, ten seconds at most, until {@code condition} holds; whether it did. */
    static boolean waitFor(BooleanSupplier condition) {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                return false;
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
        }
        return true;
    }


    @Test
    void aCutLaunchGoesBehindTheCutLaunchBeforeItOnEachGpuBeforeThatOneEnds() {
        AtomicBoolean held = new AtomicBoolean();
        CountDownLatch go = new CountDownLatch(1);
        FakeBackend backend = gpus(Increments.KERNEL, Increments::increment, held, go);
        IncrementedOnce once = IncrementedOnce.on(backend);
        CutProgram p = once.program();
        long enqueuedBefore = backend.device(0).enqueuedLaunches();
        long heldBefore = backend.device(1).launches();
        long followedBefore = p.followed();
        held.set(true);
        once.launch().release();
        once.launch().release();
        boolean behind = waitFor(() -> backend.device(0).enqueuedLaunches() == enqueuedBefore + 2);
        long heldRun = backend.device(1).launches() - heldBefore;
        held.set(false);
        go.countDown();
        p.queue().finish();
        long followed = p.followed() - followedBefore;
        assertTrue(behind, "the first GPU had the second launch's piece enqueued while the first launch ran");
        assertEquals(0, heldRun, "the second GPU's piece of the first launch was still held");
        assertEquals(2, followed, "the pieces of the second launch followed");
        once.endsIncrementedThrice();
    }

    /**
     * On two CPU devices, whose threads run what they are given (as PoCL's do), a cut launch enqueued while the one
     * before it runs does not follow it in pieces: each device's piece of the later launch would wait behind its own
     * thread's, and a stencil's pieces took turns on the devices instead of running side by side. It waits for the
     * launch before, then its pieces start together.
     */
    @Test
    void onCpuDevicesACutLaunchWaitsForTheCutLaunchBefore() {
        AtomicBoolean held = new AtomicBoolean();
        CountDownLatch go = new CountDownLatch(1);
        FakeBackend backend = devices(DeviceSpec.cpu("fake cpu"), DeviceSpec.cpu("fake cpu too"), 1, held, go,
                Map.of(Increments.KERNEL, Increments::increment));
        IncrementedOnce once = IncrementedOnce.on(backend);
        CutProgram p = once.program();
        long followedBefore = p.followed();
        held.set(true);
        ClEvent first = once.launch();
        once.launch().release();
        int firstStatus = first.status();
        held.set(false);
        go.countDown();
        p.queue().finish();
        first.release();
        long followed = p.followed() - followedBefore;
        assertTrue(firstStatus > 0, "the first launch had not ended when the second was enqueued");
        assertEquals(0, followed, "no piece followed");
        once.endsIncrementedThrice();
    }

    /** A buffer of 0, 1, ... on {@code program}, incremented in place by {@code inc}, launched once and finished. */
    private record IncrementedOnce(CutProgram program, ClMem data, ClKernel inc) {

        static IncrementedOnce on(FakeBackend backend) {
            CutProgram p = CutProgram.on(backend, Increments.SOURCE);
            ClMem data = p.buffer(IntStream.range(0, ITEMS).toArray());
            ClKernel inc = p.kernel(Increments.KERNEL, data);
            p.launch(inc).release();
            p.queue().finish();
            return new IncrementedOnce(p, data, inc);
        }

        ClEvent launch() {
            return program.launch(inc);
        }

        /** Two launches later: the buffer holds each value plus 3, every launch was cut; releases everything. */
        void endsIncrementedThrice() {
            assertArrayEquals(IntStream.range(3, ITEMS + 3).toArray(), program.read(data, List.of()));
            assertEquals(3, program.engine().launchSplits().split());
            inc.release();
            data.release();
            program.release();
        }
    }

    /**
     * The second launch reads, at the edge of the first GPU's piece, what the second GPU's piece of the launch before
     * writes, of which the first GPU holds an older copy. The second GPU's piece, which reads only what its own piece
     * wrote, follows it. The first GPU's piece waits for that launch to end; where the GPUs share a real context, it
     * follows too, the edge relayed to it on the devices (read once the second GPU's piece has ended, uploaded once
     * read), and it is enqueued before the second GPU's piece has ended.
     */
    @ParameterizedTest(name = "shared context {0}")
    @ValueSource(booleans = {false, true})
    void aPieceThatReadsWhatTheOtherGpuWritesWaitsForTheLaunchBeforeOrWhereTheyShareAContextFollowsIt(boolean shared) {
        AtomicBoolean held = new AtomicBoolean();
        CountDownLatch go = new CountDownLatch(1);
        FakeBackend backend = gpus(Neighbours.KERNEL, Neighbours::next, held, go);
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE,
                Config.defaults().withSplit("always").withSharedContext(shared));
        Neighbours.TwoSweeps s = new Neighbours.TwoSweeps(p, IntStream.range(0, ITEMS).map(i -> i % 7).toArray());
        // once before, so that the first GPU holds a copy of the byte at its edge that the second GPU writes
        p.launch(s.first).release();
        p.launch(s.second).release();
        p.queue().finish();
        int[] next = IntStream.range(0, ITEMS).map(i -> i % 5).toArray();
        p.write(s.a, next);
        long ranBefore = backend.device(0).launches();
        long enqueuedBefore = backend.device(0).enqueuedLaunches();
        long followedBefore = p.followed();
        held.set(true);
        p.launch(s.first).release();
        p.launch(s.second).release();
        boolean firstRan = waitFor(() -> backend.device(0).launches() == ranBefore + 1);
        boolean bothEnqueued = shared && waitFor(() -> backend.device(0).enqueuedLaunches() == enqueuedBefore + 2);
        held.set(false);
        go.countDown();
        p.queue().finish();
        long followed = p.followed() - followedBefore;
        int[] values = p.read(s.c, List.of());
        assertTrue(firstRan, "the first GPU ran its piece of the first launch");
        assertEquals(shared ? 2 : 1, followed, shared ? "both pieces followed" : "only the second GPU's piece followed");
        assertEquals(shared, bothEnqueued, "the first GPU's second piece enqueued while the second GPU's first ran");
        assertEquals(shared, backend.device(0).commandsWaitingOnOthers() > 0, "an upload waited for the other GPU");
        int[] once = Neighbours.of(next);
        assertArrayEquals(Neighbours.of(once), values);
        assertArrayEquals(once, p.read(s.b, List.of()));
        assertEquals(4, p.engine().launchSplits().split());
        s.release();
        p.release();
    }

    /**
     * Three launches: the first writes all of a buffer, the second all of it but its first element (its work-item 0
     * writes nothing), the third reads each element and the first. The third's piece on the second GPU reads the first element, which only the first
     * launch's piece on the first GPU (held) writes: though the queue names only the second launch before the third
     * (its write covers the first's), that piece waits for the first launch, and the third launch sees the first
     * element it wrote, not the copy the host held before.
     */
    @Test
    void aPieceWaitsForAnEarlierLaunchBehindTheOneItFollows() {
        AtomicBoolean held = new AtomicBoolean();
        CountDownLatch go = new CountDownLatch(1);
        FakeBackend backend = gpus(0, held, go, Map.of(
                "seven", item -> item.ints(0).put((int) item.globalId(0), 7 * (int) item.globalId(0) + 5),
                "twice", item -> {
                    int i = (int) item.globalId(0);
                    if (i > 0) {
                        item.ints(0).put(i, 2 * item.ints(0).get(i));
                    }
                },
                "plusFirst", item -> {
                    int i = (int) item.globalId(0);
                    item.ints(1).put(i, item.ints(0).get(i) + item.ints(0).get(0));
                }));
        CutProgram p = CutProgram.on(backend, "__kernel void seven(__global int* a) { int i = get_global_id(0); a[i] = 7 * i + 5; }\n"
                + "__kernel void twice(__global int* a) { int i = get_global_id(0); if (i > 0) a[i] = 2 * a[i]; }\n"
                + "__kernel void plusFirst(__global const int* a, __global int* b) {"
                + " int i = get_global_id(0); b[i] = a[i] + a[0]; }");
        ClMem a = p.buffer(new int[ITEMS]);
        ClMem b = p.buffer(new int[ITEMS]);
        ClKernel seven = p.kernel("seven", a);
        ClKernel twice = p.kernel("twice", a);
        ClKernel plusFirst = p.kernel("plusFirst", a, b);
        p.launch(seven).release();
        p.launch(twice).release();
        p.launch(plusFirst).release();
        p.queue().finish();
        // the host holds a copy of the first element from before the first launch
        p.write(a, new int[ITEMS]);
        p.read(a, List.of());
        held.set(true);
        p.launch(seven).release();
        p.launch(twice).release();
        p.launch(plusFirst).release();
        held.set(false);
        go.countDown();
        int[] values = p.read(b, List.of());
        int[] expected = IntStream.range(0, ITEMS).map(i -> (i == 0 ? 5 : 2 * (7 * i + 5)) + 5).toArray();
        assertArrayEquals(expected, values);
        List.of(seven, twice, plusFirst).forEach(ClKernel::release);
        List.of(a, b).forEach(ClMem::release);
        p.release();
    }

    /**
     * Launches cut into blocks that the GPUs take as they end theirs (an irregular kernel), one after the other, on
     * two GPUs of which one fails some of its launches and transfers: each launch ends, well or failed (an in-place
     * piece that may have run where only its GPU held its bytes cannot run again), none hangs, and where every launch
     * and transfer ended well the results are right.
     */
    @Test
    void irregularLaunchesEndWhileAGpuFails() {
        for (int seed = 1; seed <= 6; seed++) {
            FakeBackend backend = new FakeBackend(FakeConfig.builder()
                    .device(DeviceSpec.gpu("fake gpu"))
                    .device(DeviceSpec.gpu("fake gpu, failing").withFailures(0.3, seed))
                    .kernel(Increments.KERNEL, Increments::increment)
                    .build());
            CutProgram p = CutProgram.on(backend, Increments.IRREGULAR_SOURCE);
            ClMem data = p.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
            ClKernel inc = p.kernel(Increments.KERNEL, data);
            int[] values = CutProgram.endsOrReports(() -> {
                p.write(data, new int[ITEMS]);
                boolean well = true;
                for (int t = 0; t < 4; t++) {
                    ClEvent e = p.queue().ndRange(inc, 1, null, new long[] {ITEMS}, null, List.of());
                    p.queue().finish();
                    well &= e.status() == 0;
                    e.release();
                }
                int[] read = p.read(data, List.of());
                return well ? read : null;
            });
            if (values != null) {
                assertArrayEquals(IntStream.range(0, ITEMS).map(i -> 4).toArray(), values);
            }
            assertTrue(p.engine().launchSplits().split() > 0, "launches were cut");
            inc.release();
            data.release();
            p.release();
        }
    }
}
