package io.omnicl.demos;

import org.jocl.Pointer;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

import java.nio.charset.StandardCharsets;

import static org.jocl.CL.*;

/** Finding the OmniCL platform and naming devices. */
final class Platforms {

    private Platforms() {
    }

    /** The OmniCL platform. */
    static cl_platform_id omnicl() {
        int[] n = new int[1];
        clGetPlatformIDs(0, null, n);
        cl_platform_id[] all = new cl_platform_id[n[0]];
        clGetPlatformIDs(n[0], all, null);
        for (cl_platform_id p : all) {
            if (platformName(p).equals("OmniCL")) {
                return p;
            }
        }
        throw new IllegalStateException("no OmniCL platform: is target/omnicl.jar on the class path?");
    }

    /** All devices of a platform: for OmniCL, the virtual device then the pinned ones. */
    static cl_device_id[] devices(cl_platform_id platform) {
        int[] n = new int[1];
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, n);
        cl_device_id[] devices = new cl_device_id[n[0]];
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, n[0], devices, null);
        return devices;
    }

    static String platformName(cl_platform_id p) {
        long[] size = new long[1];
        clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetPlatformInfo(p, CL_PLATFORM_NAME, b.length, Pointer.to(b), null);
        return new String(b, 0, b.length - 1, StandardCharsets.UTF_8);
    }

    static String deviceString(cl_device_id d, int param) {
        long[] size = new long[1];
        clGetDeviceInfo(d, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetDeviceInfo(d, param, b.length, Pointer.to(b), null);
        return new String(b, 0, b.length - 1, StandardCharsets.UTF_8);
    }
}
