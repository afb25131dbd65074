package io.omnicl.runtime.command;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.HostMemory;
import io.omnicl.driver.InfoValue;
import io.omnicl.driver.Rect;
import io.omnicl.runtime.Context;
import io.omnicl.runtime.CountedObject;
import io.omnicl.runtime.Device;
import io.omnicl.runtime.Kernel;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.Services;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.completion.Completion;
import io.omnicl.runtime.worker.ProgramThreads;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static io.omnicl.driver.OpenClConstants.*;

/**
 * A command queue: turns its commands into graph nodes. In an in-order queue a command waits only for the
 * earlier commands it conflicts with on some byte range, and for the wait lists of earlier commands; its
 * event completes only after the events of all earlier commands, so everything a program can observe is
 * as if the queue ran in order ({@code OMNICL_ORDER=strict} chains the commands instead). In an
 * out-of-order queue a command waits for its wait list and the last barrier.
 */
public final class Queue extends CountedObject implements ClQueue {

    private final Context context;
    private final Device device;
    private final long properties;
    private final boolean inOrder;
    private final boolean strict;
    private final HazardTracker<Command> hazards = new HazardTracker<>();
    /**
     * In-order: ends when the wait-list events of earlier commands have ended, which later commands inherit;
     * null when there are none pending.
     */
    private Completion gate;
    /** The part of {@link #gate} from outside this queue (other queues, user events), or null. */
    private Completion foreignGate;
    /** The command of the latest event of this queue in {@link #gate}, or null. */
    private Command gateCommand;
    /** Events of enqueued commands not yet complete. */
    private final Set<Event> outstanding = new LinkedHashSet<>();
    /** In-order: the event of the last command. */
    private Event lastEvent;
    /** In-order strict: the last command. */
    private Command lastCommand;
    /** Out-of-order: the event of the last barrier. */
    private Completion lastBarrier;

    public Queue(Context context, Device device, long properties) {
        this.context = context;
        this.device = device;
        this.properties = properties;
        this.inOrder = (properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) == 0;
        this.strict = context.runtime().config().strictOrder();
        context.hold();
    }

    Context contextImpl() {
        return context;
    }

    Device deviceImpl() {
        return device;
    }

    Services runtime() {
        return context.runtime();
    }

    boolean profiling() {
        return (properties & CL_QUEUE_PROFILING_ENABLE) != 0;
    }

    @Override
    public ClContext context() {
        return context;
    }

    @Override
    public ClDevice device() {
        return device;
    }

    @Override
    public long properties() {
        return properties;
    }

    /** Adds {@code c} to the graph after {@code waitList}; returns its event with a reference for the caller. */
    Event enqueue(Command c, List<ClEvent> waitList) {
        return enqueue(c, waitList, false);
    }

    /** {@link #enqueue(Command, List)}; {@code blocking}: the caller waits for the command next. */
    private Event enqueue(Command c, List<ClEvent> waitList, boolean blocking) {
        checkValid();
        ProgramThreads.enqueuing(blocking);
        try {
            return addToGraph(c, waitList);
        } finally {
            ProgramThreads.enqueued();
        }
    }

    private Event addToGraph(Command c, List<ClEvent> waitList) {
        c.event = new Event(context, this, c);
        synchronized (this) {
            for (ClEvent e : waitList) {
                Event w = (Event) e;
                Command earlier = ownCommand(w);
                c.dependOn(w.done(), true, earlier == null);
                if (earlier != null) {
                    c.precede(earlier);
                }
            }
            if (inOrder) {
                orderInQueue(c, waitList);
            } else {
                if (lastBarrier != null) {
                    c.dependOn(lastBarrier, false, true);
                }
                c.executed.onDone(c.event::finish);
            }
            outstanding.add(c.event);
        }
        c.event.done().onDone(s -> forget(c.event));
        c.seal();
        return c.event;
    }

    /** The command of {@code e} when it is an earlier command of this queue not yet ended, else null. */
    private Command ownCommand(Event e) {
        return e.queue() == this ? e.command() : null;
    }

