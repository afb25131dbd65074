package io.omnicl.runtime.worker;

import io.omnicl.driver.DeviceCounters;
import io.omnicl.runtime.coherence.DeviceMemory;
import io.omnicl.runtime.sched.PerfModel;
import io.omnicl.spi.DeviceInfo;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealDevice;

import java.util.concurrent.atomic.AtomicBoolean;

import static io.omnicl.driver.OpenClConstants.CL_DEVICE_TYPE_CPU;

/**
 * One real device as a memory node of the runtime: node index {@code k >= 1} (the host is node 0), its
 * info, and its worker thread (started on first use).
 */
public final class DeviceNode {

    private final int index;
    private final RealDevice device;
    private final DeviceInfo info;
    private final DeviceWorker worker;
    private final String modelId;
    private final AtomicBoolean lost = new AtomicBoolean();
    /** Whether transfers to and from the program's memory go through pinned memory (a GPU's). */
    private final boolean staged;
    /** The devices it opens with in one real context, or null. */
    private volatile ContextGroup context;

    /**
     * @param memLimit {@code OMNICL_DEVICE_MEM_LIMIT}: bytes the device may hold, as if it had that much memory
     *                 (its info says so too); 0 for 90% of its global memory, the rest left to its driver
     * @param staged   whether transfers to and from the program's memory go through pinned memory
     * @param watchNanos how long its worker watches for work before it waits in the driver or parks
     */
    public DeviceNode(int index, RealDevice device, int maxInFlight, double throttle, long memLimit, boolean staged,
                      long watchNanos, Trace trace, PerfModel model) {
        this.index = index;
        this.device = device;
        this.info = memLimit > 0 ? limited(device.info(), memLimit) : device.info();
        this.staged = staged;
        this.modelId = device.name() + " | " + info.getString(DeviceParam.DRIVER_VERSION)
                + (throttle != 1 ? " | throttled x" + throttle : "");
        long global = info.getLong(DeviceParam.GLOBAL_MEM_SIZE, Long.MAX_VALUE);
        this.worker = new DeviceWorker(this, maxInFlight, throttle, trace, model,
                memLimit > 0 ? global : global / 10 * 9, staged, watchNanos);
    }

    /** Whether transfers to and from the program's memory go through pinned memory (a GPU's). */
    public boolean staged() {
        return staged;
    }

    /**
     * Whether a launch runs apart from the thread that submits it, as on a GPU; a CPU device of PoCL runs it in the
     * thread that submits or waits for it.
     */
    public boolean runsLaunchesApart() {
        return (info.getLong(DeviceParam.TYPE, 0) & CL_DEVICE_TYPE_CPU) == 0;
    }

    /** The device's info as a device with {@code bytes} of memory would give it. */
    private static DeviceInfo limited(DeviceInfo real, long bytes) {
        DeviceInfo.Builder b = DeviceInfo.builder();
        for (DeviceParam p : DeviceParam.values()) {
            if (real.has(p)) {
                b.put(p, real.get(p));
            }
        }
        b.put(DeviceParam.GLOBAL_MEM_SIZE, Math.min(bytes, real.getLong(DeviceParam.GLOBAL_MEM_SIZE, bytes)));
        b.put(DeviceParam.MAX_MEM_ALLOC_SIZE, Math.min(bytes, real.getLong(DeviceParam.MAX_MEM_ALLOC_SIZE, bytes)));
        return b.build();
    }

    /**
     * Build options this device adds to every build. PoCL 3.1 shares one cache of compiled work-group
     * functions among its devices, keyed by the program's build hash and the local size; when one kernel runs
     * on two PoCL devices at once with different cached functions, its bookkeeping goes wrong and the
     * process aborts. A define of the device's own makes each PoCL device's build hash, and so its cache
     * entries, its own.
     */
    public String buildOptions() {
        return device.platformName().contains("Portable Computing Language") ? " -D OMNICL_REAL_DEVICE=" + index : "";
    }

    /** Who this device is to the performance model: the same kind of device, the same history. */
    public String modelId() {
        return modelId;
    }

    public int index() {
        return index;
    }

    public long bit() {
        return 1L << index;
    }

    public RealDevice device() {
        return device;
    }

    public DeviceInfo info() {
        return info;
    }

    public String name() {
        return device.name();
    }

    /** Opens the device: in its group's context where it is in one ({@link ContextGroup}), else alone. */
    DeviceSession open() {
        ContextGroup group = context;
        return group != null ? group.open(this) : device.open();
    }

    /** Whether the device opens in a group's context ({@link ContextGroup}), shared with others where it could. */
    public boolean inContextGroup() {
        return context != null;
    }

    /**
     * Whether this device opens in the same group's context as {@code other}: in one real context, unless the backend
     * has opened the group's devices apart.
     */
    public boolean inContextGroupWith(DeviceNode other) {
        ContextGroup group = context;
        return group != null && group == other.context && !group.apart();
    }

    /** Whether the device is of a group whose devices the backend could only open each in a context of its own. */
    public boolean contextGroupOpenedApart() {
        ContextGroup group = context;
        return group != null && group.apart();
    }

    /** Makes the device open in {@code group}'s context; before its worker starts. */
    void joinContext(ContextGroup group) {
        context = group;
    }

    /** The worker, started if it was not yet. */
    public DeviceWorker worker() {
        worker.start();
        return worker;
    }

    /** The worker without starting it (to wire it to the scheduler). */
    DeviceWorker workerUnstarted() {
        return worker;
    }

    /** The device's memory, without starting the worker. */
    public DeviceMemory memory() {
        return worker.memory();
    }

    /** The worker's counters, without starting it. */
    public DeviceCounters workerCounters() {
        return worker.counters();
    }

    /** Whether the device has been lost: it reported {@code CL_DEVICE_NOT_AVAILABLE}, and is no longer used. */
    public boolean isLost() {
        return lost.get();
    }

    /**
     * Marks the device, unless it is open, as one that opens behind the program ({@link DeviceNodes}): until it has,
     * nothing is placed on it where other devices can take it ({@link DeviceNodes#usable}).
     */
    void openLater() {
        worker.openLater();
    }

    /** Whether the device is still opening behind the program ({@link #openLater}). */
    public boolean openingLater() {
        return worker.openingLater();
    }

    /** How long opening the device took (ns), or -1 while it has not opened. */
    long openNanos() {
        return worker.openNanos();
    }

    /** Marks the device lost; true the first time. */
    boolean markLost() {
        return lost.compareAndSet(false, true);
    }

    public long maxAllocSize() {
        return info.getLong(DeviceParam.MAX_MEM_ALLOC_SIZE, Long.MAX_VALUE);
    }

    @Override
    public String toString() {
        return "node " + index + " (" + device.name() + ")";
    }
}
