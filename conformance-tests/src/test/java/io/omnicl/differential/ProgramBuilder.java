package io.omnicl.differential;

import io.omnicl.differential.Command.AwaitRead;
import io.omnicl.differential.Command.Barrier;
import io.omnicl.differential.Command.CompleteUserEvent;
import io.omnicl.differential.Command.CopyBuffer;
import io.omnicl.differential.Command.CopyBufferRect;
import io.omnicl.differential.Command.CreateUserEvent;
import io.omnicl.differential.Command.Enqueued;
import io.omnicl.differential.Command.FillBuffer;
import io.omnicl.differential.Command.MapBuffer;
import io.omnicl.differential.Command.MapMode;
import io.omnicl.differential.Command.Marker;
import io.omnicl.differential.Command.MigrateMemObjects;
import io.omnicl.differential.Command.ReadBuffer;
import io.omnicl.differential.Command.ReadBufferRect;
import io.omnicl.differential.Command.RectPlacement;
import io.omnicl.differential.Command.Region;
import io.omnicl.differential.Command.RunKernel;
import io.omnicl.differential.Command.UnmapBuffer;
import io.omnicl.differential.Command.WriteBuffer;
import io.omnicl.differential.Command.WriteBufferRect;
import io.omnicl.differential.HappensBefore.Kind;
import io.omnicl.differential.HappensBefore.Span;
import io.omnicl.differential.RawProgram.RawBuffer;
import io.omnicl.differential.RawProgram.RawStep;
import io.omnicl.differential.RawProgram.RawSubBuffer;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * Interprets a {@link RawProgram} as a valid, race-free {@link Program}. Ranges are clamped into the chosen
 * memory object, kernel arguments are chosen so that no output overlaps another argument except at the same
 * start, copies never overlap, and {@link HappensBefore} completes every wait list. A step that cannot be
 * made valid is dropped: a copy whose ranges cannot be separated, a kernel without room for one element, a
 * command that would touch bytes a mapping holds for the host.
 */
final class ProgramBuilder {

    static final int MIN_BUFFER_SIZE = 256;
    static final int MAX_BUFFER_SIZE = 16 * 1024;

    private final RawProgram raw;
    private final int subBufferAlignment;
    private final List<Memory> memories = new ArrayList<>();
    private final List<byte[]> initialContents = new ArrayList<>();
    private final HappensBefore order;
    private final List<Command> commands = new ArrayList<>();
    /** Nodes of non-blocking reads whose data the program has not inspected yet. */
    private final List<Integer> pendingReads = new ArrayList<>();
    /** Maps not unmapped yet, with the bytes they hold for the host. */
    private final List<OpenMapping> openMappings = new ArrayList<>();

    private record OpenMapping(MapBuffer map, Span span) {
    }

    private ProgramBuilder(RawProgram raw, int subBufferAlignment) {
        this.raw = raw;
        this.subBufferAlignment = subBufferAlignment;
        this.order = new HappensBefore(raw.outOfOrderQueues());
    }

    /** The program {@code raw} describes, with sub-buffer origins multiples of {@code subBufferAlignment}. */
    static Program build(RawProgram raw, int subBufferAlignment) {
        return new ProgramBuilder(raw, subBufferAlignment).build();
    }

    private Program build() {
        addMemories();
        for (RawStep step : raw.steps()) {
            addStep(step);
        }
        while (!openMappings.isEmpty()) {
            OpenMapping open = openMappings.remove(0);
            unmap(open, open.map.queue(), 0, 0, List.of());
        }
        for (int userEvent : order.pendingUserEvents()) {
            completeUserEvent(userEvent);
        }
        while (!pendingReads.isEmpty()) {
            awaitRead(pendingReads.remove(0));
        }
        return new Program(memories, initialContents, raw.outOfOrderQueues(), commands, order.nodeCount());
    }