    private void orderInQueue(Command c, List<ClEvent> waitList) {
        if (strict) {
            if (lastCommand != null) {
                c.dependOn(lastCommand);
            }
            lastCommand = c;
        } else {
            List<Command> earlier = new ArrayList<>(2);
            for (Access a : c.accesses()) {
                for (Command w : hazards.register(a, c, c.executed)) {
                    // a command reached through several ranges is waited for once
                    if (!earlier.contains(w)) {
                        earlier.add(w);
                        c.dependOn(w);
                    }
                }
            }
            c.executed.onDone(s -> retire(c));
        }
        if (gate != null && gate.isDone()) {
            gate = null;
            foreignGate = null;
            gateCommand = null;
        }
        if (gate != null) {
            c.dependOn(gate, false, false);
            if (foreignGate != null) {
                c.dependOn(foreignGate, false, true);
            }
            if (gateCommand != null) {
                c.precede(gateCommand);
            }
        }
        if (!waitList.isEmpty()) {
            // one completion for all the gates so far: a command depends on one gate, not on every earlier one
            List<Completion> parts = new ArrayList<>(waitList.size() + 1);
            List<Completion> foreign = new ArrayList<>();
            if (gate != null) {
                parts.add(gate);
            }
            if (foreignGate != null) {
                foreign.add(foreignGate);
            }
            for (ClEvent e : waitList) {
                Event w = (Event) e;
                parts.add(w.done());
                Command earlier = ownCommand(w);
                if (earlier == null) {
                    foreign.add(w.done());
                } else {
                    gateCommand = earlier;
                }
            }
            gate = Completion.all(parts);
            foreignGate = foreign.isEmpty() ? null : Completion.all(foreign);
        }
        Event previous = lastEvent;
        c.executed.onDone(s -> {
            if (previous == null) {
                c.event.finish(s);
            } else {
                previous.done().onDone(p -> {
                    c.event.startNotBefore(previous);
                    c.event.finish(s);
                });
            }
        });
        lastEvent = c.event;
    }

    private synchronized void retire(Command c) {
        for (Access a : c.accesses()) {
            hazards.retire(a, c.executed);
        }
    }

    private synchronized void forget(Event e) {
        outstanding.remove(e);
    }

    /** The events of commands enqueued so far and not complete. */
    private synchronized List<Completion> pending() {
        List<Completion> all = new ArrayList<>();
        for (Event e : outstanding) {
            all.add(e.done());
        }
        return all;
    }

    @Override
    public void flush() {
        checkValid();
        ProgramThreads.flush();
    }

    @Override
    public void finish() {
        checkValid();
        // one wait for all: waiting for each in turn would have the worker wake this thread once per command
        ProgramThreads.await(Completion.all(pending()), runtime().watchNanos());
    }

    /** Waits for a blocking command; throws its failure. */
    private static Event awaitBlocking(Event e) {
        int status = e.await();
        if (status < 0) {
            e.release();
            throw new ClError(status);
        }
        return e;
    }

    private Event run(Command c, boolean blocking, List<ClEvent> waitList) {
        Event e = enqueue(c, waitList, blocking);
        return blocking ? awaitBlocking(e) : e;
    }

    @Override
    public ClEvent readBuffer(ClMem buffer, boolean blocking, long offset, long size, HostMemory dst,
                              List<ClEvent> waitList) {
        return run(new HostReadCommand(this, (MemObject) buffer, offset, size, dst), blocking, waitList);
    }

    @Override
    public ClEvent writeBuffer(ClMem buffer, boolean blocking, long offset, long size, HostMemory src,
                               List<ClEvent> waitList) {
        return run(new HostWriteCommand(this, (MemObject) buffer, offset, size, src, blocking), blocking, waitList);
    }

    @Override
    public ClEvent readBufferRect(ClMem buffer, boolean blocking, Rect bufferRect, Rect hostRect, HostMemory dst,
                                  List<ClEvent> waitList) {
        return run(new RectTransferCommand(this, CL_COMMAND_READ_BUFFER_RECT, (MemObject) buffer, bufferRect,
                hostRect, dst, false), blocking, waitList);
    }

