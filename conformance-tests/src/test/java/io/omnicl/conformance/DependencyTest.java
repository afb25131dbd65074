package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.util.Arrays;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Data dependencies: in-order queues run commands as if one after the other; out-of-order queues and
 * several queues follow event wait lists; kernel arguments are captured when a kernel is enqueued.
 */
@SuppressWarnings("deprecation") // OpenCL 1.2 entry points that JOCL marks deprecated for 2.0
class DependencyTest extends ClTestBase {

    private static final String SOURCE = ""
            + "kernel void add_const(global int* a, int c) { size_t i = get_global_id(0); a[i] = a[i] + c; }\n"
            + "kernel void mul(global int* a, int f) { size_t i = get_global_id(0); a[i] = a[i] * f; }\n"
            + "kernel void affine(global int* out, int scale, int shift) {\n"
            + "  size_t i = get_global_id(0); out[i] = (int) i * scale + shift;\n"
            + "}\n"
            + "kernel void sum_into(global const int* a, global const int* b, global int* out) {\n"
            + "  size_t i = get_global_id(0); out[i] = a[i] + b[i];\n"
            + "}\n";
    private static final int N = 4096;
    private static final long BYTES = N * Sizeof.cl_int;

    private cl_program program;

    @BeforeAll
    void buildOnce() {
        program = program(SOURCE, null);
    }

    private cl_kernel addConst(cl_mem m, int c) {
        cl_kernel k = kernel(program, "add_const");
        argMem(k, 0, m);
        argInt(k, 1, c);
        return k;
    }

    private cl_kernel mul(cl_mem m, int f) {
        cl_kernel k = kernel(program, "mul");
        argMem(k, 0, m);
        argInt(k, 1, f);
        return k;
    }

    private static void run(cl_command_queue q, cl_kernel k, int n, cl_event[] waitList, cl_event event) {
        ok(clEnqueueNDRangeKernel(q, k, 1, null, new long[] {n}, null, waitList == null ? 0 : waitList.length,
                waitList, event), "clEnqueueNDRangeKernel");
    }

    private static int[] ints(ByteBuffer b) {
        int[] out = new int[b.capacity() / Sizeof.cl_int];
        b.asIntBuffer().get(out);
        return out;
    }

    @Test
    void writeKernelKernelReadChainOnAnInOrderQueue() {
        int[] data = ramp(N, 3, -1000);
        ByteBuffer src = direct((int) BYTES);
        src.asIntBuffer().put(data);
        ByteBuffer dst = direct((int) BYTES);
        cl_mem m = intBuffer(N);
        ok(clEnqueueWriteBuffer(queue, m, CL_FALSE, 0, BYTES, Pointer.to(src), 0, null, null), "write");
        run(queue, addConst(m, 1), N, null, null);
        run(queue, mul(m, 2), N, null, null);
        cl_event read = newEvent();
        ok(clEnqueueReadBuffer(queue, m, CL_FALSE, 0, BYTES, Pointer.to(dst), 0, null, read), "read");
        track(read);
        waitFor(read);
        int[] expected = new int[N];
        for (int i = 0; i < N; i++) {
            expected[i] = (data[i] + 1) * 2;
        }
        assertArrayEquals(expected, ints(dst), "(x + 1) * 2, not x * 2 + 1");
        Reference.reachabilityFence(src);
    }

    @Test
    void manyIndependentKernelsEachGiveTheirOwnResult() {
        int count = 32;
        cl_mem[] outs = new cl_mem[count];
        for (int j = 0; j < count; j++) {
            outs[j] = intBuffer(N);
            cl_kernel k = kernel(program, "affine");
            argMem(k, 0, outs[j]);
            argInt(k, 1, j + 1);
            argInt(k, 2, -j * 7);
            run(queue, k, N, null, null);
        }
        finish(queue);
        for (int j = 0; j < count; j++) {
            assertArrayEquals(ramp(N, j + 1, -j * 7), readInts(outs[j], N), "kernel " + j);
        }
    }

    @Test
    void argumentsAreCapturedWhenTheKernelIsEnqueued() {
        cl_kernel k = kernel(program, "affine");
        cl_mem first = intBuffer(N);
        cl_mem second = intBuffer(N);
        argMem(k, 0, first);
        argInt(k, 1, 2);
        argInt(k, 2, 5);
        run(queue, k, N, null, null);
        // change every argument before the first enqueue has been waited for
        argMem(k, 0, second);
        argInt(k, 1, -3);
        argInt(k, 2, 40);
        run(queue, k, N, null, null);
        argInt(k, 2, 41); // after the last enqueue: affects nothing already enqueued
        finish(queue);
        assertArrayEquals(ramp(N, 2, 5), readInts(first, N), "first enqueue used the first arguments");
        assertArrayEquals(ramp(N, -3, 40), readInts(second, N), "second enqueue used the second arguments");
    }

