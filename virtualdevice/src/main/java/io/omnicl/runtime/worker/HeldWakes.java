package io.omnicl.runtime.worker;

import java.util.concurrent.atomic.AtomicInteger;

/** The wakes of one worker held until a flush point ({@link ProgramThreads}). */
final class HeldWakes {

    private final AtomicInteger count = new AtomicInteger();

    /** One more; returns how many are held. */
    int hold() {
        return count.incrementAndGet();
    }

    /** One, if none is, that does not count towards waking the worker anyway; true when it is the first. */
    boolean holdFirst() {
        return count.compareAndSet(0, 1);
    }

    boolean any() {
        return count.get() > 0;
    }

    /**
     * Lets them go. The read of the count (getAndSet) sees what a thread did before it held one, such as giving the
     * scheduler work for the worker.
     */
    void letGo() {
        count.getAndSet(0);
    }
}
