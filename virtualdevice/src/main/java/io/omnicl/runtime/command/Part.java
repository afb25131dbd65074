package io.omnicl.runtime.command;

import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.coherence.StagedResults;
import io.omnicl.runtime.completion.Completion;
import io.omnicl.runtime.completion.Statuses;
import io.omnicl.runtime.sched.Fetch;
import io.omnicl.runtime.sched.PerfKey;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceNodes;
import io.omnicl.runtime.worker.DeviceTask;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import static io.omnicl.driver.OpenClConstants.CL_DEVICE_NOT_AVAILABLE;
import static io.omnicl.driver.OpenClConstants.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;

/**
 * What of a device command runs on one real device: placed by the scheduler on one of its candidates, it makes
 * the command's inputs valid there, submits it, and commits its outputs once the device reports success; a
 * failed attempt on the virtual device is placed again, away from the devices that failed it. A command runs
 * as one part, or a launch cut into pieces for several devices as several: the part is what a scheduler places
 * and a worker runs, apart from the command as a node of the graph, and each part is placed, retried and
 * committed on its own. What a part reads, writes and submits it asks its command for, naming itself.
 */
final class Part implements DeviceTask {

    private final DeviceCommand command;
    /** Which piece of a launch cut across devices the part runs, or -1 for all of its command. */
    private final int piece;
    private long candidates;
    /** The chunks the part uses on the device running it, while it runs. */
    private List<Chunk> pinned = List.of();
    /** Devices on which the part failed; with lost devices, never used for it again. */
    private long excluded;
    /** The status of the last failed attempt, 0 if none. */
    private int failure;
    /**
     * Whether the last ask for bytes other devices alone held went straight to the device running the part (a whole
     * command's: a cut launch's pieces get them as {@link KernelCommand} says): the next ask goes through the host, so
     * that bytes that did not come (a read failed) are not asked the same way again and again.
     */
    private boolean askedStraight;
    /** The device of the last attempt submitted. */
    private volatile DeviceNode ranOn;
    /**
     * The worker the part is submitted on and has not yet committed or failed on, else null (cleared on that worker's
     * thread).
     */
    private volatile DeviceWorker inFlightOn;
    /** Whether the attempt in flight went on its device's side queue rather than the in-order one. */
    private volatile boolean besideInOrder;
    /** Whether an attempt has succeeded and its outputs are committed. */
    private volatile boolean succeeded;
    /**
     * The attempt in flight or ended well, where another device's piece may read from it ({@link RelayAhead}), until
     * its launch ends; else null.
     */
    private volatile Attempt attempt;
    /** Whether the attempt failed on its device and waits to be judged (its failure, once pieces before it commit). */
    private volatile boolean failedAwaiting;

    /**
     * An attempt in flight on {@code on}'s device, in a real context shared with other devices: its event, the
     * in-order queue it went on (null for the side queue), when it was submitted there (the attempts of one queue in
     * its order), how many times the worker had flushed that queue then, its end as the host sees it (0 once it is
     * committed, else its failure), whether it waits for another device's command (then its event fails, and it
     * does not run, where that command failed), the chunks it uses there and the ranges it writes. Kept, with its
     * event and its chunks pinned, until its launch has ended ({@link #launchEnded}), so that a piece of another device
     * may still read what it wrote.
     */
    record Attempt(DeviceWorker on, HeldEvent event, RealQueue queue, long order, long flushes, Completion seen,
                   boolean waits, List<Chunk> pinned, List<Access> writes) {
    }

    Part(DeviceCommand command, int piece) {
        this.command = command;
        this.piece = piece;
    }

    private DeviceNodes devices() {
        return command.queue.runtime().devices();
    }

    /**
     * Those of {@code nodes} (bits) the part may still use: not failed by this part, not lost, and not opening behind
     * the program where others are left ({@link DeviceNodes#usable}).
     */
    long available(long nodes) {
        return devices().usable(nodes & ~excluded);
    }

