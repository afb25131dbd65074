package io.omnicl.differential;

import static io.omnicl.differential.ClChecks.check;
import static io.omnicl.differential.ClChecks.err;
import static org.jocl.CL.CL_BUFFER_CREATE_TYPE_REGION;
import static org.jocl.CL.CL_MAP_READ;
import static org.jocl.CL.CL_MAP_WRITE;
import static org.jocl.CL.CL_MAP_WRITE_INVALIDATE_REGION;
import static org.jocl.CL.CL_MEM_COPY_HOST_PTR;
import static org.jocl.CL.CL_MEM_READ_WRITE;
import static org.jocl.CL.CL_MIGRATE_MEM_OBJECT_HOST;
import static org.jocl.CL.clCreateBuffer;
import static org.jocl.CL.clCreateSubBuffer;
import static org.jocl.CL.clEnqueueBarrierWithWaitList;
import static org.jocl.CL.clEnqueueCopyBuffer;
import static org.jocl.CL.clEnqueueCopyBufferRect;
import static org.jocl.CL.clEnqueueFillBuffer;
import static org.jocl.CL.clEnqueueMapBuffer;
import static org.jocl.CL.clEnqueueMarkerWithWaitList;
import static org.jocl.CL.clEnqueueMigrateMemObjects;
import static org.jocl.CL.clEnqueueNDRangeKernel;
import static org.jocl.CL.clEnqueueReadBuffer;
import static org.jocl.CL.clEnqueueReadBufferRect;
import static org.jocl.CL.clEnqueueUnmapMemObject;
import static org.jocl.CL.clEnqueueWriteBuffer;
import static org.jocl.CL.clEnqueueWriteBufferRect;
import static org.jocl.CL.clReleaseMemObject;
import static org.jocl.CL.clSetKernelArg;

import io.omnicl.differential.Command.AwaitRead;
import io.omnicl.differential.Command.Barrier;
import io.omnicl.differential.Command.CompleteUserEvent;
import io.omnicl.differential.Command.CopyBuffer;
import io.omnicl.differential.Command.CopyBufferRect;
import io.omnicl.differential.Command.CreateUserEvent;
import io.omnicl.differential.Command.FillBuffer;
import io.omnicl.differential.Command.MapBuffer;
import io.omnicl.differential.Command.Marker;
import io.omnicl.differential.Command.MigrateMemObjects;
import io.omnicl.differential.Command.ReadBuffer;
import io.omnicl.differential.Command.ReadBufferRect;
import io.omnicl.differential.Command.RunKernel;
import io.omnicl.differential.Command.UnmapBuffer;
import io.omnicl.differential.Command.WriteBuffer;
import io.omnicl.differential.Command.WriteBufferRect;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_buffer_region;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;

/**
 * Runs a {@link Program} on one {@link ClSession} and records its {@link Outcome}. The steps are executed
 * here once; the subclasses say how logical queues, events and waits become real ones:
 * {@link ReferenceRun} runs everything in order on one queue, {@link VirtualRun} keeps the program's queues
 * and wait lists. Every OpenCL object a run creates is released before {@link #run} returns.
 */
abstract class ProgramRun {

    protected final ClSession session;
    protected final Program program;
    private final cl_mem[] memories;
    private final Outcome outcome = new Outcome();
    /** Host memory of non-blocking transfers, kept reachable until the program ends. */
    private final List<ByteBuffer> hostBuffers = new ArrayList<>();
    /** What non-blocking reads read into, by node, until the program inspects it. */
    private final Map<Integer, ByteBuffer> pendingReads = new HashMap<>();
    /** What maps returned, by node, until the program unmaps it. */
    private final Map<Integer, ByteBuffer> mappings = new HashMap<>();

    ProgramRun(ClSession session, Program program) {
        this.session = session;
        this.program = program;
        this.memories = new cl_mem[program.memories().size()];
    }

    // ---- how the subclass places the program ------------------------------------------------------------

    /** The real queue for a logical one. */
    abstract cl_command_queue queue(int logicalQueue);

    /** The real wait list for event nodes, or null when it is empty. */
    abstract cl_event[] waitList(List<Integer> nodes);

    /** The event out-parameter for a node, or null when the run does not keep events. */
    abstract cl_event event(int node);

    private int waitCount(List<Integer> nodes) {
        return waitList(nodes) == null ? 0 : nodes.size();
    }

    /** Called after each enqueue. */
    abstract void enqueued(int node);

    /** Called before the host blocks: a blocking call or a wait for an event. */
    abstract void beforeHostBlocks();

    /** Makes the host wait until the command of a node is complete. */
    abstract void awaitNode(int node);

