package io.omnicl.runtime.worker;

import io.omnicl.spi.RealEvent;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The signal that a worker may have new work, raised from any thread, and the worker's wait for it: a watch
 * for a while, then, when idle, a park.
 */
final class WorkSignal {

    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    /**
     * How long the worker, with nothing to submit, watches for new work: while its oldest command runs, before
     * it waits in the driver, and when idle, before it parks. A parked thread is slow to wake; a program that
     * waits for each command would pay that each time.
     */
    private final long watchNanos;
    /** The worker's thread, null until it starts. */
    private final Supplier<Thread> worker;
    private final AtomicBoolean signalled = new AtomicBoolean();
    private volatile boolean parked;

    WorkSignal(long watchNanos, Supplier<Thread> worker) {
        this.watchNanos = watchNanos;
        this.worker = worker;
    }

    /** Whether the worker watches for new work at all. */
    boolean watches() {
        return watchNanos > 0;
    }

    /** Whether the signal is raised and not yet taken. */
    boolean raised() {
        return signalled.get();
    }

    /**
     * Raises the signal. Only a parked worker is unparked: a busy one looks for work anyway before it parks (it
     * sets {@link #parked} before checking the signal, the waker sets the signal before checking
     * {@link #parked}, so one of them sees the other).
     */
    void raise() {
        signalled.set(true);
        Thread t = worker.get();
        if (t != null && parked) {
            LockSupport.unpark(t);
        }
    }

    /**
     * On the worker's thread: watches for the signal for at most {@link #watchNanos}, and while {@code until}
     * (if not null) has not ended; true, the signal taken, when it came.
     */
    boolean within(RealEvent until) {
        if (watchNanos == 0) {
            return false;
        }
        long deadline = System.nanoTime() + watchNanos;
        while (until == null || until.status() > 0) {
            if (signalled.getAndSet(false)) {
                return true;
            }
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.onSpinWait();
        }
        return false;
    }

    /** On the worker's thread: parks it, for a while at most, unless the signal is raised; takes the signal. */
    void park(Object blocker) {
        parked = true;
        if (!signalled.getAndSet(false)) {
            LockSupport.parkNanos(blocker, IDLE_PARK_NANOS);
        }
        parked = false;
    }
}
