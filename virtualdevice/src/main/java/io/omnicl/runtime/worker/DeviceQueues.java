package io.omnicl.runtime.worker;

import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealQueue;

/**
 * A device's two in-order queues for its worker's commands: one with profiling, for the worker's own steps and
 * whatever wants the device's times; one without, for a program thread's blocking commands, since profiling costs a
 * driver microseconds per command. Only one holds commands in flight at a time.
 */
final class DeviceQueues {

    private final RealQueue timed;
    private final RealQueue plain;

    DeviceQueues(DeviceSession session) {
        this.timed = session.createQueue(true);
        this.plain = session.createQueue(false);
    }

    RealQueue timed() {
        return timed;
    }

    /** The queue with profiling when {@code timed}, else the one without. */
    RealQueue of(boolean timed) {
        return timed ? this.timed : plain;
    }
}
