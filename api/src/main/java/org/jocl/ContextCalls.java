package org.jocl;

import java.nio.ByteBuffer;

/** Entry points of {@link CL}: not implemented yet. */
final class ContextCalls {

    private ContextCalls() {
    }

    static cl_context clCreateContext(cl_context_properties properties, int num_devices, cl_device_id[] devices, CreateContextFunction pfn_notify, Object user_data, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_context clCreateContextFromType(cl_context_properties properties, long device_type, CreateContextFunction pfn_notify, Object user_data, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clRetainContext(cl_context context) {
        return Status.unsupported();
    }

    static int clReleaseContext(cl_context context) {
        return Status.unsupported();
    }

    static int clGetContextInfo(cl_context context, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static int clSetPrintfCallback(cl_context context, PrintfCallbackFunction pfn_notify, Object user_data) {
        return Status.unsupported();
    }
}