    abstract void createUserEvent(int node);

    abstract void completeUserEvent(int node);

    /** Completes every enqueued command. */
    abstract void finishAll();

    /** Releases the event of a node, if the run keeps one; later steps do not name it. */
    abstract void releaseEvent(int node);

    /** Releases queues and events; {@code afterFailure} when the run stopped early and some may be pending. */
    abstract void releaseQueuesAndEvents(boolean afterFailure);

    // ---- the run ------------------------------------------------------------------------------------------

    /** Runs the program; what the host saw, with the final content of every root buffer last. */
    final Outcome run() {
        Throwable failure = null;
        try {
            createMemories();
            List<Command> commands = program.commands();
            int[] lastStepNamingMemory = lastStepNaming(Command::memoriesNamed, memories.length);
            int[] lastStepNamingNode = lastStepNaming(Command::nodesNamed, program.nodeCount());
            for (int step = 0; step < commands.size(); step++) {
                execute(commands.get(step));
                releaseNoLongerNamed(step, lastStepNamingMemory, lastStepNamingNode);
            }
            finishAll();
            readFinalContents();
            return outcome;
        } catch (RuntimeException | Error e) {
            failure = e;
            throw e;
        } finally {
            release(failure);
        }
    }

    private void createMemories() {
        int[] e = err();
        for (Memory m : program.memories()) {
            if (m.isRoot()) {
                memories[m.id()] = clCreateBuffer(session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, m.size(),
                        Pointer.to(program.initialContents(m.id())), e);
                check(e[0], "clCreateBuffer " + m.name());
            } else {
                memories[m.id()] = clCreateSubBuffer(memories[m.root()], CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                        new cl_buffer_region(m.origin(), m.size()), e);
                check(e[0], "clCreateSubBuffer " + m.name());
            }
        }
    }

    /** For each id, the index of the last step that names it (by {@code names}); -1 when none does. */
    private int[] lastStepNaming(Function<Command, List<Integer>> names, int ids) {
        int[] last = new int[ids];
        Arrays.fill(last, -1);
        List<Command> commands = program.commands();
        for (int step = 0; step < commands.size(); step++) {
            for (int id : names.apply(commands.get(step))) {
                last[id] = step;
            }
        }
        return last;
    }

    /**
     * Releases, right after the last step that names them, the sub-buffers and events the program is done
     * with, even while commands that use them may still run: OpenCL keeps them alive for those commands.
     * Root buffers stay for the final reads.
     */
    private void releaseNoLongerNamed(int step, int[] lastStepNamingMemory, int[] lastStepNamingNode) {
        for (Memory m : program.memories()) {
            if (!m.isRoot() && lastStepNamingMemory[m.id()] == step) {
                check(clReleaseMemObject(memories[m.id()]), "clReleaseMemObject " + m.name());
                memories[m.id()] = null;
            }
        }
        for (int node = 0; node < lastStepNamingNode.length; node++) {
            if (lastStepNamingNode[node] == step) {
                releaseEvent(node);
            }
        }
    }

    private void readFinalContents() {
        beforeHostBlocks();
        for (Memory root : program.roots()) {
            byte[] bytes = new byte[root.size()];
            check(clEnqueueReadBuffer(queue(0), memories[root.id()], true, 0, bytes.length, Pointer.to(bytes), 0, null,
                    null), "final read of " + root.name());
            outcome.observe("final content of " + root.name(), bytes);
        }
    }

    private void release(Throwable failure) {
        List<Throwable> problems = new ArrayList<>();
        attempt(problems, () -> releaseQueuesAndEvents(failure != null));
        // sub-buffers first, then their roots
        for (int id = memories.length - 1; id >= 0; id--) {
            cl_mem m = memories[id];
            if (m != null) {
                String name = program.memory(id).name();
                attempt(problems, () -> check(clReleaseMemObject(m), "clReleaseMemObject " + name));
            }
        }
        if (failure != null) {
            problems.forEach(failure::addSuppressed);
        } else if (!problems.isEmpty()) {
            AssertionError error = new AssertionError("releasing the program's objects failed");
            problems.forEach(error::addSuppressed);
            throw error;
        }
    }

