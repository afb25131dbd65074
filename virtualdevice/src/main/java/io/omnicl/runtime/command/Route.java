package io.omnicl.runtime.command;

import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceNodes;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.ProgramThreads;
import io.omnicl.runtime.worker.WorkerTask;

/**
 * The one way commands reach a real device; nothing else in this package hands a device work. A command's
 * part goes to the scheduler, which gives it to the first worker that asks and should take it; a command that
 * follows its precursors goes to the worker they are in flight on; a read that must come from the one device
 * holding its bytes goes to that device's worker; an attempt that had to wait for data or room goes back to the
 * worker that took it. What has one device to go to is run there at once by the enqueuing thread when it can
 * be, a launch or a command the thread waits for ({@link ProgramThreads#runNow}).
 */
final class Route {

    private Route() {
    }

    /** {@code p} runs on one of its candidates, as the scheduler decides. */
    static void toScheduler(DeviceNodes devices, Part p) {
        long candidates = p.candidates();
        if (Long.bitCount(candidates) != 1
                || !ProgramThreads.runNow(devices.node(Long.numberOfTrailingZeros(candidates)).worker(), p, true,
                        p.launch())) {
            devices.scheduler().push(p);
        }
    }

    /** {@code c} is submitted on {@code w}'s queue behind its precursors, or waits for them after all. */
    static void behindPrecursors(Command c, DeviceWorker w) {
        WorkerTask follow = c::follow;
        if (!ProgramThreads.runNow(w, follow, false, c.launch())) {
            w.post(follow, false);
        }
    }

    /**
     * {@code p}, a piece of a launch cut across devices, is submitted on {@code w}'s queue behind what it waits for
     * there, or waits for its command's dependencies after all; from the enqueuing thread at once where it can be
     * ({@link #toOwnThread}).
     */
    static void pieceBehindPrecursors(Part p, DeviceWorker w) {
        toOwnThread(w, p::follow, true);
    }

    /** {@code task} runs on the worker of {@code holder}, the device that holds what it reads. */
    static void toHolder(DeviceNode holder, WorkerTask task) {
        if (!ProgramThreads.runNow(holder.worker(), task, false, false)) {
            holder.worker().post(task, false);
        }
    }

    /**
     * {@code task} runs on the thread of {@code w}, woken at once: work for several devices that must go at the same
     * time, each device's from its own thread (the pieces of a launch cut across them, beside those the enqueuing
     * thread submits itself; the reads of a range they hold between them). A CPU device of PoCL runs a command in
     * the thread that submits or waits for it. A launch for a device that runs it apart (a GPU) goes to the driver
     * from the enqueuing thread at once where it can ({@link ProgramThreads#runNow}): the device starts without
     * waiting for its thread to wake, which is woken to end it at the next flush point.
     */
    static void toOwnThread(DeviceWorker w, WorkerTask task, boolean launch) {
        if (!(launch && w.node().runsLaunchesApart() && ProgramThreads.runNow(w, task, false, true))) {
            w.post(task, true);
        }
    }

    /**
     * {@code task} runs on the thread of {@code w}, woken at once, or now on the enqueuing thread where it waits
     * anyway: bytes a device holds for a command that waits for other devices too (a read taking the pieces of a
     * cut launch as they end).
     */
    static void toThreadOf(DeviceWorker w, WorkerTask task) {
        if (!ProgramThreads.runNow(w, task, false, false)) {
            w.post(task, true);
        }
    }

    /** {@code p}, taken by {@code w} when its memory had no room for it, is tried again there once a command ends. */
    static void afterNextEnd(DeviceWorker w, Part p) {
        w.retryAfterNextEnd(p);
    }

    /** {@code p}, taken by {@code w} and then made to wait for data, is tried again there. */
    static void backTo(DeviceWorker w, Part p) {
        w.post(p, false);
    }
}
