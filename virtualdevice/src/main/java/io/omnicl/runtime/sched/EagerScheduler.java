package io.omnicl.runtime.sched;


import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/** One central queue in arrival order; a worker with room takes the first task it may run. */
public final class EagerScheduler<T extends Task> implements Scheduler<T> {

    private final ArrayDeque<T> ready = new ArrayDeque<>();
    private final List<? extends Worker> workers;

    public EagerScheduler(List<? extends Worker> workers) {
        this.workers = workers;
    }

    @Override
    public void push(T task) {
        synchronized (ready) {
            ready.add(task);
        }
        for (Worker w : workers) {
            if ((task.candidates() & w.bit()) != 0) {
                w.wake();
            }
        }
    }

    @Override
    public T pop(Worker worker) {
        long bit = worker.bit();
        synchronized (ready) {
            for (Iterator<T> it = ready.iterator(); it.hasNext(); ) {
                T t = it.next();
                if ((t.candidates() & bit) != 0) {
                    it.remove();
                    return t;
                }
            }
        }
        return null;
    }

    @Override
    public String name() {
        return "eager";
    }
}
