package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_event;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * clGetEventInfo for the event of every command type (CTS events), on an in-order and on an out-of-order
 * queue, and for user events: type, queue, context, status, reference count and the size of each answer.
 */
class CommandEventTest extends CommandCatalog {

    private cl_command_queue ooo;

    @BeforeAll
    void setUpQueues() {
        ooo = keep(createQueue(context, device, outOfOrderIfSupported()));
    }

    private void assertDescribes(cl_event e, cl_command_queue q, int type) {
        Info.Query info = eventQ(e);
        assertEquals(type, Info.uint(info, CL_EVENT_COMMAND_TYPE), "CL_EVENT_COMMAND_TYPE");
        assertEquals(q, handleInfo(info, CL_EVENT_COMMAND_QUEUE, new cl_command_queue()), "CL_EVENT_COMMAND_QUEUE");
        assertEquals(context, handleInfo(info, CL_EVENT_CONTEXT, new cl_context()), "CL_EVENT_CONTEXT");
        assertEquals(CL_COMPLETE, Info.uint(info, CL_EVENT_COMMAND_EXECUTION_STATUS), "complete after the wait");
        assertTrue(Info.uint(info, CL_EVENT_REFERENCE_COUNT) >= 1, "CL_EVENT_REFERENCE_COUNT");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Command.class)
    void eventOfEachCommandOnAnInOrderQueue(Command c) {
        assertDescribes(enqueue(queue, c), queue, c.type);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Command.class)
    void eventOfEachCommandOnAnOutOfOrderQueue(Command c) {
        assertDescribes(enqueue(ooo, c), ooo, c.type);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Command.class)
    void infoSizesOfEachCommandsEvent(Command c) {
        Info.Query info = eventQ(enqueue(queue, c));
        assertEquals(Sizeof.cl_uint, Info.size(info, CL_EVENT_COMMAND_TYPE));
        assertEquals(Sizeof.cl_int, Info.size(info, CL_EVENT_COMMAND_EXECUTION_STATUS));
        assertEquals(Sizeof.cl_uint, Info.size(info, CL_EVENT_REFERENCE_COUNT));
        assertEquals(Sizeof.POINTER, Info.size(info, CL_EVENT_COMMAND_QUEUE));
        assertEquals(Sizeof.POINTER, Info.size(info, CL_EVENT_CONTEXT));
    }

    @Test
    void userEventReportsTheUserCommandAndNoQueue() {
        cl_event user = userEvent();
        Info.Query info = eventQ(user);
        assertEquals(CL_COMMAND_USER, Info.uint(info, CL_EVENT_COMMAND_TYPE));
        assertEquals(0, Info.pointer(info, CL_EVENT_COMMAND_QUEUE), "a user event has no queue");
        assertEquals(context, handleInfo(info, CL_EVENT_CONTEXT, new cl_context()));
        assertEquals(CL_SUBMITTED, Info.uint(info, CL_EVENT_COMMAND_EXECUTION_STATUS));
        assertEquals(1, Info.uint(info, CL_EVENT_REFERENCE_COUNT));
        ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
        assertEquals(CL_COMPLETE, Info.uint(info, CL_EVENT_COMMAND_EXECUTION_STATUS));
    }

    @Test
    void deprecatedMarkerReportsTheMarkerCommand() {
        cl_event e = newEvent();
        @SuppressWarnings("deprecation")
        int rc = clEnqueueMarker(queue, e);
        ok(rc, "clEnqueueMarker");
        track(e);
        waitFor(e);
        assertEquals(CL_COMMAND_MARKER, Info.uint(eventQ(e), CL_EVENT_COMMAND_TYPE));
        assertEquals(queue, handleInfo(eventQ(e), CL_EVENT_COMMAND_QUEUE, new cl_command_queue()));
    }

    @Test
    void eventOfANonBlockingReadIsCompleteAfterFinish() {
        cl_event e = track(newEvent());
        java.nio.ByteBuffer host = direct(64);
        ok(clEnqueueReadBuffer(queue, intBuffer(ramp(16, 1, 0)), CL_FALSE, 0, 64, Pointer.to(host), 0, null, e),
                "read");
        finish(queue);
        assertEquals(CL_COMPLETE, execStatus(e), "clFinish completes every command of the queue");
        assertEquals(CL_COMMAND_READ_BUFFER, Info.uint(eventQ(e), CL_EVENT_COMMAND_TYPE));
    }

    @Test
    void eventInfoWithAValueBufferOfTheExactSize() {
        cl_event e = enqueue(queue, Command.MARKER);
        int[] type = new int[1];
        long[] sizeRet = new long[1];
        ok(clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, Sizeof.cl_uint, Pointer.to(type), sizeRet), "exact size");
        assertEquals(CL_COMMAND_MARKER, type[0]);
        assertEquals(Sizeof.cl_uint, sizeRet[0]);
        int[] big = new int[4];
        ok(clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, 4L * Sizeof.cl_uint, Pointer.to(big), sizeRet), "larger buffer");
        assertEquals(CL_COMMAND_MARKER, big[0]);
        assertEquals(Sizeof.cl_uint, sizeRet[0], "the size returned is the value's, not the buffer's");
    }
}
