package io.omnicl.runtime.sched;

import io.omnicl.runtime.worker.DeviceTask;
import io.omnicl.runtime.worker.DeviceWorker;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/** One central queue in arrival order; a worker with room takes the first task it may run. */
public final class EagerScheduler implements Scheduler {

    private final ArrayDeque<DeviceTask> ready = new ArrayDeque<>();
    private final List<DeviceWorker> workers;

    public EagerScheduler(List<DeviceWorker> workers) {
        this.workers = workers;
    }

    @Override
    public void push(DeviceTask task) {
        synchronized (ready) {
            ready.add(task);
        }
        for (DeviceWorker w : workers) {
            if ((task.candidates() & w.node().bit()) != 0) {
                w.wake();
            }
        }
    }

    @Override
    public DeviceTask pop(DeviceWorker worker) {
        long bit = worker.node().bit();
        synchronized (ready) {
            for (Iterator<DeviceTask> it = ready.iterator(); it.hasNext(); ) {
                DeviceTask t = it.next();
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
