package io.omnicl.runtime.sched;


import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/**
 * Deque model, data aware: a ready task goes to the device on which it is expected to complete first,
 * counting when the device is free, the time to bring the data it lacks at the device's measured bus speed,
 * and the kernel's expected run time there from the performance model. The choice is made when a device
 * asks for work, so that tasks of equal estimate but unequal cost balance themselves. A device takes a task
 * when no other device would complete it sooner, or when it would complete it before the other devices
 * could complete all the ready work (so a slower device helps while there is much to do, and never holds
 * up the end). A device that has not yet run a kernel is given it to learn from when its estimate (from
 * other devices, scaled by measured speeds) makes it a close second, and it needs no more bytes brought from
 * other devices than the best device would.
 */
public final class DmdaScheduler<T extends Task> implements Scheduler<T> {

    /** Launches a device must have run of a kernel before its estimate is trusted. */
    static final int LEARNING_SAMPLES = 2;
    /** How much later than the best a device still learning a kernel may be expected to finish. */
    static final double LEARNING_SLACK = 1.5;
    /** The work assumed of a kernel that no device has run yet, in calibration operations. */
    static final double UNKNOWN_KERNEL_OPS = 1e6;
    /** How many times as fast as all the others together a device is measured to be for new data to go there. */
    static final double DOMINANCE = 10;

    private final ArrayDeque<T> ready = new ArrayDeque<>();
    private final List<? extends Worker> workers;
    private final PerfModel model;
    private final List<String> deviceIds;

    public DmdaScheduler(List<? extends Worker> workers, PerfModel model) {
        this.workers = workers;
        this.model = model;
        this.deviceIds = workers.stream().map(w -> w.modelId()).toList();
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

    /**
     * The device of {@code nodes} measured to compute at least {@value #DOMINANCE} times as fast as all the
     * others together, if any: this policy runs nearly everything there, so data written from the host is
     * better there at once than on the host for the readers to fetch. Otherwise the devices that compute at
     * least 1/{@value #DOMINANCE} as fast as the fastest (all of them while some is not measured yet): the
     * others would rarely run a reader.
     */
    @Override
    public long homeOfNewData(long nodes) {
        double fastest = 0;
        double all = 0;
        long home = 0;
        for (Worker w : workers) {
            if ((nodes & w.bit()) == 0) {
                continue;
            }
            DeviceSpeed s = model.speed(w.modelId());
            if (s == null) {
                return nodes;
            }
            all += s.opsPerNano();
            if (s.opsPerNano() > fastest) {
                fastest = s.opsPerNano();
                home = w.bit();
            }
        }
        if (fastest >= DOMINANCE * (all - fastest)) {
            return home;
        }
        long comparable = 0;
        for (Worker w : workers) {
            if ((nodes & w.bit()) != 0 && model.speed(w.modelId()).opsPerNano() * DOMINANCE >= fastest) {
                comparable |= w.bit();
            }
        }
        return comparable;
    }

    @Override
    public boolean mayHaveWorkFor(Worker worker) {
        synchronized (ready) {
            for (T t : ready) {
                if ((t.candidates() & worker.bit()) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public T pop(Worker worker) {
        long bit = worker.bit();
        long now = System.nanoTime();
        synchronized (ready) {
            for (Iterator<T> it = ready.iterator(); it.hasNext(); ) {
                T t = it.next();
                if ((t.candidates() & bit) == 0) {
                    continue;
                }
                boolean only = Long.bitCount(t.candidates()) == 1;
                // a task that can run nowhere else is not weighed: what it will fetch is not worth estimating
                double mine = only ? worker.freeAt(now) + run(t, worker) : completion(t, worker, now);
                if (only || choose(t, worker, mine, now)) {
                    it.remove();
                    worker.expect(Math.max(0, mine - worker.freeAt(now)));
                    return t;
                }
            }
        }
        return null;
    }

    /**
     * Whether {@code worker}, expected to complete {@code t} at {@code mine}, should take it: no other
     * device completes it sooner, or the others could not complete all the ready work (counted as tasks
     * like {@code t}, shared by their rates) before {@code worker} completes {@code t}.
     */
    private boolean choose(T t, Worker worker, double mine, long now) {
        double best = Double.MAX_VALUE;
        Worker bestDevice = null;
        double earliestFree = Double.MAX_VALUE;
        double tasksPerNano = 0;
        for (Worker other : workers) {
            if (other != worker && (t.candidates() & other.bit()) != 0) {
                double done = completion(t, other, now);
                if (done < best) {
                    best = done;
                    bestDevice = other;
                }
                earliestFree = Math.min(earliestFree, other.freeAt(now));
                tasksPerNano += 1 / Math.max(1, done - other.freeAt(now));
            }
        }
        if (mine <= best || mine <= earliestFree + ready.size() / tasksPerNano) {
            return true;
        }
        // learning must not move what devices hold: a chain would follow it to the learner, whole (Jacobi's bytes)
        PerfKey key = t.perfKey();
        boolean learning = key != null && model.samples(key, worker.modelId()) < LEARNING_SAMPLES
                && t.fetchTo(worker.index()).fromDevices() <= (bestDevice == null ? 0
                        : t.fetchTo(bestDevice.index()).fromDevices());
        return learning && mine - now <= LEARNING_SLACK * (best - now);
    }

    /** The host time at which {@code t} is expected to complete if {@code w} runs it. */
    double completion(T t, Worker w, long now) {
        return w.freeAt(now) + transfer(t, w) + run(t, w);
    }

    /** How long bringing what {@code t} needs to {@code w}'s device is expected to take. */
    private double transfer(T t, Worker w) {
        return w.speed().transferNanos(t.fetchTo(w.index()), averageSpeed());
    }

    private double run(T t, Worker w) {
        PerfKey key = t.perfKey();
        double estimate = key == null ? Double.NaN : model.estimate(key, w.modelId(), deviceIds);
        return Double.isNaN(estimate) ? UNKNOWN_KERNEL_OPS / w.speed().opsPerNano() : estimate;
    }

    /** The bus of a typical device, for data that must first come back from one of them. */
    private DeviceSpeed averageSpeed() {
        double down = 0;
        long latency = 0;
        for (Worker w : workers) {
            down += w.speed().downloadPerNano();
            latency += w.speed().latencyNanos();
        }
        int n = Math.max(1, workers.size());
        return new DeviceSpeed(1, 1, down / n, latency / n);
    }

    @Override
    public String name() {
        return "dmda";
    }
}
