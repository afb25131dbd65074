package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.jocl.Pointer;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Ordering between queues of one context and inside out-of-order queues (CTS events: waitlists, out-of-order,
 * markers and barriers with and without wait lists). Every test checks a result that only the required order
 * gives: the kernels add and multiply, which do not commute; and "every earlier command is complete once a
 * marker or barrier is" is checked through the event status, which is deterministic.
 */
class QueueOrderingTest extends ClTestBase {

    private static final int N = 1024;
    private static final long BYTES = 4L * N;

    private cl_program program;
    private cl_command_queue ooo;
    private cl_command_queue second;

    @BeforeAll
    void setUpClass() {
        program = program(""
                + "kernel void add(global int* a, int c) { size_t i = get_global_id(0); a[i] += c; }\n"
                + "kernel void mul(global int* a, int f) { size_t i = get_global_id(0); a[i] *= f; }\n"
                + "kernel void sum(global const int* a, global const int* b, global int* out) {\n"
                + "  size_t i = get_global_id(0); out[i] = a[i] + b[i]; }\n", null);
        ooo = keep(createQueue(context, device, outOfOrderIfSupported()));
        second = keep(createQueue(context, device, 0));
    }

    private cl_event op(cl_command_queue q, String name, cl_mem m, int value, cl_event... waitList) {
        cl_kernel k = kernel(program, name);
        argMem(k, 0, m);
        argInt(k, 1, value);
        cl_event e = track(newEvent());
        ok(clEnqueueNDRangeKernel(q, k, 1, null, new long[] {N}, null, waitList.length,
                waitList.length == 0 ? null : waitList, e), name);
        return e;
    }

