package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_EVENT_COMMAND_EXECUTION_STATUS;
import static org.jocl.CL.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
import static org.jocl.CL.CL_INVALID_EVENT;
import static org.jocl.CL.CL_PROFILING_COMMAND_END;
import static org.jocl.CL.CL_PROFILING_COMMAND_QUEUED;
import static org.jocl.CL.CL_PROFILING_COMMAND_START;
import static org.jocl.CL.CL_PROFILING_COMMAND_SUBMIT;
import static org.jocl.CL.CL_PROFILING_INFO_NOT_AVAILABLE;
import static org.jocl.CL.clGetEventInfo;
import static org.jocl.CL.clGetEventProfilingInfo;
import static org.jocl.CL.clWaitForEvents;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.InfoReader;
import io.omnicl.spi.RealEvent;
import org.jocl.CL;
import org.jocl.cl_event;

/** The event of one enqueued command. */
final class JoclEvent extends ClObject<cl_event> implements RealEvent {

    private static final int[] PROFILING_TIMES = {
        CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT, CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END
    };

    private final boolean profiled;
    /** The profiling times once known of a completed command. */
    private volatile long[] times;

    /** @param profiled whether the event's queue has profiling enabled */
    JoclEvent(cl_event event, boolean profiled) {
        super(event, CL_INVALID_EVENT, CL::clReleaseEvent);
        this.profiled = profiled;
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
        long[] known = times;
        if (known != null) {
            return known.clone();
        }
        cl_event event = handle();
        if (!profiled) {
            return null;
        }
        InfoReader profilingInfo = ClCalls.reader((param, size, value, sizeReturned) ->
            clGetEventProfilingInfo(event, param, size, value, sizeReturned), "clGetEventProfilingInfo");
        long[] measured = new long[PROFILING_TIMES.length];
        try {
            for (int i = 0; i < measured.length; i++) {
                measured[i] = profilingInfo.number(PROFILING_TIMES[i], Long.BYTES);
            }
        } catch (BackendException e) {
            if (e.status() == CL_PROFILING_INFO_NOT_AVAILABLE) {
                return null;
            }
            throw e;
        }
        if (status() == 0) {
            // a completed command's times do not change: ask the driver once
            times = measured;
        }
        return measured.clone();
    }
}
