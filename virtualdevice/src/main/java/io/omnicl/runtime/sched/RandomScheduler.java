package io.omnicl.runtime.sched;


import java.util.ArrayDeque;
import java.util.List;
import java.util.SplittableRandom;

/** A ready task goes to a device drawn at random, each weighted by its measured speed. */
public final class RandomScheduler<T extends Task> implements Scheduler<T> {

    private final List<? extends Worker> workers;
    private final ArrayDeque<T>[] deques;
    private final SplittableRandom random = new SplittableRandom(1);

    @SuppressWarnings("unchecked")
    public RandomScheduler(List<? extends Worker> workers) {
        this.workers = workers;
        this.deques = new ArrayDeque[workers.size()];
        for (int i = 0; i < deques.length; i++) {
            deques[i] = new ArrayDeque<>();
        }
    }

    @Override
    public void push(T task) {
        Worker chosen;
        synchronized (deques) {
            double total = 0;
            for (Worker w : workers) {
                if ((task.candidates() & w.bit()) != 0) {
                    total += w.speed().opsPerNano();
                }
            }
            double draw = random.nextDouble() * total;
            int target = -1;
            for (int i = 0; i < workers.size(); i++) {
                if ((task.candidates() & workers.get(i).bit()) != 0) {
                    target = i;
                    draw -= workers.get(i).speed().opsPerNano();
                    if (draw < 0) {
                        break;
                    }
                }
            }
            deques[target].add(task);
            chosen = workers.get(target);
        }
        chosen.wake();
    }

    @Override
    public T pop(Worker worker) {
        synchronized (deques) {
            return deques[workers.indexOf(worker)].poll();
        }
    }

    @Override
    public String name() {
        return "random";
    }
}
