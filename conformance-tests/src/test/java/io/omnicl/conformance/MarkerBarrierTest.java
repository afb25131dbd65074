package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * clEnqueueMarkerWithWaitList, clEnqueueBarrierWithWaitList and their deprecated 1.1 forms. Ordering is
 * made observable without timing: a user event holds back the first command, and the test checks that
 * what must wait for it has not completed, then releases it and checks the results.
 */
@SuppressWarnings("deprecation")
class MarkerBarrierTest extends ClTestBase {

    private static final String SOURCE =
            "kernel void inc(global int* a) { size_t i = get_global_id(0); a[i] = a[i] + 1; }\n";
    private static final int N = 512;
    private static final long BYTES = N * Sizeof.cl_int;

    private cl_program program;
    /** An out-of-order queue where the device has them, else a second in-order queue. */
    private cl_command_queue ooo;

    @BeforeAll
    void setUpClass() {
        program = program(SOURCE, null);
        long supported = Info.ulong(deviceQ(device), CL_DEVICE_QUEUE_PROPERTIES);
        long props = supported & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
        ooo = keep(createQueue(context, device, props));
    }

    private static int status(cl_event e) {
        return Info.uint(eventQ(e), CL_EVENT_COMMAND_EXECUTION_STATUS);
    }

    private static void release(cl_event user) {
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete the user event");
    }