    /** Those of {@code nodes} available and with room for what the part uses, all at once. */
    long fitting(long nodes) {
        long fit = 0;
        long candidates = available(nodes);
        for (DeviceNode n : devices().nodes()) {
            if ((candidates & n.bit()) != 0 && n.memory().fits(command.accesses())) {
                fit |= n.bit();
            }
        }
        return fit;
    }

    /**
     * Hands the part to the scheduler, to run on one of {@code nodes} (bits) still available; fails the command
     * when none is.
     */
    void place(long nodes) {
        long usable = available(nodes);
        if (usable == 0) {
            command.partEnded(this, failure != 0 ? failure : CL_DEVICE_NOT_AVAILABLE);
            return;
        }
        this.candidates = usable;
        Route.toScheduler(devices(), this);
    }

    @Override
    public void run(DeviceWorker w) {
        if (w.node().isLost()) {
            attemptFailed(w, CL_DEVICE_NOT_AVAILABLE, false);
            return;
        }
        execute(w, false, List.of());
    }

    /**
     * Makes the command's inputs valid on {@code w}'s device and submits it. {@code behind}: it follows
     * precursors in flight there, whose writes count as valid on the device, and {@code relayed} lands what it reads
     * of their pieces on other devices ({@link RelayAhead}); when anything would have to be waited for, it does not
     * follow after all.
     */
    private void execute(DeviceWorker w, boolean behind, List<RelayAhead.Landing> relayed) {
        Coherency coherency = command.queue.runtime().coherency();
        List<RealEvent> events = new ArrayList<>();
        boolean submitted = false;
        // the landings not yet uploaded, and those uploaded but not yet handed to the worker, for every way out
        List<RelayAhead.Landing> untaken = relayed;
        List<RelayAhead.Landing> landed = List.of();
        try {
            List<Chunk> chunks = w.memory().pin(command.accesses());
            if (chunks == null) {
                RelayAhead.cancel(untaken);
                if (behind) {
                    command.unfollow(this);
                } else {
                    Route.afterNextEnd(w, this);
                }
                return;
            }
            pinned = chunks;
            boolean timed = command.queue.profiling() || command.timesPart(this, w);
            // a piece of a cut launch that wants no times goes without profiling from any thread (queueFor)
            w.queueFor(timed, command.runsBesideItsParts());
            Collection<Access> pending = behind ? pendingWith(w.pendingWrites(), relayed) : List.of();
            List<Completion> waits = new ArrayList<>();
            List<Access> inputs = command.inputsOf(this);
            if (behind && (pending == null || heldByOtherDevicesOnly(inputs, pending, w))) {
                // it would wait for them: it waits for its precursors instead, and moves nothing meanwhile
                RelayAhead.cancel(untaken);
                unpin(w);
                command.unfollow(this);
                return;
            }
            boolean straight = piece < 0 && !behind && !askedStraight;
            for (int i = 0; i < inputs.size(); i++) {
                for (Access a : inputs.get(i).minus(pending)) {
                    Completion c = coherency.toDevice(a.storage(), a.offset(), a.length(), w, events, straight);
                    if (c != null) {
                        waits.add(c);
                    }
                }
            }
            askedStraight = straight && !waits.isEmpty();
            if (!waits.isEmpty()) {
                Coherency.watchUploads(w, events, inputs);
                // the worker has them now
                events.clear();
                unpin(w);
                if (behind) {
                    RelayAhead.cancel(untaken);
                    command.unfollow(this);
                    return;
                }
                Completion.all(waits).onDone(s -> {
                    if (s < 0) {
                        command.partEnded(this, s);
                    } else {
                        Route.backTo(w, this);
                    }
                });
                return;
            }
            List<Access> outputs = command.outputsOf(this);
            boolean readsResults = command.queue.runtime().config().resilient() && !outputs.isEmpty();
            // a piece that needs nothing moved first (nor its results read after it, on the in-order queue) may run
            // beside the pieces of its launch in flight here; each has an event of its own, so that the next may
            boolean beside = command.runsBesideItsParts();
            boolean side = beside && events.isEmpty() && !readsResults && !behind && w.sideQueueFreeFor(command);
            boolean withEvent = beside || w.needsEvent(timed, behind);
            // the piece before it here whose run hangs on another device's command: where that one does not run, this
            // one must not either (it may read what that one writes)
            Attempt tail = behind && w.waitingTail() instanceof Attempt t && t.on() == w ? t : null;
            RealEvent tailEvent = tail == null ? null : tail.event().hold();
            // following, it may use what pieces before it here, not yet committed, write: it commits after them, and
            // fails where one fails
            List<Completion> before = behind ? uncommittedWritersOf(command.accesses(), w) : List.of();
            List<RealEvent> waitFor;
            RealEvent real;
            try {
                // relayed bytes land on the in-order queue before the piece: tracked with it, like its other
                // uploads; the first waits for the piece before it too
                List<RealEvent> uploads = relayed.isEmpty() ? List.of() : RelayAhead.upload(relayed, w, tailEvent);
                if (uploads == null) {
                    RelayAhead.cancel(untaken);
                    unpin(w);
                    command.unfollow(this);
                    return;
                }
                events.addAll(uploads);
                landed = relayed;
                untaken = List.of();
                // waiting for them, the piece does not run where one of those failed (its event says so: finished)
                waitFor = !uploads.isEmpty() ? uploads : tailEvent != null ? List.of(tailEvent) : List.of();
                real = side ? w.onSideQueue(() -> command.submitPart(this, w, true, List.of()))
                        : command.submitPart(this, w, withEvent, waitFor);
            } finally {
                if (tailEvent != null) {
                    tail.event().letGo();
                }
            }
            boolean hangsOnOthers = !waitFor.isEmpty();
            submitted = true;
            ranOn = w.node();
            besideInOrder = side;
            // a piece of a cut launch may be waited for by a piece of another device of its real context (RelayAhead)
            HeldEvent held = beside && real != null && !readsResults && w.node().inContextGroup()
                    ? new HeldEvent(real) : null;
            attempt = held == null ? null : new Attempt(w, held, side ? null : w.queue(), System.nanoTime(),
                    w.flushes(), new Completion(), hangsOnOthers, pinned, outputs);
            if (hangsOnOthers && attempt != null) {
                w.waitingTail(attempt);
            }
            if (attempt != null) {
                w.attemptSubmitted(attempt);
            }
            inFlightOn = w;
            command.event.running(0);
            RealEvent last = held != null ? held : real;
            StagedResults staged = null;
            if (readsResults) {
                if (real != null) {
                    events.add(real);
                }
                staged = StagedResults.read(outputs, w, events);
                last = events.remove(events.size() - 1);
            }
            StagedResults results = staged;
            List<RelayAhead.Landing> relays = landed;
            w.track(command.labelOf(this), command.traceKind(), held != null ? held : real, last, events, outputs,
                    behind, timed, command, side, (status, times) -> {
                        RelayAhead.ended(relays);
                        // waiting for its relays, it ran only where they ended well
                        boolean ran = !hangsOnOthers || held == null
                                || held.status() != CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
                        // a failure too waits for the pieces before to commit: what it finds held here must be so
                        Completion first = commitsAfter(status < 0 ? List.of() : relays, before);
                        if (first == null) {
                            finished(w, status, times, results, ran);
                        } else if (status < 0) {
                            // nothing follows it meanwhile, nor uses what it wrote
                            failedAwaiting = true;
                            first.onDone(seen -> w.runBeforeNextTaskNow(() -> {
                                failedAwaiting = false;
                                finished(w, status, times, results, ran);
                            }));
                        } else {
                            // what it wrote is valid here for the pieces that follow it meanwhile
                            w.uncommittedWrites(outputs);
                            first.onDone(seen -> w.runBeforeNextTaskNow(() -> {
                                w.committedWrites(outputs);
                                finished(w, seen < 0 ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : status, times,
                                        results, ran);
                            }));
                        }
                    });
            landed = List.of();
            command.partRunningOn(this, w);
        } catch (RuntimeException e) {
            if (!landed.isEmpty()) {
                // the relayed bytes' uploads read memory that goes back once they have ended
                events.forEach(RealEvent::await);
                RelayAhead.ended(landed);
            }
            events.forEach(RealEvent::release);
            RelayAhead.cancel(untaken);
            if (submitted) {
                w.settleUntracked();
            }
            attemptFailed(w, Statuses.of(e), submitted);
        }
    }

