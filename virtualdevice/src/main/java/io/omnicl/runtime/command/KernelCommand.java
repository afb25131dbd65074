package io.omnicl.runtime.command;

import io.omnicl.driver.ClError;
import io.omnicl.runtime.Kernel;
import io.omnicl.runtime.access.CutChoice;
import io.omnicl.runtime.access.Geometry;
import io.omnicl.runtime.access.SplitCounters;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.completion.Completion;
import io.omnicl.runtime.completion.Statuses;
import io.omnicl.runtime.sched.Fetch;
import io.omnicl.runtime.sched.PerfKey;
import io.omnicl.runtime.worker.DeviceNodes;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.Trace;
import io.omnicl.spi.RealEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static io.omnicl.driver.OpenClConstants.*;

/**
 * An NDRange launch, placed by the scheduler on a real device where the kernel can run; on the virtual device,
 * cut into parts for several devices where {@link LaunchCut} finds a cut, each part its own {@link Part}.
 */
final class KernelCommand extends DeviceCommand {

    private final Kernel kernel;
    private final Kernel.Arg[] args;
    private final int workDim;
    private final long[] offset;
    private final long[] global;
    private final long[] local;
    private final List<Access> accesses = new ArrayList<>();
    private final long nodes;
    private final PerfKey perfKey;
    /** On the virtual device with cuts allowed: what was learnt of cutting launches of this shape, else null. */
    private CutChoice choice;
    /** When the program enqueued the launch, for {@link #choice} (only taken where there is one). */
    private long enqueuedAt;
    /** Of a cut launch: whether the model expects it to take under 1 ms whole ({@link #timesPart}). */
    private boolean shortLaunch;
    /** The parts of a launch cut for several devices, else null; their ends are counted in {@link #partsLeft}. */
    private final LaunchCut cut;
    private final Part[] parts;
    private final AtomicInteger partsLeft;
    /** Of a cut launch: the next piece without a device, for the next device to end a piece. */
    private final AtomicInteger nextFree;
    /** Of a cut launch: the status of the first piece that failed for good, else 0. */
    private final AtomicInteger failure = new AtomicInteger();
    /** Of a cut launch, under {@link #parts}: each device's pieces so far ({@link #learnTime}). */
    private final Map<DeviceWorker, Span> spans;
    /** Of a cut launch: the pieces ended well, for a read waiting for it alone, else null. */
    private final EndedPieces ended;
    /** Of a cut launch: which of its pieces are handed out, to follow or to be placed. */
    private final PieceHandOut handOut;
    /** Of a cut launch: the earliest start and the latest end its parts' devices reported, for its profile. */
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;

    KernelCommand(Queue queue, Kernel kernel, int workDim, long[] offset, long[] global, long[] local) {
        super(queue, CL_COMMAND_NDRANGE_KERNEL);
        this.kernel = kernel;
        this.args = kernel.capture();
        this.workDim = workDim;
        this.offset = offset == null ? null : offset.clone();
        this.global = global.clone();
        this.local = local == null ? null : local.clone();
        for (Kernel.Arg a : args) {
            if (a instanceof Kernel.SamplerArg sa) {
                ClError.require(!sa.sampler().isReleased(), CL_INVALID_KERNEL_ARGS, "a sampler argument was released");
            }
            if (a instanceof Kernel.MemArg b && b.memory() != null) {
                ClError.require(!b.memory().isReleased(), CL_INVALID_KERNEL_ARGS, "an argument was released");
                accesses.add(new Access(b.memory().storage(), b.memory().storageOffset(), b.memory().size(),
                        b.writes()));
            }
        }
        this.perfKey = perfKeyOf();
        this.nodes = withDevicesBehind(queue, LaunchFit.placeable(queue, kernel, args, accesses, workDim, local));
        this.cut = cutOf(queue);
        this.parts = cut == null ? null : new Part[cut.pieces.size()];
        for (int p = 0; parts != null && p < parts.length; p++) {
            parts[p] = new Part(this, p);
        }
        this.partsLeft = cut == null ? null : new AtomicInteger(parts.length);
        this.nextFree = cut == null ? null : new AtomicInteger(cut.placedAtOnce);
        this.spans = cut == null ? null : new HashMap<>(4);
        this.ended = cut == null ? null : new EndedPieces();
        this.handOut = cut == null ? null : new PieceHandOut(parts.length);
        kernel.hold();
        for (Kernel.Arg a : args) {
            if (a instanceof Kernel.MemArg b && b.memory() != null) {
                b.memory().hold();
            } else if (a instanceof Kernel.SamplerArg sa) {
                sa.sampler().hold();
            }
        }
    }

