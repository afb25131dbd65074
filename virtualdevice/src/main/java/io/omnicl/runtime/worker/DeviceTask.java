package io.omnicl.runtime.worker;

import io.omnicl.runtime.sched.Task;

/** A task that a scheduler places and a device's worker then runs. */
public interface DeviceTask extends Task, WorkerTask {
}
