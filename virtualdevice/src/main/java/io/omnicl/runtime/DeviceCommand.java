package io.omnicl.runtime;

import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.graph.Access;
import io.omnicl.runtime.graph.Completion;
import io.omnicl.runtime.graph.Statuses;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceTask;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.Trace;
import io.omnicl.spi.RealEvent;

import java.util.ArrayList;
import java.util.List;

/**
 * A command that runs on a real device: when a worker takes it, the ranges it reads are made valid on that
 * device, then its real command is submitted; when that succeeds, the ranges it writes are committed to
 * the device. If some range must first come back from another device, the command waits for that and
 * tries again on the same worker. From the start to the end the chunks it uses are pinned on the device,
 * so that making room for other commands does not evict them.
 */
abstract class DeviceCommand extends Command implements DeviceTask {

    private long candidates;
    /** The chunks the command uses on the device running it, while it runs. */
    private List<Chunk> pinned = List.of();

    DeviceCommand(Queue queue, int commandType) {
        super(queue, commandType);
    }

    /** Ranges to make valid on the device first. */
    abstract List<Access> inputs();

    /** Ranges the command writes, committed to the device when it succeeds: by default its written accesses. */
    List<Access> outputs() {
        return accesses().stream().filter(Access::writes).toList();
    }

    /** Submits the real command on {@code w}'s queue; returns its event. */
    abstract RealEvent submit(DeviceWorker w);

    /** The command's name in a trace. */
    String label() {
        return getClass().getSimpleName().replace("Command", "").toLowerCase();
    }

    /** The command's kind in a trace. */
    Trace.Kind traceKind() {
        return Trace.Kind.COPY;
    }

    /** Those of {@code nodes} (bits) whose memory can hold what the command uses all at once. */
    final long fitting(long nodes) {
        long fit = 0;
        for (DeviceNode n : queue.engine().machine().nodes()) {
            if ((nodes & n.bit()) != 0 && n.memory().fits(accesses())) {
                fit |= n.bit();
            }
        }
        return fit;
    }

    /** Hands the command to the scheduler, to run on one of {@code nodes} (bits). */
    final void place(long nodes) {
        this.candidates = nodes;
        queue.engine().machine().scheduler().push(this);
    }

    @Override
    public final long candidates() {
        return candidates;
    }

    @Override
    public final void run(DeviceWorker w) {
        Coherency coherency = queue.engine().coherency();
        List<RealEvent> uploads = new ArrayList<>();
        try {
            List<Chunk> chunks = w.memory().pin(accesses());
            if (chunks == null) {
                w.retryAfterNextEnd(this);
                return;
            }
            pinned = chunks;
            List<Completion> waits = new ArrayList<>();
            for (Access a : inputs()) {
                Completion c = coherency.toDevice(a.storage(), a.offset(), a.length(), w, uploads);
                if (c != null) {
                    waits.add(c);
                }
            }
            if (!waits.isEmpty()) {
                uploads.forEach(RealEvent::release);
                unpin(w);
                Completion.all(waits).onDone(s -> {
                    if (s < 0) {
                        end(s);
                    } else {
                        w.post(this);
                    }
                });
                return;
            }
            RealEvent real = submit(w);
            event.running(0);
            w.track(label(), traceKind(), real, uploads, (status, ended) -> finished(w, status, ended));
        } catch (RuntimeException e) {
            uploads.forEach(RealEvent::release);
            unpin(w);
            end(Statuses.of(e));
        }
    }

    private void unpin(DeviceWorker w) {
        w.memory().unpin(pinned);
        pinned = List.of();
    }

    private void finished(DeviceWorker w, int status, RealEvent real) {
        unpin(w);
        if (status == 0) {
            long[] times = real.profile();
            if (times != null && queue.profiling()) {
                event.executedAt(w.hostTime(times[2]), w.hostTime(times[3]), System.nanoTime());
            }
            if (times != null && perfKey() != null) {
                // a throttled device holds its worker for the kernel and the wait after it
                queue.engine().machine().model().record(perfKey(), w.node().modelId(),
                        (long) ((times[3] - times[2]) * w.throttle()));
            }
            for (Access a : outputs()) {
                Coherency.committed(a.storage(), a.offset(), a.length(), w.node().index());
            }
        }
        end(status);
    }

    @Override
    public final void abandon(int status) {
        end(status);
    }
}
