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

    /** The policy's name, as {@code OMNICL_SCHED} gives it. */
    String name();
}