    /**
     * The ranges a piece following on a device may read there without moving them: {@code pending}, what commands in
     * flight there write, and the ranges {@code relayed} lands; null where a relayed range is also written there
     * (one of the two would land under the other in either order).
     */
    private static Collection<Access> pendingWith(Collection<Access> pending, List<RelayAhead.Landing> relayed) {
        if (relayed.isEmpty()) {
            return pending;
        }
        List<Access> all = new ArrayList<>(pending);
        for (RelayAhead.Landing l : relayed) {
            for (Access p : pending) {
                if (p.overlaps(l.need().range())) {
                    return null;
                }
            }
            all.add(l.need().range());
        }
        return all;
    }

    /**
     * What an attempt that ended on its device waits for before it commits: the host seeing each piece it read from
     * end ({@link RelayAhead#writersSeen}), and the pieces before it on its device whose writes it uses ({@code before})
     * commit; null where nothing is left to wait for. Failed where one of those failed.
     */
    private static Completion commitsAfter(List<RelayAhead.Landing> relays, List<Completion> before) {
        List<Completion> pending = new ArrayList<>(relays.size() + before.size());
        for (List<Completion> ends : List.of(RelayAhead.writersSeen(relays), before)) {
            for (Completion end : ends) {
                if (!(end.isDone() && end.status() >= 0)) {
                    pending.add(end);
                }
            }
        }
        return pending.isEmpty() ? null : pending.size() == 1 ? pending.get(0) : Completion.all(pending);
    }

