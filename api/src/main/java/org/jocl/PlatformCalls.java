package org.jocl;

import java.nio.ByteBuffer;

/** Entry points of {@link CL}: not implemented yet. */
final class PlatformCalls {

    private PlatformCalls() {
    }

    static int clGetPlatformIDs(int num_entries, cl_platform_id[] platforms, int[] num_platforms) {
        return Status.unsupported();
    }

    static int clGetPlatformInfo(cl_platform_id platform, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static int clGetDeviceIDs(cl_platform_id platform, long device_type, int num_entries, cl_device_id[] devices, int[] num_devices) {
        return Status.unsupported();
    }

    static int clGetDeviceInfo(cl_device_id device, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static int clCreateSubDevices(cl_device_id in_device, cl_device_partition_property properties, int num_devices, cl_device_id[] out_devices, int[] num_devices_ret) {
        return Status.unsupported();
    }

    static int clRetainDevice(cl_device_id device) {
        return Status.unsupported();
    }

    static int clReleaseDevice(cl_device_id device) {
        return Status.unsupported();
    }

    static int clUnloadPlatformCompiler(cl_platform_id platform) {
        return Status.unsupported();
    }

    static int clUnloadCompiler() {
        return Status.unsupported();
    }
}
