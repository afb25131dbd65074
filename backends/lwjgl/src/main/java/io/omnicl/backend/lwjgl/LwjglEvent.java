package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_COMPLETE;
import static org.lwjgl.opencl.CL10.CL_EVENT_COMMAND_EXECUTION_STATUS;
import static org.lwjgl.opencl.CL10.CL_INVALID_EVENT;
import static org.lwjgl.opencl.CL10.CL_SUCCESS;
import static org.lwjgl.opencl.CL10.nclGetEventInfo;
import static org.lwjgl.opencl.CL10.nclGetEventProfilingInfo;
import static org.lwjgl.opencl.CL10.nclWaitForEvents;
import static org.lwjgl.opencl.CL11.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;

import java.nio.IntBuffer;
import java.util.concurrent.atomic.AtomicLong;
import io.omnicl.spi.EventProfile;
import io.omnicl.spi.RealEvent;
import org.lwjgl.opencl.CL10;
import org.lwjgl.system.MemoryStack;

/** The event of one enqueued command. */
final class LwjglEvent extends LwjglObject implements RealEvent {

    private final EventProfile profile;
    /** The final status (0 or negative) once seen, which cannot change after; 1 until then. */
    private volatile int ended = 1;

    /** @param profiled whether the event's queue has profiling enabled */
    LwjglEvent(long event, boolean profiled, AtomicLong live) {
        super(event, CL_INVALID_EVENT, CL10::clReleaseEvent, live);
        this.profile = new EventProfile(profiled);
    }

    @Override
    public int await() {
        long event = handle();
        if (ended <= 0) {
            return ended;
        }
        try (MemoryStack stack = stackPush()) {
            int status = nclWaitForEvents(1, stack.pointers(event).address());
            if (status == CL_SUCCESS) {
                // the wait succeeds only for an event that completed; no need to ask
                ended = CL_COMPLETE;
                return ended;
            }
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
        if (ended <= 0) {
            return ended;
        }
        // read straight into the stack: a worker polls this while it watches for new work
        try (MemoryStack stack = stackPush()) {
            IntBuffer status = stack.mallocInt(1);
            ClCalls.check(nclGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, Integer.BYTES,
                memAddress(status), NULL), "clGetEventInfo");
            int now = status.get(0);
            if (now <= 0) {
                ended = now;
            }
            return now;
        }
    }

    @Override
    public long[] profile() {
        long event = handle();
        return profile.read(() -> ClCalls.reader((param, size, value, sizeReturned) ->
            nclGetEventProfilingInfo(event, param, size, value, sizeReturned), "clGetEventProfilingInfo"),
            this::status);
    }
}
