package io.omnicl.runtime.worker;

/** A command that a scheduler places on one of several real devices. */
public interface DeviceTask extends WorkerTask {

    /** Bit {@code k} set: node {@code k} (a real device) may run this task. */
    long candidates();

    /** Called instead of {@link #run} when the runtime cannot run the task anywhere. */
    void abandon(int status);
}
