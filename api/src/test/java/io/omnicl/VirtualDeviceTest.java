package io.omnicl;

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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the virtual device does beyond OpenCL's contract, over two PoCL devices: it places independent
 * commands on both, keeps data coherent between them, and shows in-order semantics on in-order queues. Its
 * launches run whole ({@code OMNICL_SPLIT=off}, the execution of group "whole"): these tests count where each
 * launch ran.
 */
@Tag("whole")
class VirtualDeviceTest {

    private static final String SOURCE = String.join("\n",
            "__kernel void slow(__global int* out, const int rounds) {",
            "    int i = get_global_id(0); int s = i;",
            "    for (int r = 0; r < rounds; r++) { s = s * 1103515245 + 12345; }",
            "    out[i] = s;",
            "}",
            "__kernel void addOne(__global int* data) { int i = get_global_id(0); data[i] += 1; }",
            "__kernel void twice(__global const int* in, __global int* out) {",
            "    int i = get_global_id(0); out[i] = 2 * in[i];",
            "}");

    private static cl_device_id device;
    private static cl_context context;
    private static cl_command_queue queue;
    private static cl_program program;

    @BeforeAll
    static void setUp() {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platform = new cl_platform_id[1];
        clGetPlatformIDs(1, platform, null);
        cl_device_id[] virtualDevice = new cl_device_id[1];
        clGetDeviceIDs(platform[0], CL_DEVICE_TYPE_DEFAULT, 1, virtualDevice, null);
        device = virtualDevice[0];
        context = clCreateContext(null, 1, virtualDevice, null, null, null);
        queue = clCreateCommandQueue(context, virtualDevice[0], 0, null);
        program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        assertEquals(2, OmniCL.counters().size(), "the tests run over POCL_DEVICES=\"basic basic\"");
    }

    @AfterAll
    static void tearDown() {
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }

    private static cl_kernel kernel(String name, Object... args) {
        return Kernels.create(program, name, args);
    }

    private static int[] read(cl_mem m, int n) {
        int[] out = new int[n];
        clEnqueueReadBuffer(queue, m, true, 0, (long) Sizeof.cl_int * n, Pointer.to(out), 0, null, null);
        return out;
    }

