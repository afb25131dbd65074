package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.jocl.Pointer;
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
 * User events (CTS events/userevents): the status is set once; a negative status fails the event and every
 * command waiting on it, and clWaitForEvents reports CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST. Commands
 * that may fail run on a queue of their own, so that the shared queue never holds a terminated command.
 */
class UserEventTest extends ClTestBase {

    private static final int N = 128;

    private cl_program program;

    @BeforeAll
    void buildOnce() {
        program = program("kernel void add(global int* a, int c) { size_t i = get_global_id(0); a[i] += c; }", null);
    }

    private cl_event gatedAdd(cl_command_queue q, cl_mem m, int c, cl_event... waitList) {
        cl_kernel k = kernel(program, "add");
        argMem(k, 0, m);
        argInt(k, 1, c);
        cl_event e = track(newEvent());
        ok(clEnqueueNDRangeKernel(q, k, 1, null, new long[] {N}, null, waitList.length,
                waitList.length == 0 ? null : waitList, e), "kernel");
        return e;
    }

    @Test
    void statusCanBeSetOnlyOnce() {
        cl_event done = userEvent();
        ok(clSetUserEventStatus(done, CL_COMPLETE), "first");
        assertStatus(CL_INVALID_OPERATION, clSetUserEventStatus(done, CL_COMPLETE), "CL_COMPLETE again");
        assertStatus(CL_INVALID_OPERATION, clSetUserEventStatus(done, -5), "a failure after completion");
        cl_event failed = userEvent();
        ok(clSetUserEventStatus(failed, -3), "fail");
        assertStatus(CL_INVALID_OPERATION, clSetUserEventStatus(failed, CL_COMPLETE), "completion after a failure");
        assertEquals(CL_COMPLETE, execStatus(done), "the first status stays");
    }

    @Test
    void negativeStatusBecomesTheEventsStatus() {
        cl_event failed = userEvent();
        ok(clSetUserEventStatus(failed, -42), "fail with -42");
        assertEquals(-42, execStatus(failed));
    }