    private void addMemories() {
        List<RawBuffer> buffers = raw.buffers();
        for (int root = 0; root < buffers.size(); root++) {
            int size = Math.max(MIN_BUFFER_SIZE, Math.min(MAX_BUFFER_SIZE, buffers.get(root).size()));
            memories.add(new Memory(root, root, 0, size));
            initialContents.add(randomBytes(raw.dataSeed() - 1 - root, size));
        }
        for (int root = 0; root < buffers.size(); root++) {
            int rootSize = memories.get(root).size();
            int origins = (rootSize - 1) / subBufferAlignment + 1;
            for (RawSubBuffer sub : buffers.get(root).subBuffers()) {
                int origin = sub.originUnits() % origins * subBufferAlignment;
                int size = 1 + sub.size() % (rootSize - origin);
                memories.add(new Memory(memories.size(), root, origin, size));
            }
        }
    }

    private void addStep(RawStep step) {
        switch (step.kind()) {
            case WRITE -> write(step);
            case READ -> read(step);
            case COPY -> copy(step);
            case FILL -> fill(step);
            case KERNEL -> kernel(step);
            case MAP -> map(step);
            case UNMAP -> {
                if (!openMappings.isEmpty()) {
                    OpenMapping open = openMappings.remove(step.object(0) % openMappings.size());
                    unmap(open, queue(step), step.number(2), step.number(3), requestedWaits(step));
                }
            }
            case AWAIT_READ -> {
                if (!pendingReads.isEmpty()) {
                    awaitRead(pendingReads.remove(step.object(0) % pendingReads.size()));
                }
            }
            case MARKER -> marker(step, Kind.MARKER);
            case BARRIER -> marker(step, Kind.BARRIER);
            case USER_EVENT -> commands.add(new CreateUserEvent(order.addUserEvent()));
            case COMPLETE_USER_EVENT -> {
                List<Integer> pending = order.pendingUserEvents();
                if (!pending.isEmpty()) {
                    completeUserEvent(pending.get(step.object(0) % pending.size()));
                }
            }
            case MIGRATE -> migrate(step);
            case WRITE_RECT -> writeRect(step);
            case READ_RECT -> readRect(step);
            case COPY_RECT -> copyRect(step);
            default -> throw new IllegalStateException("unknown step kind " + step.kind());
        }
    }

    // ---- steps ---------------------------------------------------------------------------------------

    private void write(RawStep step) {
        Memory m = memory(step.object(0));
        int offset = offset(step, m);
        int size = size(step, m, offset);
        boolean blocking = step.option(0, 2) == 0;
        enqueueCommand(step, List.of(span(m, offset, size, true)), node -> emit(new WriteBuffer(node, queue(step),
                waits(node), m.id(), offset, dataFor(node, size), blocking), blocking));
    }

    private void read(RawStep step) {
        Memory m = memory(step.object(0));
        int offset = offset(step, m);
        int size = size(step, m, offset);
        boolean blocking = step.option(0, 2) == 0;
        enqueueCommand(step, List.of(span(m, offset, size, false)), node -> emitRead(new ReadBuffer(node,
                queue(step), waits(node), m.id(), offset, size, blocking), blocking));
    }

    private void copy(RawStep step) {
        Memory source = memory(step.object(0));
        Memory destination = memory(step.object(1));
        int sourceOffset = step.number(0) % source.size();
        int destinationOffset = step.number(1) % destination.size();
        int room = Math.min(source.size() - sourceOffset, destination.size() - destinationOffset);
        int proposed = 1 + step.number(2) % room;
        // within one root buffer the copy ends before the other range starts; dropped when they start together
        int size = source.root() != destination.root() ? proposed : Math.min(proposed,
                Math.abs((source.origin() + sourceOffset) - (destination.origin() + destinationOffset)));
        if (size == 0) {
            return;
        }
        enqueueCommand(step, List.of(span(source, sourceOffset, size, false),
                span(destination, destinationOffset, size, true)), node -> emit(new CopyBuffer(node, queue(step),
                waits(node), source.id(), destination.id(), sourceOffset, destinationOffset, size), false));
    }

