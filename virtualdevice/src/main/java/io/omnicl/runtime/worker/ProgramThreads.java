package io.omnicl.runtime.worker;

import io.omnicl.runtime.completion.Completion;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What the program's threads do for the device workers. While a thread enqueues, the workers it gives work
 * are not woken: OpenCL lets a driver start work only at a flush point ({@code clFlush}, {@code clFinish}, a
 * blocking call, a wait), and a thread waiting for a command can submit and wait for it itself, as plain
 * OpenCL does, with no hand-over to another thread and back. At a flush point the held workers are woken; at a
 * wait, the waiting thread drives one of them (takes its role, see {@link DeviceWorker#tryDrive}) until what
 * it waits for has ended, and then wakes the others the scheduler may still have work for; those with commands
 * in flight it wakes before the drive, since only they can end them. A worker given
 * {@value #HOLD_AT_MOST} commands without a flush is woken anyway, so that a long stream of commands keeps its
 * device busy while it is enqueued; and a parked worker looks for work now and then on its own, so a program
 * that never flushes is only slower. A launch, or a command the thread waits for, that is ready when enqueued
 * and has one device to go to, goes to the driver from the enqueuing thread at once ({@link #runNow}).
 */
public final class ProgramThreads {

    /** Wakes held for one worker between flush points, after which it is woken at each. */
    static final int HOLD_AT_MOST = 16;

    private static final ConcurrentLinkedQueue<DeviceWorker> HELD = new ConcurrentLinkedQueue<>();
    private static final ThreadLocal<State> STATE = ThreadLocal.withInitial(State::new);

    private static final class State {
        /** Enqueues under way on this thread (a command's start may enqueue another). */
        int enqueuing;
        /** Whether the thread waits for the command it enqueues (a blocking call). */
        boolean waits;
        /** The worker whose role this thread has taken, else null. */
        DeviceWorker driving;
    }

    private ProgramThreads() {
    }

    /**
     * This thread starts enqueuing: workers it wakes until {@link #enqueued} wait for a flush point. {@code waits}:
     * the thread waits for the command next (a blocking call).
     */
    public static void enqueuing(boolean waits) {
        State s = STATE.get();
        if (s.enqueuing++ == 0) {
            s.waits = waits;
        }
    }

    /**
     * Whether this thread is a program thread enqueuing that drives no worker: what it does now holds up no device's
     * work in flight.
     */
    public static boolean enqueuingUndriven() {
        State s = STATE.get();
        return s.enqueuing > 0 && s.driving == null;
    }

    /** The matching end of {@link #enqueuing}. */
    public static void enqueued() {
        STATE.get().enqueuing--;
    }

    /** A flush point that does not wait: wakes every held worker. */
    public static void flush() {
        for (DeviceWorker w = HELD.poll(); w != null; w = HELD.poll()) {
            w.releaseWake(false);
        }
    }

    /**
     * A flush point that waits for {@code c}: drives a held worker until {@code c} has ended (or the worker has
     * nothing left to do), then wakes the others, and waits as {@link Completion#await} does; returns the status.
     */
    public static int await(Completion c, long watchNanos) {
        if (!c.isDone()) {
            State s = STATE.get();
            DeviceWorker driven = null;
            List<DeviceWorker> others = new ArrayList<>(2);
            for (DeviceWorker w = HELD.poll(); w != null; w = HELD.poll()) {
                if (driven == null && s.driving == null && w.tryDrive()) {
                    driven = w;
                } else if (w.hasInFlight()) {
                    // only its own thread can end what is in flight there (a part of a launch cut across devices):
                    // woken now, it runs beside the drive
                    w.releaseWake(false);
                } else {
                    others.add(w);
                }
            }
            if (driven != null) {
                s.driving = driven;
                try {
                    driven.driveUntil(c);
                } finally {
                    s.driving = null;
                }
                // after the drive: woken before it, they would race it for the work the scheduler has for either
                others.forEach(w -> w.releaseWake(true));
            } else {
                others.forEach(w -> w.releaseWake(false));
            }
        }
        return c.await(watchNanos);
    }

    /**
     * Runs {@code task} on {@code w} now, on this thread, when it is a program thread enqueuing and driving no
     * worker and {@code w} can be driven ({@link DeviceWorker#runNow}): a command ready on the device it must
     * run on goes to the driver at once, as with plain OpenCL. That is a launch ({@code launch}), or a command the
     * thread waits for; a non-blocking transfer is left to the device's thread, so that the program goes on
     * while it moves. Returns false, having done nothing, otherwise.
     */
    public static boolean runNow(DeviceWorker w, WorkerTask task, boolean fromScheduler, boolean launch) {
        State s = STATE.get();
        if (s.enqueuing == 0 || s.driving != null || !launch && !s.waits) {
            return false;
        }
        s.driving = w;
        DirectRun run;
        try {
            run = w.runNow(task, fromScheduler, s.waits);
        } finally {
            s.driving = null;
        }
        if (run == DirectRun.BUSY) {
            // what is in flight is on the device's queue already: a flush point wakes the worker to end it, and no
            // count of commands does (woken at each, the worker would only race this thread for the role)
            if (w.heldWakes().holdFirst()) {
                HELD.add(w);
            }
        } else if (run == DirectRun.IDLE && w.heldWakes().any()) {
            // this thread did what they were held for: woken, the worker would look for what the scheduler has
            HELD.remove(w);
            w.releaseWake(true);
        }
        return run != DirectRun.REFUSED;
    }


    /**
     * Whether a wake of {@code w} from this thread is absorbed: the thread drives {@code w} and will find the
     * work itself (it looks for tasks posted to {@code w}, and for the scheduler's if {@code posted} is false,
     * before it lets go), or is enqueuing and holds the wake until a flush point (at most
     * {@value #HOLD_AT_MOST}).
     */
    static boolean absorbs(DeviceWorker w, boolean posted) {
        State s = STATE.get();
        if (s.driving == w) {
            if (!posted) {
                w.wokenWhileDriven();
            }
            return true;
        }
        if (s.enqueuing == 0) {
            return false;
        }
        int held = w.heldWakes().hold();
        if (held == 1) {
            HELD.add(w);
        }
        return held <= HOLD_AT_MOST;
    }
}
