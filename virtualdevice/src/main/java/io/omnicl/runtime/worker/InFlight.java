package io.omnicl.runtime.worker;

/** What to do when a submitted command's last real event ends. */
@FunctionalInterface
public interface InFlight {

    /**
     * @param status 0, or the negative status of the real command or of a transfer it came with
     * @param times  the real command's profiling times (queued, submitted, started, ended; device clock), or
     *               null when it failed
     */
    void ended(int status, long[] times);
}
