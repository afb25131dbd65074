package io.omnicl.demos;

import io.omnicl.OmniCL;
import io.omnicl.demos.bench.ClQueries;
import io.omnicl.driver.RealDeviceDescription;
import org.jocl.Pointer;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.jocl.CL.*;

/**
 * {@code omnicl info}: the OmniCL platform, its virtual device and pinned devices, and behind each pinned
 * device the real platform and device, with the properties clinfo shows first.
 */
final class InfoCommand {

    private InfoCommand() {
    }

    static void print(PrintStream out) {
        cl_platform_id platform = Platforms.omnicl();
        out.println("Platform  " + platformString(platform, CL_PLATFORM_NAME) + " ("
                + platformString(platform, CL_PLATFORM_VERSION) + ")");
        cl_device_id[] devices = ClQueries.devices(platform);
        List<RealDeviceDescription> reals = OmniCL.realDevices();
        for (int i = 0; i < devices.length; i++) {
            cl_device_id d = devices[i];
            out.printf("  Device %d  %s%n", i, ClQueries.deviceString(d, CL_DEVICE_NAME));
            if (i == 0) {
                out.printf("    virtual device over %d real device%s%n", reals.size(), reals.size() == 1 ? "" : "s");
            } else {
                RealDeviceDescription real = reals.get(i - 1);
                out.printf("    pinned to real device %d of platform %s (%s), through %s%n", real.index(),
                        real.platform(), real.platformVersion(), real.backend());
            }
            out.printf("    %-28s %s%n", "Type", stringFor_cl_device_type(number(d, CL_DEVICE_TYPE, 8)).trim());
            out.printf("    %-28s %s%n", "Version", ClQueries.deviceString(d, CL_DEVICE_VERSION));
            out.printf("    %-28s %d%n", "Compute units", number(d, CL_DEVICE_MAX_COMPUTE_UNITS, 4));
            out.printf("    %-28s %d MiB%n", "Global memory", number(d, CL_DEVICE_GLOBAL_MEM_SIZE, 8) >> 20);
            out.printf("    %-28s %d MiB%n", "Max allocation", number(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE, 8) >> 20);
            out.printf("    %-28s %d KiB%n", "Local memory", number(d, CL_DEVICE_LOCAL_MEM_SIZE, 8) >> 10);
            out.printf("    %-28s %d%n", "Max work-group size", number(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, 8));
            out.printf("    %-28s %s%n", "Images", number(d, CL_DEVICE_IMAGE_SUPPORT, 4) != 0 ? "yes" : "no");
            out.printf("    %-28s %s%n", "Extensions", ClQueries.deviceString(d, CL_DEVICE_EXTENSIONS));
        }
    }

    private static String platformString(cl_platform_id p, int param) {
        long[] size = new long[1];
        clGetPlatformInfo(p, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetPlatformInfo(p, param, b.length, Pointer.to(b), null);
        return new String(b, 0, b.length - 1, StandardCharsets.UTF_8);
    }

    /** A numeric device info of {@code bytes} bytes (4 or 8). */
    private static long number(cl_device_id d, int param, int bytes) {
        long[] value = new long[1];
        clGetDeviceInfo(d, param, bytes, Pointer.to(value), null);
        return bytes == 4 ? value[0] & 0xffffffffL : value[0];
    }
}