    private static void attempt(List<Throwable> problems, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException | Error e) {
            problems.add(e);
        }
    }

    // ---- steps --------------------------------------------------------------------------------------------

    private void execute(Command command) {
        String what = command.text(program);
        if (command instanceof RunKernel c) {
            setKernelArguments(c);
            LaunchShape shape = LaunchShape.of(c);
            check(clEnqueueNDRangeKernel(queue(c.queue()), session.kernel(c.kernel()), shape.workDim(), shape.offset(),
                    shape.global(), shape.local(), waitCount(c.waits()), waitList(c.waits()), event(c.node())), what);
            enqueued(c.node());
        } else if (command instanceof CopyBuffer c) {
            check(clEnqueueCopyBuffer(queue(c.queue()), memories[c.source()], memories[c.destination()],
                    c.sourceOffset(), c.destinationOffset(), c.size(), waitCount(c.waits()), waitList(c.waits()),
                    event(c.node())), what);
            enqueued(c.node());
        } else if (command instanceof FillBuffer c) {
            check(clEnqueueFillBuffer(queue(c.queue()), memories[c.memory()], Pointer.to(c.pattern()),
                    c.pattern().length, c.offset(), c.size(), waitCount(c.waits()), waitList(c.waits()), event(c.node())),
                    what);
            enqueued(c.node());
        } else if (command instanceof WriteBuffer c) {
            if (c.blocking()) {
                beforeHostBlocks();
            }
            check(clEnqueueWriteBuffer(queue(c.queue()), memories[c.memory()], c.blocking(), c.offset(),
                    c.data().length, hostSource(c.data(), c.blocking()), waitCount(c.waits()), waitList(c.waits()),
                    event(c.node())), what);
            enqueued(c.node());
        } else if (command instanceof ReadBuffer c) {
            HostTarget target = hostTarget(c.node(), c.size(), c.blocking());
            check(clEnqueueReadBuffer(queue(c.queue()), memories[c.memory()], c.blocking(), c.offset(), c.size(),
                    target.pointer, waitCount(c.waits()), waitList(c.waits()), event(c.node())), what);
            enqueued(c.node());
            target.observeIfBlocking(what);
        } else if (command instanceof MapBuffer c) {
            map(c, what);
        } else if (command instanceof UnmapBuffer c) {
            readWriteUnmap(c, what);
        } else if (command instanceof Marker c) {
            check(clEnqueueMarkerWithWaitList(queue(c.queue()), waitCount(c.waits()), waitList(c.waits()),
                    event(c.node())), what);
            enqueued(c.node());
        } else if (command instanceof Barrier c) {
            check(clEnqueueBarrierWithWaitList(queue(c.queue()), waitCount(c.waits()), waitList(c.waits()),
                    event(c.node())), what);
            enqueued(c.node());
        } else if (command instanceof MigrateMemObjects c) {
            cl_mem[] objects = c.memories().stream().map(id -> memories[id]).toArray(cl_mem[]::new);
            check(clEnqueueMigrateMemObjects(queue(c.queue()), objects.length, objects,
                    c.toHost() ? CL_MIGRATE_MEM_OBJECT_HOST : 0, waitCount(c.waits()), waitList(c.waits()),
                    event(c.node())), what);
            enqueued(c.node());
        } else if (command instanceof WriteBufferRect c) {
            if (c.blocking()) {
                beforeHostBlocks();
            }
            check(clEnqueueWriteBufferRect(queue(c.queue()), memories[c.memory()], c.blocking(),
                    c.inBuffer().origin(), c.inHost().origin(), c.region().toArray(), c.inBuffer().rowPitch(),
                    c.inBuffer().slicePitch(), c.inHost().rowPitch(), c.inHost().slicePitch(),
                    hostSource(c.hostData(), c.blocking()), waitCount(c.waits()), waitList(c.waits()), event(c.node())),
                    what);
            enqueued(c.node());
        } else if (command instanceof ReadBufferRect c) {
            HostTarget target = hostTarget(c.node(), c.hostSize(), c.blocking());
            check(clEnqueueReadBufferRect(queue(c.queue()), memories[c.memory()], c.blocking(), c.inBuffer().origin(),
                    c.inHost().origin(), c.region().toArray(), c.inBuffer().rowPitch(), c.inBuffer().slicePitch(),
                    c.inHost().rowPitch(), c.inHost().slicePitch(), target.pointer, waitCount(c.waits()),
                    waitList(c.waits()), event(c.node())), what);
            enqueued(c.node());
            target.observeIfBlocking(what);
        } else if (command instanceof CopyBufferRect c) {
            check(clEnqueueCopyBufferRect(queue(c.queue()), memories[c.source()], memories[c.destination()],
                    c.inSource().origin(), c.inDestination().origin(), c.region().toArray(), c.inSource().rowPitch(),
                    c.inSource().slicePitch(), c.inDestination().rowPitch(), c.inDestination().slicePitch(),
                    waitCount(c.waits()), waitList(c.waits()), event(c.node())), what);
            enqueued(c.node());
        } else if (command instanceof CreateUserEvent c) {
            createUserEvent(c.node());
        } else if (command instanceof CompleteUserEvent c) {
            completeUserEvent(c.node());
        } else if (command instanceof AwaitRead c) {
            beforeHostBlocks();
            awaitNode(c.readNode());
            ByteBuffer read = pendingReads.remove(c.readNode());
            outcome.observe(what, bytesOf(read, read.capacity()));
        } else {
            throw new IllegalStateException("no execution for " + command);
        }
    }

    private void setKernelArguments(RunKernel c) {
        cl_kernel k = session.kernel(c.kernel());
        int index = 0;
        for (int id : c.arguments()) {
            check(clSetKernelArg(k, index++, Sizeof.cl_mem, Pointer.to(memories[id])), "clSetKernelArg mem");
        }
        if (c.kernel().usesLocalScratch) {
            check(clSetKernelArg(k, index++, (long) c.localSize() * KernelKind.ELEMENT, null), "clSetKernelArg local");
        }
        if (c.kernel().usesScalar) {
            check(clSetKernelArg(k, index, Sizeof.cl_uint, Pointer.to(new int[] {c.scalar()})), "clSetKernelArg k");
        }
    }

    private void map(MapBuffer c, String what) {
        if (c.blocking()) {
            beforeHostBlocks();
        }
        int[] e = err();
        ByteBuffer mapped = clEnqueueMapBuffer(queue(c.queue()), memories[c.memory()], c.blocking(), mapFlags(c),
                c.offset(), c.size(), waitCount(c.waits()), waitList(c.waits()), event(c.node()), e);
        check(e[0], what);
        enqueued(c.node());
        mappings.put(c.node(), mapped);
    }

    private void readWriteUnmap(UnmapBuffer c, String what) {
        MapBuffer map = c.map();
        ByteBuffer mapped = mappings.remove(map.node());
        if (!map.blocking()) {
            beforeHostBlocks();
            awaitNode(map.node());
        }
        if (map.mode().hostReads()) {
            outcome.observe(what, bytesOf(mapped, map.size()));
        }
        if (map.mode().hostWrites()) {
            ByteBuffer view = mapped.duplicate();
            view.position(c.hostOffset());
            view.put(c.hostData());
        }
        check(clEnqueueUnmapMemObject(queue(c.queue()), memories[map.memory()], mapped, waitCount(c.waits()),
                waitList(c.waits()), event(c.node())), what);
        enqueued(c.node());
    }

    private static long mapFlags(MapBuffer c) {
        switch (c.mode()) {
            case READ: return CL_MAP_READ;
            case WRITE: return CL_MAP_WRITE;
            case READ_WRITE: return CL_MAP_READ | CL_MAP_WRITE;
            case WRITE_INVALIDATE_REGION: return CL_MAP_WRITE_INVALIDATE_REGION;
            default: throw new IllegalArgumentException(c.mode().toString());
        }
    }

    /** Host data for a write: the array itself when blocking, a direct copy of it otherwise (as JOCL requires). */
    private Pointer hostSource(byte[] data, boolean blocking) {
        if (blocking) {
            return Pointer.to(data);
        }
        ByteBuffer direct = ByteBuffer.allocateDirect(data.length);
        direct.put(data).flip();
        hostBuffers.add(direct);
        return Pointer.to(direct);
    }

    /** Where a read lands: an array when blocking, a direct buffer that {@link AwaitRead} inspects otherwise. */
    private HostTarget hostTarget(int node, int size, boolean blocking) {
        if (blocking) {
            beforeHostBlocks();
            byte[] bytes = new byte[size];
            return new HostTarget(Pointer.to(bytes), bytes);
        }
        ByteBuffer direct = ByteBuffer.allocateDirect(size);
        hostBuffers.add(direct);
        pendingReads.put(node, direct);
        return new HostTarget(Pointer.to(direct), null);
    }

    /** The pointer a read writes to, and the array to observe when the read is blocking. */
    private final class HostTarget {
        final Pointer pointer;
        final byte[] blockingBytes;

        HostTarget(Pointer pointer, byte[] blockingBytes) {
            this.pointer = pointer;
            this.blockingBytes = blockingBytes;
        }

        void observeIfBlocking(String what) {
            if (blockingBytes != null) {
                outcome.observe(what, blockingBytes);
            }
        }
    }

    /** The first {@code size} bytes of a buffer, whatever its position. */
    private static byte[] bytesOf(ByteBuffer buffer, int size) {
        byte[] bytes = new byte[size];
        buffer.duplicate().clear().get(bytes);
        return bytes;
    }
}
