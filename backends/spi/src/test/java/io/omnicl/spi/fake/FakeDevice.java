package io.omnicl.spi.fake;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceInfo;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.suite.ClCodes;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One fake device: an OpenCL 1.2 device as its {@link DeviceSpec} describes it. Its memory is counted over all its
 * sessions; its failures are drawn in the order launches and transfers are enqueued on any of its queues.
 */
public final class FakeDevice implements RealDevice {

    /** What failures end with, injected or a body's: a driver's status for a faulting kernel or a failed transfer. */
    static final int FAULT_STATUS = ClCodes.CL_OUT_OF_RESOURCES;
    private static final long MAX_WORK_GROUP_SIZE = 256;
    private static final long LOCAL_MEM_SIZE = 32 << 10;
    /** {@code CL_DEVICE_MEM_BASE_ADDR_ALIGN}, in bits: sub-buffers start at multiples of it. */
    private static final long BASE_ADDR_ALIGN_BITS = 1024;
    /** The most one buffer may hold: the fake keeps a buffer in one Java array. */
    private static final long LARGEST_ALLOCATION = 1L << 30;

    /** Whether a launch or transfer fails, and where. */
    enum Fault {
        NONE,
        /** Its enqueue throws. */
        AT_ENQUEUE,
        /** It is enqueued but does not run, and its event ends in failure. */
        AT_COMPLETION
    }

    private final FakeBackend backend;
    private final DeviceSpec spec;
    private final DeviceInfo info;
    private final AtomicLong used = new AtomicLong();
    private final SplittableRandom faults;
    private final AtomicLong launches = new AtomicLong();
    private final AtomicLong transfersNow = new AtomicLong();
    private final AtomicLong launchEndsAwaited = new AtomicLong();
    private final AtomicLong readsRun = new AtomicLong();
    private final AtomicLong readsEnqueued = new AtomicLong();
    private final AtomicLong pinnedRegions = new AtomicLong();
    private volatile BooleanSupplier readsHeldUntil;
    private volatile BooleanSupplier launchesHeldUntil;
    private volatile BooleanSupplier launchEndsSeenWhen;
    private volatile BooleanSupplier writesHeldUntil;
    private volatile boolean apartOnly;
    private volatile boolean failNewQueues;
    private volatile boolean refusePinned;
    private volatile long pinnedLimit = Long.MAX_VALUE;
    private final AtomicLong unprofiledLaunches = new AtomicLong();
    private final AtomicLong enqueuedLaunches = new AtomicLong();
    /** The names of the threads that enqueued its launches. */
    private final Set<String> launchers = ConcurrentHashMap.newKeySet();
    private final Set<FakeQueue> launchQueues = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicLong> launchesBy = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> unprofiledLaunchesBy = new ConcurrentHashMap<>();
    private final AtomicLong injected = new AtomicLong();
    private final AtomicInteger writesToFail = new AtomicInteger();
    private final AtomicInteger readsToFail = new AtomicInteger();
    private final AtomicInteger waitingReadsToFail = new AtomicInteger();
    private final AtomicLong waitedAcross = new AtomicLong();
    private volatile boolean namesNoKernels;
    private final AtomicInteger launchesToFail = new AtomicInteger();

    private volatile Runnable openHook = () -> { };
    private volatile Runnable kernelHook = () -> { };
    private final AtomicLong builds = new AtomicLong();

    FakeDevice(FakeBackend backend, DeviceSpec spec) {
        this.backend = backend;
        this.spec = spec;
        this.info = describe(spec);
        // unlike java.util.Random's, its first values are as random for seeds 0, 1, 2, ... as for any
        this.faults = new SplittableRandom(spec.failureSeed());
    }