    private cl_event gatedKernel(cl_command_queue q, cl_mem m, cl_event gate) {
        cl_kernel k = kernel(program, "inc");
        argMem(k, 0, m);
        cl_event run = newEvent();
        ok(clEnqueueNDRangeKernel(q, k, 1, null, new long[] {N}, null, 1, new cl_event[] {gate}, run), "kernel");
        return track(run);
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void markerWaitsForEveryEarlierCommand() {
        cl_event gate = userEvent();
        cl_mem m = intBuffer(ramp(N, 1, 0));
        cl_event run = gatedKernel(queue, m, gate);
        cl_event marker = newEvent();
        ok(clEnqueueMarkerWithWaitList(queue, 0, null, marker), "marker");
        track(marker);
        ok(clFlush(queue), "flush");
        try {
            assertNotEquals(CL_COMPLETE, status(marker), "the marker waits for the held-back kernel");
        } finally {
            release(gate);
        }
        waitFor(marker);
        assertEquals(CL_COMPLETE, status(run), "everything before a completed marker is complete");
        assertArrayEquals(ramp(N, 1, 1), readInts(m, N));
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void markerWithWaitListWaitsForTheListedEvents() {
        cl_event first = userEvent();
        cl_event second = userEvent();
        cl_event marker = newEvent();
        ok(clEnqueueMarkerWithWaitList(ooo, 2, new cl_event[] {first, second}, marker), "marker");
        track(marker);
        ok(clFlush(ooo), "flush");
        try {
            release(first);
            assertNotEquals(CL_COMPLETE, status(marker), "one listed event is still pending");
        } finally {
            release(second);
        }
        waitFor(marker);
        assertEquals(CL_COMPLETE, status(marker));
    }

    @Test
    void markerOnAnIdleQueueCompletes() {
        cl_event marker = newEvent();
        ok(clEnqueueMarkerWithWaitList(queue, 0, null, marker), "marker");
        track(marker);
        waitFor(marker);
        assertEquals(CL_COMPLETE, status(marker));
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void barrierSeparatesAWriteFromAReadOnAnOutOfOrderQueue() {
        cl_event gate = userEvent();
        cl_mem m = intBuffer(new int[N]);
        int[] data = ramp(N, 7, 3);
        ByteBuffer src = direct((int) BYTES);
        src.asIntBuffer().put(data);
        ByteBuffer dst = direct((int) BYTES);
        cl_event write = newEvent();
        ok(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, BYTES, Pointer.to(src), 1, new cl_event[] {gate}, write),
                "write held back by the user event");
        track(write);
        ok(clEnqueueBarrierWithWaitList(ooo, 0, null, null), "barrier");
        cl_event read = newEvent();
        ok(clEnqueueReadBuffer(ooo, m, CL_FALSE, 0, BYTES, Pointer.to(dst), 0, null, read), "read");
        track(read);
        ok(clFlush(ooo), "flush");
        try {
            assertNotEquals(CL_COMPLETE, status(read), "the read is behind the barrier, behind the write");
        } finally {
            release(gate);
        }
        waitFor(read);
        int[] out = new int[N];
        dst.asIntBuffer().get(out);
        assertArrayEquals(data, out, "the read saw the write");
        Reference.reachabilityFence(src);
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void barrierWithWaitListHoldsBackLaterCommands() {
        cl_event gate = userEvent();
        int[] data = ramp(N, 2, 2);
        cl_mem m = intBuffer(data);
        cl_event barrier = newEvent();
        ok(clEnqueueBarrierWithWaitList(ooo, 1, new cl_event[] {gate}, barrier), "barrier");
        track(barrier);
        cl_kernel k = kernel(program, "inc");
        argMem(k, 0, m);
        cl_event run = newEvent();
        ok(clEnqueueNDRangeKernel(ooo, k, 1, null, new long[] {N}, null, 0, null, run), "kernel");
        track(run);
        ok(clFlush(ooo), "flush");
        try {
            assertNotEquals(CL_COMPLETE, status(barrier), "the barrier waits for its list");
            assertNotEquals(CL_COMPLETE, status(run), "the kernel waits for the barrier");
        } finally {
            release(gate);
        }
        waitFor(run);
        assertEquals(CL_COMPLETE, status(barrier));
        assertArrayEquals(ramp(N, 2, 3), readInts(ooo, m, N));
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void deprecatedMarkerAndBarrierStillOrder() {
        cl_event gate = userEvent();
        cl_mem m = intBuffer(ramp(N, 1, 0));
        cl_event run = gatedKernel(ooo, m, gate);
        ok(clEnqueueBarrier(ooo), "clEnqueueBarrier");
        cl_event marker = newEvent();
        ok(clEnqueueMarker(ooo, marker), "clEnqueueMarker");
        track(marker);
        ok(clFlush(ooo), "flush");
        try {
            assertNotEquals(CL_COMPLETE, status(marker), "the marker waits for the held-back kernel");
        } finally {
            release(gate);
        }
        waitFor(marker);
        assertEquals(CL_COMPLETE, status(run));
        assertEquals(CL_COMMAND_MARKER, Info.uint(eventQ(marker), CL_EVENT_COMMAND_TYPE));
        assertArrayEquals(ramp(N, 1, 1), readInts(ooo, m, N));
    }

    @Test
    void badWaitListsAreInvalidEventWaitList() {
        cl_event done = newEvent();
        ok(clEnqueueMarkerWithWaitList(queue, 0, null, done), "marker");
        track(done);
        waitFor(done);
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMarkerWithWaitList(queue, 1, null, null),
                "marker: count without list");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMarkerWithWaitList(queue, 0, new cl_event[] {done}, null),
                "marker: list without count");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST,
                clEnqueueMarkerWithWaitList(queue, 1, new cl_event[] {new cl_event()}, null),
                "marker: NULL event in the list");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueBarrierWithWaitList(queue, 1, null, null),
                "barrier: count without list");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueBarrierWithWaitList(queue, 0, new cl_event[] {done}, null),
                "barrier: list without count");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST,
                clEnqueueBarrierWithWaitList(queue, 1, new cl_event[] {new cl_event()}, null),
                "barrier: NULL event in the list");
    }

    @Test
    void eventOfAnotherContextInTheWaitListIsInvalidContext() {
        cl_context other = track(createContext(device));
        int[] e = err();
        cl_event foreign = clCreateUserEvent(other, e);
        ok(e[0], "user event in the other context");
        track(foreign);
        ok(clSetUserEventStatus(foreign, CL_COMPLETE), "complete");
        assertStatus(CL_INVALID_CONTEXT, clEnqueueMarkerWithWaitList(queue, 1, new cl_event[] {foreign}, null),
                "marker");
        assertStatus(CL_INVALID_CONTEXT, clEnqueueBarrierWithWaitList(queue, 1, new cl_event[] {foreign}, null),
                "barrier");
    }

    @Test
    void nullQueueIsInvalidCommandQueue() {
        for (cl_command_queue q : new cl_command_queue[] {null, new cl_command_queue()}) {
            assertStatus(CL_INVALID_COMMAND_QUEUE, clEnqueueMarkerWithWaitList(q, 0, null, null), "marker");
            assertStatus(CL_INVALID_COMMAND_QUEUE, clEnqueueBarrierWithWaitList(q, 0, null, null), "barrier");
        }
    }
}