    @Override
    public ClEvent writeBufferRect(ClMem buffer, boolean blocking, Rect bufferRect, Rect hostRect, HostMemory src,
                                   List<ClEvent> waitList) {
        return run(new RectTransferCommand(this, CL_COMMAND_WRITE_BUFFER_RECT, (MemObject) buffer, bufferRect,
                hostRect, src, true), blocking, waitList);
    }

    @Override
    public ClEvent copyBufferRect(ClMem src, ClMem dst, Rect srcRect, Rect dstRect, List<ClEvent> waitList) {
        MemObject from = (MemObject) src;
        MemObject to = (MemObject) dst;
        // origins counted from the start of the chunk the rows lie in: PoCL 3.1 crashes on a rect copy from
        // a sub-buffer
        return enqueue(new RectCopyCommand(this, CL_COMMAND_COPY_BUFFER_RECT, from, to, srcRect, dstRect,
                (w, fromRows, toRows) -> {
                    Chunk a = fromRows.chunk(w.memory());
                    Chunk b = toRows.chunk(w.memory());
                    return w.queue().copyRect(a.buffer(), b.buffer(), fromRows.originIn(a), toRows.originIn(b),
                            srcRect.region(), srcRect.rowPitch(), srcRect.slicePitch(), dstRect.rowPitch(),
                            dstRect.slicePitch(), List.of());
                }), waitList);
    }

    @Override
    public ClEvent readImage(ClMem image, boolean blocking, Rect box, Rect hostRect, HostMemory dst,
                             List<ClEvent> waitList) {
        return run(new RectTransferCommand(this, CL_COMMAND_READ_IMAGE, (MemObject) image, box, hostRect, dst,
                false), blocking, waitList);
    }

    @Override
    public ClEvent writeImage(ClMem image, boolean blocking, Rect box, Rect hostRect, HostMemory src,
                              List<ClEvent> waitList) {
        return run(new RectTransferCommand(this, CL_COMMAND_WRITE_IMAGE, (MemObject) image, box, hostRect, src,
                true), blocking, waitList);
    }

    @Override
    public ClEvent copyImage(ClMem src, ClMem dst, Rect srcBox, Rect dstBox, long[] srcOrigin, long[] dstOrigin,
                             long[] region, List<ClEvent> waitList) {
        MemObject from = (MemObject) src;
        MemObject to = (MemObject) dst;
        int type;
        RectCopyCommand.DeviceCopy copy;
        if (from.image() != null && to.image() != null) {
            type = CL_COMMAND_COPY_IMAGE;
            copy = (w, fromRows, toRows) -> w.queue().copyImage(from.realImageOn(w.node()), to.realImageOn(w.node()),
                    srcOrigin, dstOrigin, region, List.of());
        } else if (from.image() != null) {
            type = CL_COMMAND_COPY_IMAGE_TO_BUFFER;
            copy = (w, fromRows, toRows) -> {
                Chunk b = toRows.chunk(w.memory());
                return w.queue().copyImageToBuffer(from.realImageOn(w.node()), b.buffer(), srcOrigin, region,
                        toRows.originIn(b)[0], List.of());
            };
        } else {
            type = CL_COMMAND_COPY_BUFFER_TO_IMAGE;
            copy = (w, fromRows, toRows) -> {
                Chunk a = fromRows.chunk(w.memory());
                return w.queue().copyBufferToImage(a.buffer(), to.realImageOn(w.node()), fromRows.originIn(a)[0],
                        dstOrigin, region, List.of());
            };
        }
        return enqueue(new RectCopyCommand(this, type, from, to, srcBox, dstBox, copy), waitList);
    }

    @Override
    public ClEvent fillImage(ClMem image, byte[] color, Rect box, long[] origin, long[] region,
                             List<ClEvent> waitList) {
        MemObject m = (MemObject) image;
        return enqueue(new ImageFillCommand(this, m, color, RectRows.of(m, box), origin, region), waitList);
    }

