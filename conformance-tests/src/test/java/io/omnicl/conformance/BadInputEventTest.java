package io.omnicl.conformance;

import static org.jocl.CL.*;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_event;
import org.junit.jupiter.api.BeforeAll;

/**
 * Bad input (see {@link BadInputTestBase}) to the event entry points (wait, info, user events, retain
 * and release, callbacks, profiling info) and to markers, barriers and enqueued waits.
 */
@SuppressWarnings("deprecation") // OpenCL 1.2 entry points that JOCL marks deprecated for 2.0
class BadInputEventTest extends BadInputTestBase {

    private cl_command_queue profilingQueue;

    @BeforeAll
    void createProfilingQueue() {
        profilingQueue = keep(createQueue(context, device, CL_QUEUE_PROFILING_ENABLE));
    }

    @Override
    protected void addRows(Table t) {
        events(t);
        markersAndBarriers(t);
    }

    private void events(Table t) {
        String e0 = "clWaitForEvents";
        t.call(e0, "num_events 0", () -> clWaitForEvents(0, new cl_event[] {done()}), CL_INVALID_VALUE);
        t.call(e0, "event_list null", () -> clWaitForEvents(1, null), CL_INVALID_VALUE);
        t.call(e0, "null event in the list", () -> clWaitForEvents(1, new cl_event[] {null}), CL_INVALID_EVENT)
                .referenceThrows(NullPointerException.class, JOCL_NPE);
        t.call(e0, "events of two contexts", () -> clWaitForEvents(2, new cl_event[] {done(), foreignDone()}),
                CL_INVALID_CONTEXT);
        t.add(e0, "released event", () -> {
            cl_event ev = releasedEvent();
            return () -> clWaitForEvents(1, new cl_event[] {ev});
        }, CL_INVALID_EVENT).skipOnReference(RELEASED);

        infoRows(t, "clGetEventInfo", "event", CL_INVALID_EVENT, this::done, this::releasedEvent,
                CL_EVENT_COMMAND_TYPE, (ev, param, size, value, ret) -> clGetEventInfo(ev, param, size, value, ret));

        String e1 = "clCreateUserEvent";
        t.call(e1, "null context", () -> {
            int[] e = err();
            return status(e, clCreateUserEvent(null, e));
        }, CL_INVALID_CONTEXT);
        t.add(e1, "released context", () -> {
            cl_context c = releasedContext();
            return () -> {
                int[] e = err();
                return status(e, clCreateUserEvent(c, e));
            };
        }, CL_INVALID_CONTEXT).skipOnReference(RELEASED);

        refRows(t, "clRetainEvent", "event", CL_INVALID_EVENT, CL::clRetainEvent, this::releasedEvent);
        refRows(t, "clReleaseEvent", "event", CL_INVALID_EVENT, CL::clReleaseEvent, this::releasedEvent);

        String e2 = "clSetUserEventStatus";
        t.call(e2, "null event", () -> clSetUserEventStatus(null, CL_COMPLETE), CL_INVALID_EVENT);
        t.add(e2, "released event", () -> {
            cl_event ev = releasedEvent();
            return () -> clSetUserEventStatus(ev, CL_COMPLETE);
        }, CL_INVALID_EVENT).skipOnReference(RELEASED);
        t.add(e2, "the event of a command, not a user event", () -> {
            cl_event ev = markerEvent(queue);
            return () -> clSetUserEventStatus(ev, CL_COMPLETE);
        }, CL_INVALID_EVENT);
        t.add(e2, "status CL_RUNNING", () -> {
            cl_event ev = pendingUserEvent();
            return () -> clSetUserEventStatus(ev, CL_RUNNING);
        }, CL_INVALID_VALUE);
        t.add(e2, "status CL_SUBMITTED", () -> {
            cl_event ev = pendingUserEvent();
            return () -> clSetUserEventStatus(ev, CL_SUBMITTED);
        }, CL_INVALID_VALUE);
        t.add(e2, "status set a second time", () -> {
            cl_event ev = done();
            return () -> clSetUserEventStatus(ev, CL_COMPLETE);
        }, CL_INVALID_OPERATION);

        String e3 = "clSetEventCallback";
        t.call(e3, "null event", () -> clSetEventCallback(null, CL_COMPLETE, (ev, s, d) -> { }, null),
                CL_INVALID_EVENT);
        t.add(e3, "released event", () -> {
            cl_event ev = releasedEvent();
            return () -> clSetEventCallback(ev, CL_COMPLETE, (x, s, d) -> { }, null);
        }, CL_INVALID_EVENT).skipOnReference(RELEASED);
        t.add(e3, "pfn_notify null", () -> {
            cl_event ev = done();
            return () -> clSetEventCallback(ev, CL_COMPLETE, null, null);
        }, CL_INVALID_VALUE);
        t.add(e3, "command_exec_callback_type CL_QUEUED", () -> {
            cl_event ev = done();
            return () -> clSetEventCallback(ev, CL_QUEUED, (x, s, d) -> { }, null);
        }, CL_INVALID_VALUE);
        t.add(e3, "unknown command_exec_callback_type", () -> {
            cl_event ev = done();
            return () -> clSetEventCallback(ev, 0x7777, (x, s, d) -> { }, null);
        }, CL_INVALID_VALUE);

        String e4 = "clGetEventProfilingInfo";
        infoRows(t, e4, "event", CL_INVALID_EVENT, () -> markerEvent(profilingQueue), this::releasedEvent,
                CL_PROFILING_COMMAND_END,
                (ev, param, size, value, ret) -> clGetEventProfilingInfo(ev, param, size, value, ret));
        t.add(e4, "a user event", () -> {
            cl_event ev = done();
            return () -> clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, Sizeof.cl_ulong,
                    Pointer.to(new long[1]), null);
        }, CL_PROFILING_INFO_NOT_AVAILABLE);
        t.add(e4, "an event of a queue without profiling", () -> {
            cl_event ev = markerEvent(queue);
            return () -> clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, Sizeof.cl_ulong,
                    Pointer.to(new long[1]), null);
        }, CL_PROFILING_INFO_NOT_AVAILABLE);
    }

    /** A user event left pending by the row, completed afterwards. */
    private cl_event pendingUserEvent() {
        cl_event u = userEvent();
        cleanups.add(() -> clSetUserEventStatus(u, CL_COMPLETE));
        return u;
    }

    /** The completed event of a marker on the given queue. */
    private cl_event markerEvent(cl_command_queue q) {
        cl_event ev = track(newEvent());
        ok(clEnqueueMarkerWithWaitList(q, 0, null, ev), "marker");
        waitFor(ev);
        return ev;
    }

    // ---- markers, barriers and waits ---------------------------------------------------------------------------

    private void markersAndBarriers(Table t) {
        enqueueRows(t, "clEnqueueMarkerWithWaitList",
                () -> (q, n, list) -> clEnqueueMarkerWithWaitList(q, n, list, null));
        enqueueRows(t, "clEnqueueBarrierWithWaitList",
                () -> (q, n, list) -> clEnqueueBarrierWithWaitList(q, n, list, null));

        String mk = "clEnqueueMarker";
        t.call(mk, "null command_queue", () -> clEnqueueMarker(null, newEvent()), CL_INVALID_COMMAND_QUEUE);
        t.add(mk, "released command_queue", () -> {
            cl_command_queue q = releasedQueue();
            return () -> clEnqueueMarker(q, newEvent());
        }, CL_INVALID_COMMAND_QUEUE).skipOnReference(RELEASED);
        t.call(mk, "event null", () -> clEnqueueMarker(queue, null), CL_INVALID_VALUE);

        refRows(t, "clEnqueueBarrier", "command_queue", CL_INVALID_COMMAND_QUEUE, CL::clEnqueueBarrier,
                this::releasedQueue);

        String we = "clEnqueueWaitForEvents";
        String poclList = "PoCL checks the list as a wait list: CL_INVALID_EVENT_WAIT_LIST";
        t.call(we, "null command_queue", () -> clEnqueueWaitForEvents(null, 1, new cl_event[] {done()}),
                CL_INVALID_COMMAND_QUEUE);
        t.add(we, "released command_queue", () -> {
            cl_command_queue q = releasedQueue();
            cl_event[] list = {done()};
            return () -> clEnqueueWaitForEvents(q, 1, list);
        }, CL_INVALID_COMMAND_QUEUE).skipOnReference(RELEASED);
        t.call(we, "num_events 0, event_list null", () -> clEnqueueWaitForEvents(queue, 0, null), CL_INVALID_VALUE)
                .skipOnReference("PoCL accepts an empty list as a valid wait list, then aborts the process: "
                        + "its clEnqueueWaitForEvents is unimplemented beyond the checks");
        t.call(we, "num_events > 0, event_list null", () -> clEnqueueWaitForEvents(queue, 1, null), CL_INVALID_VALUE)
                .reference(poclList, CL_INVALID_EVENT_WAIT_LIST);
        t.call(we, "null event in the list", () -> clEnqueueWaitForEvents(queue, 1, new cl_event[] {null}),
                CL_INVALID_EVENT).referenceThrows(NullPointerException.class, JOCL_NPE);
        t.add(we, "released event", () -> {
            cl_event[] list = {releasedEvent()};
            return () -> clEnqueueWaitForEvents(queue, 1, list);
        }, CL_INVALID_EVENT).skipOnReference(RELEASED);
        t.call(we, "event of another context", () -> clEnqueueWaitForEvents(queue, 1, new cl_event[] {foreignDone()}),
                CL_INVALID_CONTEXT);
    }
}
