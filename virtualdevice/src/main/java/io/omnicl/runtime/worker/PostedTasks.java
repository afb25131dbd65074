package io.omnicl.runtime.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The tasks a worker is given apart from the scheduler's: posted to it (run before what the scheduler has), to
 * precede whatever it takes next, and to try again once its oldest command in flight has ended.
 */
final class PostedTasks {

    private final ConcurrentLinkedQueue<WorkerTask> posted = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<WorkerTask> preceding = new ConcurrentLinkedQueue<>();
    /** Only for the thread in the worker's role. */
    private final List<WorkerTask> afterNextEnd = new ArrayList<>();

    void post(WorkerTask task) {
        posted.add(task);
    }

    void precede(WorkerTask task) {
        preceding.add(task);
    }

    void afterNextEnd(WorkerTask task) {
        afterNextEnd.add(task);
    }

    /** The oldest task posted, taken, or null. */
    WorkerTask next() {
        return posted.poll();
    }

    /** Whether tasks were posted or given to precede that have not run yet. */
    boolean any() {
        return !posted.isEmpty() || !preceding.isEmpty();
    }

    /** Runs the tasks given to precede on {@code w}; false when there were none. */
    boolean runPreceding(DeviceWorker w) {
        boolean ran = false;
        for (WorkerTask t = preceding.poll(); t != null; t = preceding.poll()) {
            t.run(w);
            ran = true;
        }
        return ran;
    }

    /** The oldest command in flight has ended: the tasks waiting for that are posted again. */
    void oldestEnded() {
        if (!afterNextEnd.isEmpty()) {
            posted.addAll(afterNextEnd);
            afterNextEnd.clear();
        }
    }
}
