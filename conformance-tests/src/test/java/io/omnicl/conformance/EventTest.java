package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Events: clWaitForEvents, clGetEventInfo, clGetEventProfilingInfo, user events, callbacks, retain, release. */
class EventTest extends ClTestBase {

    private static final String SOURCE =
            "kernel void inc(global int* a) { size_t i = get_global_id(0); a[i] = a[i] + 1; }\n";
    private static final int N = 1024;
    private static final long BYTES = N * Sizeof.cl_int;
    private static final int UNKNOWN_EVENT_PARAM = 0x0AB7;

    private cl_program program;
    private cl_command_queue profilingQueue;

    @BeforeAll
    void setUpClass() {
        program = program(SOURCE, null);
        profilingQueue = keep(createQueue(context, device, CL_QUEUE_PROFILING_ENABLE));
    }

    private cl_event writeEvent(cl_command_queue q, cl_mem m, int[] data) {
        cl_event e = newEvent();
        ok(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, (long) data.length * Sizeof.cl_int, Pointer.to(data), 0, null, e),
                "write");
        return track(e);
    }

    private cl_event kernelEvent(cl_command_queue q, cl_mem m) {
        cl_kernel k = kernel(program, "inc");
        argMem(k, 0, m);
        cl_event e = newEvent();
        ok(clEnqueueNDRangeKernel(q, k, 1, null, new long[] {N}, null, 0, null, e), "kernel");
        return track(e);
    }

    /** The commands whose events report their own command type. */
    enum Command {
        READ_BUFFER(CL_COMMAND_READ_BUFFER), WRITE_BUFFER(CL_COMMAND_WRITE_BUFFER),
        COPY_BUFFER(CL_COMMAND_COPY_BUFFER), FILL_BUFFER(CL_COMMAND_FILL_BUFFER), MAP_BUFFER(CL_COMMAND_MAP_BUFFER),
        UNMAP_MEM_OBJECT(CL_COMMAND_UNMAP_MEM_OBJECT), NDRANGE_KERNEL(CL_COMMAND_NDRANGE_KERNEL),
        MARKER(CL_COMMAND_MARKER), BARRIER(CL_COMMAND_BARRIER);

        final int type;

        Command(int type) {
            this.type = type;
        }
    }

    private cl_event enqueue(Command c) {
        cl_mem a = intBuffer(ramp(N, 1, 0));
        cl_mem b = intBuffer(N);
        int[] host = new int[N];
        cl_event e = newEvent();
        int rc;
        switch (c) {
            case READ_BUFFER:
                rc = clEnqueueReadBuffer(queue, a, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null, e);
                break;
            case WRITE_BUFFER:
                rc = clEnqueueWriteBuffer(queue, a, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null, e);
                break;
            case COPY_BUFFER:
                rc = clEnqueueCopyBuffer(queue, a, b, 0, 0, BYTES, 0, null, e);
                break;
            case FILL_BUFFER:
                rc = clEnqueueFillBuffer(queue, a, Pointer.to(new int[] {3}), Sizeof.cl_int, 0, BYTES, 0, null, e);
                break;
            case MAP_BUFFER: {
                int[] err = err();
                ByteBuffer mapped = clEnqueueMapBuffer(queue, a, CL_TRUE, CL_MAP_READ, 0, BYTES, 0, null, e, err);
                rc = err[0];
                if (rc == CL_SUCCESS) {
                    ok(clEnqueueUnmapMemObject(queue, a, mapped, 0, null, null), "unmap");
                }
                break;
            }
            case UNMAP_MEM_OBJECT: {
                int[] err = err();
                ByteBuffer mapped = clEnqueueMapBuffer(queue, a, CL_TRUE, CL_MAP_READ, 0, BYTES, 0, null, null, err);
                ok(err[0], "map");
                rc = clEnqueueUnmapMemObject(queue, a, mapped, 0, null, e);
                break;
            }
            case NDRANGE_KERNEL:
                return kernelEvent(queue, a);
            case MARKER:
                rc = clEnqueueMarkerWithWaitList(queue, 0, null, e);
                break;
            case BARRIER:
                rc = clEnqueueBarrierWithWaitList(queue, 0, null, e);
                break;
            default:
                throw new AssertionError(c);
        }
        ok(rc, c.name());
        return track(e);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Command.class)
    void eventReportsItsCommandQueueContextAndType(Command c) {
        cl_event e = enqueue(c);
        waitFor(e);
        Info.Query q = eventQ(e);
        assertEquals(c.type, Info.uint(q, CL_EVENT_COMMAND_TYPE), "command type");
        assertEquals(queue, handleInfo(q, CL_EVENT_COMMAND_QUEUE, new cl_command_queue()));
        assertEquals(context, handleInfo(q, CL_EVENT_CONTEXT, new cl_context()));
        assertEquals(CL_COMPLETE, Info.uint(q, CL_EVENT_COMMAND_EXECUTION_STATUS), "complete after wait");
        assertTrue(Info.uint(q, CL_EVENT_REFERENCE_COUNT) >= 1);
    }

    @Test
    void waitForSeveralEventsCompletesThemAll() {
        cl_mem m = intBuffer(ramp(N, 2, 0));
        cl_event first = kernelEvent(queue, m);
        cl_event second = kernelEvent(queue, m);
        cl_event third = kernelEvent(queue, m);
        waitFor(first, second, third);
        for (cl_event e : new cl_event[] {first, second, third}) {
            assertEquals(CL_COMPLETE, Info.uint(eventQ(e), CL_EVENT_COMMAND_EXECUTION_STATUS));
        }
        assertArrayEquals(ramp(N, 2, 3), readInts(m, N));
    }

    @Test
    void blockingReadEventIsCompleteOnReturn() {
        cl_mem m = intBuffer(ramp(N, 1, 1));
        int[] host = new int[N];
        cl_event e = newEvent();
        ok(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null, e), "blocking read");
        track(e);
        assertEquals(CL_COMPLETE, Info.uint(eventQ(e), CL_EVENT_COMMAND_EXECUTION_STATUS));
        assertArrayEquals(ramp(N, 1, 1), host);
    }

    @Test
    void finishCompletesEveryEventOfTheQueue() {
        cl_mem m = intBuffer(ramp(N, 1, 0));
        cl_event[] events = new cl_event[5];
        for (int i = 0; i < events.length; i++) {
            events[i] = kernelEvent(queue, m);
        }
        finish(queue);
        for (cl_event e : events) {
            assertEquals(CL_COMPLETE, Info.uint(eventQ(e), CL_EVENT_COMMAND_EXECUTION_STATUS));
        }
        assertArrayEquals(ramp(N, 1, 5), readInts(m, N));
    }

    @Test
    void profilingTimesAreOrdered() {
        cl_mem m = intBuffer(N);
        cl_event write = writeEvent(profilingQueue, m, ramp(N, 1, 0));
        cl_event run = kernelEvent(profilingQueue, m);
        waitFor(run);
        for (cl_event e : new cl_event[] {write, run}) {
            Info.Query q = profilingQ(e);
            long queued = Info.ulong(q, CL_PROFILING_COMMAND_QUEUED);
            long submit = Info.ulong(q, CL_PROFILING_COMMAND_SUBMIT);
            long start = Info.ulong(q, CL_PROFILING_COMMAND_START);
            long end = Info.ulong(q, CL_PROFILING_COMMAND_END);
            assertTrue(Long.compareUnsigned(queued, submit) <= 0, "QUEUED <= SUBMIT: " + queued + " " + submit);
            assertTrue(Long.compareUnsigned(submit, start) <= 0, "SUBMIT <= START: " + submit + " " + start);
            assertTrue(Long.compareUnsigned(start, end) <= 0, "START <= END: " + start + " " + end);
        }
        long writeEnd = Info.ulong(profilingQ(write), CL_PROFILING_COMMAND_END);
        long runStart = Info.ulong(profilingQ(run), CL_PROFILING_COMMAND_START);
        assertTrue(Long.compareUnsigned(writeEnd, runStart) <= 0, "in order: the write ends before the kernel starts");
    }

    @Test
    void profilingOnANonProfilingQueueIsNotAvailable() {
        cl_mem m = intBuffer(N);
        cl_event e = kernelEvent(queue, m);
        waitFor(e);
        long[] value = new long[1];
        assertStatus(CL_PROFILING_INFO_NOT_AVAILABLE,
                clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, Sizeof.cl_ulong, Pointer.to(value), null));
    }

    @Test
    void profilingOfAUserEventIsNotAvailable() {
        cl_event user = userEvent();
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
        long[] value = new long[1];
        assertStatus(CL_PROFILING_INFO_NOT_AVAILABLE,
                clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_START, Sizeof.cl_ulong, Pointer.to(value), null));
    }

    @Test
    void profilingUnknownParamOrTooSmallIsInvalidValue() {
        cl_mem m = intBuffer(N);
        cl_event e = kernelEvent(profilingQueue, m);
        waitFor(e);
        long[] value = new long[1];
        assertStatus(CL_INVALID_VALUE, clGetEventProfilingInfo(e, UNKNOWN_EVENT_PARAM, Sizeof.cl_ulong,
                Pointer.to(value), null), "unknown");
        byte[] small = new byte[4];
        assertStatus(CL_INVALID_VALUE, clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 4, Pointer.to(small),
                null), "4 bytes for a cl_ulong");
    }

    @Test
    void retainAndReleaseMoveTheReferenceCount() {
        cl_event e = kernelEvent(queue, intBuffer(N));
        waitFor(e);
        int before = Info.uint(eventQ(e), CL_EVENT_REFERENCE_COUNT);
        ok(clRetainEvent(e), "retain");
        assertEquals(before + 1, Info.uint(eventQ(e), CL_EVENT_REFERENCE_COUNT));
        ok(clReleaseEvent(e), "release");
        assertEquals(before, Info.uint(eventQ(e), CL_EVENT_REFERENCE_COUNT));
    }

    @Test
    void waitForNoEventsIsInvalidValue() {
        assertStatus(CL_INVALID_VALUE, clWaitForEvents(0, null), "0, NULL");
        assertStatus(CL_INVALID_VALUE, clWaitForEvents(1, null), "1, NULL");
    }

    @Test
    void waitForANullEventIsInvalidEvent() {
        assertStatus(CL_INVALID_EVENT, clWaitForEvents(1, new cl_event[] {new cl_event()}));
    }

    @Test
    void waitForEventsOfDifferentContextsIsInvalidContext() {
        cl_context other = track(createContext(device));
        int[] e = err();
        cl_event foreign = clCreateUserEvent(other, e);
        ok(e[0], "user event in the other context");
        track(foreign);
        ok(clSetUserEventStatus(foreign, CL_COMPLETE), "complete");
        cl_event local = kernelEvent(queue, intBuffer(N));
        waitFor(local);
        assertStatus(CL_INVALID_CONTEXT, clWaitForEvents(2, new cl_event[] {local, foreign}));
    }

    @Test
    void eventInfoBadInput() {
        cl_event e = kernelEvent(queue, intBuffer(N));
        waitFor(e);
        assertStatus(CL_INVALID_VALUE, clGetEventInfo(e, UNKNOWN_EVENT_PARAM, 0, null, new long[1]), "unknown");
        byte[] small = new byte[2];
        assertStatus(CL_INVALID_VALUE, clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, 2, Pointer.to(small), null),
                "too small");
    }

    @Test
    void nullEventIsInvalidEvent() {
        for (cl_event e : new cl_event[] {null, new cl_event()}) {
            String what = e == null ? "null" : "new cl_event()";
            assertStatus(CL_INVALID_EVENT, clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, 0, null, new long[1]),
                    "info " + what);
            assertStatus(CL_INVALID_EVENT, clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 0, null,
                    new long[1]), "profiling " + what);
            assertStatus(CL_INVALID_EVENT, clRetainEvent(e), "retain " + what);
            assertStatus(CL_INVALID_EVENT, clReleaseEvent(e), "release " + what);
        }
    }

    @Test
    void userEventStartsSubmittedAndHasNoQueue() {
        cl_event user = userEvent();
        Info.Query q = eventQ(user);
        assertEquals(CL_SUBMITTED, Info.uint(q, CL_EVENT_COMMAND_EXECUTION_STATUS));
        assertEquals(CL_COMMAND_USER, Info.uint(q, CL_EVENT_COMMAND_TYPE));
        assertTrue(isNullHandle(handleInfo(q, CL_EVENT_COMMAND_QUEUE, new cl_command_queue())), "no queue");
        assertEquals(context, handleInfo(q, CL_EVENT_CONTEXT, new cl_context()));
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
        assertEquals(CL_COMPLETE, Info.uint(q, CL_EVENT_COMMAND_EXECUTION_STATUS));
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void commandWaitingOnAUserEventRunsOnlyAfterIt() {
        cl_event user = userEvent();
        int[] data = ramp(N, 4, 1);
        cl_mem m = intBuffer(data);
        cl_kernel k = kernel(program, "inc");
        argMem(k, 0, m);
        cl_event run = newEvent();
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {N}, null, 1, new cl_event[] {user}, run), "kernel");
        track(run);
        ok(clFlush(queue), "flush");
        try {
            int status = Info.uint(eventQ(run), CL_EVENT_COMMAND_EXECUTION_STATUS);
            assertNotEquals(CL_COMPLETE, status, "the kernel cannot have run before its user event completed");
            assertTrue(status == CL_QUEUED || status == CL_SUBMITTED, "queued or submitted: " + status);
        } finally {
            // never leave the shared queue blocked behind the user event
            ok(clSetUserEventStatus(user, CL_COMPLETE), "complete the user event");
        }
        waitFor(run);
        assertArrayEquals(ramp(N, 4, 2), readInts(m, N));
    }

    @Test
    void userEventStatusBadInput() {
        cl_event user = userEvent();
        assertStatus(CL_INVALID_VALUE, clSetUserEventStatus(user, CL_QUEUED), "CL_QUEUED is not a final status");
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
        assertStatus(CL_INVALID_OPERATION, clSetUserEventStatus(user, CL_COMPLETE), "status set twice");
        cl_event notUser = kernelEvent(queue, intBuffer(N));
        waitFor(notUser);
        assertStatus(CL_INVALID_EVENT, clSetUserEventStatus(notUser, CL_COMPLETE), "not a user event");
        int[] e = err();
        clCreateUserEvent(new cl_context(), e);
        assertStatus(CL_INVALID_CONTEXT, e[0], "user event without a context");
    }

    @Test
    void completionCallbackIsCalledWithItsUserData() throws InterruptedException {
        cl_event user = userEvent();
        CountDownLatch called = new CountDownLatch(1);
        AtomicInteger seenStatus = new AtomicInteger(Integer.MIN_VALUE);
        AtomicReference<Object> seenData = new AtomicReference<>();
        Object token = new Object();
        ok(clSetEventCallback(user, CL_COMPLETE, (event, status, data) -> {
            seenStatus.set(status);
            seenData.set(data);
            called.countDown();
        }, token), "clSetEventCallback");
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
        assertTrue(called.await(30, TimeUnit.SECONDS), "the callback ran");
        assertEquals(CL_COMPLETE, seenStatus.get());
        assertSame(token, seenData.get());
    }

    @Test
    void callbackOfACommandRunsAfterItCompletes() throws InterruptedException {
        cl_mem m = intBuffer(ramp(N, 1, 0));
        cl_event run = kernelEvent(queue, m);
        CountDownLatch called = new CountDownLatch(1);
        AtomicInteger statusSeenInside = new AtomicInteger(Integer.MIN_VALUE);
        ok(clSetEventCallback(run, CL_COMPLETE, (event, status, data) -> {
            statusSeenInside.set(status);
            called.countDown();
        }, null), "clSetEventCallback");
        ok(clFlush(queue), "flush");
        assertTrue(called.await(30, TimeUnit.SECONDS), "the callback ran");
        assertEquals(CL_COMPLETE, statusSeenInside.get());
        finish(queue);
    }

    @Test
    void callbackBadInputIsInvalidValue() {
        cl_event user = userEvent();
        assertStatus(CL_INVALID_VALUE, clSetEventCallback(user, CL_QUEUED, (event, status, data) -> { }, null),
                "CL_QUEUED is not a callback type");
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
    }
}