    @Test
    void waitForAFailedUserEventIsExecStatusErrorForEventsInWaitList() {
        cl_event failed = userEvent();
        ok(clSetUserEventStatus(failed, -1), "fail");
        assertStatus(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, new cl_event[] {failed}));
        cl_event fine = userEvent();
        ok(clSetUserEventStatus(fine, CL_COMPLETE), "complete");
        assertStatus(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
                clWaitForEvents(2, new cl_event[] {fine, failed}), "one failed event among two");
    }

    @Test
    void statusesThatAreNotCompleteOrAnErrorAreInvalidValue() {
        cl_event user = userEvent();
        for (int bad : new int[] {CL_QUEUED, CL_SUBMITTED, CL_RUNNING, 7}) {
            assertStatus(CL_INVALID_VALUE, clSetUserEventStatus(user, bad), "status " + bad);
        }
        assertEquals(CL_SUBMITTED, execStatus(user), "a rejected status changes nothing");
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
    }

    @Test
    void badHandlesAreRejected() {
        for (cl_event bad : new cl_event[] {null, new cl_event()}) {
            assertStatus(CL_INVALID_EVENT, clSetUserEventStatus(bad, CL_COMPLETE), bad == null ? "null" : "unset");
        }
        for (cl_context bad : new cl_context[] {null, new cl_context()}) {
            int[] e = err();
            clCreateUserEvent(bad, e);
            assertStatus(CL_INVALID_CONTEXT, e[0], bad == null ? "null context" : "unset context");
        }
        cl_event marker = track(newEvent());
        ok(clEnqueueMarkerWithWaitList(queue, 0, null, marker), "marker");
        waitFor(marker);
        assertStatus(CL_INVALID_EVENT, clSetUserEventStatus(marker, CL_COMPLETE), "a marker is not a user event");
    }

    @Test
    void referenceCountMovesWithRetainAndRelease() {
        cl_event user = userEvent();
        assertEquals(1, Info.uint(eventQ(user), CL_EVENT_REFERENCE_COUNT));
        ok(clRetainEvent(user), "retain");
        assertEquals(2, Info.uint(eventQ(user), CL_EVENT_REFERENCE_COUNT));
        ok(clReleaseEvent(user), "release");
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
        assertEquals(1, Info.uint(eventQ(user), CL_EVENT_REFERENCE_COUNT));
    }

    @Test
    void waitReturnsOnceAnotherThreadCompletesTheEvents() throws InterruptedException {
        cl_event first = userEvent();
        cl_event second = userEvent();
        AtomicInteger setterStatus = new AtomicInteger(Integer.MIN_VALUE);
        CountDownLatch started = new CountDownLatch(1);
        Thread setter = new Thread(() -> {
            started.countDown();
            int a = clSetUserEventStatus(second, CL_COMPLETE);
            int b = clSetUserEventStatus(first, CL_COMPLETE);
            setterStatus.set(a != CL_SUCCESS ? a : b);
        });
        setter.start();
        assertTrue(started.await(30, TimeUnit.SECONDS));
        waitFor(first, second);
        setter.join(30_000);
        assertStatus(CL_SUCCESS, setterStatus.get(), "the other thread's calls");
        assertEquals(CL_COMPLETE, execStatus(first));
        assertEquals(CL_COMPLETE, execStatus(second));
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void commandWaitingOnAFailedUserEventFailsAndDoesNotRun() {
        cl_command_queue own = track(createQueue(context, device, 0));
        int[] data = ramp(N, 2, 0);
        cl_mem m = intBuffer(data);
        cl_event gate = userEvent();
        cl_event run = gatedAdd(own, m, 100, gate);
        ok(clFlush(own), "flush");
        ok(clSetUserEventStatus(gate, -9), "fail the gate");
        assertStatus(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, new cl_event[] {run}),
                "waiting on the terminated command");
        assertTrue(execStatus(run) < 0, "the command's status is an error: " + execStatus(run));
        assertArrayEquals(data, readInts(m, N), "the terminated kernel did not run");
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void failureSpreadsAlongAChainOfDependenciesAcrossQueues() {
        cl_command_queue first = track(createQueue(context, device, 0));
        cl_command_queue second = track(createQueue(context, device, 0));
        cl_mem m = intBuffer(N);
        cl_event gate = userEvent();
        cl_event a = gatedAdd(first, m, 1, gate);
        cl_event b = gatedAdd(second, m, 2, a);
        cl_event marker = track(newEvent());
        ok(clEnqueueMarkerWithWaitList(second, 1, new cl_event[] {b}, marker), "marker");
        ok(clFlush(first), "flush");
        ok(clFlush(second), "flush");
        ok(clSetUserEventStatus(gate, -1), "fail the gate");
        assertStatus(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, new cl_event[] {marker}),
                "the end of the chain");
        for (cl_event e : new cl_event[] {a, b, marker}) {
            assertTrue(execStatus(e) < 0, "every command of the chain fails: " + execStatus(e));
        }
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void laterCommandsOfAnInOrderQueueWaitForEveryEarlierWaitList() {
        cl_command_queue own = track(createQueue(context, device, 0));
        cl_mem x = intBuffer(ramp(N, 1, 0));
        cl_mem y = intBuffer(ramp(N, 1, 0));
        cl_mem z = intBuffer(ramp(N, 1, 0));
        cl_event first = userEvent();
        cl_event second = userEvent();
        gatedAdd(own, x, 1, first);
        gatedAdd(own, y, 2, second);
        // another buffer and no wait list: only the queue's order holds it back, behind both gates
        cl_event last = gatedAdd(own, z, 3);
        ok(clFlush(own), "flush");
        try {
            ok(clSetUserEventStatus(second, CL_COMPLETE), "open the second gate");
            // work on another queue, finished, gives a wrongly released command time to run
            cl_mem other = intBuffer(N);
            gatedAdd(queue, other, 4);
            ok(clFinish(queue), "finish the other queue");
            assertTrue(execStatus(last) != CL_COMPLETE, "the last command still waits for the first gate");
            // its event could wait for the earlier ones while it ran: what it writes is not there yet either
            assertArrayEquals(ramp(N, 1, 0), readInts(queue, z, N), "the last command has not run");
        } finally {
            ok(clSetUserEventStatus(first, CL_COMPLETE), "open the first gate");
        }
        waitFor(last);
        assertArrayEquals(ramp(N, 1, 1), readInts(own, x, N));
        assertArrayEquals(ramp(N, 1, 2), readInts(own, y, N));
        assertArrayEquals(ramp(N, 1, 3), readInts(own, z, N));
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void completedUserEventReleasesEveryWaitingCommand() {
        cl_command_queue ooo = track(createQueue(context, device, outOfOrderIfSupported()));
        cl_mem a = intBuffer(ramp(N, 1, 0));
        cl_mem b = intBuffer(ramp(N, 1, 0));
        cl_event gate = userEvent();
        cl_event ra = gatedAdd(ooo, a, 5, gate);
        cl_event rb = gatedAdd(ooo, b, 6, gate);
        ok(clFlush(ooo), "flush");
        ok(clSetUserEventStatus(gate, CL_COMPLETE), "complete the gate");
        waitFor(ra, rb);
        assertArrayEquals(ramp(N, 1, 5), readInts(ooo, a, N));
        assertArrayEquals(ramp(N, 1, 6), readInts(ooo, b, N));
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void readWaitingOnAUserEventSeesTheKernelBeforeIt() {
        cl_command_queue ooo = track(createQueue(context, device, outOfOrderIfSupported()));
        cl_mem m = intBuffer(ramp(N, 3, 3));
        cl_event gate = userEvent();
        cl_event run = gatedAdd(ooo, m, 10, gate);
        java.nio.ByteBuffer host = direct(N * 4);
        cl_event read = track(newEvent());
        ok(clEnqueueReadBuffer(ooo, m, CL_FALSE, 0, N * 4L, Pointer.to(host), 1, new cl_event[] {run}, read), "read");
        ok(clFlush(ooo), "flush");
        try {
            assertTrue(execStatus(read) != CL_COMPLETE, "the read waits for the gated kernel");
        } finally {
            ok(clSetUserEventStatus(gate, CL_COMPLETE), "open the gate");
        }
        waitFor(read);
        int[] seen = new int[N];
        host.order(java.nio.ByteOrder.nativeOrder()).asIntBuffer().get(seen);
        assertArrayEquals(ramp(N, 3, 13), seen);
    }
}