    /** The ends, as the host sees them, of the attempts on {@code w} not yet committed that write what {@code uses}. */
    private static List<Completion> uncommittedWritersOf(List<Access> uses, DeviceWorker w) {
        List<Completion> writers = new ArrayList<>(0);
        for (Object o : w.attemptsNotJudged()) {
            Attempt t = (Attempt) o;
            if (!t.seen().isDone() && LaunchCut.Piece.meet(t.writes(), uses)) {
                writers.add(t.seen());
            }
        }
        return writers;
    }

    /** Whether bytes of {@code inputs}, but {@code pending}, are held by neither {@code w}'s device nor the host. */
    private static boolean heldByOtherDevicesOnly(List<Access> inputs, Collection<Access> pending, DeviceWorker w) {
        for (Access input : inputs) {
            for (Access a : input.minus(pending)) {
                if (a.storage().map().missingBytes(a.offset(), a.length(), w.node().index())[1] != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private void unpin(DeviceWorker w) {
        w.memory().unpin(pinned);
        pinned = List.of();
    }

    /**
     * The attempt on {@code w} ended with {@code status} (a piece that read from pieces of other devices: once those
     * were seen to end, failed where one failed); {@code ran}: whether the device may have run it (a piece that waited
     * for a failed relay did not: what it would write is as it was).
     */
    private void finished(DeviceWorker w, int status, long[] times, StagedResults staged, boolean ran) {
        inFlightOn = null;
        command.attemptEnded(w);
        if (status < 0) {
            attemptFailed(w, status, ran);
            return;
        }
        Attempt ended = attempt;
        if (ended == null) {
            unpin(w);
        } else {
            // its chunks stay pinned for its launch's life (launchEnded)
            pinned = List.of();
        }
        if (times != null && command.queue.profiling()) {
            command.partExecutedAt(this, w.hostTime(times[2]), w.hostTime(times[3]), System.nanoTime());
        }
        if (times != null) {
            command.learnTime(this, w, times[2], times[3]);
        }
        if (staged != null) {
            staged.commit(w.node().index());
        } else {
            List<Access> outputs = command.outputsOf(this);
            for (int i = 0; i < outputs.size(); i++) {
                Access a = outputs.get(i);
                Coherency.committed(a.storage(), a.offset(), a.length(), w.node().index());
            }
        }
        succeeded = true;
        if (ended != null) {
            w.attemptJudged(ended);
            ended.seen().complete(0);
        }
        command.partEnded(this, 0);
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
        inFlightOn = null;
        Attempt failed = attempt;
        attempt = null;
        if (failed != null) {
            failed.on().attemptJudged(failed);
            failed.seen().complete(status);
            failed.event().letGo();
        }
        command.runningOn(null);
        unpin(w);
        w.countFailure();
        failure = status;
        if (status == CL_DEVICE_NOT_AVAILABLE) {
            devices().lose(w.node());
        }
        int me = w.node().index();
        boolean intact = true;
        for (Access a : command.accesses()) {
            if (a.writes()) {
                Coherency.dropped(a.storage(), a.offset(), a.length(), me);
            } else {
                Coherency.distrusted(a.storage(), a.offset(), a.length(), me);
            }
        }
        for (Access a : command.writtenBy(this)) {
            if (ran && !a.storage().map().held(a.offset(), a.length(), me).isEmpty()) {
                intact = false;
            }
        }
        // a command that failed only because one before it on the device did is not the device's fault
        if (status != CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) {
            excluded |= w.node().bit();
        }
        if (intact && command.follows(this)) {
            command.unfollow(this);
        } else if (intact && command.queue.deviceImpl().isVirtual()) {
            command.retry(this);
        } else {
            command.partEnded(this, status);
        }
    }

    /** The device of the last attempt submitted, or null before one. */
    DeviceNode ranOn() {
        return ranOn;
    }

    /** Which piece of a launch cut across devices the part runs, or -1 for all of its command. */
    int piece() {
        return piece;
    }

    /** Runs the part on the thread of {@code node} (a bit), woken at once ({@link Route#toOwnThread}). */
    void placeOnOwnThread(long node) {
        this.candidates = node;
        Route.toOwnThread(devices().node(Long.numberOfTrailingZeros(node)).worker(), this, launch());
    }

    /** Whether an attempt of the part has succeeded. */
    boolean succeeded() {
        return succeeded;
    }

    /** The worker the part is submitted on and has not yet committed or failed on, else null. */
    DeviceWorker inFlightOn() {
        return inFlightOn;
    }

    /**
     * The part's launch has ended: the attempt that ended well, kept for pieces of other devices to read from, lets go
     * of its event and its chunks.
     */
    void launchEnded() {
        Attempt a = attempt;
        attempt = null;
        if (a != null) {
            a.event().letGo();
            a.on().memory().unpin(a.pinned());
        }
    }

    /** The attempt in flight or ended well on {@code w}'s device that others may read from, or null. */
    Attempt attemptOn(DeviceWorker w) {
        Attempt a = attempt;
        return a != null && a.on() == w ? a : null;
    }

    /**
     * Whether the part is in flight on {@code w}'s in-order queue, or ended there and waits to commit: what is
     * submitted there next runs after it, and commits after it.
     */
    boolean aheadOnInOrderQueue(DeviceWorker w) {
        return inFlightOn == w && !besideInOrder && !failedAwaiting;
    }

    /** On {@code w}'s thread: submits the part behind the command's precursors there, or lets it wait for them. */
    void follow(DeviceWorker w) {
        List<RelayAhead.Need> needs = new ArrayList<>(0);
        if (w.node().isLost() || w.failing() || available(w.node().bit()) == 0
                || !command.settledOn(this, w, needs)) {
            command.unfollow(this);
        } else if (needs.isEmpty()) {
            execute(w, true, List.of());
        } else {
            List<RelayAhead.Landing> landings = RelayAhead.read(needs);
            if (landings == null) {
                command.unfollow(this);
            } else {
                execute(w, true, landings);
            }
        }
    }

    /** Whether this is a kernel launch's part. */
    boolean launch() {
        return command.launch();
    }

    @Override
    public long candidates() {
        return candidates;
    }

    @Override
    public PerfKey perfKey() {
        return command.perfKey();
    }

    @Override
    public Fetch fetchTo(int node) {
        return command.fetchTo(this, node);
    }

    @Override
    public void abandon(int status) {
        command.partEnded(this, status);
    }
}
