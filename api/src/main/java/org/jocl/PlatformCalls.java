package org.jocl;

import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClPlatform;
import io.omnicl.driver.Driver;

import java.util.List;

import static org.jocl.CL.*;

/** Platforms and devices. */
final class PlatformCalls {

    private static final long KNOWN_DEVICE_TYPES = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU
            | CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;

    private PlatformCalls() {
    }

    static int clGetPlatformIDs(int num_entries, cl_platform_id[] platforms, int[] num_platforms) {
        return Status.run(() -> {
            ClError.require(!(num_entries == 0 && platforms != null) && !(platforms == null && num_platforms == null)
                    && (platforms == null || platforms.length >= num_entries), CL_INVALID_VALUE,
                    "platforms and num_entries disagree");
            List<ClPlatform> all = Driver.get().platforms();
            if (platforms != null) {
                for (int i = 0; i < Math.min(num_entries, all.size()); i++) {
                    platforms[i] = Handles.bind(platforms[i] == null ? new cl_platform_id() : platforms[i], all.get(i));
                }
            }
            if (num_platforms != null && num_platforms.length > 0) {
                num_platforms[0] = all.size();
            }
            return CL_SUCCESS;
        });
    }

    /** A null platform means OmniCL's, as the ICD loader picks the default platform. */
    private static ClPlatform platformOrDefault(cl_platform_id platform) {
        return platform == null ? Driver.get().platforms().get(0) : Handles.platform(platform);
    }

    static int clGetPlatformInfo(cl_platform_id platform, int param_name, long param_value_size, Pointer param_value,
                                 long[] param_value_size_ret) {
        return Info.query(() -> platformOrDefault(platform).info(param_name), param_value_size, param_value,
                param_value_size_ret);
    }

    static int clGetDeviceIDs(cl_platform_id platform, long device_type, int num_entries, cl_device_id[] devices,
                              int[] num_devices) {
        return Status.run(() -> {
            ClPlatform p = platformOrDefault(platform);
            checkDeviceType(device_type);
            ClError.require(!(num_entries == 0 && devices != null) && !(devices == null && num_devices == null)
                    && (devices == null || devices.length >= num_entries), CL_INVALID_VALUE,
                    "devices and num_entries disagree");
            List<ClDevice> found = p.devices(device_type);
            ClError.require(!found.isEmpty(), CL_DEVICE_NOT_FOUND, "no device of that type");
            if (devices != null) {
                for (int i = 0; i < Math.min(num_entries, found.size()); i++) {
                    devices[i] = Handles.bind(devices[i] == null ? new cl_device_id() : devices[i], found.get(i));
                }
            }
            if (num_devices != null && num_devices.length > 0) {
                num_devices[0] = found.size();
            }
            return CL_SUCCESS;
        });
    }

    /** {@code CL_INVALID_DEVICE_TYPE} unless {@code type} is ALL or a non-empty set of known types. */
    static void checkDeviceType(long type) {
        ClError.require(type == CL_DEVICE_TYPE_ALL || (type & ~KNOWN_DEVICE_TYPES) == 0 && type != 0,
                CL_INVALID_DEVICE_TYPE, "unknown device type");
    }

    static int clGetDeviceInfo(cl_device_id device, int param_name, long param_value_size, Pointer param_value,
                               long[] param_value_size_ret) {
        return Info.query(() -> Handles.device(device).info(param_name), param_value_size, param_value,
                param_value_size_ret);
    }

    /** OmniCL devices cannot be partitioned: every partition request is refused. */
    static int clCreateSubDevices(cl_device_id in_device, cl_device_partition_property properties, int num_devices,
                                  cl_device_id[] out_devices, int[] num_devices_ret) {
        return Status.run(() -> {
            Handles.device(in_device);
            throw new ClError(CL_INVALID_VALUE, "OmniCL devices cannot be partitioned");
        });
    }

    /** Root devices need no reference counting; the call only checks the device. */
    static int clRetainDevice(cl_device_id device) {
        return Status.run(() -> {
            Handles.device(device);
            return CL_SUCCESS;
        });
    }

    static int clReleaseDevice(cl_device_id device) {
        return clRetainDevice(device);
    }

    static int clUnloadPlatformCompiler(cl_platform_id platform) {
        return Status.run(() -> {
            Handles.platform(platform);
            return CL_SUCCESS;
        });
    }

    static int clUnloadCompiler() {
        return Status.check(CL_SUCCESS);
    }
}