    @Override
    public Mapping mapImage(ClMem image, boolean blocking, long flags, Rect box, List<ClEvent> waitList) {
        MemObject m = (MemObject) image;
        MapCommand map = new MapCommand(this, CL_COMMAND_MAP_IMAGE, m, flags, RectRows.of(m, box));
        return new Mapping(map.mapped(), run(map, blocking, waitList));
    }

    @Override
    public ClEvent copyBuffer(ClMem src, ClMem dst, long srcOffset, long dstOffset, long size,
                              List<ClEvent> waitList) {
        return enqueue(new CopyCommand(this, (MemObject) src, (MemObject) dst, srcOffset, dstOffset, size), waitList);
    }

    @Override
    public ClEvent fillBuffer(ClMem buffer, byte[] pattern, long offset, long size, List<ClEvent> waitList) {
        return enqueue(new FillCommand(this, (MemObject) buffer, pattern, offset, size), waitList);
    }

    @Override
    public Mapping mapBuffer(ClMem buffer, boolean blocking, long flags, long offset, long size,
                             List<ClEvent> waitList) {
        MemObject m = (MemObject) buffer;
        MapCommand map = new MapCommand(this, CL_COMMAND_MAP_BUFFER, m, flags, RectRows.range(m, offset, size));
        return new Mapping(map.mapped(), run(map, blocking, waitList));
    }

    @Override
    public ClEvent unmap(ClMem memory, ByteBuffer mapped, List<ClEvent> waitList) {
        MemObject.Mapped m = ((MemObject) memory).takeMapping(mapped);
        if (m == null) {
            throw new ClError(CL_INVALID_VALUE, "not a live mapping of this memory object");
        }
        return enqueue(new UnmapCommand(this, (MemObject) memory, m), waitList);
    }

    @Override
    public ClEvent migrate(List<ClMem> objects, long flags, List<ClEvent> waitList) {
        return enqueue(new MigrateCommand(this, objects.stream().map(m -> (MemObject) m).toList(), flags), waitList);
    }

    @Override
    public ClEvent ndRange(ClKernel kernel, int workDim, long[] offset, long[] global, long[] local,
                           List<ClEvent> waitList) {
        return enqueue(new KernelCommand(this, (Kernel) kernel, workDim, offset, global, local), waitList);
    }

    @Override
    public ClEvent marker(List<ClEvent> waitList) {
        return enqueue(markerOrBarrier(CL_COMMAND_MARKER, waitList), waitList);
    }

    @Override
    public ClEvent barrier(List<ClEvent> waitList) {
        SyncCommand c = markerOrBarrier(CL_COMMAND_BARRIER, waitList);
        Event e = enqueue(c, waitList);
        if (!inOrder) {
            synchronized (this) {
                lastBarrier = e.done();
            }
        }
        return e;
    }

    /** Out of order, a marker or barrier with no wait list waits for every command enqueued before it. */
    private SyncCommand markerOrBarrier(int type, List<ClEvent> waitList) {
        SyncCommand c = new SyncCommand(this, type);
        if (!inOrder && waitList.isEmpty()) {
            for (Completion p : pending()) {
                c.dependOn(p, false, true);
            }
        }
        return c;
    }

    @Override
    public InfoValue info(int param) {
        switch (param) {
            case CL_QUEUE_CONTEXT:
                return InfoValue.ofHandle(context);
            case CL_QUEUE_DEVICE:
                return InfoValue.ofHandle(device);
            case CL_QUEUE_REFERENCE_COUNT:
                return InfoValue.ofInt(referenceCount());
            case CL_QUEUE_PROPERTIES:
                return InfoValue.ofLong(properties);
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown queue info " + param);
        }
    }

    @Override
    protected int invalidCode() {
        return CL_INVALID_COMMAND_QUEUE;
    }

    @Override
    protected void destroy() {
        context.unhold();
    }
}