    /** Every OpenCL 1.2 parameter of a device such as {@code spec} says. */
    private static DeviceInfo describe(DeviceSpec spec) {
        boolean gpu = spec.type() == ClCodes.CL_DEVICE_TYPE_GPU;
        DeviceInfo.Builder b = DeviceInfo.builder();
        b.put(DeviceParam.TYPE, spec.type());
        b.put(DeviceParam.NAME, spec.name());
        b.put(DeviceParam.VENDOR, "OmniCL");
        b.put(DeviceParam.VENDOR_ID, 0L);
        b.put(DeviceParam.DRIVER_VERSION, "fake 1");
        b.put(DeviceParam.PROFILE, "FULL_PROFILE");
        b.put(DeviceParam.VERSION, "OpenCL 1.2 fake");
        b.put(DeviceParam.OPENCL_C_VERSION, "OpenCL C 1.2 ");
        b.put(DeviceParam.EXTENSIONS, "cl_khr_byte_addressable_store cl_khr_fp64");
        b.put(DeviceParam.BUILT_IN_KERNELS, "");
        b.put(DeviceParam.MAX_COMPUTE_UNITS, gpu ? 16L : 4L);
        b.put(DeviceParam.MAX_CLOCK_FREQUENCY, 1000L);
        b.put(DeviceParam.ADDRESS_BITS, 64L);
        b.put(DeviceParam.MAX_WORK_ITEM_DIMENSIONS, 3L);
        b.put(DeviceParam.MAX_WORK_GROUP_SIZE, MAX_WORK_GROUP_SIZE);
        b.put(DeviceParam.MAX_WORK_ITEM_SIZES, new long[] {MAX_WORK_GROUP_SIZE, MAX_WORK_GROUP_SIZE,
                MAX_WORK_GROUP_SIZE});
        for (DeviceParam p : new DeviceParam[] {DeviceParam.PREFERRED_VECTOR_WIDTH_CHAR,
                DeviceParam.PREFERRED_VECTOR_WIDTH_SHORT, DeviceParam.PREFERRED_VECTOR_WIDTH_INT,
                DeviceParam.PREFERRED_VECTOR_WIDTH_LONG, DeviceParam.PREFERRED_VECTOR_WIDTH_FLOAT,
                DeviceParam.PREFERRED_VECTOR_WIDTH_DOUBLE, DeviceParam.NATIVE_VECTOR_WIDTH_CHAR,
                DeviceParam.NATIVE_VECTOR_WIDTH_SHORT, DeviceParam.NATIVE_VECTOR_WIDTH_INT,
                DeviceParam.NATIVE_VECTOR_WIDTH_LONG, DeviceParam.NATIVE_VECTOR_WIDTH_FLOAT,
                DeviceParam.NATIVE_VECTOR_WIDTH_DOUBLE}) {
            b.put(p, 1L);
        }
        b.put(DeviceParam.PREFERRED_VECTOR_WIDTH_HALF, 0L);
        b.put(DeviceParam.NATIVE_VECTOR_WIDTH_HALF, 0L);
        // no images
        b.put(DeviceParam.IMAGE_SUPPORT, 0L);
        for (DeviceParam p : new DeviceParam[] {DeviceParam.MAX_READ_IMAGE_ARGS, DeviceParam.MAX_WRITE_IMAGE_ARGS,
                DeviceParam.MAX_SAMPLERS, DeviceParam.IMAGE2D_MAX_WIDTH, DeviceParam.IMAGE2D_MAX_HEIGHT,
                DeviceParam.IMAGE3D_MAX_WIDTH, DeviceParam.IMAGE3D_MAX_HEIGHT, DeviceParam.IMAGE3D_MAX_DEPTH,
                DeviceParam.IMAGE_MAX_BUFFER_SIZE, DeviceParam.IMAGE_MAX_ARRAY_SIZE}) {
            b.put(p, 0L);
        }
        b.put(DeviceParam.GLOBAL_MEM_SIZE, spec.memory());
        b.put(DeviceParam.MAX_MEM_ALLOC_SIZE, Math.min(spec.memory(), LARGEST_ALLOCATION));
        b.put(DeviceParam.GLOBAL_MEM_CACHE_TYPE, 0L);
        b.put(DeviceParam.GLOBAL_MEM_CACHELINE_SIZE, 64L);
        b.put(DeviceParam.GLOBAL_MEM_CACHE_SIZE, 0L);
        b.put(DeviceParam.MAX_CONSTANT_BUFFER_SIZE, 64L << 10);
        b.put(DeviceParam.MAX_CONSTANT_ARGS, 8L);
        b.put(DeviceParam.LOCAL_MEM_TYPE, gpu ? 1L : 2L); // CL_LOCAL, CL_GLOBAL
        b.put(DeviceParam.LOCAL_MEM_SIZE, LOCAL_MEM_SIZE);
        b.put(DeviceParam.MAX_PARAMETER_SIZE, 1024L);
        b.put(DeviceParam.MEM_BASE_ADDR_ALIGN, BASE_ADDR_ALIGN_BITS);
        b.put(DeviceParam.MIN_DATA_TYPE_ALIGN_SIZE, 128L);
        b.put(DeviceParam.SINGLE_FP_CONFIG, 0x2L | 0x4L); // INF_NAN, ROUND_TO_NEAREST
        b.put(DeviceParam.DOUBLE_FP_CONFIG, 0x3fL); // DENORM to FMA, as cl_khr_fp64 asks
        b.put(DeviceParam.HALF_FP_CONFIG, 0L);
        b.put(DeviceParam.ERROR_CORRECTION_SUPPORT, 0L);
        b.put(DeviceParam.HOST_UNIFIED_MEMORY, gpu ? 0L : 1L);
        b.put(DeviceParam.PROFILING_TIMER_RESOLUTION, 1L);
        b.put(DeviceParam.ENDIAN_LITTLE, ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? 1L : 0L);
        b.put(DeviceParam.AVAILABLE, 1L);
        b.put(DeviceParam.COMPILER_AVAILABLE, 1L);
        b.put(DeviceParam.LINKER_AVAILABLE, 1L);
        b.put(DeviceParam.EXECUTION_CAPABILITIES, 1L); // CL_EXEC_KERNEL
        b.put(DeviceParam.QUEUE_PROPERTIES, ClCodes.CL_QUEUE_PROFILING_ENABLE);
        b.put(DeviceParam.PARTITION_MAX_SUB_DEVICES, 0L);
        b.put(DeviceParam.PARTITION_PROPERTIES, new long[] {0});
        b.put(DeviceParam.PARTITION_AFFINITY_DOMAIN, 0L);
        b.put(DeviceParam.PARTITION_TYPE, new long[0]);
        b.put(DeviceParam.REFERENCE_COUNT, 1L);
        b.put(DeviceParam.PREFERRED_INTEROP_USER_SYNC, 1L);
        b.put(DeviceParam.PRINTF_BUFFER_SIZE, 1L << 20);
        return b.build();
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public String platformName() {
        return "OmniCL fake";
    }

    @Override
    public String platformVersion() {
        return "OpenCL 1.2 fake";
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public DeviceSession open() {
        openHook.run();
        return new FakeSession(this, new Object());
    }

    /** Sessions of this device and {@code others} (fake devices of this backend) in one context. */
    @Override
    public List<DeviceSession> openTogether(List<RealDevice> others) {
        if (apartOnly) {
            return null;
        }
        Object context = new Object();
        List<DeviceSession> sessions = new ArrayList<>(List.of(new FakeSession(this, context)));
        for (RealDevice d : others) {
            if (!(d instanceof FakeDevice f) || f.backend != backend || f == this) {
                throw new BackendException(ClCodes.CL_INVALID_DEVICE, "not a device of this fake platform: " + d);
            }
            sessions.add(new FakeSession(f, context));
        }
        return sessions;
    }

    /** From now on, it opens only in a context of its own, as a backend that cannot make one of several devices. */
    public void openApartOnly() {
        apartOnly = true;
    }

    /** Runs {@code hook} as each session opens, before it is made: a test's driver that is slow to open a device. */
    public void onOpen(Runnable hook) {
        openHook = hook;
    }

    /** Runs {@code hook} as each kernel is made, before it is: a test's driver whose kernels fail to be made. */
    public void onCreateKernel(Runnable hook) {
        kernelHook = hook;
    }

    void creatingKernel() {
        kernelHook.run();
    }

    /** Programs built (from source or binary) on the device so far. */
    public long builds() {
        return builds.get();
    }

    void built() {
        builds.incrementAndGet();
    }

    public DeviceSpec spec() {
        return spec;
    }

    /** Bytes of its memory that buffers hold now. */
    public long memoryInUse() {
        return used.get();
    }

    /** Launches that ran to their end. */
    public long launches() {
        return launches.get();
    }

    /** Blocking transfers ({@code writeNow}, {@code readNow}) made so far. */
    public long transfersNow() {
        return transfersNow.get();
    }

    void transferredNow() {
        transfersNow.incrementAndGet();
    }

    /** Reads from its buffers into the host's memory that have run so far. */
    public long readsRun() {
        return readsRun.get();
    }

    void readRun() {
        readsRun.incrementAndGet();
    }

    /** Reads from its buffers into the host's memory enqueued so far, run or not. */
    public long readsEnqueued() {
        return readsEnqueued.get();
    }

    void readEnqueued() {
        readsEnqueued.incrementAndGet();
    }

    /**
     * From now on, each read from its buffers into the host's memory waits, on its queue's thread, until {@code until}
     * says so (a minute at most): a test holds the bytes of a read back to see what the runtime does meanwhile.
     */
    public void holdReads(BooleanSupplier until) {
        readsHeldUntil = until;
    }

    /** Waits, on a queue's thread, until reads may go on ({@link #holdReads}). */
    void readMayGo() {
        awaitUntil(readsHeldUntil);
    }

    /**
     * From now on, each write from the host's memory into its buffers waits, on its queue's thread, until {@code until}
     * says so (a minute at most), reading that memory only then: a test keeps an upload in flight.
     */
    public void holdWrites(BooleanSupplier until) {
        writesHeldUntil = until;
    }

    /** Waits, on a queue's thread, until writes may go on ({@link #holdWrites}). */
    void writeMayGo() {
        awaitUntil(writesHeldUntil);
    }

    /**
     * From now on, each launch waits, on its queue's thread, until {@code until} says so (a minute at most): a test
     * keeps launches in flight while the program enqueues the next ones, as a GPU's take longer than their enqueue.
     */
    public void holdLaunches(BooleanSupplier until) {
        launchesHeldUntil = until;
    }

    /** Waits, on a queue's thread, until launches may go on ({@link #holdLaunches}). */
    void launchMayGo() {
        awaitUntil(launchesHeldUntil);
    }

    /**
     * From now on, the host sees none of its launches end until {@code when} says so (a minute at most): their events'
     * status answers {@code CL_RUNNING} and a wait for them does not return, though they run, and commands waiting for
     * them on the devices go on. A test plays a host thread that learns of a launch's end late. Each launch keeps the
     * hold set when it was enqueued; a launch without an event, a later command's event and profiling times are not
     * held.
     */
    public void holdLaunchEndsSeen(BooleanSupplier when) {
        launchEndsSeenWhen = when;
    }

    /** The hold on the host's view of launch ends at the time a launch is enqueued ({@link #holdLaunchEndsSeen}). */
    BooleanSupplier launchEndsSeenWhen() {
        return launchEndsSeenWhen;
    }

    /** Waits by the host for the end of its launches (made with an event) that have returned so far. */
    public long launchEndsAwaited() {
        return launchEndsAwaited.get();
    }

    void launchEndAwaited() {
        launchEndsAwaited.incrementAndGet();
    }

    static void awaitUntil(BooleanSupplier until) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (until != null && !until.getAsBoolean() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
        }
    }

    /** From now on, no pinned memory is made for it (as a backend that makes none): its staged transfers find no slot. */
    public void refusePinnedMemory() {
        refusePinned = true;
    }

    /**
     * From now on, its sessions refuse pinned memory of more than {@code bytes} at once: a test that needs only small
     * regions, apart from what other tests' devices, never closed, keep of the JVM's direct memory.
     */
    public void limitPinnedMemory(long bytes) {
        pinnedLimit = bytes;
    }

    boolean refusesPinnedMemory(long size) {
        return refusePinned || size > pinnedLimit;
    }

    void pinnedRegionMade() {
        pinnedRegions.incrementAndGet();
    }

    /** Regions of pinned memory its sessions have made so far. */
    public long pinnedRegionsMade() {
        return pinnedRegions.get();
    }

    /** From now on, whether making a queue on it fails ({@code CL_OUT_OF_RESOURCES}): a device short of resources. */
    public void failNewQueues(boolean fail) {
        failNewQueues = fail;
    }

    boolean failsNewQueues() {
        return failNewQueues;
    }

    /**
     * The next {@code count} writes from the host's memory into its buffers, from now on, are enqueued but fail as
     * they end, without writing: a test makes a chosen upload fail.
     */
    public void failNextWrites(int count) {
        writesToFail.set(count);
    }

    /** As {@link #failNextWrites}, for the next {@code count} reads from its buffers into the host's memory. */
    public void failNextReads(int count) {
        readsToFail.set(count);
    }

    /** Whether a read being enqueued is one of those {@link #failNextReads} or {@link #failNextWaitingReads} names. */
    boolean failsThisRead(boolean waits) {
        return takeOne(readsToFail) || waits && takeOne(waitingReadsToFail);
    }

    /** As {@link #failNextReads}, for the next {@code count} reads that wait for an event (of this device or another). */
    public void failNextWaitingReads(int count) {
        waitingReadsToFail.set(count);
    }

    /**
     * From now on, whether its programs answer a request for their kernel names with
     * {@code CL_INVALID_PROGRAM_EXECUTABLE}, while still making their kernels: as NVIDIA's driver does for a program
     * built for the second GPU of a context of two.
     */
    public void nameNoKernels(boolean refuse) {
        namesNoKernels = refuse;
    }

    boolean namesNoKernels() {
        return namesNoKernels;
    }

    /** Commands enqueued on it so far that wait for an event of another device (of a context they share). */
    public long commandsWaitingOnOthers() {
        return waitedAcross.get();
    }

    void waitedAcross() {
        waitedAcross.incrementAndGet();
    }

    /** As {@link #failNextWrites}, for the next {@code count} launches. */
    public void failNextLaunches(int count) {
        launchesToFail.set(count);
    }

    /** Whether a write being enqueued is one of those {@link #failNextWrites} names. */
    boolean failsThisWrite() {
        return takeOne(writesToFail);
    }

    /** Whether a launch being enqueued is one of those {@link #failNextLaunches} names. */
    boolean failsThisLaunch() {
        return takeOne(launchesToFail);
    }

    private boolean takeOne(AtomicInteger toFail) {
        boolean fails = toFail.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
        if (fails) {
            injected.incrementAndGet();
        }
        return fails;
    }

    /** The names of the threads that enqueued its launches so far. */
    public Set<String> launchers() {
        return Set.copyOf(launchers);
    }

    /** Launches and transfers made to fail so far. */
    public long injectedFailures() {
        return injected.get();
    }

    FakeBackend backend() {
        return backend;
    }

    /** Whether the next launch or transfer fails, and where; drawn in the order they are enqueued. */
    synchronized Fault nextFault() {
        if (spec.failureRate() == 0 || faults.nextDouble() >= spec.failureRate()) {
            return Fault.NONE;
        }
        injected.incrementAndGet();
        return faults.nextBoolean() ? Fault.AT_ENQUEUE : Fault.AT_COMPLETION;
    }

    /** How many of its queues have had launches enqueued on them so far. */
    public int launchQueues() {
        return launchQueues.size();
    }

    /** How many launches the thread named {@code thread} has enqueued on it so far. */
    public long launchesBy(String thread) {
        AtomicLong n = launchesBy.get(thread);
        return n == null ? 0 : n.get();
    }

    void enqueuedBy(Thread launcher, FakeQueue queue, boolean profiling) {
        launchers.add(launcher.getName());
        launchesBy.computeIfAbsent(launcher.getName(), k -> new AtomicLong()).incrementAndGet();
        launchQueues.add(queue);
        enqueuedLaunches.incrementAndGet();
        if (!profiling) {
            unprofiledLaunches.incrementAndGet();
            unprofiledLaunchesBy.computeIfAbsent(launcher.getName(), k -> new AtomicLong()).incrementAndGet();
        }
    }

    /** How many launches the thread named {@code thread} has enqueued on queues without profiling so far. */
    public long unprofiledLaunchesBy(String thread) {
        AtomicLong n = unprofiledLaunchesBy.get(thread);
        return n == null ? 0 : n.get();
    }

    /** Launches enqueued so far, run or not. */
    public long enqueuedLaunches() {
        return enqueuedLaunches.get();
    }

    /** Launches enqueued on queues without profiling so far. */
    public long unprofiledLaunches() {
        return unprofiledLaunches.get();
    }

    void launched() {
        launches.incrementAndGet();
    }

    /** Takes {@code bytes} of its memory; false when that would be more than it has. */
    boolean reserve(long bytes) {
        while (true) {
            long now = used.get();
            if (now + bytes > spec.memory()) {
                return false;
            }
            if (used.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    /** Gives back {@code bytes} of its memory. */
    void free(long bytes) {
        used.addAndGet(-bytes);
    }

    long maxAllocation() {
        return info.getLong(DeviceParam.MAX_MEM_ALLOC_SIZE, 0);
    }

    long maxWorkGroupSize() {
        return info.getLong(DeviceParam.MAX_WORK_GROUP_SIZE, 0);
    }

    long localMemSize() {
        return info.getLong(DeviceParam.LOCAL_MEM_SIZE, 0);
    }

    /** The multiple of bytes a sub-buffer starts at. */
    long alignment() {
        return info.getLong(DeviceParam.MEM_BASE_ADDR_ALIGN, 8) / 8;
    }
}