    @Test
    void repeatedKernelOnOneBufferAccumulates() {
        int[] data = ramp(N, 1, 0);
        cl_mem m = intBuffer(data);
        cl_kernel k = addConst(m, 3);
        int times = 50;
        for (int i = 0; i < times; i++) {
            run(queue, k, N, null, null);
        }
        assertArrayEquals(ramp(N, 1, 3 * times), readInts(m, N));
    }

    @Test
    void mixedCommandChainKeepsProgramOrder() {
        cl_mem a = intBuffer(N);
        cl_mem b = intBuffer(N);
        ok(clEnqueueFillBuffer(queue, a, Pointer.to(new int[] {10}), Sizeof.cl_int, 0, BYTES, 0, null, null), "fill");
        run(queue, mul(a, 3), N, null, null);                               // a = 30
        ok(clEnqueueCopyBuffer(queue, a, b, 0, 0, BYTES, 0, null, null), "copy"); // b = 30
        run(queue, addConst(a, 1), N, null, null);                          // a = 31
        cl_kernel sum = kernel(program, "sum_into");
        argMem(sum, 0, a);
        argMem(sum, 1, b);
        argMem(sum, 2, b);
        run(queue, sum, N, null, null);                                     // b = 61
        int[] expectedA = new int[N];
        Arrays.fill(expectedA, 31);
        int[] expectedB = new int[N];
        Arrays.fill(expectedB, 61);
        assertArrayEquals(expectedA, readInts(a, N));
        assertArrayEquals(expectedB, readInts(b, N));
    }

    @Test
    void outOfOrderQueueFollowsEventDependencies() {
        long supported = Info.ulong(deviceQ(device), CL_DEVICE_QUEUE_PROPERTIES);
        cl_command_queue q = track(createQueue(context, device, supported & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE));
        int[] data = ramp(N, -2, 50);
        ByteBuffer src = direct((int) BYTES);
        src.asIntBuffer().put(data);
        ByteBuffer dst = direct((int) BYTES);
        cl_mem m = intBuffer(N);
        cl_event write = track(newEvent());
        ok(clEnqueueWriteBuffer(q, m, CL_FALSE, 0, BYTES, Pointer.to(src), 0, null, write), "write");
        cl_event first = track(newEvent());
        run(q, addConst(m, 5), N, new cl_event[] {write}, first);
        cl_event second = track(newEvent());
        run(q, mul(m, -1), N, new cl_event[] {first}, second);
        cl_event read = track(newEvent());
        ok(clEnqueueReadBuffer(q, m, CL_FALSE, 0, BYTES, Pointer.to(dst), 1, new cl_event[] {second}, read), "read");
        waitFor(read);
        int[] expected = new int[N];
        for (int i = 0; i < N; i++) {
            expected[i] = -(data[i] + 5);
        }
        assertArrayEquals(expected, ints(dst));
        Reference.reachabilityFence(src);
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void eventFromAnotherQueueOrdersTheSecondQueue() {
        cl_command_queue other = track(createQueue(context, device, 0));
        int[] e = err();
        cl_event gate = clCreateUserEvent(context, e);
        ok(e[0], "clCreateUserEvent");
        track(gate);
        cl_mem m = intBuffer(ramp(N, 1, 0));
        cl_event onFirst = track(newEvent());
        run(queue, addConst(m, 100), N, new cl_event[] {gate}, onFirst);
        cl_event onSecond = track(newEvent());
        run(other, mul(m, 2), N, new cl_event[] {onFirst}, onSecond);
        ok(clFlush(queue), "flush");
        ok(clFlush(other), "flush");
        try {
            assertNotEquals(CL_COMPLETE, Info.uint(eventQ(onSecond), CL_EVENT_COMMAND_EXECUTION_STATUS),
                    "the second queue waits for the first queue's kernel");
        } finally {
            ok(clSetUserEventStatus(gate, CL_COMPLETE), "complete the user event");
        }
        waitFor(onSecond);
        int[] expected = new int[N];
        for (int i = 0; i < N; i++) {
            expected[i] = (i + 100) * 2;
        }
        assertArrayEquals(expected, readInts(other, m, N));
    }

    @Test
    void blockingReadSeesEveryEarlierKernel() {
        cl_mem m = intBuffer(ramp(N, 0, 1));
        for (int f = 2; f <= 5; f++) {
            run(queue, mul(m, f), N, null, null);
        }
        int[] expected = new int[N];
        Arrays.fill(expected, 2 * 3 * 4 * 5);
        assertArrayEquals(expected, readInts(m, N));
    }

    @Test
    void twoQueuesWorkingOnSeparateBuffersDoNotInterfere() {
        cl_command_queue other = track(createQueue(context, device, 0));
        cl_mem a = intBuffer(ramp(N, 1, 0));
        cl_mem b = intBuffer(ramp(N, 2, 0));
        for (int i = 0; i < 10; i++) {
            run(queue, addConst(a, 1), N, null, null);
            run(other, addConst(b, -1), N, null, null);
        }
        finish(queue);
        finish(other);
        assertArrayEquals(ramp(N, 1, 10), readInts(a, N));
        assertArrayEquals(ramp(N, 2, -10), readInts(other, b, N));
    }
}
