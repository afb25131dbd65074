package io.omnicl.runtime.sched;

/** A command that a scheduler places on one of several real devices. */
public interface Task {

    /** Bit {@code k} set: node {@code k} (a real device) may run this task. */
    long candidates();

    /** Called instead of running the task when the runtime cannot run it anywhere. */
    void abandon(int status);

    /** The performance model's key of a kernel launch; null for other tasks. */
    default PerfKey perfKey() {
        return null;
    }

    /** What the task would have to bring to node {@code node} before running there. */
    default Fetch fetchTo(int node) {
        return Fetch.NONE;
    }
}
