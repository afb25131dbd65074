package io.omnicl.runtime.command;

import io.omnicl.runtime.Device;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.sched.Fetch;
import io.omnicl.runtime.sched.PerfKey;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.Trace;
import io.omnicl.spi.RealEvent;

import java.util.List;

/**
 * A command that runs on a real device: when a worker takes it, the ranges it reads are made valid on that
 * device, then its real command is submitted; when that succeeds, the ranges it writes are committed to
 * the device. If some range must first come back from another device, the command waits for that and
 * tries again on the same worker. From the start to the end the chunks it uses are pinned on the device,
 * so that making room for other commands does not evict them. A failed attempt on the virtual device is
 * placed again on another device. What is placed and run is the command's {@link Part}; the command, a node
 * of the graph, ends when its part has.
 */
abstract class DeviceCommand extends Command {

    /** Each kind's name in a trace, made once. */
    private static final ClassValue<String> LABELS = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> kind) {
            return kind.getSimpleName().replace("Command", "").toLowerCase();
        }
    };

    private final Part part = new Part(this, -1);

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
        return LABELS.get(getClass());
    }

    /** The command's kind in a trace. */
    Trace.Kind traceKind() {
        return Trace.Kind.COPY;
    }

    /** The performance model's key of a kernel launch; null for other commands. */
    PerfKey perfKey() {
        return null;
    }

    /** What the command would have to bring to node {@code node} before running there. */
    Fetch fetchTo(int node) {
        return Fetch.NONE;
    }

    /** What {@code part} makes valid on its device first: the command's inputs, unless the command is cut. */
    List<Access> inputsOf(Part part) {
        return inputs();
    }

    /** What {@code part} commits where it ran when it succeeds: the command's outputs, unless the command is cut. */
    List<Access> outputsOf(Part part) {
        return outputs();
    }

    /** The ranges {@code part} may overwrite when it runs: the command's written accesses, unless it is cut. */
    List<Access> writtenBy(Part part) {
        return written();
    }

    /**
     * Submits {@code part} on {@code w}'s queue (see {@link #submit}); {@code waitFor}, where not empty, holds
     * uploads on that queue that it waits for (only a launch's piece has any: {@link RelayAhead}).
     */
    RealEvent submitPart(Part part, DeviceWorker w, boolean withEvent, List<RealEvent> waitFor) {
        return submit(w, withEvent);
    }

    /**
     * Whether the command's parts may run beside each other on one device (through its side queue): parts that
     * write different bytes and are ordered after nothing but each other.
     */
    boolean runsBesideItsParts() {
        return false;
    }

    /**
     * {@code part} ran on {@code w}'s device from {@code start} to {@code end} (device nanoseconds): the
     * performance model learns the command's time there, if it has a key.
     */
    void learnTime(Part part, DeviceWorker w, long start, long end) {
        PerfKey key = perfKey();
        if (key != null) {
            // a throttled device holds its worker for the kernel and the wait after it
            queue.runtime().devices().model().record(key, w.node().modelId(), (long) ((end - start) * w.throttle()));
        }
    }

    /**
     * Whether {@code part}'s attempt on {@code w} wants its device times for {@link #learnTime}: where the model
     * samples the command's kernel on that device.
     */
    boolean timesPart(Part part, DeviceWorker w) {
        PerfKey key = perfKey();
        return key != null && queue.runtime().devices().model().sampleNext(key, w.node().modelId());
    }

    /** {@code part}'s name in a trace. */
    String labelOf(Part part) {
        return label();
    }

    /** What {@code part} would have to bring to node {@code node} before running there. */
    Fetch fetchTo(Part part, int node) {
        return fetchTo(node);
    }

    /** {@code part} is submitted on {@code w}: later commands may follow the command there. */
    void partRunningOn(Part part, DeviceWorker w) {
        runningOn(w);
    }

    /** The device that ran {@code part} reported its start and end, mapped to the host clock. */
    void partExecutedAt(Part part, long start, long end, long observed) {
        event.executedAt(start, end, observed);
    }

    /** {@code part} has ended with {@code status} (0 or negative): so has the command, unless it is cut. */
    void partEnded(Part part, int status) {
        end(status);
    }

    /** {@code part} failed on a device of the virtual device and may run again elsewhere. */
    void retry(Part part) {
        start();
    }

    /** The attempt submitted on {@code w}'s device has ended, well or not: what it held there is let go. */
    void attemptEnded(DeviceWorker w) {
    }

    /** Those of {@code nodes} (bits) the command may still use: not lost, and not failed by it. */
    final long available(long nodes) {
        return part.available(nodes);
    }

    /** Those of {@code nodes} available and with room for what the command uses, all at once. */
    final long fitting(long nodes) {
        return part.fitting(nodes);
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
        part.place(nodes);
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
        part.follow(w);
    }

    /**
     * On {@code w}'s thread: whether {@code part} may still go behind the command's precursors there (see
     * {@link #precursorsSettledOn}); {@code needs} gets what it reads of pieces on other devices, to be relayed
     * ({@link RelayAhead}; only a launch's piece has any).
     */
    boolean settledOn(Part part, DeviceWorker w, List<RelayAhead.Need> needs) {
        return precursorsSettledOn(w);
    }

    /** Whether {@code part} follows the command's precursors (submitted behind them, or about to be). */
    boolean follows(Part part) {
        return following();
    }

    /** {@code part} did not follow after all, or its attempt behind the precursors failed: it waits for them. */
    void unfollow(Part part) {
        unfollow();
    }
}