    private static int[] affine(int[] x, int mul, int add) {
        int[] out = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i] * mul + add;
        }
        return out;
    }

    // ---- two queues of one context --------------------------------------------------------------------------

    @Test
    void commandsAlternatingBetweenTwoQueuesFollowTheirEvents() {
        int[] data = ramp(N, 1, -300);
        cl_mem m = intBuffer(data);
        cl_event last = op(queue, "add", m, 1);
        int[] expected = affine(data, 1, 1);
        for (int round = 0; round < 6; round++) {
            boolean onSecond = round % 2 == 0;
            cl_command_queue q = onSecond ? second : queue;
            if (round % 3 == 0) {
                last = op(q, "mul", m, 3, last);
                expected = affine(expected, 3, 0);
            } else {
                last = op(q, "add", m, round, last);
                expected = affine(expected, 1, round);
            }
        }
        waitFor(last);
        assertArrayEquals(expected, readInts(second, m, N));
    }

    @Test
    void readOnOneQueueWaitsForAKernelOnTheOther() {
        int[] data = ramp(N, 2, 7);
        cl_mem m = intBuffer(data);
        cl_event run = op(second, "mul", m, -2);
        ByteBuffer host = direct((int) BYTES);
        cl_event read = track(newEvent());
        ok(clEnqueueReadBuffer(queue, m, CL_FALSE, 0, BYTES, Pointer.to(host), 1, new cl_event[] {run}, read),
                "read waiting on the other queue");
        waitFor(read);
        int[] seen = new int[N];
        host.order(ByteOrder.nativeOrder()).asIntBuffer().get(seen);
        assertArrayEquals(affine(data, -2, 0), seen);
    }

    @Test
    void kernelWaitingOnEventsOfTwoQueues() {
        cl_mem a = intBuffer(ramp(N, 1, 0));
        cl_mem b = intBuffer(ramp(N, 2, 0));
        cl_mem out = intBuffer(N);
        cl_event ea = op(queue, "add", a, 10);
        cl_event eb = op(second, "mul", b, 5);
        cl_kernel k = kernel(program, "sum");
        argMem(k, 0, a);
        argMem(k, 1, b);
        argMem(k, 2, out);
        cl_event es = track(newEvent());
        ok(clEnqueueNDRangeKernel(ooo, k, 1, null, new long[] {N}, null, 2, new cl_event[] {ea, eb}, es), "sum");
        waitFor(es);
        assertArrayEquals(ramp(N, 11, 10), readInts(out, N), "(i + 10) + 10 i");
    }

    @Test
    void waitForEventsOfSeveralQueuesOfOneContext() {
        cl_mem a = intBuffer(ramp(N, 1, 0));
        cl_mem b = intBuffer(ramp(N, 1, 0));
        cl_mem c = intBuffer(ramp(N, 1, 0));
        cl_event[] events = {op(queue, "add", a, 1), op(second, "add", b, 2), op(ooo, "add", c, 3)};
        waitFor(events);
        for (cl_event e : events) {
            assertEquals(CL_COMPLETE, execStatus(e));
        }
        assertArrayEquals(ramp(N, 1, 1), readInts(a, N));
        assertArrayEquals(ramp(N, 1, 2), readInts(b, N));
        assertArrayEquals(ramp(N, 1, 3), readInts(c, N));
    }

    @Test
    void markerOnOneQueueWaitingOnAnotherQueuesCommand() {
        int[] data = ramp(N, 3, 1);
        cl_mem m = intBuffer(data);
        cl_event run = op(second, "add", m, 4);
        cl_event marker = track(newEvent());
        ok(clEnqueueMarkerWithWaitList(queue, 1, new cl_event[] {run}, marker), "marker");
        cl_event after = op(queue, "mul", m, 2, marker);
        waitFor(after);
        assertEquals(CL_COMPLETE, execStatus(run), "complete before the marker");
        assertArrayEquals(affine(affine(data, 1, 4), 2, 0), readInts(m, N));
    }

    // ---- out-of-order queues ---------------------------------------------------------------------------------

    @Test
    void diamondOfDependenciesOnAnOutOfOrderQueue() {
        int[] data = ramp(N, 1, 1);
        ByteBuffer src = direct((int) BYTES);
        src.asIntBuffer().put(data);
        cl_mem a = intBuffer(N);
        cl_mem b = intBuffer(N);
        cl_mem out = intBuffer(N);
        cl_event wa = track(newEvent());
        ok(clEnqueueWriteBuffer(ooo, a, CL_FALSE, 0, BYTES, Pointer.to(src), 0, null, wa), "write a");
        cl_event copied = track(newEvent());
        ok(clEnqueueCopyBuffer(ooo, a, b, 0, 0, BYTES, 1, new cl_event[] {wa}, copied), "copy a to b");
        cl_event left = op(ooo, "mul", a, 3, copied);
        cl_event right = op(ooo, "add", b, 100, copied);
        cl_kernel k = kernel(program, "sum");
        argMem(k, 0, a);
        argMem(k, 1, b);
        argMem(k, 2, out);
        cl_event join = track(newEvent());
        ok(clEnqueueNDRangeKernel(ooo, k, 1, null, new long[] {N}, null, 2, new cl_event[] {left, right}, join),
                "join");
        waitFor(join);
        int[] expected = new int[N];
        for (int i = 0; i < N; i++) {
            expected[i] = 3 * data[i] + data[i] + 100;
        }
        assertArrayEquals(expected, readInts(ooo, out, N));
        Reference.reachabilityFence(src);
    }

    @Test
    void barrierWithoutWaitListOrdersAnOutOfOrderQueue() {
        int[] data = ramp(N, 2, 3);
        cl_mem m = intBuffer(data);
        op(ooo, "add", m, 5);
        ok(clEnqueueBarrierWithWaitList(ooo, 0, null, null), "barrier");
        op(ooo, "mul", m, 7);
        ok(clEnqueueBarrierWithWaitList(ooo, 0, null, null), "barrier");
        op(ooo, "add", m, -1);
        finish(ooo);
        assertArrayEquals(affine(affine(data, 1, 5), 7, -1), readInts(m, N));
    }

    @Test
    void barrierWithAWaitListOrdersOnlyWhatComesAfterIt() {
        int[] data = ramp(N, 1, 0);
        cl_mem m = intBuffer(data);
        cl_mem other = intBuffer(data);
        cl_event first = op(ooo, "add", m, 2);
        op(ooo, "add", other, 9); // not in the list: with a list, the barrier waits for the listed events only
        cl_event barrier = track(newEvent());
        ok(clEnqueueBarrierWithWaitList(ooo, 1, new cl_event[] {first}, barrier), "barrier");
        cl_event then = op(ooo, "mul", m, 4);
        waitFor(then);
        assertEquals(CL_COMPLETE, execStatus(first), "the listed event completed before the barrier");
        assertEquals(CL_COMPLETE, execStatus(barrier));
        assertArrayEquals(affine(affine(data, 1, 2), 4, 0), readInts(ooo, m, N));
        finish(ooo);
        assertArrayEquals(affine(data, 1, 9), readInts(ooo, other, N));
    }

    @Test
    void markerWithoutWaitListCompletesAfterEveryEarlierCommand() {
        cl_mem[] buffers = new cl_mem[4];
        cl_event[] runs = new cl_event[4];
        for (int i = 0; i < buffers.length; i++) {
            buffers[i] = intBuffer(ramp(N, 1, 0));
            runs[i] = op(ooo, "add", buffers[i], i + 1);
        }
        cl_event marker = track(newEvent());
        ok(clEnqueueMarkerWithWaitList(ooo, 0, null, marker), "marker");
        waitFor(marker);
        for (int i = 0; i < runs.length; i++) {
            assertEquals(CL_COMPLETE, execStatus(runs[i]), "command " + i + " completed before the marker");
        }
        for (int i = 0; i < buffers.length; i++) {
            assertArrayEquals(ramp(N, 1, i + 1), readInts(ooo, buffers[i], N));
        }
    }

    @Test
    void markerWithAWaitListCompletesAfterTheListedEvents() {
        cl_mem a = intBuffer(ramp(N, 1, 0));
        cl_mem b = intBuffer(ramp(N, 1, 0));
        cl_event ea = op(ooo, "add", a, 1);
        cl_event eb = op(second, "add", b, 2);
        cl_event marker = track(newEvent());
        ok(clEnqueueMarkerWithWaitList(ooo, 2, new cl_event[] {ea, eb}, marker), "marker");
        waitFor(marker);
        assertEquals(CL_COMPLETE, execStatus(ea));
        assertEquals(CL_COMPLETE, execStatus(eb));
    }

    @Test
    void barrierOnAnInOrderQueueWithAndWithoutAWaitList() {
        int[] data = ramp(N, 1, 1);
        cl_mem m = intBuffer(data);
        cl_event other = op(second, "add", intBuffer(N), 1);
        op(queue, "add", m, 1);
        cl_event b1 = track(newEvent());
        ok(clEnqueueBarrierWithWaitList(queue, 0, null, b1), "barrier");
        op(queue, "mul", m, 2);
        cl_event b2 = track(newEvent());
        ok(clEnqueueBarrierWithWaitList(queue, 1, new cl_event[] {other}, b2), "barrier on the other queue's event");
        cl_event last = op(queue, "add", m, 3);
        waitFor(last);
        assertEquals(CL_COMPLETE, execStatus(b1));
        assertEquals(CL_COMPLETE, execStatus(b2));
        assertEquals(CL_COMPLETE, execStatus(other));
        assertArrayEquals(affine(affine(data, 1, 1), 2, 3), readInts(m, N));
    }

    @Test
    void outOfOrderQueueRunsEveryIndependentCommand() {
        int count = 16;
        cl_mem[] buffers = new cl_mem[count];
        for (int i = 0; i < count; i++) {
            buffers[i] = intBuffer(ramp(N, i, 0));
            op(ooo, i % 2 == 0 ? "add" : "mul", buffers[i], i + 2);
        }
        finish(ooo);
        for (int i = 0; i < count; i++) {
            int[] expected = i % 2 == 0 ? affine(ramp(N, i, 0), 1, i + 2) : affine(ramp(N, i, 0), i + 2, 0);
            assertArrayEquals(expected, readInts(buffers[i], N), "buffer " + i);
        }
    }

    @Test
    void blockingReadOnAnOutOfOrderQueueWithAWaitList() {
        int[] data = ramp(N, 4, 0);
        cl_mem m = intBuffer(data);
        cl_event run = op(ooo, "add", m, 6);
        int[] out = new int[N];
        ok(clEnqueueReadBuffer(ooo, m, CL_TRUE, 0, BYTES, Pointer.to(out), 1, new cl_event[] {run}, null), "read");
        assertArrayEquals(affine(data, 1, 6), out);
    }

    @Test
    void outOfOrderQueueReportsItsProperty() {
        long expected = outOfOrderIfSupported();
        assertEquals(expected, Info.ulong(queueQ(ooo), CL_QUEUE_PROPERTIES) & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    }
}