    private void fill(RawStep step) {
        Memory m = memory(step.object(0));
        int patternSize = 1 << step.option(0, 5);
        while (patternSize > m.size()) {
            patternSize >>= 1;
        }
        int units = m.size() / patternSize;
        int firstUnit = step.number(0) % units;
        int offset = firstUnit * patternSize;
        int size = (1 + step.number(1) % (units - firstUnit)) * patternSize;
        int patternBytes = patternSize;
        enqueueCommand(step, List.of(span(m, offset, size, true)), node -> emit(new FillBuffer(node, queue(step),
                waits(node), m.id(), dataFor(node, patternBytes), offset, size), false));
    }

    private void kernel(RawStep step) {
        KernelKind kernel = KernelKind.values()[step.option(0, KernelKind.values().length)];
        List<Memory> arguments = kernelArguments(kernel, step);
        if (arguments == null) {
            return;
        }
        int elements = arguments.stream().mapToInt(Memory::elements).min().orElseThrow();
        if (elements < 1) {
            return;
        }
        int globalOffset = step.number(0) % elements;
        int available = elements - globalOffset;
        // LOCAL_SIZES starts with 0 (none given), which a kernel that needs a local size skips
        int skipped = kernel.needsLocalSize() ? 1 : 0;
        int localSize = KernelKind.LOCAL_SIZES.get(skipped + step.option(1, KernelKind.LOCAL_SIZES.size() - skipped));
        while (localSize > available) {
            localSize >>= 1;
        }
        int globalSize = localSize == 0 ? 1 + step.number(1) % available
                : localSize * (1 + step.number(1) % (available / localSize));
        int local = localSize;
        List<Span> spans = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            // a kernel may touch any byte of an argument (OpenCL makes a memory object consistent between
            // commands only at synchronisation points): its whole range counts
            Memory m = arguments.get(i);
            spans.add(span(m, 0, m.size(), kernel.roles.get(i).writes()));
        }
        // the same launch up to three times in a row, as a program's loop over the same buffers launches it
        int launches = 1 + step.option(3, 3);
        for (int l = 0; l < launches; l++) {
            enqueueCommand(step, spans, node -> emit(new RunKernel(node, queue(step), waits(node), kernel,
                    arguments.stream().map(Memory::id).toList(), step.number(3) * 0x9e3779b1, globalOffset,
                    globalSize, local), false));
        }
    }

    /**
     * Arguments for {@code kernel}: object i is picked by {@code objects[i]}, except that the third option of the
     * step may make the second argument the first one again (one memory object passed twice); a written argument
     * that overlaps another argument in a way {@link #aliasesSafely} rules out is moved to the next object that does
     * not. Null when none fits.
     */
    private List<Memory> kernelArguments(KernelKind kernel, RawStep step) {
        boolean firstTwice = step.option(2, 4) == 1;
        List<Memory> arguments = new ArrayList<>();
        for (int i = 0; i < kernel.roles.size(); i++) {
            arguments.add(memory(step.object(i == 1 && firstTwice ? 0 : i)));
        }
        for (int i = 0; i < arguments.size(); i++) {
            if (!kernel.roles.get(i).writes()) {
                continue;
            }
            int tried = 0;
            while (!aliasesSafely(arguments, i, kernel.touchesOthers())) {
                if (++tried == memories.size()) {
                    return null;
                }
                arguments.set(i, memory(arguments.get(i).id() + 1));
            }
        }
        return arguments;
    }

    /**
     * Whether argument {@code written} overlaps no other argument, except one that starts at the same byte when
     * a work-item touches no element but its own ({@code touchesOthers} false).
     */
    private static boolean aliasesSafely(List<Memory> arguments, int written, boolean touchesOthers) {
        Memory w = arguments.get(written);
        for (int i = 0; i < arguments.size(); i++) {
            Memory other = arguments.get(i);
            boolean overlaps = other.root() == w.root() && other.origin() < w.origin() + w.size()
                    && w.origin() < other.origin() + other.size();
            if (i != written && overlaps && (touchesOthers || other.origin() != w.origin())) {
                return false;
            }
        }
        return true;
    }

    private void map(RawStep step) {
        Memory m = memory(step.object(0));
        int offset = offset(step, m);
        int size = size(step, m, offset);
        MapMode mode = MapMode.values()[step.option(0, MapMode.values().length)];
        boolean blocking = step.option(1, 2) == 0;
        // while mapped, the bytes are the host's: no command may write them, nor touch them if the host writes
        Span mapped = span(m, offset, size, mode.hostWrites());
        enqueueCommand(step, List.of(mapped), node -> {
            MapBuffer map = new MapBuffer(node, queue(step), waits(node), m.id(), offset, size, mode, blocking);
            emit(map, blocking);
            openMappings.add(new OpenMapping(map, mapped));
        });
    }

    /**
     * Ends a mapping on {@code queue}; a mode that writes writes {@code hostSize} bytes (chosen by the picks)
     * from {@code hostOffset}, all of them for WRITE_INVALIDATE_REGION, whose mapped bytes are undefined.
     */
    private void unmap(OpenMapping open, int queue, int hostOffsetPick, int hostSizePick, List<Integer> requested) {
        MapBuffer map = open.map;
        if (!map.blocking()) {
            completeUserEventsHolding(map.node());
            order.hostWaitedFor(map.node());
        }
        int hostOffset = 0;
        int hostSize = 0;
        if (map.mode() == MapMode.WRITE_INVALIDATE_REGION) {
            hostSize = map.size();
        } else if (map.mode().hostWrites()) {
            hostOffset = hostOffsetPick % map.size();
            hostSize = 1 + hostSizePick % (map.size() - hostOffset);
        }
        int node = order.addCommand(queue, Kind.COMMAND, requested, List.of(open.span));
        emit(new UnmapBuffer(node, queue, waits(node), map, hostOffset, dataFor(node, hostSize)), false);
    }

    private void marker(RawStep step, Kind kind) {
        int node = order.addCommand(queue(step), kind, requestedWaits(step), List.of());
        int queue = queue(step);
        emit(kind == Kind.MARKER ? new Marker(node, queue, waits(node)) : new Barrier(node, queue, waits(node)), false);
    }

    private void migrate(RawStep step) {
        List<Memory> objects = new ArrayList<>(List.of(memory(step.object(0))));
        Memory second = memory(step.object(1));
        if (step.option(0, 2) == 1 && second.id() != objects.get(0).id()) {
            objects.add(second);
        }
        boolean toHost = step.option(1, 2) == 1;
        // moving an object is not a data change, but it may not overlap a command that changes it
        enqueueCommand(step, objects.stream().map(m -> span(m, 0, m.size(), true)).toList(), node -> emit(
                new MigrateMemObjects(node, queue(step), waits(node), objects.stream().map(Memory::id).toList(),
                        toHost), false));
    }

    private void writeRect(RawStep step) {
        Memory m = memory(step.object(0));
        RectShape shape = RectShape.fit(step, m.size(), Integer.MAX_VALUE, false);
        boolean blocking = step.option(0, 2) == 0;
        int hostSize = (int) shape.second.extent(shape.region);
        enqueueCommand(step, rectSpans(m, shape.first, shape.region, true), node -> emit(new WriteBufferRect(node,
                queue(step), waits(node), m.id(), shape.first, shape.second, shape.region, dataFor(node, hostSize),
                blocking), blocking));
    }

    private void readRect(RawStep step) {
        Memory m = memory(step.object(0));
        RectShape shape = RectShape.fit(step, m.size(), Integer.MAX_VALUE, false);
        boolean blocking = step.option(0, 2) == 0;
        int hostSize = (int) shape.second.extent(shape.region);
        enqueueCommand(step, rectSpans(m, shape.first, shape.region, false), node -> emitRead(new ReadBufferRect(node,
                queue(step), waits(node), m.id(), shape.first, shape.second, shape.region, hostSize, blocking),
                blocking));
    }

    private void copyRect(RawStep step) {
        Memory source = memory(step.object(0));
        Memory destination = memory(step.object(1));
        // within one memory object OpenCL wants equal pitches on both sides
        RectShape shape = RectShape.fit(step, source.size(), destination.size(), source.id() == destination.id());
        if (source.root() == destination.root()) {
            // the regions' bounding ranges must not overlap (CL_MEM_COPY_OVERLAP otherwise)
            long s = source.origin() + shape.first.rowStart(0, 0);
            long d = destination.origin() + shape.second.rowStart(0, 0);
            long sEnd = source.origin() + shape.first.extent(shape.region);
            long dEnd = destination.origin() + shape.second.extent(shape.region);
            if (s < dEnd && d < sEnd) {
                return;
            }
        }
        List<Span> spans = new ArrayList<>(rectSpans(source, shape.first, shape.region, false));
        spans.addAll(rectSpans(destination, shape.second, shape.region, true));
        enqueueCommand(step, spans, node -> emit(new CopyBufferRect(node, queue(step), waits(node), source.id(),
                destination.id(), shape.first, shape.second, shape.region), false));
    }

    private static List<Span> rectSpans(Memory m, RectPlacement placement, Region region, boolean writes) {
        List<Span> spans = new ArrayList<>();
        for (long slice = 0; slice < region.depth(); slice++) {
            for (long row = 0; row < region.height(); row++) {
                spans.add(span(m, placement.rowStart(row, slice), region.width(), writes));
            }
        }
        return spans;
    }

    // ---- host steps ------------------------------------------------------------------------------------

    private void awaitRead(int readNode) {
        completeUserEventsHolding(readNode);
        commands.add(new AwaitRead(readNode));
        order.hostWaitedFor(readNode);
    }

    private void completeUserEvent(int userEvent) {
        commands.add(new CompleteUserEvent(userEvent));
        order.completeUserEvent(userEvent);
    }

    /** Sets complete, before the host blocks on {@code node}, every user event still holding it back. */
    private void completeUserEventsHolding(int node) {
        for (int userEvent : order.pendingUserEventsHolding(node)) {
            completeUserEvent(userEvent);
        }
    }

    // ---- helpers -----------------------------------------------------------------------------------------

    /**
     * Adds the command of {@code step}, touching {@code spans}, to the ordering and lets {@code emit} append it
     * with its node; drops it when it would touch bytes a mapping holds for the host.
     */
    private void enqueueCommand(RawStep step, List<Span> spans, IntConsumer emit) {
        if (!touchesMappedBytes(spans)) {
            emit.accept(order.addCommand(queue(step), Kind.COMMAND, requestedWaits(step), spans));
        }
    }

    /** The earlier event the step asks to wait for beyond race-freedom: none, or one counted back from the last. */
    private List<Integer> requestedWaits(RawStep step) {
        int nodes = order.nodeCount();
        if (step.extraWait() < 0 || nodes == 0) {
            return List.of();
        }
        return List.of(nodes - 1 - step.extraWait() % nodes);
    }

    /** Whether a command touching {@code spans} would touch bytes that a mapping holds for the host. */
    private boolean touchesMappedBytes(List<Span> spans) {
        return openMappings.stream().anyMatch(open -> spans.stream().anyMatch(open.span::conflictsWith));
    }

    private List<Integer> waits(int node) {
        return order.waitList(node);
    }

    /** Appends an enqueued command; the host waits for it when {@code hostWaits} (a blocking call). */
    private void emit(Enqueued command, boolean hostWaits) {
        if (hostWaits) {
            completeUserEventsHolding(command.node());
        }
        commands.add(command);
        if (hostWaits) {
            order.hostWaitedFor(command.node());
        }
    }

    private void emitRead(Enqueued read, boolean blocking) {
        emit(read, blocking);
        if (!blocking) {
            pendingReads.add(read.node());
        }
    }

    /** An offset into {@code m}, from the step's first number. */
    private static int offset(RawStep step, Memory m) {
        return step.number(0) % m.size();
    }

    /** A size of at least one byte that fits in {@code m} from {@code offset}, from the step's second number. */
    private static int size(RawStep step, Memory m, int offset) {
        return 1 + step.number(1) % (m.size() - offset);
    }

    private int queue(RawStep step) {
        return step.queue() % raw.outOfOrderQueues().size();
    }

    private Memory memory(int pick) {
        return memories.get(Math.floorMod(pick, memories.size()));
    }

    private static Span span(Memory m, long offset, long size, boolean writes) {
        return new Span(m.root(), m.origin() + offset, m.origin() + offset + size, writes);
    }

    /** What the command of {@code node} writes: different for every node, so a misordered write shows. */
    private byte[] dataFor(int node, int size) {
        return randomBytes(raw.dataSeed() + node, size);
    }

    private static byte[] randomBytes(long seed, int size) {
        byte[] bytes = new byte[size];
        new SplittableRandom(seed).nextBytes(bytes);
        return bytes;
    }

    /**
     * The geometry of a rect transfer: the region, its placement in the first memory (the buffer, or the
     * copy's source) and in the second (the host array, or the copy's destination), optionally with the same
     * pitches. The numbers of the step propose a shape; it is made smaller, a step at a time, until it fits
     * both capacities.
     */
    private record RectShape(Region region, RectPlacement first, RectPlacement second) {

        static RectShape fit(RawStep step, long firstCapacity, long secondCapacity, boolean samePitches) {
            int n0 = step.number(0);
            int n1 = step.number(1);
            int n2 = step.number(2);
            int n3 = step.number(3);
            long[] size = {1 + n0 % 48, 1 + n1 % 5, 1 + n2 % 3}; // width, height, depth
            long[] first = {n0 / 48 % 8, n1 / 5 % 3, n2 / 3 % 2, n1 / 15 % 9, n2 / 6 % 2}; // x, y, z, pads
            long[] second = {n3 % 8, n3 / 8 % 3, n3 / 24 % 2, n3 / 48 % 9, n3 / 432 % 2};
            while (true) {
                RectPlacement a = placement(first, size);
                RectPlacement b = placement(second, size);
                if (samePitches) {
                    long rowPitch = Math.max(a.rowPitch(), b.rowPitch());
                    long rowsPerSlice = Math.max(a.slicePitch() / a.rowPitch(), b.slicePitch() / b.rowPitch());
                    a = new RectPlacement(a.x(), a.y(), a.z(), rowPitch, rowPitch * rowsPerSlice);
                    b = new RectPlacement(b.x(), b.y(), b.z(), rowPitch, rowPitch * rowsPerSlice);
                }
                RectShape shape = new RectShape(new Region(size[0], size[1], size[2]), a, b);
                boolean firstFits = shape.first.extent(shape.region) <= firstCapacity;
                if (firstFits && shape.second.extent(shape.region) <= secondCapacity) {
                    return shape;
                }
                if (!shrink(firstFits ? second : first)) {
                    shrinkRegion(size);
                }
            }
        }

        /** x, y, z, extra bytes per row, extra rows per slice: pitches that hold the region at that origin. */
        private static RectPlacement placement(long[] p, long[] size) {
            long rowPitch = p[0] + size[0] + p[3];
            long slicePitch = rowPitch * (p[1] + size[1] + p[4]);
            return new RectPlacement(p[0], p[1], p[2], rowPitch, slicePitch);
        }

        /** Sets the last non-zero origin or padding entry to zero; false when all are zero. */
        private static boolean shrink(long[] p) {
            for (int i = p.length - 1; i >= 0; i--) {
                if (p[i] != 0) {
                    p[i] = 0;
                    return true;
                }
            }
            return false;
        }

        /** Less depth, then less height, then half the width (a 1x1x1 region always fits). */
        private static void shrinkRegion(long[] size) {
            if (size[2] > 1) {
                size[2]--;
            } else if (size[1] > 1) {
                size[1]--;
            } else {
                size[0] = Math.max(1, size[0] / 2);
            }
        }
    }
}
