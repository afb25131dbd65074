package io.omnicl.runtime;

import io.omnicl.runtime.worker.DeviceWorker;

import java.util.concurrent.CountDownLatch;

/** For tests that need a device's worker busy: holds it in a task of its own until released. */
final class HeldWorker {

    private HeldWorker() {
    }

    /**
     * Holds {@code worker} until {@code release} counts down: what it would enqueue meanwhile waits. Returns
     * once the worker is held.
     */
    static void hold(DeviceWorker worker, CountDownLatch release) throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        worker.post(w -> {
            held.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, false);
        held.await();
    }
}
