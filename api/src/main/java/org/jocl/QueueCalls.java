package org.jocl;

import java.nio.ByteBuffer;

/** Entry points of {@link CL}: not implemented yet. */
final class QueueCalls {

    private QueueCalls() {
    }

    static cl_command_queue clCreateCommandQueue(cl_context context, cl_device_id device, long properties, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_command_queue clCreateCommandQueueWithProperties(cl_context context, cl_device_id device, cl_queue_properties properties, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clRetainCommandQueue(cl_command_queue command_queue) {
        return Status.unsupported();
    }

    static int clReleaseCommandQueue(cl_command_queue command_queue) {
        return Status.unsupported();
    }

    static int clGetCommandQueueInfo(cl_command_queue command_queue, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static int clSetCommandQueueProperty(cl_command_queue command_queue, long properties, boolean enable, long[] old_properties) {
        return Status.unsupported();
    }

    static int clFlush(cl_command_queue command_queue) {
        return Status.unsupported();
    }

    static int clFinish(cl_command_queue command_queue) {
        return Status.unsupported();
    }
}
