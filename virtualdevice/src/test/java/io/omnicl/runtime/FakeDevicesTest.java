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
import io.omnicl.runtime.sched.PerfKey;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import io.omnicl.spi.fake.FakeDevice;
import io.omnicl.spi.fake.KernelBody;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runtime over the fake backend's devices, without OpenCL: the virtual device runs a Java kernel on them and
 * gets the results right, also while one of them fails some of its launches and transfers.
 */
class FakeDevicesTest {

    /** The device made to fail, once there is one; the others' work-items wait for it (see {@link #letIn}). */
    private volatile FakeDevice failing;
    private final long waitUntil = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);

    /** A GPU, {@code second}, and a slower CPU, which run {@code inc}. */
    private FakeBackend backend(DeviceSpec second) {
        return new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(second)
                .device(DeviceSpec.cpu("fake cpu").withSpeed(4, 0.5))
                .kernel(Increments.KERNEL, item -> {
                    letIn(item.device());
                    Increments.increment(item);
                })
                .build());
    }

    /**
     * Holds a work-item of a device other than {@link #failing} until that one has run or failed a launch or a
     * transfer (for a minute at most): the others, their first launches held, take no more work, which therefore
     * goes to it.
     */
    private void letIn(FakeDevice running) {
        FakeDevice f = failing;
        while (f != null && running != f && f.launches() + f.injectedFailures() == 0 && System.nanoTime() < waitUntil) {
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
        }
    }

    private static long launches(FakeBackend backend) {
        return IntStream.range(0, 3).mapToLong(i -> backend.device(i).launches()).sum();
    }

    @Test
    void theVirtualDeviceRunsAJavaKernelOnFakeDevices() {
        FakeBackend backend = backend(DeviceSpec.gpu("fake gpu, slower").withSpeed(3, 0.2));
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("off"), backend);
        assertEquals(4, engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).size(), "virtual and 3 pinned");
        Increments.assertIncremented(Increments.run(engine, 0, 2, 5), 5);
        assertEquals(2 * 5, launches(backend), "each launch ran once, on a fake device");
        assertTrue(backend.kernelErrors().isEmpty());
    }

    @Test
    void aLaunchCutForTheFakeDevicesRunsAPartOnEach() {
        FakeBackend backend = backend(DeviceSpec.cpu("fake cpu 3"));
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always"), backend);
        Increments.assertIncremented(Increments.run(engine, 0, 2, 5), 5);
        for (int d = 0; d < 3; d++) {
            assertEquals(2 * 5, backend.device(d).launches(), "device " + d + " ran a part of each launch");
        }
        assertEquals(2 * 5, engine.launchSplits().split());
        assertTrue(backend.kernelErrors().isEmpty());
    }

    @Test
    void theSharesOfACutFollowTheTimesEachDeviceTookForTheKernel() {
        DeviceSpec fast = DeviceSpec.gpu("fake gpu");
        Map<String, AtomicLong> items = new ConcurrentHashMap<>();
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(fast)
                .device(DeviceSpec.gpu("fake gpu, 3 times slower").withSpeed(3 * fast.nanosPerItem(), fast.nanosPerByte()))
                .kernel(Increments.KERNEL, item -> {
                    items.computeIfAbsent(item.device().name(), k -> new AtomicLong()).incrementAndGet();
                    Increments.increment(item);
                })
                .build());
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always"), backend);
        Increments.assertIncremented(Increments.run(engine, 0, 1, 10), 10);
        items.clear();
        Increments.assertIncremented(Increments.run(engine, 0, 1, 10), 10);
        double ratio = (double) items.get("fake gpu").get() / items.get("fake gpu, 3 times slower").get();
        assertTrue(ratio > 2.5 && ratio < 3.5, "the faster device took about three times the work-items: " + ratio);
        assertTrue(backend.kernelErrors().isEmpty());
    }

    /**
     * Launches not worth a cut (too short, or their data on one device) run whole and say why in the counts; they are
     * not taken for launches that tried the whole way against cut ones, which never ran.
     */
    @Test
    void launchesNotWorthACutSayWhy() {
        FakeBackend backend = twoGpus();
        RuntimeDriver engine = new RuntimeDriver(Config.defaults(), backend);
        Increments.assertIncremented(Increments.run(engine, 0, 1, 10), 10);
        Increments.assertIncremented(Increments.run(engine, 0, 1, 10), 10);
        Map<String, Long> whole = engine.launchSplits().wholeByReason();
        assertEquals(20, engine.launchSplits().split() + whole.values().stream().mapToLong(Long::longValue).sum());
        assertTrue(whole.getOrDefault("expected to take under 1 ms whole", 0L) >= 10, "too short: " + whole);
        assertFalse(whole.containsKey("whole launches of this shape tried against cut ones"), "none tried: " + whole);
        assertFalse(whole.containsKey("whole launches of this shape ended sooner than cut ones"), "none timed: " + whole);
        assertTrue(backend.kernelErrors().isEmpty());
    }

    /**
     * A launch expected to take between 50 µs and 1 ms whole (102 µs here) is cut over GPUs where each piece finds its
     * bytes on its device already, as a loop over the same buffer leaves them: every launch of the loop. Where a device
     * runs launches in the thread that submits them (a CPU of PoCL), such a launch runs whole after the first (whose
     * time was not known); beside two GPUs, such a device takes no piece, and the GPUs cut each launch between them.
     */
    @Test
    void shortLaunchesAreCutOverGpusThatHoldTheirPieces() {
        DeviceSpec gpu = DeviceSpec.gpu("fake gpu too").withSpeed(100, 0.1);
        DeviceSpec cpu = DeviceSpec.cpu("fake cpu").withSpeed(100, 0.1);
        DeviceSpec slowCpu = DeviceSpec.cpu("fake cpu, 40 times slower").withSpeed(4000, 0.1);
        assertEquals(10, cutLaunches(gpu), "each");
        assertEquals(1, cutLaunches(cpu), "the first alone");
        assertEquals(10, cutLaunches(gpu, slowCpu), "each, over the GPUs");
    }

    /**
     * A loop of short launches cut over GPUs does not time its pieces: they go on the devices' queues without
     * profiling, also those the devices' own threads submit. Cut at every launch ({@code OMNICL_SPLIT=always}, not
     * judged short), every piece is timed.
     */
    @Test
    void shortCutLaunchesGoWithoutProfiling() {
        assertTrue(unprofiledByDeviceThreads(Config.defaults()) > 0, "some pieces from the devices' threads");
        assertEquals(0, unprofiledByDeviceThreads(Config.defaults().withSplit("always")), "none");
    }

    /**
     * The model learns a launch's time from its first cut launches, before it is judged short (under 1 ms whole); the
     * short ones after them teach it nothing.
     */
    @Test
    void shortCutLaunchesTeachTheModelNothing() {
        CutProgram p = CutProgram.on(fastGpuAnd(DeviceSpec.gpu("fake gpu too").withSpeed(100, 0.1), Increments.KERNEL,
                Increments::increment), Increments.SOURCE, Config.defaults());
        ClMem m = p.madeFrom(IntStream.range(0, CutProgram.ITEMS).toArray());
        ClKernel inc = p.kernel(Increments.KERNEL, m);
        // the launch's shape as the model keys it: its global size, no local size, its buffer's size
        PerfKey key = ((Kernel) inc).perfKey(new long[] {CutProgram.ITEMS, -1, 4L * CutProgram.ITEMS}, 1);
        launchTimingTheFirst(p, inc, 1);
        long[] first = samples(p, key);
        launchTimingTheFirst(p, inc, 40);
        p.queue().finish();
        assertArrayEquals(IntStream.range(0, CutProgram.ITEMS).map(i -> i + 41).toArray(), p.read(m, List.of()));
        assertEquals(41, p.engine().launchSplits().split(), "each cut: " + p.engine().launchSplits());
        assertTrue(first[0] > 0 && first[1] > 0, "the first launch taught each GPU's time");
        assertArrayEquals(first, samples(p, key), "the short ones nothing");
        inc.release();
        m.release();
        p.release();
    }

    /** How many times of {@code key} the model has learnt for each real device. */
    private static long[] samples(CutProgram p, PerfKey key) {
        return p.engine().devices().nodes().stream()
                .mapToLong(n -> p.engine().devices().model().samples(key, n.modelId())).toArray();
    }

    /** Launches the devices' threads enqueued without profiling in a loop of 80 increments over two fast GPUs. */
    private static long unprofiledByDeviceThreads(Config config) {
        FakeBackend backend = fastGpuAnd(DeviceSpec.gpu("fake gpu too").withSpeed(100, 0.1), Increments.KERNEL,
                Increments::increment);
        CutProgram p = CutProgram.on(backend, Increments.SOURCE, config);
        ClMem m = p.madeFrom(IntStream.range(0, CutProgram.ITEMS).toArray());
        ClKernel inc = p.kernel(Increments.KERNEL, m);
        launchTimingTheFirst(p, inc, 80);
        assertArrayEquals(IntStream.range(0, CutProgram.ITEMS).map(i -> i + 80).toArray(), p.read(m, List.of()));
        assertEquals(80, p.engine().launchSplits().split(), "each cut: " + p.engine().launchSplits());
        inc.release();
        m.release();
        p.release();
        long unprofiled = 0;
        for (int d = 0; d < 2; d++) {
            for (int thread = 1; thread <= 2; thread++) {
                unprofiled += backend.device(d).unprofiledLaunchesBy("omnicl-device-" + thread);
            }
        }
        return unprofiled;
    }

    /**
     * A stencil's short launches run whole over GPUs after the first (whose time was not known), though the buffers
     * start on both: each piece reads past what it writes, so a cut launch would leave the next one's pieces without
     * their neighbours' bytes, and cut and whole launches would take turns moving halves of the buffers.
     */
    @Test
    void shortStencilLaunchesRunWhole() {
        CutProgram p = CutProgram.on(fastGpuAnd(DeviceSpec.gpu("fake gpu too").withSpeed(100, 0.1), Neighbours.KERNEL,
                Neighbours::next), Neighbours.SOURCE, Config.defaults());
        int[] start = IntStream.range(0, CutProgram.ITEMS).map(i -> i % 5).toArray();
        List<ClMem> grids = List.of(p.madeFrom(start), p.madeFrom(start));
        ClKernel next = p.program().createKernel(Neighbours.KERNEL);
        int[] expected = start;
        for (int t = 0; t < 20; t++) {
            next.setArg(0, 8, grids.get(t % 2));
            next.setArg(1, 8, grids.get(1 - t % 2));
            p.launch(next).release();
            expected = Neighbours.of(expected);
            if (t == 0) {
                p.queue().finish();
            }
        }
        assertArrayEquals(expected, p.read(grids.get(0), List.of()));
        assertEquals(1, p.engine().launchSplits().split(), "the first alone: " + p.engine().launchSplits());
        assertEquals(Map.of("expected to take under 1 ms whole, its parts reading past what they write", 19L),
                p.engine().launchSplits().wholeByReason(), "and OMNICL_STATS says why");
        next.release();
        grids.forEach(ClMem::release);
        p.release();
    }

    /**
     * Element-wise is element by element from the start of each argument: a copy from a sub-buffer that starts half
     * way into its buffer is cut as a copy from a buffer of its own is, also where the program writes the whole of
     * the copy's output before each launch (the write puts it on one GPU, but the launch does not read it).
     */
    @Test
    void shortElementWiseLaunchesOverSubBuffersAreCut() {
        int items = CutProgram.ITEMS;
        CutProgram p = CutProgram.on(fastGpuAnd(DeviceSpec.gpu("fake gpu too").withSpeed(100, 0.1), "copy",
                item -> item.ints(1).put((int) item.globalId(0), item.ints(0).get((int) item.globalId(0)))),
                "__kernel void copy(__global const int* x, __global int* y) { int i = get_global_id(0); y[i] = x[i]; }",
                Config.defaults());
        ClMem parent = p.madeFrom(IntStream.range(0, 2 * items).toArray());
        ClMem x = parent.createSubBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * items, 4L * items);
        ClMem y = p.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * items, null);
        ClKernel copy = p.kernel("copy", x, y);
        launchTimingTheFirst(p, copy, 10);
        for (int t = 0; t < 5; t++) {
            p.write(y, new int[items]);
            p.launch(copy).release();
        }
        assertArrayEquals(IntStream.range(items, 2 * items).toArray(), p.read(y, List.of()));
        assertEquals(15, p.engine().launchSplits().split(), "each: " + p.engine().launchSplits());
        copy.release();
        List.of(y, x, parent).forEach(ClMem::release);
        p.release();
    }

    /** Ten launches of {@code inc} over a buffer made from data, on a fake GPU and {@code second}: how many were cut. */
    private static long cutLaunches(DeviceSpec... others) {
        FakeBackend backend = fastGpuAnd(Increments.KERNEL, Increments::increment, others);
        RuntimeDriver engine = CutProgram.withSpeeds(backend, Config.defaults(), n -> 100 / Stream.of(others)
                .filter(d -> n.name().contains(d.name())).mapToDouble(DeviceSpec::nanosPerItem).findFirst().orElse(100));
        CutProgram p = CutProgram.on(engine, Increments.SOURCE);
        ClMem m = p.madeFrom(IntStream.range(0, CutProgram.ITEMS).toArray());
        ClKernel inc = p.kernel(Increments.KERNEL, m);
        launchTimingTheFirst(p, inc, 10);
        assertArrayEquals(IntStream.range(0, CutProgram.ITEMS).map(i -> i + 10).toArray(), p.read(m, List.of()));
        inc.release();
        m.release();
        p.release();
        assertTrue(backend.kernelErrors().isEmpty());
        return p.engine().launchSplits().split();
    }

    /** A fake GPU whose work-items take 100 ns (a launch over a buffer of the tests, ~0.1 ms) and {@code second}. */
    private static FakeBackend fastGpuAnd(DeviceSpec second, String kernel, KernelBody body) {
        return fastGpuAnd(kernel, body, second);
    }

    /** A fake GPU whose work-items take 100 ns (a launch over a buffer of the tests, ~0.1 ms) and {@code others}. */
    private static FakeBackend fastGpuAnd(String kernel, KernelBody body, DeviceSpec... others) {
        FakeConfig.Builder config = FakeConfig.builder().device(DeviceSpec.gpu("fake gpu").withSpeed(100, 0.1));
        for (DeviceSpec d : others) {
            config.device(d);
        }
        return new FakeBackend(config.kernel(kernel, body).build());
    }

    /** {@code launches} launches of {@code k}; the model has the first one's time before the next is planned. */
    private static void launchTimingTheFirst(CutProgram p, ClKernel k, int launches) {
        for (int t = 0; t < launches; t++) {
            p.launch(k).release();
            if (t == 0) {
                p.queue().finish();
            }
        }
    }

    /** {@code OMNICL_SPLIT=always} gives a part to every device, also one too slow to be worth a share otherwise. */
    @Test
    void alwaysCutsOverEveryDeviceHoweverSlow() {
        DeviceSpec fast = DeviceSpec.gpu("fake gpu");
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(fast)
                .device(DeviceSpec.gpu("fake gpu, 40 times slower").withSpeed(40 * fast.nanosPerItem(), fast.nanosPerByte()))
                .kernel(Increments.KERNEL, Increments::increment)
                .build());
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always"), backend);
        // the launches of a run are cut as they are enqueued: the second run's cuts know the first's times
        Increments.assertIncremented(Increments.run(engine, 0, 1, 10), 10);
        Increments.assertIncremented(Increments.run(engine, 0, 1, 10), 10);
        assertEquals(20, backend.device(1).launches(), "the slow device ran a part of each launch");
        assertEquals(20, engine.launchSplits().split());
    }

    /**
     * The second device's first block of an irregular launch is held until the first device has run six: the
     * first must have taken the blocks no device had, as it freed up (a share fixed in advance would leave it four).
     */
    @Test
    void anIrregularLaunchsBlocksGoToTheDeviceThatFreesUpFirst() {
        FakeBackend[] made = new FakeBackend[1];
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu, held"))
                .kernel(Increments.KERNEL, item -> {
                    while (item.device() == made[0].device(1) && made[0].device(0).launches() < 6
                            && System.nanoTime() < waitUntil) {
                        LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
                    }
                    Increments.increment(item);
                })
                .build());
        made[0] = backend;
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always"), backend);
        Increments.assertIncremented(Increments.run(engine, 0, 1, 1, Increments.IRREGULAR_SOURCE), 1);
        assertEquals(6, backend.device(0).launches(), "its own two blocks and the four no device had");
        assertEquals(2, backend.device(1).launches(), "the two it was given at once");
        assertTrue(backend.kernelErrors().isEmpty());
    }

    /** Two fake GPUs of one speed that run {@link Increments#KERNEL}. */
    private static FakeBackend twoGpus() {
        return new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu too"))
                .kernel(Increments.KERNEL, Increments::increment)
                .build());
    }

    /**
     * An irregular launch's blocks on a device run two at a time, the second on the device's side queue, so that it
     * fills the end of the first (where a GPU's cores idle but for a few work-groups).
     */
    @Test
    void anIrregularLaunchsBlocksRunTwoAtATimeOnADevice() {
        FakeBackend backend = twoGpus();
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always"), backend);
        Increments.assertIncremented(Increments.run(engine, 0, 1, 3, Increments.IRREGULAR_SOURCE), 3);
        for (int d = 0; d < 2; d++) {
            assertEquals(2, backend.device(d).launchQueues(), "device " + d + ": its in-order queue and the side one");
        }
        assertEquals(3, engine.launchSplits().split());
    }

    /**
     * A launch cut when enqueued, needing nothing moved first: each GPU's piece goes to its driver from the enqueuing
     * thread, so that the GPU starts at once; a CPU device's goes to the device's own thread (a CPU device of PoCL
     * runs a launch in the thread that submits it, and pieces submitted from one thread would run one after the other).
     * The enqueuing thread submits only where the device's thread is not busy: each launch waits for both workers to
     * be idle first (a loaded machine can keep a device's thread in the tail of the launch before for several
     * launches in a row), and of sixteen launches made after a first one each GPU must have taken at least one from
     * it (its thread may still wake on its own now and then), and a CPU device none.
     */
    @ParameterizedTest(name = "GPUs {0}")
    @ValueSource(booleans = {true, false})
    void aGpusPieceGoesToItsDriverFromTheEnqueuingThread(boolean gpus) {
        FakeConfig.Builder devices = FakeConfig.builder().kernel(FillProgram.KERNEL, FillProgram::fill);
        for (int d = 0; d < 2; d++) {
            devices.device(gpus ? DeviceSpec.gpu("fake gpu " + d) : DeviceSpec.cpu("fake cpu " + d));
        }
        FakeBackend backend = new FakeBackend(devices.build());
        FillProgram p = FillProgram.on(backend);
        p.launchOnce();
        String self = Thread.currentThread().getName();
        int[] fromThisThread = new int[2];
        for (int launch = 0; launch < 16; launch++) {
            awaitIdle(p.engine());
            long[] before = {backend.device(0).launchesBy(self), backend.device(1).launchesBy(self)};
            p.launch().release();
            for (int d = 0; d < 2; d++) {
                fromThisThread[d] += backend.device(d).launchesBy(self) > before[d] ? 1 : 0;
            }
            p.queue().finish();
        }
        for (int d = 0; d < 2; d++) {
            assertEquals(gpus, fromThisThread[d] > 0, "device " + d + ": " + fromThisThread[d] + " of 16");
        }
        assertArrayEquals(FillProgram.filled(), p.read(List.of()));
        assertEquals(17, p.engine().launchSplits().split());
        p.release();
    }

    /** Waits (ten seconds at most) until every device's worker is {@link DeviceWorker#idle}. */
    private static void awaitIdle(RuntimeDriver engine) {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!engine.devices().nodes().stream().allMatch(n -> n.worker().idle()) && System.nanoTime() < until) {
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
        }
    }

    /**
     * A launch whose parts would write the same bytes (each work-item writes its own element and the one before)
     * runs whole, and says why; each part's own writes stay inside the buffer.
     */
    @Test
    void aLaunchWhosePartsWouldWriteTheSameBytesRunsWhole() {
        FakeBackend backend = twoGpus();
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always"), backend);
        String source = "__kernel void inc(__global int* a) { int i = get_global_id(0);"
                + " a[i] = a[i] + 1; if (i > 0) { a[i - 1] = a[i - 1]; } }";
        Increments.assertIncremented(Increments.run(engine, 0, 1, 2, source), 2);
        assertEquals(0, engine.launchSplits().split());
        assertEquals(Map.of("parts would write the same bytes of argument 0", 2L),
                engine.launchSplits().wholeByReason());
    }

    /**
     * A cut launch teaches the performance model once per device, its span over the blocks it ran beside each other
     * (each block's own time tells little, the device being shared): three launches, three samples a device, where
     * each ran more blocks than that.
     */
    @Test
    void aCutLaunchTeachesTheModelOncePerDevice(@TempDir Path models) throws IOException {
        FakeBackend backend = twoGpus();
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always")
                .withPerfModelDir(models.toString()), backend);
        Increments.assertIncremented(Increments.run(engine, 0, 1, 3, Increments.IRREGULAR_SOURCE), 3);
        engine.devices().model().save();
        List<Path> files;
        try (Stream<Path> listed = Files.list(models)) {
            files = listed.toList();
        }
        assertEquals(2, files.size(), "a model file per device: " + files);
        for (Path f : files) {
            List<String> samples = Files.readAllLines(f).stream().filter(l -> l.startsWith("kernel\t")).toList();
            assertEquals(1, samples.size(), f + ": " + samples);
            assertEquals("3", samples.get(0).split("\t")[3], f + ": " + samples);
        }
        for (int d = 0; d < 2; d++) {
            assertTrue(backend.device(d).launches() > 3, "device " + d + " ran " + backend.device(d).launches());
        }
    }

    /**
     * Where every result a device computes is read back to the host before it counts ({@code OMNICL_RESILIENT}), that
     * read goes on the in-order queue behind its piece: no piece goes beside another, where the read would not wait
     * for it.
     */
    @Test
    void piecesWhoseResultsAreReadBackRunOneAfterTheOther() {
        FakeBackend backend = twoGpus();
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always").withResilient(true), backend);
        Increments.assertIncremented(Increments.run(engine, 0, 1, 3, Increments.IRREGULAR_SOURCE), 3);
        for (int d = 0; d < 2; d++) {
            assertEquals(1, backend.device(d).launchQueues(), "device " + d + ": its in-order queue alone");
        }
    }

    /**
     * A second launch's piece on the first device fails where it ran, the only device that held what it writes, so
     * it fails for good; the piece on the other device is held, for two seconds at most, until the launch's event has
     * completed: it must not, while a piece still runs with the launch's kernel and buffers.
     */
    @Test
    void aCutLaunchThatFailsEndsOnlyOnceItsOtherPiecesHave() {
        AtomicBoolean failing = new AtomicBoolean();
        AtomicBoolean held = new AtomicBoolean();
        AtomicBoolean ended = new AtomicBoolean();
        AtomicBoolean endedWhileHeld = new AtomicBoolean();
        FakeBackend[] made = new FakeBackend[1];
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu too"))
                .kernel(Increments.KERNEL, item -> {
                    if (failing.get() && item.device() == made[0].device(0)) {
                        throw new IllegalStateException("the first piece fails");
                    }
                    if (failing.get() && held.compareAndSet(false, true)) {
                        while (made[0].kernelErrors().isEmpty() && System.nanoTime() < waitUntil) {
                            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
                        }
                        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                        while (!ended.get() && System.nanoTime() < until) {
                            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
                        }
                        endedWhileHeld.set(ended.get());
                    }
                })
                .build());
        made[0] = backend;
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always"), backend);
        ClDevice device = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(0);
        ClContext context = engine.platforms().get(0).createContext(List.of(device), new long[0]);
        ClQueue queue = context.createQueue(device, 0);
        ClProgram program = context.createProgram(Increments.SOURCE);
        program.build(List.of(), "", null);
        ClKernel inc = program.createKernel(Increments.KERNEL);
        ClMem m = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * Increments.ITEMS, null);
        inc.setArg(0, 8, m);
        // each half now held by the device that wrote it alone
        ClEvent first = queue.ndRange(inc, 1, null, new long[] {Increments.ITEMS}, null, List.of());
        assertEquals(0, first.await());
        failing.set(true);
        ClEvent launch = queue.ndRange(inc, 1, null, new long[] {Increments.ITEMS}, null, List.of());
        launch.addCallback(OpenClConstants.CL_COMPLETE, status -> ended.set(true));
        assertTrue(launch.await() < 0, "the launch failed");
        assertFalse(endedWhileHeld.get(), "its event completed while a piece still ran");
        assertEquals(1, backend.kernelErrors().size(), "the first piece, not tried again");
        for (ClEvent e : List.of(first, launch)) {
            e.release();
        }
        m.release();
        inc.release();
        program.release();
        queue.release();
        context.release();
    }

    @Test
    void resultsStayRightWhileADeviceFails() {
        // its first launch or transfer fails
        FakeBackend backend = backend(DeviceSpec.gpu("fake gpu, failing").withFailures(0.5, 21));
        failing = backend.device(1);
        // the eager scheduler gives a device work as soon as it has room: more buffers than the other two have room for
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withScheduler("eager").withResilient(true), backend);
        Increments.assertIncremented(Increments.run(engine, 0, 3 * Config.defaults().maxInFlight(), 4), 4);
        assertTrue(backend.device(1).injectedFailures() > 0, "the failing device was given work");
        assertTrue(engine.counters().get(1).failures() > 0, "and the runtime saw it fail");
        assertTrue(backend.kernelErrors().isEmpty());
    }
}
