package io.omnicl.runtime.worker;

import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealQueue;

/**
 * A device's in-order queues for its worker's commands: one with profiling, for the worker's own steps and
 * whatever wants the device's times; one without, for a program thread's commands and the pieces of cut launches
 * that want no times, since profiling costs a driver microseconds per command. Only one holds commands in flight at
 * a time. Beside them, made when first needed, a side queue (with profiling) where a piece of a launch cut across
 * devices runs beside the piece before it: a device runs the launches of two queues at once, so the next piece fills
 * the end of the one before, where few of the device's cores are still busy. And a downloads queue (with
 * profiling), made when first needed, where the bytes of a piece that has ended go to the program while the device
 * runs the pieces after it. And a relay queue (without profiling), made when first needed, where the threads of other
 * devices of its real context read the bytes their pieces need from this device's pieces.
 */
final class DeviceQueues {

    private final DeviceSession session;
    private final RealQueue timed;
    private final RealQueue plain;
    private RealQueue side;
    private RealQueue downloads;
    /** Guarded by this. */
    private RealQueue relay;

    DeviceQueues(DeviceSession session) {
        this.session = session;
        this.timed = session.createQueue(true);
        this.plain = session.createQueue(false);
    }

    /** Whether the side queue has been made. */
    boolean sideMade() {
        return side != null;
    }

    /** The side queue; only on the thread driving the worker. */
    RealQueue side() {
        if (side == null) {
            side = session.createQueue(true);
        }
        return side;
    }

    /** The downloads queue, or null before it is made. */
    RealQueue downloadsIfMade() {
        return downloads;
    }

    /** The downloads queue; only on the thread driving the worker. */
    RealQueue downloads() {
        if (downloads == null) {
            downloads = session.createQueue(true);
        }
        return downloads;
    }

    /** The relay queue, made when first needed; from any thread. */
    synchronized RealQueue relay() {
        if (relay == null) {
            relay = session.createQueue(false);
        }
        return relay;
    }

    RealQueue timed() {
        return timed;
    }

    /** The queue with profiling when {@code timed}, else the one without. */
    RealQueue of(boolean timed) {
        return timed ? this.timed : plain;
    }
}
