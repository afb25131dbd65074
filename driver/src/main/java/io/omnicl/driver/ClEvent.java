package io.omnicl.driver;

import java.util.function.IntConsumer;

public interface ClEvent extends ClObject, Counted {

    ClContext context();

    /** Blocks until the event is complete or failed; returns its final status (0 or negative). */
    int await();

    /** The execution status now. */
    int status();

    /** @throws ClError {@code CL_PROFILING_INFO_NOT_AVAILABLE} */
    InfoValue profilingInfo(int param);

    /** For user events: sets {@code CL_COMPLETE} or a negative status, once. */
    void setUserStatus(int status);

    /** Calls {@code callback} with the status when the event reaches {@code type} or ends. */
    void addCallback(int type, IntConsumer callback);

    /** Whether this is a user event. */
    boolean isUserEvent();
}
