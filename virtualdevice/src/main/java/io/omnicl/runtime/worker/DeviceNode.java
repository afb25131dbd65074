package io.omnicl.runtime.worker;

import io.omnicl.driver.DeviceCounters;
import io.omnicl.runtime.sched.PerfModel;
import io.omnicl.spi.DeviceInfo;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.RealDevice;

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

    public DeviceNode(int index, RealDevice device, int maxInFlight, double throttle, Trace trace, PerfModel model) {
        this.index = index;
        this.device = device;
        this.info = device.info();
        this.modelId = device.name() + " | " + info.getString(DeviceParam.DRIVER_VERSION)
                + (throttle != 1 ? " | throttled x" + throttle : "");
        this.worker = new DeviceWorker(this, maxInFlight, throttle, trace, model);
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

    /** The worker, started if it was not yet. */
    public DeviceWorker worker() {
        worker.start();
        return worker;
    }

    /** The worker without starting it (to wire it to the scheduler). */
    DeviceWorker workerUnstarted() {
        return worker;
    }

    /** The worker's counters, without starting it. */
    public DeviceCounters workerCounters() {
        return worker.counters();
    }

    public long maxAllocSize() {
        return info.getLong(DeviceParam.MAX_MEM_ALLOC_SIZE, Long.MAX_VALUE);
    }

    @Override
    public String toString() {
        return "node " + index + " (" + device.name() + ")";
    }
}
