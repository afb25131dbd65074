package io.omnicl.demos.bench;

/**
 * Which of a target's queues a task goes to: all to one queue (the runtime places them: a single device,
 * the virtual device, SOCL), or by hand over one queue per device: contiguous ranges of tasks ({@code
 * BLOCK}) or round robin ({@code CYCLIC}).
 */
public enum Placement {
    ONE_QUEUE, BLOCK, CYCLIC;

    /** The queue, out of {@code queues}, that task {@code task} of {@code tasks} goes to. */
    public int queueFor(int task, int tasks, int queues) {
        switch (this) {
            case BLOCK:
                return (int) ((long) task * queues / tasks);
            case CYCLIC:
                return task % queues;
            default:
                return 0;
        }
    }
}
