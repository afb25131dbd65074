package org.jocl;

import java.nio.ByteBuffer;

/** Entry points of {@link CL}: not implemented yet. */
final class EventCalls {

    private EventCalls() {
    }

    static int clWaitForEvents(int num_events, cl_event[] event_list) {
        return Status.unsupported();
    }

    static int clGetEventInfo(cl_event event, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static cl_event clCreateUserEvent(cl_context context, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clRetainEvent(cl_event event) {
        return Status.unsupported();
    }

    static int clReleaseEvent(cl_event event) {
        return Status.unsupported();
    }

    static int clSetUserEventStatus(cl_event event, int execution_status) {
        return Status.unsupported();
    }

    static int clSetEventCallback(cl_event event, int command_exec_callback_type, EventCallbackFunction pfn_notify, Object user_data) {
        return Status.unsupported();
    }

    static int clGetEventProfilingInfo(cl_event event, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }
}
