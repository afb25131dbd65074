package io.omnicl.runtime.sched;

import io.omnicl.runtime.worker.DeviceTask;
import io.omnicl.runtime.worker.DeviceWorker;

import java.util.ArrayDeque;
import java.util.List;
import java.util.SplittableRandom;

/** A ready task goes to a device drawn at random, each weighted by its measured speed. */
public final class RandomScheduler implements Scheduler {

    private final List<DeviceWorker> workers;
    private final ArrayDeque<DeviceTask>[] deques;
    private final SplittableRandom random = new SplittableRandom(1);

    @SuppressWarnings("unchecked")
    public RandomScheduler(List<DeviceWorker> workers) {
        this.workers = workers;
        this.deques = new ArrayDeque[workers.size()];
        for (int i = 0; i < deques.length; i++) {
            deques[i] = new ArrayDeque<>();
        }
    }

    @Override
    public void push(DeviceTask task) {
        DeviceWorker chosen;
        synchronized (deques) {
            double total = 0;
            for (DeviceWorker w : workers) {
                if ((task.candidates() & w.node().bit()) != 0) {
                    total += w.speed().opsPerNano();
                }
            }
            double draw = random.nextDouble() * total;
            int target = -1;
            for (int i = 0; i < workers.size(); i++) {
                if ((task.candidates() & workers.get(i).node().bit()) != 0) {
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
    public DeviceTask pop(DeviceWorker worker) {
        synchronized (deques) {
            return deques[workers.indexOf(worker)].poll();
        }
    }

    @Override
    public String name() {
        return "random";
    }
}
