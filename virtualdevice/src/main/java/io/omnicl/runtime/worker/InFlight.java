package io.omnicl.runtime.worker;

import io.omnicl.spi.RealEvent;

/** What to do when a submitted command's last real event ends. */
@FunctionalInterface
public interface InFlight {

    /**
     * @param status 0 or the real command's negative status
     * @param event  the real event, for its profiling times (released after this call)
     */
    void ended(int status, RealEvent event);
}
