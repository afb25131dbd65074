package io.omnicl.runtime.worker;

/** Work that runs on a device's worker thread. */
@FunctionalInterface
public interface WorkerTask {

    void run(DeviceWorker worker);
}
