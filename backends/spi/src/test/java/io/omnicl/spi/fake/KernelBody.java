package io.omnicl.spi.fake;

/**
 * What a kernel of the fake backend does, in Java: one work-item of a launch. A launch runs its work-items one
 * after the other on the queue's thread, work-group by work-group; there are no barriers. A body that throws fails
 * its launch with {@code CL_OUT_OF_RESOURCES}, as a kernel that faults would, and the backend keeps what it threw
 * ({@link FakeBackend#kernelErrors()}).
 */
@FunctionalInterface
public interface KernelBody {

    /** Runs the work-item {@code item} describes; {@code item} is valid only during the call. */
    void run(WorkItem item);
}
