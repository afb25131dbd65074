package io.omnicl.demos.bench;

import org.jocl.cl_program;

/**
 * A benchmark workload, written against {@code org.jocl} only so that the same class runs on OmniCL and on
 * any other OpenCL platform. A run enqueues everything through a {@link Target}, waits for the results on
 * the host, and checks them.
 */
public interface Workload {

    /** The name {@code omnicl bench} knows it by. */
    String name();

    /** Its sizes, for the table's title. */
    String description();

    /**
     * Whether its tasks are independent, so that devices can share them: then the ideal throughput is the
     * sum of every device's own; else (a chain) it is the best device's.
     */
    boolean parallel();

    /** How many kernels one run launches. */
    int tasks();

    /**
     * Whether it is written as most JOCL programs are, on {@link Target#firstQueue} without events, so that
     * only an in-order queue runs it right (not SOCL's).
     */
    default boolean oneInOrderQueue() {
        return false;
    }

    /** The OpenCL C source of its kernels. */
    String source();

    /**
     * One run: creates its buffers and kernels, enqueues every task on {@code target}, reads the results
     * back, and checks them. The time is from the first buffer created to the results on the host.
     */
    Outcome run(Target target, cl_program program);

    /**
     * What a run gives.
     *
     * @param nanos   from the first buffer created to the results on the host
     * @param failure why the result is wrong, or null when it is right
     */
    record Outcome(long nanos, String failure) {
        public boolean correct() {
            return failure == null;
        }
    }
}
