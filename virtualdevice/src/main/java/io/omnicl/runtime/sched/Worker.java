package io.omnicl.runtime.sched;

/** What a scheduling policy sees of one real device's worker: which node it is, how fast, how busy. */
public interface Worker {

    /** The device's memory node (1..n). */
    int index();

    /** Bit {@link #index()}: the node among a task's candidates. */
    default long bit() {
        return 1L << index();
    }

    /** The device's key in the performance model. */
    String modelId();

    /** The device's measured speed. */
    DeviceSpeed speed();

    /** When the work the worker has taken is expected to be done (host ns), or {@code now} when idle. */
    long freeAt(long now);

    /** The worker has taken a task expected to keep it busy {@code nanos} longer. */
    void expect(double nanos);

    /** A task it may run was pushed: the worker looks for work. */
    void wake();
}
