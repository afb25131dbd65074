package io.omnicl;

import io.omnicl.driver.DeviceCounters;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_buffer_region;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sixteen host threads share one context on the virtual device, four of its queues (in order and out of
 * order) and eight buffers, and issue a random mix of kernels (on whole buffers and on sub-buffers), event
 * chains across threads and queues, copies, maps, reads, writes, short-lived buffers and objects released
 * while their commands run, for a bounded time
 * ({@code -Dstress.seconds}, 8 by default). A lock per shared buffer orders the updates to it, as a correct
 * program would, and a host model follows them: at the end every buffer must hold exactly what the model
 * says (no update lost), every thread must have finished (no deadlock), and each real device must hold as
 * many native objects and bytes as before (nothing leaked). It runs twice: as it is, and with the second
 * device failing some of its launches and transfers ({@code OMNICL_FAULTS}).
 */
@Tag("stress")
class StressTest {

    private static final int THREADS = 16;
    private static final int SHARED = 8;
    private static final int INTS = 4096;
    private static final long BYTES = (long) INTS * Sizeof.cl_int;
    private static final String SOURCE =
            "__kernel void add(__global int* data, const int delta) {"
            + " int i = get_global_id(0); data[i] += delta + (i & 3); }";

    /** A shared buffer, its two halves as sub-buffers, the host's model of it, and the last event writing it. */
    private static final class Shared {
        final cl_mem buffer;
        final cl_mem[] halves = new cl_mem[2];
        final int[] model = new int[INTS];
        cl_event last;

        Shared(cl_context context) {
            buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, BYTES, Pointer.to(model), null);
            for (int h = 0; h < 2; h++) {
                cl_buffer_region region = new cl_buffer_region(h * BYTES / 2, BYTES / 2);
                halves[h] = clCreateSubBuffer(buffer, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, region, null);
            }
        }

        /** The wait list that orders a new command after the last write. */
        cl_event[] after() {
            return last == null ? null : new cl_event[] {last};
        }

        int waits() {
            return last == null ? 0 : 1;
        }