    @Override
    List<Access> accesses() {
        return accesses;
    }

    @Override
    List<Access> inputs() {
        return accesses;
    }

    /**
     * {@code placeable}, the devices that can run the launch; on the virtual device, where the launch is expected to
     * take long enough whole that GPUs still opening behind the program pay for their opening
     * ({@link LaunchCut#worthWaitingFor}), those once they have opened and built the kernel's program (this waits).
     */
    private long withDevicesBehind(Queue queue, long placeable) {
        DeviceNodes devices = queue.runtime().devices();
        if (!queue.deviceImpl().isVirtual() || !kernel.waitsForDevicesBehind()
                || !LaunchCut.worthWaitingFor(LaunchCut.expectedWhole(perfKey, devices.usable(placeable), devices),
                devices)) {
            return placeable;
        }
        kernel.awaitDevicesBehind();
        return LaunchFit.placeable(queue, kernel, args, accesses, workDim, local);
    }

    /** The cut of a launch on the virtual device, or null when it runs whole (counted, with why). */
    private LaunchCut cutOf(Queue queue) {
        if (!queue.deviceImpl().isVirtual()) {
            return null;
        }
        queue.runtime().devices().launchedOnVirtual();
        SplitCounters counters = queue.runtime().splitCounters();
        if (!queue.runtime().config().splits()) {
            counters.whole("OMNICL_SPLIT=off");
            return null;
        }
        boolean always = queue.runtime().config().splitsAlways();
        double expectedWhole = always ? Double.NaN : LaunchCut.expectedWhole(perfKey,
                queue.runtime().devices().usable(nodes), queue.runtime().devices());
        boolean isShort = LaunchCut.isShort(expectedWhole);
        CutChoice shape = kernel.cutChoice(perfKey);
        // a short launch is cut or not by where its data is (LaunchCut.plan), never to time one way against the other
        choice = always || isShort ? null : shape;
        if (choice != null) {
            enqueuedAt = System.nanoTime();
        }
        CutChoice.Next next = choice == null ? CutChoice.Next.CUT : choice.next(expectedWhole);
        if (next != CutChoice.Next.CUT) {
            counters.whole(next == CutChoice.Next.TRY_WHOLE ? "whole launches of this shape tried against cut ones"
                    : "whole launches of this shape ended sooner than cut ones");
            return null;
        }
        long[] zero = new long[workDim];
        boolean relayable = LaunchCut.relayable(expectedWhole, shape.programWaits(executed::isDone), nodes,
                queue.runtime().devices());
        LaunchCut.Plan plan = LaunchCut.plan(kernel, args, new Geometry(workDim, offset == null ? zero : offset,
                global, local), nodes, queue.runtime().devices(), perfKey, shape, always, expectedWhole, relayable);
        if (relayable && shape.readsBeyondWrites()) {
            // relayed, or it would be were the GPUs in one context: what the program's next run decides by
            counters.relayedStencil(expectedWhole);
        }
        if (plan.cut() == null) {
            counters.whole(plan.whyWhole());
            if (choice != null) {
                // whole for a reason of its own: the choice between the ways learns nothing from it
                choice.refused();
                choice = null;
            }
        } else {
            counters.split();
            shortLaunch = isShort;
        }
        return plan.cut();
    }

