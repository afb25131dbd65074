package org.jocl;

import java.nio.ByteBuffer;

/** Entry points of {@link CL}: not implemented yet. */
final class Cl20Calls {

    private Cl20Calls() {
    }

    static cl_mem clCreatePipe(cl_context context, long flags, int pipe_packet_size, int pipe_max_packets, cl_pipe_properties properties, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clGetPipeInfo(cl_mem pipe, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static Pointer clSVMAlloc(cl_context context, long flags, long size, int alignment) {
        Status.unsupported(null);
        return null;
    }

    static void clSVMFree(cl_context context, Pointer svm_pointer) {
        Status.unsupported();
    }

    static int clSetKernelArgSVMPointer(cl_kernel kernel, int arg_index, Pointer arg_value) {
        return Status.unsupported();
    }

    static int clEnqueueSVMFree(cl_command_queue command_queue, int num_svm_pointers, Pointer[] svm_pointers, SVMFreeFunction pfn_free_func, Object user_data, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.unsupported();
    }

    static int clEnqueueSVMMemcpy(cl_command_queue command_queue, boolean blocking_copy, Pointer dst_ptr, Pointer src_ptr, long size, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.unsupported();
    }

    static int clEnqueueSVMMemFill(cl_command_queue command_queue, Pointer svm_ptr, Pointer pattern, long pattern_size, long size, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.unsupported();
    }

    static int clEnqueueSVMMap(cl_command_queue command_queue, boolean blocking_map, long flags, Pointer svm_ptr, long size, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.unsupported();
    }

    static int clEnqueueSVMUnmap(cl_command_queue command_queue, Pointer svm_ptr, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.unsupported();
    }
}
