package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_EVENT_COMMAND_EXECUTION_STATUS;
import static org.lwjgl.opencl.CL10.CL_INVALID_EVENT;
import static org.lwjgl.opencl.CL10.CL_PROFILING_COMMAND_END;
import static org.lwjgl.opencl.CL10.CL_PROFILING_COMMAND_QUEUED;
import static org.lwjgl.opencl.CL10.CL_PROFILING_COMMAND_START;
import static org.lwjgl.opencl.CL10.CL_PROFILING_COMMAND_SUBMIT;
import static org.lwjgl.opencl.CL10.CL_PROFILING_INFO_NOT_AVAILABLE;
import static org.lwjgl.opencl.CL10.nclGetEventInfo;
import static org.lwjgl.opencl.CL10.nclGetEventProfilingInfo;
import static org.lwjgl.opencl.CL10.nclWaitForEvents;
import static org.lwjgl.opencl.CL11.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
import static org.lwjgl.system.MemoryStack.stackPush;

import java.util.concurrent.atomic.AtomicLong;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.InfoReader;
import io.omnicl.spi.RealEvent;
import org.lwjgl.opencl.CL10;
import org.lwjgl.system.MemoryStack;

/** The event of one enqueued command. */
final class LwjglEvent extends ClObject implements RealEvent {

    private static final int[] PROFILING_TIMES = {
        CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT, CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END
    };

    private final boolean profiled;
    /** The profiling times once known of a completed command. */
    private volatile long[] times;

    /** @param profiled whether the event's queue has profiling enabled */
    LwjglEvent(long event, boolean profiled, AtomicLong live) {
        super(event, CL_INVALID_EVENT, CL10::clReleaseEvent, live);
        this.profiled = profiled;
    }

    @Override
    public int await() {
        long event = handle();
        try (MemoryStack stack = stackPush()) {
            int status = nclWaitForEvents(1, stack.pointers(event).address());
            // a failed command is reported by its status, not as a failure to wait
            if (status != CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) {
                ClCalls.check(status, "clWaitForEvents");
            }
        }
        return status();
    }

    @Override
    public int status() {
        long event = handle();
        // cl_int: the 4-byte value is signed
        return (int) ClCalls.reader((param, size, value, sizeReturned) ->
            nclGetEventInfo(event, param, size, value, sizeReturned), "clGetEventInfo")
            .number(CL_EVENT_COMMAND_EXECUTION_STATUS, Integer.BYTES);
    }

    @Override
    public long[] profile() {
        long[] known = times;
        if (known != null) {
            return known.clone();
        }
        long event = handle();
        if (!profiled) {
            return null;
        }
        InfoReader profilingInfo = ClCalls.reader((param, size, value, sizeReturned) ->
            nclGetEventProfilingInfo(event, param, size, value, sizeReturned), "clGetEventProfilingInfo");
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
