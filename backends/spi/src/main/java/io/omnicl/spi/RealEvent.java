package io.omnicl.spi;

/** The event of one command on a real queue. */
public interface RealEvent {

    /**
     * Blocks until the command has ended.
     *
     * @return {@code CL_COMPLETE} (0) or the command's negative error status
     */
    int await();

    /** The execution status now: 3 queued, 2 submitted, 1 running, 0 complete, or a negative error. */
    int status();

    /**
     * The device's profiling times in nanoseconds, {@code {queued, submit, start, end}}, or null when the
     * queue has no profiling or the device gives none. Only valid once the command has completed.
     */
    long[] profile();

    /** Idempotent. */
    void release();
}
