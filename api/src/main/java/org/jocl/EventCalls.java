package org.jocl;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClEvent;

import java.util.ArrayList;
import java.util.List;

import static org.jocl.CL.*;

/** Events. */
final class EventCalls {

    private EventCalls() {
    }

    static int clWaitForEvents(int num_events, cl_event[] event_list) {
        return Status.run(() -> {
            ClError.require(num_events > 0 && event_list != null && event_list.length >= num_events, CL_INVALID_VALUE,
                    "no events to wait for");
            List<ClEvent> events = new ArrayList<>();
            ClContext context = null;
            for (int i = 0; i < num_events; i++) {
                ClEvent e = Handles.event(event_list[i]);
                ClError.require(context == null || e.context() == context, CL_INVALID_CONTEXT,
                        "events of different contexts");
                context = e.context();
                events.add(e);
            }
            boolean failed = false;
            for (ClEvent e : events) {
                failed |= e.await() < 0;
            }
            return failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
        });
    }

    static int clGetEventInfo(cl_event event, int param_name, long param_value_size, Pointer param_value,
                              long[] param_value_size_ret) {
        return Info.query(() -> Handles.event(event).info(param_name), param_value_size, param_value,
                param_value_size_ret);
    }

    static cl_event clCreateUserEvent(cl_context context, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> Handles.bind(new cl_event(), Handles.context(context).createUserEvent()),
                cl_event::new);
    }

    static int clRetainEvent(cl_event event) {
        return Status.run(() -> {
            Handles.event(event).retain();
            return CL_SUCCESS;
        });
    }

    static int clReleaseEvent(cl_event event) {
        return Status.run(() -> {
            Handles.event(event).release();
            return CL_SUCCESS;
        });
    }

    static int clSetUserEventStatus(cl_event event, int execution_status) {
        return Status.run(() -> {
            ClEvent e = Handles.event(event);
            ClError.require(e.isUserEvent(), CL_INVALID_EVENT, "not a user event");
            ClError.require(execution_status <= CL_COMPLETE, CL_INVALID_VALUE, "status must be CL_COMPLETE or negative");
            e.setUserStatus(execution_status);
            return CL_SUCCESS;
        });
    }

    static int clSetEventCallback(cl_event event, int command_exec_callback_type, EventCallbackFunction pfn_notify,
                                  Object user_data) {
        return Status.run(() -> {
            ClEvent e = Handles.event(event);
            ClError.require(pfn_notify != null, CL_INVALID_VALUE, "no callback");
            ClError.require(command_exec_callback_type == CL_SUBMITTED || command_exec_callback_type == CL_RUNNING
                    || command_exec_callback_type == CL_COMPLETE, CL_INVALID_VALUE, "unknown callback type");
            cl_event handle = Handles.bind(new cl_event(), e);
            e.addCallback(command_exec_callback_type, status -> pfn_notify.function(handle, status, user_data));
            return CL_SUCCESS;
        });
    }

    static int clGetEventProfilingInfo(cl_event event, int param_name, long param_value_size, Pointer param_value,
                                       long[] param_value_size_ret) {
        return Info.query(() -> Handles.event(event).profilingInfo(param_name), param_value_size, param_value,
                param_value_size_ret);
    }
}
