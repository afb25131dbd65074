package io.omnicl.runtime.sched;


/**
 * A scheduling policy: where ready device tasks wait and which worker runs each. Workers pull; the
 * policy wakes the workers that may run a new task.
 */
public interface Scheduler<T extends Task> {

    /** A task whose dependencies are met. */
    void push(T task);

    /** The next task for {@code worker}, or null when there is none for it now. */
    T pop(Worker worker);

    /**
     * Where data written from the host that no device holds yet should go, among {@code nodes} (bits): the
     * devices this policy expects to run what reads it; every one of them unless the policy knows better.
     * A buffer's first content goes to each (devices' links work side by side); a later write only to a
     * single one, else to the host copy, until a device needs it.
     */
    default long homeOfNewData(long nodes) {
        return nodes;
    }

    /**
     * Whether a task waiting here may be one {@code worker} should run: false only when the policy knows that none
     * is, so that a worker woken for a task another one took need not be woken again.
     */
    default boolean mayHaveWorkFor(Worker worker) {
        return true;
    }

    /** The policy's name, as {@code OMNICL_SCHED} gives it. */
    String name();
}
