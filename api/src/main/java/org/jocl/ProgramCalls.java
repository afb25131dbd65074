package org.jocl;

import java.nio.ByteBuffer;

/** Entry points of {@link CL}: not implemented yet. */
final class ProgramCalls {

    private ProgramCalls() {
    }

    static cl_program clCreateProgramWithSource(cl_context context, int count, String[] strings, long[] lengths, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_program clCreateProgramWithBinary(cl_context context, int num_devices, cl_device_id[] device_list, long[] lengths, byte[][] binaries, int[] binary_status, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_program clCreateProgramWithBuiltInKernels(cl_context context, int num_devices, cl_device_id[] device_list, String kernel_names, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clRetainProgram(cl_program program) {
        return Status.unsupported();
    }

    static int clReleaseProgram(cl_program program) {
        return Status.unsupported();
    }

    static int clBuildProgram(cl_program program, int num_devices, cl_device_id[] device_list, String options, BuildProgramFunction pfn_notify, Object user_data) {
        return Status.unsupported();
    }

    static int clCompileProgram(cl_program program, int num_devices, cl_device_id[] device_list, String options, int num_input_headers, cl_program[] input_headers, String[] header_include_names, BuildProgramFunction pfn_notify, Object user_data) {
        return Status.unsupported();
    }

    static cl_program clLinkProgram(cl_context context, int num_devices, cl_device_id[] device_list, String options, int num_input_programs, cl_program[] input_programs, BuildProgramFunction pfn_notify, Object user_data, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clGetProgramInfo(cl_program program, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static int clGetProgramBuildInfo(cl_program program, cl_device_id device, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }
}
