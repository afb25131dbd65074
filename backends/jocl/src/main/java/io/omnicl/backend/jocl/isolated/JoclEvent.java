package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_EVENT_COMMAND_EXECUTION_STATUS;
import static org.jocl.CL.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
import static org.jocl.CL.CL_INVALID_EVENT;
import static org.jocl.CL.clGetEventInfo;
import static org.jocl.CL.clGetEventProfilingInfo;
import static org.jocl.CL.clWaitForEvents;

import io.omnicl.spi.EventProfile;
import io.omnicl.spi.RealEvent;
import org.jocl.CL;
import org.jocl.cl_event;

/** The event of one enqueued command. */
final class JoclEvent extends JoclObject<cl_event> implements RealEvent {

    private final EventProfile profile;

    /** @param profiled whether the event's queue has profiling enabled */
    JoclEvent(cl_event event, boolean profiled) {
        super(event, CL_INVALID_EVENT, CL::clReleaseEvent);
        this.profile = new EventProfile(profiled);
    }

    @Override
    public int await() {
        int status = clWaitForEvents(1, new cl_event[] {handle()});
        // a failed command is reported by its status, not as a failure to wait
        if (status != CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) {
            ClCalls.check(status, "clWaitForEvents");
        }
        return status();
    }

    @Override
    public int status() {
        cl_event event = handle();
        // cl_int: the 4-byte value is signed
        return (int) ClCalls.reader((param, size, value, sizeReturned) ->
            clGetEventInfo(event, param, size, value, sizeReturned), "clGetEventInfo")
            .number(CL_EVENT_COMMAND_EXECUTION_STATUS, Integer.BYTES);
    }

    @Override
    public long[] profile() {
        cl_event event = handle();
        return profile.read(() -> ClCalls.reader((param, size, value, sizeReturned) ->
            clGetEventProfilingInfo(event, param, size, value, sizeReturned), "clGetEventProfilingInfo"),
            this::status);
    }
}