        /** {@code event} is now the last write; the previous one is let go. */
        void wrote(cl_event event) {
            if (last != null) {
                clReleaseEvent(last);
            }
            last = event;
        }
    }

    private cl_context context;
    private cl_program program;
    private final List<cl_command_queue> queues = new ArrayList<>();
    private final List<Shared> shared = new ArrayList<>();
    private final AtomicLong operations = new AtomicLong();

    @Test
    void sixteenThreadsSharingContextQueuesAndBuffers() throws Exception {
        long seconds = Long.getLong("stress.seconds", 8);
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platform = new cl_platform_id[1];
        clGetPlatformIDs(1, platform, null);
        cl_device_id[] device = new cl_device_id[1];
        clGetDeviceIDs(platform[0], CL_DEVICE_TYPE_DEFAULT, 1, device, null);
        warmUp(platform[0]);
        List<DeviceCounters> before = OmniCL.counters();

        context = clCreateContext(null, 1, device, null, null, null);
        program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        for (int q = 0; q < 4; q++) {
            long properties = q % 2 == 0 ? 0 : CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
            queues.add(clCreateCommandQueue(context, device[0], properties, null));
        }
        for (int b = 0; b < SHARED; b++) {
            shared.add(new Shared(context));
        }

        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        assertTimeoutPreemptively(Duration.ofSeconds(seconds + 120), () -> {
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<?>> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Random random = new Random(1000 + t);
                threads.add(pool.submit(() -> {
                    while (System.nanoTime() < deadline) {
                        step(random);
                        operations.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> f : threads) {
                f.get();
            }
            pool.shutdown();
        }, "a thread did not finish: deadlock");

        for (cl_command_queue q : queues) {
            clFinish(q);
        }
        for (int b = 0; b < SHARED; b++) {
            Shared s = shared.get(b);
            assertArrayEquals(s.model, read(queues.get(0), s.buffer, s.after(), s.waits()), "shared buffer " + b);
        }
        assertTrue(operations.get() >= THREADS, "the threads worked: " + operations.get() + " operations");
        System.out.printf("stress: %d operations by %d threads in %d s, %d failed on a device and retried%n",
                operations.get(), THREADS, seconds,
                OmniCL.counters().stream().mapToLong(DeviceCounters::failures).sum());

        for (Shared s : shared) {
            s.wrote(null);
            clReleaseMemObject(s.halves[0]);
            clReleaseMemObject(s.halves[1]);
            clReleaseMemObject(s.buffer);
        }
        queues.forEach(CL::clReleaseCommandQueue);
        clReleaseProgram(program);
        clReleaseContext(context);
        List<DeviceCounters> after = OmniCL.counters();
        for (int d = 0; d < before.size(); d++) {
            assertEquals(before.get(d).liveObjects(), after.get(d).liveObjects(),
                    "native objects on " + after.get(d).device() + " after " + operations.get() + " operations");
            assertEquals(0, after.get(d).bytesAllocated(), "device memory on " + after.get(d).device());
        }
    }

    /**
     * Starts both devices' workers, and has them open their queue for uploads, so that the count before includes
     * what they keep for themselves.
     */
    private static void warmUp(cl_platform_id platform) {
        cl_device_id[] all = new cl_device_id[3];
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 3, all, null);
        cl_device_id[] pinned = {all[1], all[2]};
        cl_context c = clCreateContext(null, 2, pinned, null, null, null);
        cl_program p = clCreateProgramWithSource(c, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(p, 0, null, null, null, null);
        cl_mem m = clCreateBuffer(c, CL_MEM_READ_WRITE, BYTES, null, null);
        for (cl_device_id d : pinned) {
            cl_command_queue q = clCreateCommandQueue(c, d, 0, null);
            cl_kernel k = kernel(p, m, 1);
            clEnqueueNDRangeKernel(q, k, 1, null, new long[] {INTS}, null, 0, null, null);
            clFinish(q);
            clReleaseKernel(k);
            clReleaseCommandQueue(q);
        }
        clReleaseMemObject(m);
        // bytes a buffer is made from go up on each device's queue for uploads, opened on first use
        clReleaseMemObject(clCreateBuffer(c, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, BYTES, Pointer.to(new int[INTS]),
                null));
        clReleaseProgram(p);
        clReleaseContext(c);
        assertEquals(2, OmniCL.counters().size(), "the test runs over POCL_DEVICES=\"basic basic\"");
        assertTrue(OmniCL.counters().stream().allMatch(d -> d.kernels() > 0), "both devices started");
    }

    private static cl_kernel kernel(cl_program program, cl_mem data, int delta) {
        cl_kernel k = clCreateKernel(program, "add", null);
        clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(data));
        clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[] {delta}));
        return k;
    }

    private static int[] read(cl_command_queue queue, cl_mem buffer, cl_event[] waitList, int waits) {
        int[] out = new int[(int) (sizeOf(buffer) / Sizeof.cl_int)];
        clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeOf(buffer), Pointer.to(out), waits, waitList, null);
        return out;
    }

    private static long sizeOf(cl_mem buffer) {
        long[] size = new long[1];
        clGetMemObjectInfo(buffer, CL_MEM_SIZE, Sizeof.size_t, Pointer.to(size), null);
        return size[0];
    }

    /** One random operation of one thread. */
    private void step(Random random) {
        cl_command_queue queue = queues.get(random.nextInt(queues.size()));
        int choice = random.nextInt(100);
        if (choice < 5) {
            releaseWhileRunning(queue, random);
            return;
        }
        if (choice < 15) {
            privateRoundTrip(queue, random);
            return;
        }
        Shared s = shared.get(random.nextInt(SHARED));
        synchronized (s) {
            if (choice < 55) {
                update(s, queue, random);
            } else if (choice < 70) {
                assertArrayEquals(s.model, read(queue, s.buffer, s.after(), s.waits()));
            } else if (choice < 80) {
                copyOut(s, queue);
            } else if (choice < 90) {
                mapAndCheck(s, queue);
            } else {
                overwrite(s, queue, random);
            }
        }
    }

    /** A kernel on the buffer or one half, after the last write, not waited for; the model follows. */
    private void update(Shared s, cl_command_queue queue, Random random) {
        int delta = random.nextInt(1000);
        int part = random.nextInt(3);
        cl_mem target = part == 2 ? s.buffer : s.halves[part];
        int from = part == 1 ? INTS / 2 : 0;
        int count = part == 2 ? INTS : INTS / 2;
        cl_kernel k = kernel(program, target, delta);
        cl_event[] event = new cl_event[] {new cl_event()};
        clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {count}, null, s.waits(), s.after(), event[0]);
        clReleaseKernel(k);
        s.wrote(event[0]);
        for (int i = 0; i < count; i++) {
            s.model[from + i] += delta + (i & 3);
        }
    }

    /** A device copy into a new buffer, read back and checked. */
    private void copyOut(Shared s, cl_command_queue queue) {
        cl_mem copy = clCreateBuffer(context, CL_MEM_READ_WRITE, BYTES, null, null);
        cl_event copied = new cl_event();
        clEnqueueCopyBuffer(queue, s.buffer, copy, 0, 0, BYTES, s.waits(), s.after(), copied);
        assertArrayEquals(s.model, read(queue, copy, new cl_event[] {copied}, 1));
        clReleaseEvent(copied);
        clReleaseMemObject(copy);
    }

    /** A blocking map for reading, checked, then unmapped. */
    private void mapAndCheck(Shared s, cl_command_queue queue) {
        ByteBuffer mapped = clEnqueueMapBuffer(queue, s.buffer, CL_TRUE, CL_MAP_READ, 0, BYTES, s.waits(),
                s.after(), null, null);
        int[] seen = new int[INTS];
        mapped.order(ByteOrder.nativeOrder()).asIntBuffer().get(seen);
        cl_event unmapped = new cl_event();
        clEnqueueUnmapMemObject(queue, s.buffer, mapped, 0, null, unmapped);
        s.wrote(unmapped);
        assertArrayEquals(s.model, seen);
    }

    /** A non-blocking write of new content from a direct buffer, waited for through the next commands. */
    private void overwrite(Shared s, cl_command_queue queue, Random random) {
        ByteBuffer content = ByteBuffer.allocateDirect((int) BYTES).order(ByteOrder.nativeOrder());
        for (int i = 0; i < INTS; i++) {
            s.model[i] = random.nextInt();
            content.putInt(i * Sizeof.cl_int, s.model[i]);
        }
        cl_event written = new cl_event();
        clEnqueueWriteBuffer(queue, s.buffer, CL_FALSE, 0, BYTES, Pointer.to(content), s.waits(), s.after(),
                written);
        s.wrote(written);
    }

    /** A buffer and a kernel released as soon as the launch using them is enqueued; its event is waited for. */
    private void releaseWhileRunning(cl_command_queue queue, Random random) {
        int[] data = new int[INTS / 4];
        cl_mem mine = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, BYTES / 4, Pointer.to(data),
                null);
        cl_kernel k = kernel(program, mine, random.nextInt(50));
        cl_event ran = new cl_event();
        clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {data.length}, null, 0, null, ran);
        clReleaseKernel(k);
        clReleaseMemObject(mine);
        clWaitForEvents(1, new cl_event[] {ran});
        int[] status = new int[1];
        clGetEventInfo(ran, CL_EVENT_COMMAND_EXECUTION_STATUS, Sizeof.cl_int, Pointer.to(status), null);
        clReleaseEvent(ran);
        assertEquals(CL_COMPLETE, status[0]);
    }

    /** A buffer of the thread's own: made, stepped by a kernel, read, checked and released. */
    private void privateRoundTrip(cl_command_queue queue, Random random) {
        int[] data = new int[INTS / 4];
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextInt();
        }
        cl_mem mine = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, BYTES / 4, Pointer.to(data),
                null);
        int delta = random.nextInt(50);
        cl_kernel k = kernel(program, mine, delta);
        cl_event ran = new cl_event();
        clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {data.length}, null, 0, null, ran);
        clReleaseKernel(k);
        int[] got = read(queue, mine, new cl_event[] {ran}, 1);
        clReleaseEvent(ran);
        clReleaseMemObject(mine);
        for (int i = 0; i < data.length; i++) {
            data[i] += delta + (i & 3);
        }
        assertArrayEquals(data, got);
    }
}
