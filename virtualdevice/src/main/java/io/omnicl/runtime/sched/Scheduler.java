package io.omnicl.runtime.sched;

import io.omnicl.runtime.worker.DeviceTask;
import io.omnicl.runtime.worker.DeviceWorker;

/**
 * A scheduling policy: where ready device tasks wait and which worker runs each. Workers pull; the
 * policy wakes the workers that may run a new task.
 */
public interface Scheduler {

    /** A task whose dependencies are met. */
    void push(DeviceTask task);

    /** The next task for {@code worker}, or null when there is none for it now. */
    DeviceTask pop(DeviceWorker worker);

    /**
     * Where data written from the host that no device holds yet should go, among {@code nodes} (bits): a
     * device this policy expects to run what reads it, or 0 when it cannot tell (the data then waits on the
     * host copy until a device needs it).
     */
    default long homeOfNewData(long nodes) {
        return 0;
    }

    /** The policy's name, as {@code OMNICL_SCHED} gives it. */
    String name();
}
