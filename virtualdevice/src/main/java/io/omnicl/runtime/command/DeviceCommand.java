package io.omnicl.runtime.command;

import io.omnicl.runtime.Device;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.coherence.StagedResults;
import io.omnicl.runtime.graph.Completion;
import io.omnicl.runtime.graph.Statuses;
import io.omnicl.runtime.sched.PerfKey;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceTask;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.Trace;
import io.omnicl.spi.RealEvent;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import static io.omnicl.driver.OpenClConstants.CL_DEVICE_NOT_AVAILABLE;
import static io.omnicl.driver.OpenClConstants.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;

/**
 * A command that runs on a real device: when a worker takes it, the ranges it reads are made valid on that
 * device, then its real command is submitted; when that succeeds, the ranges it writes are committed to
 * the device. If some range must first come back from another device, the command waits for that and
 * tries again on the same worker. From the start to the end the chunks it uses are pinned on the device,
 * so that making room for other commands does not evict them. A failed attempt on the virtual device is
 * placed again on another device.
 */
abstract class DeviceCommand extends Command implements DeviceTask {

    private long candidates;
    /** The chunks the command uses on the device running it, while it runs. */
    private List<Chunk> pinned = List.of();
    /** Devices on which the command failed; with lost devices, never used for it again. */
    private long excluded;
    /** The status of the last failed attempt, 0 if none. */
    private int failure;

    DeviceCommand(Queue queue, int commandType) {
        super(queue, commandType);
    }

    /** Ranges to make valid on the device first. */
    abstract List<Access> inputs();

    /**
     * Submits the real command on {@code w}'s queue; returns its event. With {@code withEvent} false it may
     * ask for none and return null (a kernel launch does; the worker learns of its end from a later event).
     */
    abstract RealEvent submit(DeviceWorker w, boolean withEvent);

    /** The command's name in a trace. */
    String label() {
        return getClass().getSimpleName().replace("Command", "").toLowerCase();
    }

    /** The command's kind in a trace. */
    Trace.Kind traceKind() {
        return Trace.Kind.COPY;
    }

    /** Those of {@code nodes} (bits) the command may still use: not lost, and not failed by this command. */
    final long available(long nodes) {
        return nodes & ~excluded & ~queue.runtime().devices().lostNodes();
    }

    /** Those of {@code nodes} available and with room for what the command uses, all at once. */
    final long fitting(long nodes) {
        long fit = 0;
        long candidates = available(nodes);
        for (DeviceNode n : queue.runtime().devices().nodes()) {
            if ((candidates & n.bit()) != 0 && n.memory().fits(accesses())) {
                fit |= n.bit();
            }
        }
        return fit;
    }

    /**
     * Whether a command of a pinned queue runs on its device: yes, unless the device is there but has no
     * room for it (then it runs on the host copy); a lost device fails it.
     */
    final boolean onPinnedDevice(Device device) {
        return fitting(device.nodeMask()) != 0 || available(device.nodeMask()) == 0;
    }

    /**
     * Hands the command to the scheduler, to run on one of {@code nodes} (bits) still available; fails it
     * when none is.
     */
    final void place(long nodes) {
        long usable = available(nodes);
        if (usable == 0) {
            end(failure != 0 ? failure : CL_DEVICE_NOT_AVAILABLE);
            return;
        }
        this.candidates = usable;
        Route.toScheduler(queue.runtime().devices(), this);
    }

    @Override
    public final long candidates() {
        return candidates;
    }

    /** The devices (bits) on which the command may run behind its precursors; none by default. */
    long followNodes() {
        return 0;
    }

    @Override
    final boolean canFollowOn(DeviceWorker w) {
        return (available(followNodes()) & w.node().bit()) != 0;
    }

    @Override
    final void follow(DeviceWorker w) {
        if (w.node().isLost() || w.failing() || !precursorsSettledOn(w)) {
            unfollow();
        } else {
            execute(w, true);
        }
    }

    @Override
    public final void run(DeviceWorker w) {
        if (w.node().isLost()) {
            attemptFailed(w, CL_DEVICE_NOT_AVAILABLE, false);
            return;
        }
        execute(w, false);
    }

