package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * clGetEventProfilingInfo (CTS profiling): for every command type QUEUED <= SUBMIT <= START <= END; dependent
 * commands, in one queue and across queues, are ordered in time; CL_PROFILING_INFO_NOT_AVAILABLE where the
 * specification says so. Timestamps are compared as unsigned 64-bit values.
 */
class ProfilingTest extends CommandCatalog {

    private static final int[] PARAMS = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
        CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};

    private cl_command_queue profiling;
    private cl_command_queue profilingOoo;
    private cl_program program;

    @BeforeAll
    void setUpQueues() {
        profiling = keep(createQueue(context, device, CL_QUEUE_PROFILING_ENABLE));
        profilingOoo = keep(createQueue(context, device, CL_QUEUE_PROFILING_ENABLE | outOfOrderIfSupported()));
        program = program("kernel void add(global int* a, int c) { size_t i = get_global_id(0); a[i] += c; }", null);
    }

    private static long time(cl_event e, int param) {
        return Info.ulong(profilingQ(e), param);
    }

    private static void assertNotLater(long first, long second, String what) {
        assertTrue(Long.compareUnsigned(first, second) <= 0, what + ": " + Long.toUnsignedString(first) + " then "
                + Long.toUnsignedString(second));
    }

    private static void assertOrdered(cl_event e) {
        long queued = time(e, CL_PROFILING_COMMAND_QUEUED);
        long submit = time(e, CL_PROFILING_COMMAND_SUBMIT);
        long start = time(e, CL_PROFILING_COMMAND_START);
        long end = time(e, CL_PROFILING_COMMAND_END);
        assertNotLater(queued, submit, "QUEUED <= SUBMIT");
        assertNotLater(submit, start, "SUBMIT <= START");
        assertNotLater(start, end, "START <= END");
    }

    private cl_event add(cl_command_queue q, cl_mem m, int c, cl_event... waitList) {
        cl_kernel k = kernel(program, "add");
        argMem(k, 0, m);
        argInt(k, 1, c);
        cl_event e = track(newEvent());
        ok(clEnqueueNDRangeKernel(q, k, 1, null, new long[] {N}, null, waitList.length,
                waitList.length == 0 ? null : waitList, e), "kernel");
        return e;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Command.class)
    void timestampsOfEachCommandAreOrdered(Command c) {
        assertOrdered(enqueue(profiling, c));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Command.class)
    void timestampsOfEachCommandOnAnOutOfOrderQueueAreOrdered(Command c) {
        assertOrdered(enqueue(profilingOoo, c));
    }

    @Test
    void commandsOfAnInOrderQueueFollowEachOtherInTime() {
        cl_mem m = intBuffer(N);
        cl_mem other = intBuffer(N);
        cl_event[] chain = new cl_event[5];
        chain[0] = track(newEvent());
        ok(clEnqueueFillBuffer(profiling, m, Pointer.to(new int[] {1}), Sizeof.cl_int, 0, BYTES, 0, null, chain[0]),
                "fill");
        chain[1] = add(profiling, m, 2);
        chain[2] = track(newEvent());
        ok(clEnqueueCopyBuffer(profiling, m, other, 0, 0, BYTES, 0, null, chain[2]), "copy");
        chain[3] = add(profiling, other, 3);
        chain[4] = track(newEvent());
        int[] out = new int[N];
        ok(clEnqueueReadBuffer(profiling, other, CL_TRUE, 0, BYTES, Pointer.to(out), 0, null, chain[4]), "read");
        for (int i = 0; i < chain.length; i++) {
            assertOrdered(chain[i]);
            if (i > 0) {
                assertNotLater(time(chain[i - 1], CL_PROFILING_COMMAND_END), time(chain[i], CL_PROFILING_COMMAND_START),
                        "command " + (i - 1) + " ends before command " + i + " starts");
            }
        }
        assertEquals(6, out[0], "1 + 2 + 3");
    }

    @Test
    void commandWaitingOnAnotherQueueStartsAfterItEnds() {
        cl_command_queue second = track(createQueue(context, device, CL_QUEUE_PROFILING_ENABLE));
        cl_mem m = intBuffer(new int[N]);
        cl_event first = add(profiling, m, 5);
        cl_event after = add(second, m, 7, first);
        waitFor(after);
        assertNotLater(time(first, CL_PROFILING_COMMAND_END), time(after, CL_PROFILING_COMMAND_START),
                "the waiting command starts after the awaited one ends");
        assertEquals(12, readInts(m, N)[N - 1]);
    }

    @Test
    void dependenciesOnAnOutOfOrderQueueAreOrderedInTime() {
        cl_mem a = intBuffer(new int[N]);
        cl_mem b = intBuffer(new int[N]);
        cl_event left = add(profilingOoo, a, 1);
        cl_event right = add(profilingOoo, b, 2);
        cl_event join = track(newEvent());
        ok(clEnqueueMarkerWithWaitList(profilingOoo, 2, new cl_event[] {left, right}, join), "marker");
        cl_event last = add(profilingOoo, a, 10, join);
        waitFor(last);
        for (cl_event before : new cl_event[] {left, right}) {
            assertNotLater(time(before, CL_PROFILING_COMMAND_END), time(last, CL_PROFILING_COMMAND_START),
                    "a command ends before the one that waits for it (through a marker) starts");
        }
        assertEquals(11, readInts(profilingOoo, a, N)[0]);
    }

    @Test
    void everyParameterIsNotAvailableOnANonProfilingQueue() {
        cl_event e = enqueue(queue, Command.NDRANGE_KERNEL);
        for (int param : PARAMS) {
            long[] value = new long[1];
            assertStatus(CL_PROFILING_INFO_NOT_AVAILABLE,
                    clGetEventProfilingInfo(e, param, Sizeof.cl_ulong, Pointer.to(value), null),
                    "param 0x" + Integer.toHexString(param));
        }
    }

    @Test
    void everyParameterIsNotAvailableForAUserEvent() {
        cl_event user = userEvent();
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
        for (int param : PARAMS) {
            long[] value = new long[1];
            assertStatus(CL_PROFILING_INFO_NOT_AVAILABLE,
                    clGetEventProfilingInfo(user, param, Sizeof.cl_ulong, Pointer.to(value), null),
                    "param 0x" + Integer.toHexString(param));
        }
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void endIsNotAvailableBeforeTheCommandCompletes() {
        cl_event gate = userEvent();
        cl_mem m = intBuffer(N);
        cl_event run = add(profiling, m, 1, gate);
        ok(clFlush(profiling), "flush");
        try {
            long[] value = new long[1];
            assertStatus(CL_PROFILING_INFO_NOT_AVAILABLE,
                    clGetEventProfilingInfo(run, CL_PROFILING_COMMAND_END, Sizeof.cl_ulong, Pointer.to(value), null),
                    "END of a command held back by a user event");
        } finally {
            ok(clSetUserEventStatus(gate, CL_COMPLETE), "release the gate");
        }
        waitFor(run);
        assertOrdered(run);
    }

    @Test
    void everyParameterIsACl_ulong() {
        cl_event e = enqueue(profiling, Command.WRITE_BUFFER);
        for (int param : PARAMS) {
            assertEquals(Sizeof.cl_ulong, Info.size(profilingQ(e), param), "param 0x" + Integer.toHexString(param));
        }
    }

    @Test
    void profilingQueueReportsTheProfilingProperty() {
        long props = Info.ulong(queueQ(profilingOoo), CL_QUEUE_PROPERTIES);
        assertTrue((props & CL_QUEUE_PROFILING_ENABLE) != 0);
    }
}
