package io.omnicl.runtime.worker;

import io.omnicl.runtime.sched.Fetch;
import io.omnicl.runtime.sched.PerfKey;

/** A command that a scheduler places on one of several real devices. */
public interface DeviceTask extends WorkerTask {

    /** Bit {@code k} set: node {@code k} (a real device) may run this task. */
    long candidates();

    /** Called instead of {@link #run} when the runtime cannot run the task anywhere. */
    void abandon(int status);

    /** The performance model's key of a kernel launch; null for other tasks. */
    default PerfKey perfKey() {
        return null;
    }

    /** What the task would have to bring to {@code node} before running there. */
    default Fetch fetchTo(DeviceNode node) {
        return Fetch.NONE;
    }
}
