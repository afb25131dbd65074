package io.omnicl.runtime.worker;

/** What to do when a submitted command's last real event ends. */
@FunctionalInterface
public interface InFlight {

    /** @param status 0, or the negative status of the real command or of a transfer it came with */
    void ended(int status);
}