    private static cl_mem buffer(int[] values) {
        return clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, (long) Sizeof.cl_int * values.length,
                Pointer.to(values), null);
    }

    /**
     * On PoCL's basic device a kernel runs in the thread that submits it, so while one device's worker runs
     * a long kernel, an independent kernel enqueued after it on the same in-order queue can only go to the
     * other device.
     */
    @Test
    void independentCommandsOfOneInOrderQueueRunOnBothDevices() {
        int n = 1 << 14;
        cl_mem a = clCreateBuffer(context, CL_MEM_WRITE_ONLY, (long) Sizeof.cl_int * n, null, null);
        cl_mem b = clCreateBuffer(context, CL_MEM_WRITE_ONLY, (long) Sizeof.cl_int * n, null, null);
        cl_kernel slow = kernel("slow", a, 200_000);
        cl_kernel quick = kernel("slow", b, 1);
        long[] before = OmniCL.kernelsPerDevice();
        clEnqueueNDRangeKernel(queue, slow, 1, null, new long[] {n}, null, 0, null, null);
        clEnqueueNDRangeKernel(queue, quick, 1, null, new long[] {n}, null, 0, null, null);
        clFinish(queue);
        long[] after = OmniCL.kernelsPerDevice();
        assertEquals(1, after[0] - before[0], "device 1 ran one of the two");
        assertEquals(1, after[1] - before[1], "device 2 ran the other");
        clReleaseKernel(slow);
        clReleaseKernel(quick);
        clReleaseMemObject(a);
        clReleaseMemObject(b);
    }

    /**
     * One kernel with one local size but different offsets and grids, on both devices at once. PoCL 3.1
     * aborts the process here unless each device builds the program as its own (see
     * {@code DeviceNode.buildOptions}).
     */
    @Test
    void oneKernelOfManyShapesOnBothDevicesAtOnce() {
        int n = 1 << 14;
        cl_command_queue outOfOrder = clCreateCommandQueue(context, device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE,
                null);
        cl_mem[] outs = new cl_mem[200];
        for (int r = 0; r < outs.length; r++) {
            outs[r] = clCreateBuffer(context, CL_MEM_WRITE_ONLY, (long) Sizeof.cl_int * n, null, null);
            cl_kernel k = kernel("slow", outs[r], 1);
            long offset = (r % 2) * 64;
            long global = 64L << (r % 5);
            clEnqueueNDRangeKernel(outOfOrder, k, 1, new long[] {offset}, new long[] {global}, new long[] {16}, 0,
                    null, null);
            clReleaseKernel(k);
        }
        clFinish(outOfOrder);
        for (int r = 0; r < outs.length; r += 37) {
            int[] out = read(outs[r], n);
            int first = (int) ((r % 2) * 64);
            assertEquals(first * 1103515245 + 12345, out[first], "launch " + r);
        }
        for (cl_mem m : outs) {
            clReleaseMemObject(m);
        }
        clReleaseCommandQueue(outOfOrder);
    }

    /** A chain whose steps may land on either device gives the in-order result. */
    @Test
    void aChainOfDependentKernelsGivesTheInOrderResult() {
        int n = 4096;
        int[] start = new int[n];
        for (int i = 0; i < n; i++) {
            start[i] = i;
        }
        cl_mem data = buffer(start);
        cl_mem other = clCreateBuffer(context, CL_MEM_READ_WRITE, (long) Sizeof.cl_int * n, null, null);
        cl_kernel addOne = kernel("addOne", data);
        cl_kernel twice = kernel("twice", data, other);
        cl_kernel twiceBack = kernel("twice", other, data);
        for (int round = 0; round < 10; round++) {
            clEnqueueNDRangeKernel(queue, addOne, 1, null, new long[] {n}, null, 0, null, null);
            clEnqueueNDRangeKernel(queue, twice, 1, null, new long[] {n}, null, 0, null, null);
            clEnqueueNDRangeKernel(queue, twiceBack, 1, null, new long[] {n}, null, 0, null, null);
        }
        int[] expected = start.clone();
        for (int round = 0; round < 10; round++) {
            for (int i = 0; i < n; i++) {
                expected[i] = 4 * (expected[i] + 1);
            }
        }
        assertArrayEquals(expected, read(data, n));
        clReleaseKernel(addOne);
        clReleaseKernel(twice);
        clReleaseKernel(twiceBack);
        clReleaseMemObject(data);
        clReleaseMemObject(other);
    }

    /**
     * Two halves of one buffer are written by kernels on different devices (each half's kernel on a queue of one
     * pinned device, in the virtual device's context); reading the parent on the virtual device's queue gathers
     * each half from the device that holds it.
     */
    @Test
    void subBuffersWorkedOnByBothDevicesAreGatheredWhenTheParentIsRead() {
        cl_platform_id[] platform = new cl_platform_id[1];
        clGetPlatformIDs(1, platform, null);
        cl_device_id[] all = new cl_device_id[3];
        clGetDeviceIDs(platform[0], CL_DEVICE_TYPE_ALL, 3, all, null);
        cl_context shared = clCreateContext(null, 3, all, null, null, null);
        cl_command_queue[] queues = new cl_command_queue[3];
        for (int d = 0; d < 3; d++) {
            queues[d] = clCreateCommandQueue(shared, all[d], 0, null);
        }
        cl_program built = clCreateProgramWithSource(shared, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(built, 0, null, null, null, null);
        int half = 1 << 14;
        int[] start = new int[2 * half];
        for (int i = 0; i < start.length; i++) {
            start[i] = 3 * i;
        }
        cl_mem parent = clCreateBuffer(shared, CL_MEM_COPY_HOST_PTR, (long) Sizeof.cl_int * start.length,
                Pointer.to(start), null);
        cl_mem[] halves = new cl_mem[2];
        cl_kernel[] kernels = new cl_kernel[2];
        long[] before = OmniCL.kernelsPerDevice();
        for (int h = 0; h < 2; h++) {
            halves[h] = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region((long) Sizeof.cl_int * half * h, (long) Sizeof.cl_int * half), null);
            kernels[h] = Kernels.create(built, "addOne", halves[h]);
            clEnqueueNDRangeKernel(queues[h + 1], kernels[h], 1, null, new long[] {half}, null, 0, null, null);
            clFlush(queues[h + 1]);
        }
        clFinish(queues[1]);
        clFinish(queues[2]);
        int[] result = new int[2 * half];
        clEnqueueReadBuffer(queues[0], parent, true, 0, (long) Sizeof.cl_int * result.length, Pointer.to(result),
                0, null, null);
        long[] after = OmniCL.kernelsPerDevice();
        for (int i = 0; i < start.length; i++) {
            assertEquals(3 * i + 1, result[i], "element " + i);
        }
        assertEquals(1, after[0] - before[0], "the first device ran the first half's kernel");
        assertEquals(1, after[1] - before[1], "the second device ran the second half's kernel");
        for (int h = 0; h < 2; h++) {
            clReleaseKernel(kernels[h]);
            clReleaseMemObject(halves[h]);
        }
        clReleaseMemObject(parent);
        clReleaseProgram(built);
        for (cl_command_queue q : queues) {
            clReleaseCommandQueue(q);
        }
        clReleaseContext(shared);
    }

    /**
     * In an in-order queue a later command may execute first on another device, but its event completes
     * only after the events of the commands before it.
     */
    @Test
    void eventsOfAnInOrderQueueCompleteInOrder() throws InterruptedException {
        int n = 1 << 14;
        cl_mem a = clCreateBuffer(context, CL_MEM_WRITE_ONLY, (long) Sizeof.cl_int * n, null, null);
        cl_mem b = clCreateBuffer(context, CL_MEM_WRITE_ONLY, (long) Sizeof.cl_int * n, null, null);
        cl_kernel slow = kernel("slow", a, 200_000);
        cl_kernel quick = kernel("slow", b, 1);
        cl_event first = new cl_event();
        cl_event second = new cl_event();
        clEnqueueNDRangeKernel(queue, slow, 1, null, new long[] {n}, null, 0, null, first);
        clEnqueueNDRangeKernel(queue, quick, 1, null, new long[] {n}, null, 0, null, second);
        AtomicInteger firstStatusWhenSecondCompleted = new AtomicInteger(Integer.MIN_VALUE);
        CountDownLatch called = new CountDownLatch(1);
        clSetEventCallback(second, CL_COMPLETE, (event, status, data) -> {
            int[] s = new int[1];
            clGetEventInfo(first, CL_EVENT_COMMAND_EXECUTION_STATUS, Sizeof.cl_int, Pointer.to(s), null);
            firstStatusWhenSecondCompleted.set(s[0]);
            called.countDown();
        }, null);
        clFinish(queue);
        called.await();
        assertEquals(CL_COMPLETE, firstStatusWhenSecondCompleted.get());
        clReleaseEvent(first);
        clReleaseEvent(second);
        clReleaseKernel(slow);
        clReleaseKernel(quick);
        clReleaseMemObject(a);
        clReleaseMemObject(b);
    }
}