    /**
     * Places the pieces with a device not yet handed out (those that followed the launch's precursors are under way).
     * Bytes a piece needs that only other devices hold are brought first ({@link #fetchFromOthers}): asked for behind a
     * piece on its in-order queue, they would wait for it to end (a CPU device of PoCL even runs the piece before it
     * reads anything back).
     */
    @Override
    void start() {
        if (cut == null) {
            place(nodes);
            return;
        }
        List<Part> toPlace = new ArrayList<>(parts.length);
        for (int p : handOut.start(cut.placedAtOnce)) {
            toPlace.add(parts[p]);
        }
        List<Completion> fetches = new ArrayList<>();
        try {
            for (Part part : toPlace) {
                fetchFromOthers(cut.pieces.get(part.piece()), fetches);
            }
            for (int p = cut.placedAtOnce; p < parts.length; p++) {
                fetchFromOthers(cut.pieces.get(p), fetches);
            }
        } catch (RuntimeException e) {
            // pieces that followed may be in flight: the launch ends with them
            toPlace.forEach(part -> partEnded(part, Statuses.of(e)));
            return;
        }
        if (fetches.isEmpty()) {
            toPlace.forEach(this::placeOwnPiece);
        } else {
            Completion.all(fetches).onDone(s -> {
                if (s < 0) {
                    toPlace.forEach(part -> partEnded(part, s));
                } else {
                    toPlace.forEach(this::placeOwnPiece);
                }
            });
        }
    }

    /**
     * A piece with a device to that device's own thread, woken at once, so that all devices start together: no device
     * thread submits pieces for another device (a PoCL CPU device runs a kernel in the thread that submits it, and a
     * piece handed to the scheduler from another device's thread was seen to wait for that thread's piece); only the
     * enqueuing thread submits a GPU's pieces itself ({@link Route#toOwnThread}). Where a piece has failed the launch
     * for good, the piece ends unrun.
     */
    private void placeOwnPiece(Part part) {
        int failed = failure.get();
        if (failed != 0) {
            partEnded(part, failed);
        } else {
            placePiece(part, cut.pieces.get(part.piece()).node().bit());
        }
    }

    /**
     * A launch cut with a device for every piece, waiting for no event, may follow the launches before it in pieces
     * ({@link PieceHandOut#mayFollow}) where each of those devices runs launches apart from its thread (a GPU): a CPU
     * device of PoCL runs a piece in the thread that waits for it, and a stencil's pieces following there took turns
     * with the other device's rather than running beside them. Once only: a piece that did not follow waits for the
     * launch's dependencies.
     */
    @Override
    boolean mayFollowInPieces() {
        return cut != null && cut.placedAtOnce == parts.length && cut.takersRunLaunchesApart() && !waitsForEvents()
                && !handOut.followed() && PieceHandOut.mayFollow(this);
    }

