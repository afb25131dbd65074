package io.omnicl.runtime.command;

import io.omnicl.runtime.Kernel;
import io.omnicl.runtime.access.ArgAccess;
import io.omnicl.runtime.access.ByteRange;
import io.omnicl.runtime.access.CutChoice;
import io.omnicl.runtime.access.Geometry;
import io.omnicl.runtime.access.GeometryVariant;
import io.omnicl.runtime.access.KernelAccesses;
import io.omnicl.runtime.access.PartVerdict;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Storage;
import io.omnicl.runtime.sched.DeviceSpeed;
import io.omnicl.runtime.sched.PerfKey;
import io.omnicl.runtime.worker.ContextGroup;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceNodes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a launch on the virtual device is cut into parts for the real devices that take a share: ranges of global
 * ids along one dimension, in whole work-groups, each device's share sized after its speed, with the byte ranges
 * the kernel's source shows each part reads and writes. A regular kernel gives each device one block (the same
 * launch after launch, so that its data stays there); an irregular one is cut into shrinking blocks that the
 * devices take as they free up. A launch is cut only when every part's writes are known and no two parts write the
 * same byte; otherwise it runs whole, and {@link #plan} says why.
 */
final class LaunchCut {

    /** A device's share below this fraction of the launch would cost it more than it gains. */
    private static final double SMALLEST_SHARE = 1.0 / 16;
    /** A part bringing at most this fraction of what it reads from other devices brings a halo, worth it always. */
    private static final double HALO = 1.0 / 16;
    /**
     * A launch the performance model expects to take less than this on its fastest device runs whole, but where
     * {@link #SHORTEST_RESIDENT_CUT_NANOS} says: a cut's hand-overs between threads and its transfers cost a good part
     * of it. Such a launch is not timed both ways ({@link CutChoice}): each change of way would move its data.
     */
    private static final long SHORTEST_CUT_NANOS = 1_000_000;
    /**
     * Shorter launches are cut only over the devices that run launches apart from the thread that submits them (GPUs;
     * a CPU of PoCL beside them takes no piece), only where each piece reads within what it writes (an element-wise
     * kernel: not a stencil, whose next launch's pieces would need their neighbours' rows) and finds every byte it
     * reads on its device already, as a loop of such launches over the same buffers leaves them: then the cut moves
     * nothing, and a whole launch would first move the other devices' parts. Under this, never.
     */
    private static final long SHORTEST_RESIDENT_CUT_NANOS = 50_000;
    /**
     * A shorter launch whose pieces read past what they write (a stencil) is cut only over GPUs of one real context,
     * where a piece reads its neighbours' rows from another GPU's piece with no host thread in between
     * ({@link RelayAhead}), only where each piece finds all but a halo of what it reads on its device already (or on
     * the host), and only where the program enqueues its launches ahead of their ends (else no piece follows the one
     * before on the devices); under this, the exchange between the GPUs costs more than the cut saves.
     */
    private static final long SHORTEST_RELAYED_CUT_NANOS = 200_000;
    private static final String SHORT = "expected to take under 1 ms whole";
    private static final String SHORT_STENCIL = "expected to take under 1 ms whole, its parts reading past what they write";
    private static final String SHORT_STENCIL_APART = SHORT_STENCIL + ", its GPUs each in a context of its own";
    private static final String SHORT_ELSEWHERE = "expected to take under 1 ms whole, its parts' bytes not on their GPUs";
    /** Shares moving by at most this fraction of a launch are left as they were (see {@link CutChoice#steady}). */
    private static final double SHARE_TOLERANCE = 0.04;
    /** An irregular launch's blocks are at least 1/this of a taker's even share. */
    private static final int SMALLEST_BLOCKS = 16;
    /** Without a given work-group size, parts are cut at multiples of about this many work-items. */
    private static final long PREFERRED_GRAIN = 64;

    /**
     * One part: global ids {@code [from, to)} along the cut's dimension on {@code node}, or, null, on the device
     * that first ends a piece once the pieces with a device have been placed (they come first).
     *
     * @param inputs  ranges made valid on the device first: what it reads, and what it may leave unwritten of its
     *                write ranges
     * @param outputs the ranges it writes, committed to the device when it succeeds
     * @param variantArgument the value of the {@link GeometryVariant}'s added argument when the piece runs as the
     *                        variant (the kernel asks the geometry along the cut), else null
     */
    record Piece(DeviceNode node, long from, long to, List<Access> inputs, List<Access> outputs,
                 String label, byte[] variantArgument) {

        /** The bytes the piece reads that only devices other than its own hold now. */
        long fromOtherDevices() {
            long bytes = 0;
            for (Access a : inputs) {
                bytes += a.storage().map().missingBytes(a.offset(), a.length(), node.index())[1];
            }
            return bytes;
        }

        /** A halo's worth of what the piece reads ({@link #HALO} of it): a stencil's edge rows are no more. */
        double haloBytes() {
            long reads = 0;
            for (Access a : inputs) {
                reads += a.length();
            }
            return reads * HALO;
        }

        /** Whether what the piece reads that only other devices hold is at most a halo of it. */
        boolean bringsHaloAtMost() {
            return fromOtherDevices() <= haloBytes();
        }

        /** Whether either piece writes bytes the other uses (reads or writes), so that one must come after the other. */
        boolean conflictsWith(Piece other) {
            return meet(outputs, other.inputs) || meet(outputs, other.outputs) || meet(inputs, other.outputs);
        }

        /** Whether a range of {@code a} overlaps one of {@code b}. */
        static boolean meet(List<Access> a, List<Access> b) {
            for (Access x : a) {
                for (Access y : b) {
                    if (x.overlaps(y)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /** A cut, or why there is none. */
    record Plan(LaunchCut cut, String whyWhole) {
    }

    final int dim;
    final List<Piece> pieces;
    /** How many of the pieces, the first ones, have a device: the others go to devices as they free up. */
    final int placedAtOnce;

    private LaunchCut(int dim, List<Piece> pieces) {
        this.dim = dim;
        this.pieces = List.copyOf(pieces);
        this.placedAtOnce = placedAtOnce(pieces);
    }

    /**
     * Whether every device given a piece runs launches apart from the thread that submits them (the pieces without a
     * device go to those that end one).
     */
    boolean takersRunLaunchesApart() {
        for (int p = 0; p < placedAtOnce; p++) {
            if (!pieces.get(p).node().runsLaunchesApart()) {
                return false;
            }
        }
        return true;
    }

    /** Whether each piece with a device finds every byte it reads on that device already. */
    private boolean inPlace() {
        for (Piece p : pieces.subList(0, placedAtOnce)) {
            for (Access a : p.inputs()) {
                if (!a.storage().map().missing(a.offset(), a.length(), p.node().index()).isEmpty()) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Whether each piece with a device brings at most a halo of what it reads from other devices: where the host holds
     * the rest (a program's new buffers), each device uploads its part as a whole launch would upload all of it.
     */
    private boolean bringsHalosAtMost() {
        for (Piece p : pieces.subList(0, placedAtOnce)) {
            if (!p.bringsHaloAtMost()) {
                return false;
            }
        }
        return true;
    }

    /** Whether the pieces together write every byte of {@code range} (their writes never meet). */
    boolean writesAll(Access range) {
        long written = 0;
        for (Piece p : pieces) {
            for (Access o : p.outputs()) {
                Access both = o.intersection(range);
                written += both == null ? 0 : both.length();
            }
        }
        return written == range.length();
    }

    /**
     * The cut of a launch of {@code kernel} with captured {@code args} over the real devices {@code nodes} (bits)
     * that can run it. {@code shape}: what was learnt of cutting launches of its shape ({@code key}). {@code always}:
     * wherever it can be cut ({@code OMNICL_SPLIT=always}); {@code expected}: the performance model's time for it
     * whole on its fastest device ({@link #expectedWhole}; NaN where unknown, or with {@code always}).
     * {@code relayable}: GPUs of one real context relay the launch, or would were they in one ({@link #relayable}).
     */
    static Plan plan(Kernel kernel, Kernel.Arg[] args, Geometry g, long nodes, DeviceNodes devices, PerfKey key,
                     CutChoice shape, boolean always, double expected, boolean relayable) {
        nodes = devices.usable(nodes);
        if (Long.bitCount(nodes) < 2) {
            return whole("one real device can run it");
        }
        // a failed piece may be retried on any of these, also where a short launch leaves some out of its cut
        long runners = nodes;
        boolean relayed = false;
        if (isShort(expected)) {
            // a device that runs kernels on the thread submitting them (a CPU of PoCL) takes no piece of a short
            // launch: the GPUs beside it may still cut it among themselves
            nodes = runningLaunchesApart(nodes, devices);
            if (expected < SHORTEST_RESIDENT_CUT_NANOS || Long.bitCount(nodes) < 2) {
                return whole(SHORT);
            }
            relayed = relayable && inOneContext(nodesOf(nodes, devices));
            if (shape.readsBeyondWrites() && !relayed) {
                return stencilWhole(relayable);
            }
            if (!spreadOver(args, shape.readArgs(), nodes, relayed)) {
                return whole(SHORT_ELSEWHERE);
            }
        }
        KernelAccesses analysis = kernel.accesses();
        if (analysis.reason() != null) {
            return whole(analysis.reason());
        }
        if (g.local() == null && analysis.usesWorkGroups()) {
            // each part's driver would pick its own work-group size, and the kernel could tell
            return whole("no work-group size given, and the kernel asks for its work-groups");
        }
        String aliased = aliased(args);
        if (aliased != null) {
            return whole(aliased);
        }
        int dim = -1;
        long grain = 0;
        for (int d : analysis.splittableDims(g.workDim())) {
            long gr = grain(g, d);
            if (g.global()[d] >= 2 * gr) {
                dim = d;
                grain = gr;
                break;
            }
        }
        if (dim < 0) {
            return whole("no dimension to cut in whole work-groups");
        }
        Map<DeviceNode, Double> speeds = speeds(nodes, devices, key);
        List<DeviceNode> takers = takers(speeds, g.global()[dim] / grain, always);
        if (takers.size() < 2) {
            return whole("one device would take nearly all of it");
        }
        boolean variant = analysis.asksShape(dim);
        if (variant) {
            long groupItems = g.local() == null ? 0 : Arrays.stream(g.local(), 0, g.workDim())
                    .reduce(1, (a, b) -> a * b);
            String notReady = kernel.variantReadyOn(devices.nodes().stream().filter(n -> (runners & n.bit()) != 0)
                    .toList(), groupItems, always);
            if (notReady != null) {
                return whole(notReady);
            }
        }
        byte[][] values = new byte[args.length][];
        long[] bufferBytes = new long[args.length];
        for (int i = 0; i < args.length; i++) {
            if (args[i] instanceof Kernel.ValueArg v) {
                values[i] = v.bytes();
            } else if (args[i] instanceof Kernel.MemArg m) {
                bufferBytes[i] = m.memory() == null ? -1 : m.memory().size();
            }
        }
        long grains = g.global()[dim] / grain;
        List<Slot> slots = analysis.irregular() ? dealt(takers, speeds, grains)
                : contiguous(takers, shape.steady(takers.stream().mapToInt(DeviceNode::index).toArray(),
                        shares(takers, speeds, grains), Math.max(1, Math.round(grains * SHARE_TOLERANCE))));
        List<PartVerdict.Split> verdicts = new ArrayList<>(slots.size());
        for (Slot slot : slots) {
            PartVerdict v = kernel.part(g, values, bufferBytes, dim, g.offset()[dim] + slot.from * grain,
                    g.offset()[dim] + slot.to * grain);
            if (v instanceof PartVerdict.Whole w) {
                return whole(w.reason());
            }
            verdicts.add((PartVerdict.Split) v);
        }
        String overlap = overlappingWrites(verdicts);
        if (overlap != null) {
            return whole(overlap);
        }
        List<Piece> pieces = new ArrayList<>(slots.size());
        for (int p = 0; p < slots.size(); p++) {
            List<Access> inputs = new ArrayList<>();
            List<Access> outputs = new ArrayList<>();
            for (ArgAccess a : verdicts.get(p).args()) {
                Kernel.MemArg m = (Kernel.MemArg) args[a.arg()];
                if (m.memory() == null) {
                    continue;
                }
                Storage s = m.memory().storage();
                long base = m.memory().storageOffset();
                List<ByteRange> needed = new ArrayList<>(a.reads());
                if (!a.writesCovered()) {
                    needed.addAll(a.writes());
                }
                for (ByteRange r : ByteRange.merged(needed)) {
                    inputs.add(new Access(s, base + r.from(), r.length(), false));
                }
                for (ByteRange r : ByteRange.merged(a.writes())) {
                    outputs.add(new Access(s, base + r.from(), r.length(), true));
                }
            }
            Slot slot = slots.get(p);
            long from = g.offset()[dim] + slot.from * grain;
            pieces.add(new Piece(slot.node, from, g.offset()[dim] + slot.to * grain, List.copyOf(inputs),
                    List.copyOf(outputs), kernel.name() + " [" + (p + 1) + "/" + slots.size() + "]",
                    variant ? GeometryVariant.argument(g, dim, from) : null));
        }
        LaunchCut cut = new LaunchCut(dim, pieces);
        boolean within = readsWithinWrites(verdicts);
        shape.piecesRead(within, readArgs(verdicts));
        if (isShort(expected)) {
            if (!within && !relayed) {
                return stencilWhole(relayable);
            }
            if (cut.placedAtOnce < pieces.size()) {
                // blocks for whichever device frees up first go where they run, through the host
                return whole(SHORT);
            }
            if (within ? !cut.inPlace() : !cut.bringsHalosAtMost()) {
                return whole(SHORT_ELSEWHERE);
            }
        }
        if (!always) {
            long all = g.global()[dim];
            for (Piece piece : cut.pieces.subList(0, cut.placedAtOnce)) {
                String why = moveOutweighsCut(piece, (double) (piece.to() - piece.from()) / all, devices, key);
                if (why != null) {
                    return whole(why);
                }
            }
        }
        return new Plan(cut, null);
    }

    /**
     * Why {@code piece}, a {@code share} of the launch, should not run cut because of what it would first bring
     * from other devices, or null. A stencil's halo (at most {@link #HALO} of what it reads) is always
     * worth it. More is not, where the device's transfers are staged (a GPU): moving a buffer's halves between
     * devices through the host costs more than most launches gain by a cut, so a cut is weighed against whole
     * launches only once the data is where its pieces run. Between devices whose memory is the host's, it is a copy
     * in memory, worth it when the performance model expects the launch to save more than the copy takes (or knows
     * nothing of it yet: a program of one launch that computes much gains).
     */
    private static String moveOutweighsCut(Piece piece, double share, DeviceNodes devices, PerfKey key) {
        long fromDevices = piece.fromOtherDevices();
        if (fromDevices <= piece.haloBytes()) {
            return null;
        }
        if (piece.node().staged()) {
            return "a part would first bring much of what it reads from another device";
        }
        String model = piece.node().modelId();
        double whole = key == null ? Double.NaN : devices.model().estimate(key, model, List.of());
        DeviceSpeed bus = devices.model().speedOrUnknown(model);
        double move = fromDevices / bus.downloadPerNano() + fromDevices / bus.uploadPerNano();
        return !Double.isNaN(whole) && move >= whole * (1 - share)
                ? "moving what a part reads would take longer than the cut saves" : null;
    }

    /**
     * Whether a launch the performance model expects to take {@code expectedWhole} whole (NaN: unknown) is short:
     * cut only where its data already is, if at all ({@link #SHORTEST_CUT_NANOS}).
     */
    static boolean isShort(double expectedWhole) {
        return expectedWhole < SHORTEST_CUT_NANOS;
    }

    /**
     * Whether a launch the performance model expects to take {@code expectedWhole} whole (NaN: unknown) should wait
     * for the GPUs still opening behind the program to take their part: where it takes more than twice what opening
     * their model's first took ({@link DeviceNodes#slowestOpenAhead}), the half a second GPU saves pays for opening it.
     */
    static boolean worthWaitingFor(double expectedWhole, DeviceNodes devices) {
        return expectedWhole > 2.0 * devices.slowestOpenAhead();
    }

    /**
     * Whether each part reads only within the span of what it writes, in bytes from the start of each argument (the
     * same elements of each buffer, as an element-wise kernel does): a loop of such launches then keeps each part's
     * bytes on the device it ran on.
     */
    private static boolean readsWithinWrites(List<PartVerdict.Split> verdicts) {
        for (PartVerdict.Split v : verdicts) {
            long from = Long.MAX_VALUE;
            long to = Long.MIN_VALUE;
            for (ArgAccess a : v.args()) {
                for (ByteRange w : a.writes()) {
                    from = Math.min(from, w.from());
                    to = Math.max(to, w.to());
                }
            }
            for (ArgAccess a : v.args()) {
                for (ByteRange r : a.reads()) {
                    if (r.from() < from || r.to() > to) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** The arguments the parts read, as bits. */
    private static long readArgs(List<PartVerdict.Split> verdicts) {
        long read = 0;
        for (PartVerdict.Split v : verdicts) {
            for (ArgAccess a : v.args()) {
                if (a.arg() >= Long.SIZE) {
                    return -1;
                }
                read |= a.reads().isEmpty() ? 0 : 1L << a.arg();
            }
        }
        return read;
    }

    /**
     * Whether each device of {@code nodes} holds some of each buffer argument of {@code read} (bits) whose every byte
     * some node holds: where one does not, no cut of the launch finds its pieces' bytes in place, and the pieces need
     * not be worked out to see it. A buffer with bytes held nowhere passes: a new one that the pieces of a launch
     * before are writing for the first time is held where those that have ended wrote, not yet where the others will
     * ({@link #bringsHalosAtMost} looks closer). {@code hostWillDo}: bytes the host holds are as good (a relayed
     * stencil's pieces upload their part of a program's new buffers, as a whole launch would upload all of it).
     */
    private static boolean spreadOver(Kernel.Arg[] args, long read, long nodes, boolean hostWillDo) {
        for (int i = 0; i < args.length; i++) {
            if (args[i] instanceof Kernel.MemArg m && m.memory() != null && (i >= Long.SIZE || (read >> i & 1) != 0)) {
                long holders = m.memory().storage().map().holdersOfAnyOnceAllHeld(m.memory().storageOffset(),
                        m.memory().size());
                if (hostWillDo && (holders & CoherenceMap.bit(CoherenceMap.HOST)) != 0) {
                    continue;
                }
                if (holders != 0 && (holders & nodes) != nodes) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether {@code nodes}, one or more, open in one group's context ({@code OMNICL_SHARED_CONTEXT}). */
    private static boolean inOneContext(List<DeviceNode> nodes) {
        for (DeviceNode n : nodes) {
            if (!n.inContextGroupWith(nodes.get(0))) {
                return false;
            }
        }
        return !nodes.isEmpty();
    }

    /** Those of {@code nodes} (bits) whose devices run launches apart from the thread submitting them. */
    private static long runningLaunchesApart(long nodes, DeviceNodes devices) {
        long apart = 0;
        for (DeviceNode n : devices.nodes()) {
            if ((nodes & n.bit()) != 0 && n.runsLaunchesApart()) {
                apart |= n.bit();
            }
        }
        return apart;
    }

    /** The performance model's time for the launch whole on the fastest of {@code nodes}, NaN when it has none. */
    static double expectedWhole(PerfKey key, long nodes, DeviceNodes devices) {
        double best = Double.NaN;
        for (DeviceNode n : devices.nodes()) {
            if ((nodes & n.bit()) != 0 && key != null) {
                double e = devices.model().estimate(key, n.modelId(), List.of());
                best = Double.isNaN(best) || e < best ? e : best;
            }
        }
        return best;
    }

    private static Plan whole(String why) {
        return new Plan(null, why);
    }

    /** A short stencil's launch run whole; {@code relayable}: its GPUs would relay it, were they in one context. */
    private static Plan stencilWhole(boolean relayable) {
        return whole(relayable ? SHORT_STENCIL_APART : SHORT_STENCIL);
    }

    /**
     * Whether a launch expected to take {@code expected} whole, a stencil's were it one, is one that the GPUs among
     * {@code nodes} relay where they share a real context ({@link RelayAhead}): under 1 ms but 200 µs or more, the
     * program enqueuing its launches ahead of their ends, over GPUs of one platform that are in one context or in
     * none (not a group the backend could only open apart). Where they are in none, they would relay it in one.
     */
    static boolean relayable(double expected, boolean programWaits, long nodes, DeviceNodes devices) {
        if (!isShort(expected) || expected < SHORTEST_RELAYED_CUT_NANOS || programWaits) {
            return false;
        }
        List<DeviceNode> gpus = nodesOf(runningLaunchesApart(devices.usable(nodes), devices), devices);
        return ContextGroup.wouldGroup(gpus) && (inOneContext(gpus) || noneInAGroup(gpus));
    }

    private static boolean noneInAGroup(List<DeviceNode> nodes) {
        for (DeviceNode n : nodes) {
            if (n.inContextGroup()) {
                return false;
            }
        }
        return true;
    }

    /** The devices of {@code nodes} (bits), in the devices' order. */
    private static List<DeviceNode> nodesOf(long nodes, DeviceNodes devices) {
        List<DeviceNode> of = new ArrayList<>(Long.bitCount(nodes));
        for (DeviceNode n : devices.nodes()) {
            if ((nodes & n.bit()) != 0) {
                of.add(n);
            }
        }
        return of;
    }

    /** Why two buffer arguments of the launch may touch the same bytes while one of them is written, or null. */
    private static String aliased(Kernel.Arg[] args) {
        for (int i = 0; i < args.length; i++) {
            if (!(args[i] instanceof Kernel.MemArg a) || a.memory() == null) {
                continue;
            }
            for (int j = i + 1; j < args.length; j++) {
                if (args[j] instanceof Kernel.MemArg b && b.memory() != null && (a.writes() || b.writes())
                        && a.memory().storage() == b.memory().storage()
                        && a.memory().storageOffset() < b.memory().storageOffset() + b.memory().size()
                        && b.memory().storageOffset() < a.memory().storageOffset() + a.memory().size()) {
                    return "a written buffer is passed twice";
                }
            }
        }
        return null;
    }

    /**
     * Parts along {@code d} are made of this many global ids along it: whole work-groups, or, without a given
     * work-group size, a power of two dividing the size along {@code d} that makes about {@link #PREFERRED_GRAIN}
     * work-items with the other dimensions.
     */
    private static long grain(Geometry g, int d) {
        if (g.local() != null) {
            return g.local()[d];
        }
        long others = 1;
        for (int i = 0; i < g.workDim(); i++) {
            others *= i == d ? 1 : g.global()[i];
        }
        long grain = Long.highestOneBit(Math.max(1, PREFERRED_GRAIN / others));
        while (g.global()[d] % grain != 0) {
            grain /= 2;
        }
        return grain;
    }

    /**
     * How fast each of {@code nodes} (bits) runs this launch: the inverse of the time the performance model expects
     * of it whole there, once every one of them has run the kernel (whole, or its pieces of a cut launch, whose
     * span counts scaled to the whole launch), else each device's calibrated speed; in the devices' order.
     */
    private static Map<DeviceNode, Double> speeds(long nodes, DeviceNodes devices, PerfKey key) {
        Map<DeviceNode, Double> timed = new LinkedHashMap<>();
        Map<DeviceNode, Double> calibrated = new LinkedHashMap<>();
        for (DeviceNode n : devices.nodes()) {
            if ((nodes & n.bit()) != 0) {
                double nanos = key == null ? Double.NaN : devices.model().estimate(key, n.modelId(), List.of());
                if (nanos > 0) {
                    timed.put(n, 1 / nanos);
                }
                calibrated.put(n, Math.max(devices.model().speedOrUnknown(n.modelId()).opsPerNano(), 1e-9));
            }
        }
        return timed.size() == calibrated.size() ? timed : calibrated;
    }

    /**
     * The devices that take a share, in the devices' order (a device keeps its place in the range, whichever is
     * faster now): each whose share would not be negligible, the slowest left out while there are more than grains;
     * with {@code always}, every device, so that a cut is made wherever it can be. {@code speeds} is in the devices'
     * order ({@link #speeds}). Loops rather than streams and comparators: a program's first launch runs this before
     * the JVM has linked them.
     */
    private static List<DeviceNode> takers(Map<DeviceNode, Double> speeds, long grains, boolean always) {
        double total = 0;
        for (double speed : speeds.values()) {
            total += speed;
        }
        List<DeviceNode> takers = new ArrayList<>();
        for (Map.Entry<DeviceNode, Double> e : speeds.entrySet()) {
            if (always || e.getValue() / total >= SMALLEST_SHARE) {
                takers.add(e.getKey());
            }
        }
        while (takers.size() > grains) {
            // of equally slow devices, the last goes
            DeviceNode slowest = takers.get(0);
            for (DeviceNode n : takers) {
                if (speeds.get(n) <= speeds.get(slowest)) {
                    slowest = n;
                }
            }
            takers.remove(slowest);
        }
        return takers;
    }

    /** Grains {@code [from, to)} along the cut for {@code node}. */
    private record Slot(DeviceNode node, long from, long to) {
    }

    /** Each taker's number of grains: shares after the devices' speeds, each at least one grain. */
    private static long[] shares(List<DeviceNode> takers, Map<DeviceNode, Double> speeds, long grains) {
        double total = 0;
        for (DeviceNode n : takers) {
            total += speeds.get(n);
        }
        long[] shares = new long[takers.size()];
        long given = 0;
        double share = 0;
        for (int p = 0; p < takers.size(); p++) {
            share += speeds.get(takers.get(p)) / total;
            long upTo = p == takers.size() - 1 ? grains : Math.round(share * grains);
            // each part at least one grain, and enough left for the parts after it
            upTo = Math.max(upTo, given + 1);
            upTo = Math.min(upTo, grains - (takers.size() - 1 - p));
            shares[p] = upTo - given;
            given = upTo;
        }
        return shares;
    }

    /** One block of grains per taker, in order: a device keeps the same rows launch after launch. */
    private static List<Slot> contiguous(List<DeviceNode> takers, long[] shares) {
        List<Slot> slots = new ArrayList<>(takers.size());
        long at = 0;
        for (int p = 0; p < takers.size(); p++) {
            slots.add(new Slot(takers.get(p), at, at + shares[p]));
            at += shares[p];
        }
        return slots;
    }

    /**
     * Blocks of an irregular launch, for the devices to take as they free up: each half of what the slowest
     * taker's share of the range left would be (at least 1/16 of a taker's even share), so that the blocks shrink
     * towards the end, where they decide when the launch ends. The first two go to each taker at once (the second
     * runs beside the first, on the device's side queue); the others have no device until one ends a block.
     */
    private static List<Slot> dealt(List<DeviceNode> takers, Map<DeviceNode, Double> speeds, long grains) {
        double total = 0;
        double slowest = Double.MAX_VALUE;
        for (DeviceNode n : takers) {
            total += speeds.get(n);
            slowest = Math.min(slowest, speeds.get(n));
        }
        double share = slowest / total;
        long smallest = Math.max(1, grains / (SMALLEST_BLOCKS * takers.size()));
        List<Slot> slots = new ArrayList<>();
        long at = 0;
        while (at < grains) {
            long size = Math.min(grains - at, Math.max(smallest, (long) Math.ceil((grains - at) * share / 2)));
            DeviceNode first = slots.size() < 2 * takers.size() ? takers.get(slots.size() % takers.size()) : null;
            slots.add(new Slot(first, at, at + size));
            at += size;
        }
        return slots;
    }

    /** How many of {@code pieces}, the first ones, have a device. */
    private static int placedAtOnce(List<Piece> pieces) {
        int n = 0;
        while (n < pieces.size() && pieces.get(n).node() != null) {
            n++;
        }
        return n;
    }

    /** Why the parts' writes may overlap (an argument's write ranges of two parts meet), or null. */
    private static String overlappingWrites(List<PartVerdict.Split> verdicts) {
        for (int p = 0; p < verdicts.size(); p++) {
            for (int q = p + 1; q < verdicts.size(); q++) {
                for (ArgAccess a : verdicts.get(p).args()) {
                    for (ArgAccess b : verdicts.get(q).args()) {
                        if (a.arg() == b.arg() && overlap(a.writes(), b.writes())) {
                            return "parts would write the same bytes of argument " + a.arg();
                        }
                    }
                }
            }
        }
        return null;
    }

    private static boolean overlap(List<ByteRange> a, List<ByteRange> b) {
        for (ByteRange x : a) {
            for (ByteRange y : b) {
                if (x.from() < y.to() && y.from() < x.to()) {
                    return true;
                }
            }
        }
        return false;
    }
}