    /**
     * Makes the inputs valid on {@code w}'s device and submits the command. {@code behind}: it follows
     * precursors in flight there, whose writes count as valid on the device; when anything would have to be
     * waited for, it does not follow after all.
     */
    private void execute(DeviceWorker w, boolean behind) {
        Coherency coherency = queue.runtime().coherency();
        List<RealEvent> events = new ArrayList<>();
        boolean submitted = false;
        try {
            List<Chunk> chunks = w.memory().pin(accesses());
            if (chunks == null) {
                if (behind) {
                    unfollow();
                } else {
                    w.retryAfterNextEnd(this);
                }
                return;
            }
            pinned = chunks;
            PerfKey key = perfKey();
            boolean timed = queue.profiling()
                    || key != null && queue.runtime().devices().model().sampleNext(key, w.node().modelId());
            Collection<Access> pending = behind ? w.pendingWrites() : List.of();
            List<Completion> waits = new ArrayList<>();
            List<Access> inputs = inputs();
            for (int i = 0; i < inputs.size(); i++) {
                for (Access a : inputs.get(i).minus(pending)) {
                    Completion c = coherency.toDevice(a.storage(), a.offset(), a.length(), w, events);
                    if (c != null) {
                        waits.add(c);
                    }
                }
            }
            if (!waits.isEmpty()) {
                events.forEach(RealEvent::release);
                unpin(w);
                if (behind) {
                    unfollow();
                    return;
                }
                Completion.all(waits).onDone(s -> {
                    if (s < 0) {
                        end(s);
                    } else {
                        Route.backTo(w, this);
                    }
                });
                return;
            }
            RealEvent real = submit(w, w.needsEvent(timed, behind));
            submitted = true;
            event.running(0);
            RealEvent last = real;
            StagedResults staged = null;
            if (queue.runtime().config().resilient() && !outputs().isEmpty()) {
                if (real != null) {
                    events.add(real);
                }
                staged = StagedResults.read(outputs(), w, events);
                last = events.remove(events.size() - 1);
            }
            StagedResults results = staged;
            w.track(label(), traceKind(), real, last, events, outputs(), behind, timed,
                    (status, times) -> finished(w, status, times, results));
            runningOn(w);
        } catch (RuntimeException e) {
            events.forEach(RealEvent::release);
            if (submitted) {
                w.settleUntracked();
            }
            attemptFailed(w, Statuses.of(e), submitted);
        }
    }

    private void unpin(DeviceWorker w) {
        w.memory().unpin(pinned);
        pinned = List.of();
    }

    /** The attempt submitted on {@code w}'s device has ended, well or not: what it held there is let go. */
    void attemptEnded(DeviceWorker w) {
    }

    private void finished(DeviceWorker w, int status, long[] times, StagedResults staged) {
        attemptEnded(w);
        if (status < 0) {
            attemptFailed(w, status, true);
            return;
        }
        unpin(w);
        if (times != null && queue.profiling()) {
            event.executedAt(w.hostTime(times[2]), w.hostTime(times[3]), System.nanoTime());
        }
        if (times != null && perfKey() != null) {
            // a throttled device holds its worker for the kernel and the wait after it
            queue.runtime().devices().model().record(perfKey(), w.node().modelId(),
                    (long) ((times[3] - times[2]) * w.throttle()));
        }
        if (staged != null) {
            staged.commit(w.node().index());
        } else {
            List<Access> outputs = outputs();
            for (int i = 0; i < outputs.size(); i++) {
                Access a = outputs.get(i);
                Coherency.committed(a.storage(), a.offset(), a.length(), w.node().index());
            }
        }
        end(0);
    }

    /**
     * An attempt on {@code w}'s device failed. What it may have left there is not trusted: the device's
     * copies of the ranges it used are dropped where another node holds them too. On the virtual device
     * the command is then placed again, away from this device, unless it may have run and overwritten a
     * range that only this device held; a pinned device reports the error.
     *
     * @param ran whether the real command may have run
     */
    private void attemptFailed(DeviceWorker w, int status, boolean ran) {
        runningOn(null);
        unpin(w);
        w.countFailure();
        failure = status;
        if (status == CL_DEVICE_NOT_AVAILABLE) {
            queue.runtime().devices().lose(w.node());
        }
        int me = w.node().index();
        boolean intact = true;
        for (Access a : accesses()) {
            Coherency.dropped(a.storage(), a.offset(), a.length(), me);
            if (ran && a.writes() && !a.storage().map().held(a.offset(), a.length(), me).isEmpty()) {
                intact = false;
            }
        }
        // a command that failed only because one before it on the device did is not the device's fault
        if (status != CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) {
            excluded |= w.node().bit();
        }
        if (intact && following()) {
            unfollow();
        } else if (intact && queue.deviceImpl().isVirtual()) {
            start();
        } else {
            end(status);
        }
    }

    @Override
    public final void abandon(int status) {
        end(status);
    }
}