    /** Whether the launch is cut and each of its pieces is in flight or ended well. */
    boolean piecesSubmitted() {
        if (cut == null) {
            return false;
        }
        for (Part part : parts) {
            if (part.inFlightOn() == null && !part.succeeded()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Of a launch cut across devices before {@code later}, a piece of a launch that follows it on {@code w}: whether
     * each of its pieces that changes what {@code later} uses, or uses what it changes, is ahead of it on {@code w}'s
     * in-order queue, ended well on {@code w}'s device, or, on another device of {@code w}'s real context, one that
     * {@code later} may go behind there ({@link RelayAhead#across}, which adds to {@code needs} what it relays). (Ended
     * well elsewhere, it leaves bytes to move first, which the later piece would start moving and then not follow; its
     * launch's own start moves them.)
     */
    boolean settledBefore(LaunchCut.Piece later, DeviceWorker w, List<RelayAhead.Need> needs) {
        if (cut == null) {
            return false;
        }
        for (Part earlier : parts) {
            boolean here = earlier.aheadOnInOrderQueue(w) || earlier.succeeded() && earlier.ranOn() == w.node();
            LaunchCut.Piece piece = cut.pieces.get(earlier.piece());
            if (!here && piece.conflictsWith(later) && !RelayAhead.across(earlier, piece, later, w, needs)) {
                return false;
            }
        }
        return true;
    }

    /** Hands every piece to its device to follow; where two threads got here, the second lets the command wait. */
    @Override
    void followInPieces() {
        if (!handOut.followAll()) {
            unfollow();
            return;
        }
        for (int p = 0; p < parts.length; p++) {
            Route.pieceBehindPrecursors(parts[p], cut.pieces.get(p).node().worker());
        }
    }

    /** On {@code w}'s thread: whether a piece may go behind the launches before it there ({@link PieceHandOut}). */
    @Override
    boolean settledOn(Part part, DeviceWorker w, List<RelayAhead.Need> needs) {
        return cut == null ? precursorsSettledOn(w)
                : PieceHandOut.settledOn(this, cut.pieces.get(part.piece()), w, needs);
    }

    @Override
    boolean follows(Part part) {
        return cut == null ? following() : handOut.following(part.piece());
    }

    /** A piece that did not follow waits for the launch's dependencies, or is placed where they are met. */
    @Override
    void unfollow(Part part) {
        if (cut != null && handOut.unfollow(part.piece())) {
            placeOwnPiece(part);
        } else {
            unfollow();
        }
    }

    /** Places a piece on device {@code own} (a bit), on its own thread; if it was lost since, on any other. */
    private void placePiece(Part part, long own) {
        if (part.available(own) == 0) {
            part.place(nodes);
        } else {
            part.placeOnOwnThread(own);
        }
    }

    /**
     * Asks for the bytes {@code piece} reads that neither its device (any, for a piece without one) nor the host
     * holds, adding to {@code fetches}: where they are a halo ({@link LaunchCut.Piece#bringsHaloAtMost}: a stencil's
     * edge rows), straight to the piece's device where that has memory for the range already
     * ({@link io.omnicl.runtime.coherence.Coherency#toDeviceFirst}: a few rows need no host copy of the grid); else
     * to the host, whose copy, once made, serves every later move.
     */
    private void fetchFromOthers(LaunchCut.Piece piece, List<Completion> fetches) {
        int node = piece.node() == null ? CoherenceMap.HOST : piece.node().index();
        boolean halo = piece.node() != null && piece.bringsHaloAtMost();
        for (Access a : piece.inputs()) {
            if (halo && a.storage().chunkCovering(piece.node().memory(), a.offset(), a.length()) != null) {
                fetches.add(queue.runtime().coherency().toDeviceFirst(a.storage(), a.offset(), a.length(),
                        piece.node().worker()));
                continue;
            }
            for (CoherenceMap.Piece m : a.storage().map().missing(a.offset(), a.length(), node)) {
                if ((m.holders() & CoherenceMap.bit(CoherenceMap.HOST)) == 0) {
                    fetches.add(queue.runtime().coherency().toHost(a.storage(), m.offset(), m.length()));
                }
            }
        }
    }

    /** A cut launch's piece run by {@code part}, or null when the launch is whole. */
    private LaunchCut.Piece pieceOf(Part part) {
        return part.piece() < 0 ? null : cut.pieces.get(part.piece());
    }

    @Override
    List<Access> inputsOf(Part part) {
        LaunchCut.Piece piece = pieceOf(part);
        return piece == null ? inputs() : piece.inputs();
    }

    @Override
    List<Access> outputsOf(Part part) {
        LaunchCut.Piece piece = pieceOf(part);
        return piece == null ? outputs() : piece.outputs();
    }

    @Override
    List<Access> writtenBy(Part part) {
        LaunchCut.Piece piece = pieceOf(part);
        return piece == null ? super.writtenBy(part) : piece.outputs();
    }

    @Override
    RealEvent submitPart(Part part, DeviceWorker w, boolean withEvent, List<RealEvent> waitFor) {
        LaunchCut.Piece piece = pieceOf(part);
        if (piece == null) {
            return submit(w, withEvent);
        }
        long[] partOffset = offset == null ? new long[workDim] : offset.clone();
        long[] partGlobal = global.clone();
        partOffset[cut.dim] = piece.from();
        partGlobal[cut.dim] = piece.to() - piece.from();
        return launch(w, withEvent, partOffset, partGlobal, piece.variantArgument(), waitFor);
    }

    /** The pieces of a cut launch write different bytes, and it started once what it depends on had ended. */
    @Override
    boolean runsBesideItsParts() {
        return cut != null;
    }

    /**
     * A cut launch's pieces are all timed, for the spans its devices took ({@link #learnTime}), but a short launch's
     * (under 1 ms whole): a driver's profiling costs a GPU a part of each short piece's time, and a loop of them
     * would seldom find the device's queue with profiling free to take them ({@link DeviceWorker#queueFor}).
     */
    @Override
    boolean timesPart(Part part, DeviceWorker w) {
        return cut == null ? super.timesPart(part, w) : !shortLaunch;
    }

    /**
     * Of a cut launch, the span and work-items of each device's pieces, learnt when the launch ends: the pieces
     * one device runs beside each other share it, so each one's own time tells little.
     */
    @Override
    void learnTime(Part part, DeviceWorker w, long start, long end) {
        LaunchCut.Piece piece = pieceOf(part);
        if (piece == null) {
            super.learnTime(part, w, start, end);
            return;
        }
        synchronized (parts) {
            spans.merge(w, new Span(start, end, piece.to() - piece.from()), Span::and);
        }
    }

    /** The model learns each device's time for the whole launch: its span over its pieces, scaled to all work-items. */
    private void learnSpans() {
        // a short launch teaches nothing: where a profiling queue times its pieces, those behind others may still go
        // on the queue without profiling, and one device's time alone would move the shares of a loop that keeps its
        // data where its pieces run
        if (perfKey == null || shortLaunch) {
            return;
        }
        synchronized (parts) {
            spans.forEach((w, span) -> queue.runtime().devices().model().record(perfKey, w.node().modelId(),
                    (long) ((span.end - span.start) * w.throttle() * global[cut.dim] / span.items)));
        }
    }

    /** A device's pieces of a cut launch: the first start, the last end (device nanoseconds), the work-items. */
    private record Span(long start, long end, long items) {
        Span and(Span other) {
            return new Span(Math.min(start, other.start), Math.max(end, other.end), items + other.items);
        }
    }

    @Override
    String labelOf(Part part) {
        LaunchCut.Piece piece = pieceOf(part);
        return piece == null ? label() : piece.label();
    }

    @Override
    Fetch fetchTo(Part part, int node) {
        LaunchCut.Piece piece = pieceOf(part);
        return piece == null ? fetchTo(node) : missing(piece.inputs(), node);
    }

    /** A command cut across devices is in flight on none of them alone: later launches may follow its pieces. */
    @Override
    void partRunningOn(Part part, DeviceWorker w) {
        if (cut == null) {
            super.partRunningOn(part, w);
        } else {
            tellFollowers();
        }
    }

    @Override
    void partExecutedAt(Part part, long start, long end, long observed) {
        if (cut == null) {
            super.partExecutedAt(part, start, end, observed);
            return;
        }
        synchronized (parts) {
            firstStart = Math.min(firstStart, start);
            lastEnd = Math.max(lastEnd, end);
            event.executedAt(firstStart, lastEnd, observed);
        }
    }

    /**
     * A piece ended: a device that ended one well takes the next piece without a device. The command ends when its
     * last piece in flight has: a piece that failed for good leaves the pieces without a device unrun and the
     * command failed, but not before the others in flight have ended (they use its kernel and buffers).
     */
    @Override
    void partEnded(Part part, int status) {
        if (cut == null) {
            if (status == 0 && choice != null) {
                choice.ended(false, enqueuedAt, System.nanoTime());
            }
            end(status);
            return;
        }
        if (status < 0) {
            failure.compareAndSet(0, status);
            int unclaimed = parts.length - Math.min(parts.length, nextFree.getAndSet(parts.length));
            partsLeft.addAndGet(-unclaimed);
        } else if (failure.get() == 0) {
            int next = nextFree.getAndIncrement();
            if (next < parts.length) {
                placePiece(parts[next], part.ranOn().bit());
            }
        }
        if (status == 0) {
            // after the device's next piece, which is more urgent than the bytes of this one
            ended.add(part.ranOn().worker(), outputsOf(part));
        }
        if (partsLeft.decrementAndGet() == 0) {
            if (handOut.followed()) {
                // a piece that followed may end before a piece elsewhere of a launch before this one, which a command
                // after this one may also wait for only through this one
                List<Completion> before = new ArrayList<>();
                // no more than when it followed: those have only ended since
                for (Command c : PieceHandOut.earlierNotEnded(this, PieceHandOut.MOST_AHEAD)) {
                    before.add(c.executed);
                }
                Completion.all(before).onDone(s -> cutEnded());
            } else {
                cutEnded();
            }
        }
    }

    /** The last piece of a cut launch has ended. */
    private void cutEnded() {
        for (Part part : parts) {
            part.launchEnded();
        }
        int failed = failure.get();
        if (failed == 0) {
            learnSpans();
            if (choice != null) {
                choice.ended(true, enqueuedAt, System.nanoTime());
            }
        }
        end(failed);
    }

    /**
     * The pieces that have ended well, where the launch is cut, its pieces write all of {@code range} and every
     * device that takes a piece runs launches apart from the thread that submits them (a GPU, which can send a
     * piece's bytes to the program while it runs the next ones); else null. (A piece that failed and is run again
     * elsewhere may land on a CPU device; its bytes are then read from there the same way.)
     */
    EndedPieces piecesWritingAll(Access range) {
        return cut != null && cut.writesAll(range) && cut.takersRunLaunchesApart() ? ended : null;
    }

    @Override
    void retry(Part part) {
        if (cut == null) {
            start();
        } else {
            part.place(nodes);
        }
    }

    @Override
    long followNodes() {
        return cut == null ? nodes : 0;
    }

    @Override
    String label() {
        return kernel.name();
    }

    @Override
    PerfKey perfKey() {
        return perfKey;
    }

    /** The kernel and launch shape: global and local sizes and the sizes of buffer and local arguments. */
    private PerfKey perfKeyOf() {
        int sized = 0;
        for (Kernel.Arg a : args) {
            if (a instanceof Kernel.MemArg m && m.memory() != null || a instanceof Kernel.LocalArg) {
                sized++;
            }
        }
        long[] shape = new long[2 * workDim + sized];
        System.arraycopy(global, 0, shape, 0, workDim);
        int at = workDim;
        for (int d = 0; d < workDim; d++) {
            shape[at++] = local == null ? -1 : local[d];
        }
        for (Kernel.Arg a : args) {
            if (a instanceof Kernel.MemArg m && m.memory() != null) {
                shape[at++] = m.memory().size();
            } else if (a instanceof Kernel.LocalArg l) {
                shape[at++] = -l.size();
            }
        }
        return kernel.perfKey(shape, workDim);
    }

    @Override
    Fetch fetchTo(int node) {
        return missing(accesses, node);
    }

    /** The bytes of {@code ranges} node {@code node} lacks. */
    private static Fetch missing(List<Access> ranges, int node) {
        long fromHost = 0;
        long fromDevices = 0;
        for (Access a : ranges) {
            long[] missing = a.storage().map().missingBytes(a.offset(), a.length(), node);
            fromHost += missing[0];
            fromDevices += missing[1];
        }
        return fromHost == 0 && fromDevices == 0 ? Fetch.NONE : new Fetch(fromHost, fromDevices);
    }

    @Override
    Trace.Kind traceKind() {
        return Trace.Kind.KERNEL;
    }

    @Override
    RealEvent submit(DeviceWorker w, boolean withEvent) {
        return launch(w, withEvent, offset, global, null, List.of());
    }

    /** Launches the real kernel over {@code launchGlobal} ({@link RealLaunch}). */
    private RealEvent launch(DeviceWorker w, boolean withEvent, long[] launchOffset, long[] launchGlobal,
                             byte[] variantArgument, List<RealEvent> waitFor) {
        return RealLaunch.launch(kernel, args, w, withEvent, workDim, launchOffset, launchGlobal, local,
                variantArgument, waitFor);
    }

    @Override
    void released() {
        if (ended != null) {
            ended.clear();
        }
        for (Kernel.Arg a : args) {
            if (a instanceof Kernel.MemArg b && b.memory() != null) {
                b.memory().unhold();
            } else if (a instanceof Kernel.SamplerArg sa) {
                sa.sampler().unhold();
            }
        }
        kernel.unhold();
    }
}
