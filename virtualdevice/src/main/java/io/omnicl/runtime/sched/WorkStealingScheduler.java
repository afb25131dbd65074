package io.omnicl.runtime.sched;


import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/**
 * Work stealing: each device has a deque. A ready task goes to the device that already holds most of the
 * data it lacks least of (locality), among equals to the shortest deque; a device takes from the front of
 * its own deque and, when that is empty, steals from the back of the longest deque a task it may run.
 */
public final class WorkStealingScheduler<T extends Task> implements Scheduler<T> {

    private final List<? extends Worker> workers;
    private final ArrayDeque<T>[] deques;

    @SuppressWarnings("unchecked")
    public WorkStealingScheduler(List<? extends Worker> workers) {
        this.workers = workers;
        this.deques = new ArrayDeque[workers.size()];
        for (int i = 0; i < deques.length; i++) {
            deques[i] = new ArrayDeque<>();
        }
    }

    @Override
    public void push(T task) {
        int target = -1;
        long leastMissing = Long.MAX_VALUE;
        int shortest = Integer.MAX_VALUE;
        synchronized (deques) {
            for (int i = 0; i < workers.size(); i++) {
                if ((task.candidates() & workers.get(i).bit()) == 0) {
                    continue;
                }
                Fetch f = task.fetchTo(workers.get(i).index());
                long missing = f.fromHost() + 2 * f.fromDevices();
                if (missing < leastMissing || (missing == leastMissing && deques[i].size() < shortest)) {
                    target = i;
                    leastMissing = missing;
                    shortest = deques[i].size();
                }
            }
            deques[target].add(task);
        }
        for (Worker w : workers) {
            if ((task.candidates() & w.bit()) != 0) {
                w.wake();
            }
        }
    }

    @Override
    public T pop(Worker worker) {
        int me = workers.indexOf(worker);
        synchronized (deques) {
            T own = deques[me].poll();
            if (own != null) {
                return own;
            }
            ArrayDeque<T> victim = null;
            for (int i = 0; i < deques.length; i++) {
                if (i != me && (victim == null || deques[i].size() > victim.size())) {
                    victim = deques[i];
                }
            }
            if (victim == null) {
                return null;
            }
            for (Iterator<T> it = victim.descendingIterator(); it.hasNext(); ) {
                T t = it.next();
                if ((t.candidates() & worker.bit()) != 0) {
                    it.remove();
                    return t;
                }
            }
            return null;
        }
    }

    @Override
    public String name() {
        return "ws";
    }
}
