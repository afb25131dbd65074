package org.jocl;

import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClPlatform;
import io.omnicl.driver.Driver;

import java.util.List;

import static org.jocl.CL.*;

/** Contexts. */
final class ContextCalls {

    private ContextCalls() {
    }

    /**
     * Checks a context property list: each known property once, {@code CL_CONTEXT_PLATFORM} naming the OmniCL
     * platform. Returns the list as given, zero-terminated (empty when there is none).
     */
    private static long[] properties(cl_context_properties properties) {
        if (properties == null) {
            return new long[0];
        }
        long[] pairs = properties.entries();
        long seen = 0;
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            long bit;
            if (pairs[i] == CL_CONTEXT_PLATFORM) {
                bit = 1;
                ClError.require(platformById(pairs[i + 1]) != null, CL_INVALID_PLATFORM, "not the OmniCL platform");
            } else if (pairs[i] == CL_CONTEXT_INTEROP_USER_SYNC) {
                bit = 2;
            } else {
                throw new ClError(CL_INVALID_PROPERTY, "unknown context property " + pairs[i]);
            }
            ClError.require((seen & bit) == 0, CL_INVALID_PROPERTY, "a context property given twice");
            seen |= bit;
        }
        long[] terminated = new long[pairs.length + 1];
        System.arraycopy(pairs, 0, terminated, 0, pairs.length);
        return terminated;
    }

    private static ClPlatform platformById(long id) {
        for (ClPlatform p : Driver.get().platforms()) {
            if (p.id() == id) {
                return p;
            }
        }
        return null;
    }

    static cl_context clCreateContext(cl_context_properties properties, int num_devices, cl_device_id[] devices,
                                      CreateContextFunction pfn_notify, Object user_data, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClError.require(pfn_notify != null || user_data == null, CL_INVALID_VALUE, "user_data without pfn_notify");
            long[] props = properties(properties);
            List<ClDevice> list = Handles.devices(num_devices, devices);
            return Handles.bind(new cl_context(), list.get(0).platform().createContext(list, props));
        });
    }

    static cl_context clCreateContextFromType(cl_context_properties properties, long device_type,
                                              CreateContextFunction pfn_notify, Object user_data, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClError.require(pfn_notify != null || user_data == null, CL_INVALID_VALUE, "user_data without pfn_notify");
            long[] props = properties(properties);
            PlatformCalls.checkDeviceType(device_type);
            ClPlatform platform = Driver.get().platforms().get(0);
            List<ClDevice> found = platform.devices(device_type);
            ClError.require(!found.isEmpty(), CL_DEVICE_NOT_FOUND, "no device of that type");
            return Handles.bind(new cl_context(), platform.createContext(found, props));
        }, cl_context::new);
    }

    static int clRetainContext(cl_context context) {
        return Status.run(() -> {
            Handles.context(context).retain();
            return CL_SUCCESS;
        });
    }

    static int clReleaseContext(cl_context context) {
        return Status.run(() -> {
            Handles.context(context).release();
            return CL_SUCCESS;
        });
    }

    static int clGetContextInfo(cl_context context, int param_name, long param_value_size, Pointer param_value,
                                long[] param_value_size_ret) {
        return Info.query(() -> Handles.context(context).info(param_name), param_value_size, param_value,
                param_value_size_ret);
    }

    /** Kernels' printf output goes to standard output; there is no callback to set. */
    static int clSetPrintfCallback(cl_context context, PrintfCallbackFunction pfn_notify, Object user_data) {
        return Status.unsupported();
    }
}
