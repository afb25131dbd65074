package io.omnicl.demos.bench;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;

import java.util.Arrays;

import static org.jocl.CL.*;

/**
 * An opened {@link TargetSpec}: a context, its queues, and the enqueue calls every workload goes through.
 * Each task says which task it is, and the placement picks its queue. Every command returns an event and
 * takes the events it depends on, so one code path serves in-order queues and SOCL's out-of-order one.
 * It also counts what the program asked for: kernels per queue and bytes it gave or took from buffers.
 */
public final class Target implements AutoCloseable {

    private final String platformName;
    private final cl_context context;
    private final cl_device_id[] devices;
    private final cl_command_queue[] queues;
    private final Placement placement;
    /** False for SOCL's one out-of-order queue. */
    private final boolean inOrder;
    private final long[] kernelsPerQueue;
    private long bytesGiven;
    private long bytesTaken;

    private Target(String platformName, cl_context context, cl_device_id[] devices, cl_command_queue[] queues,
                   Placement placement, boolean inOrder) {
        this.platformName = platformName;
        this.context = context;
        this.devices = devices;
        this.queues = queues;
        this.placement = placement;
        this.inOrder = inOrder;
        this.kernelsPerQueue = new long[queues.length];
    }

    /** Opens the context and queues {@code spec} names; errors become {@link org.jocl.CLException}s. */
    public static Target open(TargetSpec spec) {
        CL.setExceptionsEnabled(true);
        cl_platform_id platform = ClQueries.platformNamed(spec.platform());
        cl_device_id[] all = ClQueries.devices(platform);
        cl_device_id[] used = new cl_device_id[spec.devices().size()];
        for (int i = 0; i < used.length; i++) {
            int index = spec.devices().get(i);
            if (index >= all.length) {
                throw new IllegalArgumentException(ClQueries.platformName(platform) + " has " + all.length
                        + " devices, no device " + index);
            }
            used[i] = all[index];
        }
        cl_context_properties properties = new cl_context_properties();
        properties.addProperty(CL_CONTEXT_PLATFORM, platform);
        cl_context context = clCreateContext(properties, used.length, used, null, null, null);
        cl_command_queue[] queues;
        if (spec.anyDevice()) {
            // SOCL places the commands of a queue that has no device
            queues = new cl_command_queue[] {
                    clCreateCommandQueue(context, null, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, null)};
        } else {
            queues = new cl_command_queue[used.length];
            for (int i = 0; i < used.length; i++) {
                queues[i] = clCreateCommandQueue(context, used[i], 0, null);
            }
        }
        return new Target(ClQueries.platformName(platform), context, used, queues, spec.placement(),
                !spec.anyDevice());
    }

    public String platformName() {
        return platformName;
    }

    public cl_context context() {
        return context;
    }

    /** Builds {@code source} for every device of the context. */
    public cl_program build(String source) {
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {source}, null, null);
        clBuildProgram(program, devices.length, devices, null, null, null);
        return program;
    }

    /** A buffer; {@code hostData} (may be null) is copied in when {@code flags} say so, and counted. */
    public cl_mem buffer(long flags, long bytes, Pointer hostData) {
        if ((flags & (CL_MEM_COPY_HOST_PTR | CL_MEM_USE_HOST_PTR)) != 0) {
            bytesGiven += bytes;
        }
        return clCreateBuffer(context, flags, bytes, hostData, null);
    }

    /** Launches task {@code task} of {@code tasks} after {@code after}. */
    public cl_event kernel(int task, int tasks, cl_kernel kernel, long[] globalSize, cl_event... after) {
        int q = placement.queueFor(task, tasks, queues.length);
        kernelsPerQueue[q]++;
        cl_event done = new cl_event();
        clEnqueueNDRangeKernel(queues[q], kernel, globalSize.length, null, globalSize, null, after.length,
                waitList(after), done);
        return done;
    }

    /**
     * Writes {@code bytes} from {@code from} to the start of {@code buffer}, without blocking, on the queue
     * of task {@code task} of {@code tasks}; {@code from} must stay untouched until the event completes.
     */
    public cl_event write(int task, int tasks, cl_mem buffer, long bytes, Pointer from, cl_event... after) {
        int q = placement.queueFor(task, tasks, queues.length);
        bytesGiven += bytes;
        cl_event done = new cl_event();
        clEnqueueWriteBuffer(queues[q], buffer, CL_FALSE, 0, bytes, from, after.length, waitList(after), done);
        return done;
    }

    /**
     * Reads each of {@code blocks} (task k of them) into {@code into} at k times {@code blockBytes}, each after
     * the kernel event {@code events[k]}; the reads' events go to {@code events[blocks.length + k]}.
     */
    public void readBlocks(cl_mem[] blocks, long blockBytes, Pointer into, cl_event[] events) {
        int n = blocks.length;
        for (int k = 0; k < n; k++) {
            events[n + k] = read(k, n, blocks[k], blockBytes, into.withByteOffset(k * blockBytes), events[k]);
        }
    }

    /** Reads the first {@code bytes} of {@code buffer} into {@code into}, without blocking, on task's queue. */
    public cl_event read(int task, int tasks, cl_mem buffer, long bytes, Pointer into, cl_event... after) {
        int q = placement.queueFor(task, tasks, queues.length);
        bytesTaken += bytes;
        cl_event done = new cl_event();
        clEnqueueReadBuffer(queues[q], buffer, CL_FALSE, 0, bytes, into, after.length, waitList(after), done);
        return done;
    }

    private static cl_event[] waitList(cl_event[] after) {
        return after.length == 0 ? null : after;
    }

    /**
     * The first queue, in order, for workloads written as most JOCL programs are: their own blocking calls
     * on one queue, without events. They tell what they asked of it through {@link #countOnFirstQueue}.
     *
     * @throws IllegalStateException for SOCL's out-of-order queue, where commands without events would not
     *         run in the order such a program needs
     */
    public cl_command_queue firstQueue() {
        if (!inOrder) {
            throw new IllegalStateException("a workload written for one in-order queue cannot run on a "
                    + "device-less out-of-order queue");
        }
        return queues[0];
    }

    /** Counts what a workload enqueued itself on {@link #firstQueue}, as this class's own calls count theirs. */
    public void countOnFirstQueue(long kernels, long given, long taken) {
        kernelsPerQueue[0] += kernels;
        bytesGiven += given;
        bytesTaken += taken;
    }

    /** Waits for every queue. */
    public void finish() {
        for (cl_command_queue q : queues) {
            clFinish(q);
        }
    }

    /** Kernels launched on each queue so far. */
    public long[] kernelsPerQueue() {
        return kernelsPerQueue.clone();
    }

    /** Bytes the program handed to buffers (host data at creation, writes) so far. */
    public long bytesGiven() {
        return bytesGiven;
    }

    /** Bytes the program read back from buffers so far. */
    public long bytesTaken() {
        return bytesTaken;
    }

    /** Releases events (nulls are skipped). */
    public static void release(cl_event... events) {
        for (cl_event e : events) {
            if (e != null) {
                clReleaseEvent(e);
            }
        }
    }

    @Override
    public void close() {
        Arrays.stream(queues).forEach(CL::clReleaseCommandQueue);
        clReleaseContext(context);
    }
}
