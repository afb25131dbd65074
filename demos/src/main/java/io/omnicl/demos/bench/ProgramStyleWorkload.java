package io.omnicl.demos.bench;

/**
 * A workload written as most JOCL programs are: one in-order queue, no events, each step after the one before,
 * so its tasks form a chain.
 */
interface ProgramStyleWorkload extends Workload {

    @Override
    default boolean parallel() {
        return false;
    }

    @Override
    default boolean oneInOrderQueue() {
        return true;
    }
}
