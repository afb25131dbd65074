package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.jocl.EventCallbackFunction;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * clSetEventCallback (CTS events/callbacks): callbacks for CL_SUBMITTED, CL_RUNNING and CL_COMPLETE are each
 * called once with the status they were registered for, also when registered after the event got there; they
 * get their event and user data; several callbacks on one event all run. A latch with a generous timeout only
 * guards against a callback that never comes.
 */
class EventCallbackTest extends ClTestBase {

    private static final int N = 256;
    private static final int[] TYPES = {CL_SUBMITTED, CL_RUNNING, CL_COMPLETE};

    private cl_program program;

    @BeforeAll
    void buildOnce() {
        program = program("kernel void inc(global int* a) { a[get_global_id(0)] += 1; }", null);
    }

    private cl_event kernelEvent(cl_mem m, cl_event... waitList) {
        cl_kernel k = kernel(program, "inc");
        argMem(k, 0, m);
        cl_event e = track(newEvent());
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {N}, null, waitList.length,
                waitList.length == 0 ? null : waitList, e), "kernel");
        return e;
    }

    /** Counts the calls per registered type and the status each call got. */
    private static final class Recorder {
        final Map<Integer, AtomicInteger> calls = new ConcurrentHashMap<>();
        final Map<Integer, Integer> statusSeen = new ConcurrentHashMap<>();
        final CountDownLatch all;

        Recorder(int expectedCalls) {
            all = new CountDownLatch(expectedCalls);
        }

        EventCallbackFunction forType(int type) {
            return (event, status, data) -> {
                calls.computeIfAbsent(type, t -> new AtomicInteger()).incrementAndGet();
                statusSeen.put(type, status);
                all.countDown();
            };
        }

        void await() throws InterruptedException {
            assertTrue(all.await(30, TimeUnit.SECONDS), "every callback ran; still missing: " + all.getCount());
        }

        void assertEachOnceWithItsStatus(int... types) {
            for (int type : types) {
                assertEquals(1, calls.getOrDefault(type, new AtomicInteger()).get(), "calls for status " + type);
                assertEquals(type, (int) statusSeen.get(type), "status passed to the callback for " + type);
            }
        }
    }

    @Test
    void callbacksForEachStatusOfACommandAreCalledOnceWithThatStatus() throws InterruptedException {
        cl_event e = kernelEvent(intBuffer(N));
        Recorder r = new Recorder(TYPES.length);
        for (int type : TYPES) {
            ok(clSetEventCallback(e, type, r.forType(type), null), "callback for " + type);
        }
        ok(clFlush(queue), "flush");
        r.await();
        finish(queue);
        r.assertEachOnceWithItsStatus(TYPES);
    }

    @Test
    void callbacksRegisteredAfterCompletionAreStillCalled() throws InterruptedException {
        cl_event e = kernelEvent(intBuffer(N));
        waitFor(e);
        Recorder r = new Recorder(TYPES.length);
        for (int type : TYPES) {
            ok(clSetEventCallback(e, type, r.forType(type), null), "callback for " + type);
        }
        r.await();
        r.assertEachOnceWithItsStatus(TYPES);
    }

    @Test
    void callbackGetsItsEventAndUserData() throws InterruptedException {
        cl_event e = kernelEvent(intBuffer(N));
        AtomicReference<cl_event> seenEvent = new AtomicReference<>();
        AtomicReference<Object> seenData = new AtomicReference<>();
        CountDownLatch called = new CountDownLatch(1);
        Object token = new StringBuilder("user data");
        ok(clSetEventCallback(e, CL_COMPLETE, (event, status, data) -> {
            seenEvent.set(event);
            seenData.set(data);
            called.countDown();
        }, token), "callback");
        ok(clFlush(queue), "flush");
        assertTrue(called.await(30, TimeUnit.SECONDS), "the callback ran");
        assertEquals(e.getNativePointer(), seenEvent.get().getNativePointer(), "the event it was registered on");
        assertSame(token, seenData.get());
    }

    @Test
    void severalCallbacksOnOneEventAllRun() throws InterruptedException {
        cl_event e = kernelEvent(intBuffer(N));
        int count = 6;
        CountDownLatch called = new CountDownLatch(count);
        AtomicInteger[] perCallback = new AtomicInteger[count];
        for (int i = 0; i < count; i++) {
            AtomicInteger mine = perCallback[i] = new AtomicInteger();
            ok(clSetEventCallback(e, CL_COMPLETE, (event, status, data) -> {
                mine.incrementAndGet();
                called.countDown();
            }, i), "callback " + i);
        }
        ok(clFlush(queue), "flush");
        assertTrue(called.await(30, TimeUnit.SECONDS), "every callback ran");
        for (int i = 0; i < count; i++) {
            assertEquals(1, perCallback[i].get(), "callback " + i + " ran once");
        }
    }

    @Test
    void completeCallbackOfAUserEventRunsWhenItsStatusIsSet() throws InterruptedException {
        cl_event user = userEvent();
        Recorder r = new Recorder(2);
        ok(clSetEventCallback(user, CL_SUBMITTED, r.forType(CL_SUBMITTED), null), "CL_SUBMITTED");
        ok(clSetEventCallback(user, CL_COMPLETE, r.forType(CL_COMPLETE), null), "CL_COMPLETE");
        assertEquals(0, r.calls.getOrDefault(CL_COMPLETE, new AtomicInteger()).get(), "not complete yet");
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
        r.await();
        r.assertEachOnceWithItsStatus(CL_SUBMITTED, CL_COMPLETE);
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void callbacksOfACommandHeldBackByAUserEventRunAfterItIsReleased() throws InterruptedException {
        cl_event gate = userEvent();
        cl_mem m = intBuffer(N);
        cl_event run = kernelEvent(m, gate);
        Recorder r = new Recorder(2);
        ok(clSetEventCallback(run, CL_RUNNING, r.forType(CL_RUNNING), null), "CL_RUNNING");
        ok(clSetEventCallback(run, CL_COMPLETE, r.forType(CL_COMPLETE), null), "CL_COMPLETE");
        ok(clFlush(queue), "flush");
        try {
            assertEquals(0, r.calls.getOrDefault(CL_COMPLETE, new AtomicInteger()).get(),
                    "no completion before the gate opens");
            assertEquals(0, r.calls.getOrDefault(CL_RUNNING, new AtomicInteger()).get(),
                    "not running before the gate opens");
        } finally {
            ok(clSetUserEventStatus(gate, CL_COMPLETE), "open the gate");
        }
        r.await();
        finish(queue);
        r.assertEachOnceWithItsStatus(CL_RUNNING, CL_COMPLETE);
    }

    @Test
    void badArgumentsAreRejected() {
        cl_event user = userEvent();
        EventCallbackFunction nothing = (event, status, data) -> { };
        assertStatus(CL_INVALID_VALUE, clSetEventCallback(user, CL_QUEUED, nothing, null), "CL_QUEUED");
        assertStatus(CL_INVALID_VALUE, clSetEventCallback(user, 0x1234, nothing, null), "unknown type");
        assertStatus(CL_INVALID_VALUE, clSetEventCallback(user, -1, nothing, null), "a negative type");
        assertStatus(CL_INVALID_VALUE, clSetEventCallback(user, CL_COMPLETE, null, null), "no function");
        for (cl_event bad : new cl_event[] {null, new cl_event()}) {
            assertStatus(CL_INVALID_EVENT, clSetEventCallback(bad, CL_COMPLETE, nothing, null),
                    bad == null ? "null event" : "unset event");
        }
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
    }
}
