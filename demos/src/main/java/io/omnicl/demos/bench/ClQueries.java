package io.omnicl.demos.bench;

import org.jocl.Pointer;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.jocl.CL.*;

/** Finding platforms and devices, and naming them; through {@code org.jocl} only. */
public final class ClQueries {

    private ClQueries() {
    }

    public static cl_platform_id[] platforms() {
        int[] n = new int[1];
        clGetPlatformIDs(0, null, n);
        cl_platform_id[] all = new cl_platform_id[n[0]];
        clGetPlatformIDs(n[0], all, null);
        return all;
    }

    /**
     * The first platform whose name contains {@code part}.
     *
     * @throws IllegalStateException when none does
     */
    public static cl_platform_id platformNamed(String part) {
        List<String> names = new ArrayList<>();
        for (cl_platform_id p : platforms()) {
            String name = platformName(p);
            if (name.contains(part)) {
                return p;
            }
            names.add(name);
        }
        throw new IllegalStateException("no OpenCL platform named like '" + part + "' (there are: " + names + ")");
    }

    /** All devices of a platform: for OmniCL, the virtual device then the pinned ones. */
    public static cl_device_id[] devices(cl_platform_id platform) {
        int[] n = new int[1];
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, n);
        cl_device_id[] devices = new cl_device_id[n[0]];
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, n[0], devices, null);
        return devices;
    }

    public static String platformName(cl_platform_id p) {
        long[] size = new long[1];
        clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetPlatformInfo(p, CL_PLATFORM_NAME, b.length, Pointer.to(b), null);
        return text(b);
    }

    public static String deviceString(cl_device_id d, int param) {
        long[] size = new long[1];
        clGetDeviceInfo(d, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetDeviceInfo(d, param, b.length, Pointer.to(b), null);
        return text(b);
    }

    /** An OpenCL string: NUL-terminated. */
    private static String text(byte[] b) {
        int end = 0;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        return new String(b, 0, end, StandardCharsets.UTF_8);
    }
}
