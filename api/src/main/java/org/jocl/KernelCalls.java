package org.jocl;

import java.nio.ByteBuffer;

/** Entry points of {@link CL}: not implemented yet. */
final class KernelCalls {

    private KernelCalls() {
    }

    static cl_kernel clCreateKernel(cl_program program, String kernel_name, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clCreateKernelsInProgram(cl_program program, int num_kernels, cl_kernel[] kernels, int[] num_kernels_ret) {
        return Status.unsupported();
    }

    static int clRetainKernel(cl_kernel kernel) {
        return Status.unsupported();
    }

    static int clReleaseKernel(cl_kernel kernel) {
        return Status.unsupported();
    }

    static int clSetKernelArg(cl_kernel kernel, int arg_index, long arg_size, Pointer arg_value) {
        return Status.unsupported();
    }

    static int clSetKernelExecInfo(cl_kernel kernel, int param_name, long param_value_size, Pointer param_value) {
        return Status.unsupported();
    }

    static int clGetKernelInfo(cl_kernel kernel, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static int clGetKernelArgInfo(cl_kernel kernel, int arg_indx, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static int clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }
}
