package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_DEVICE_NOT_FOUND;
import static org.jocl.CL.CL_DEVICE_TYPE_ALL;
import static org.jocl.CL.CL_PLATFORM_NAME;
import static org.jocl.CL.CL_PLATFORM_NOT_FOUND_KHR;
import static org.jocl.CL.CL_PLATFORM_VERSION;
import static org.jocl.CL.clGetDeviceIDs;
import static org.jocl.CL.clGetPlatformIDs;
import static org.jocl.CL.clGetPlatformInfo;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.InfoReader;
import io.omnicl.spi.Backend;
import io.omnicl.spi.RealDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jocl.CL;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

/**
 * The isolated loader's entry point: what {@link io.omnicl.backend.jocl.JoclBackend} creates by name and then
 * sees only as a {@link Backend}. Each instance discovers the devices afresh.
 *
 * <p>The first {@link #devices()} of the loader initializes JOCL's {@code CL}, which extracts and loads JOCL's
 * native library and then the OpenCL library. A failure there is thrown as the {@link LinkageError} it is; the
 * outer part decides what it means.
 */
public final class JoclPlatforms implements Backend {

    private static final Pattern OPENCL_VERSION = Pattern.compile("OpenCL (\\d+)\\.(\\d+)");

    public JoclPlatforms() {
        // nothing native here: the SPI allows that only in devices()
    }

    @Override
    public String name() {
        return "jocl";
    }

    @Override
    public List<RealDevice> devices() {
        // JOCL's default, set again for clarity: statuses are checked here, never thrown by JOCL
        CL.setExceptionsEnabled(false);
        List<RealDevice> found = new ArrayList<>();
        for (cl_platform_id platform : platforms()) {
            InfoReader platformInfo = ClCalls.reader((param, size, value, sizeReturned) ->
                clGetPlatformInfo(platform, param, size, value, sizeReturned), "clGetPlatformInfo");
            String name = platformInfo.string(CL_PLATFORM_NAME);
            String version = platformInfo.string(CL_PLATFORM_VERSION);
            // the ICD loader would jump through a null entry for a 1.2 function on an older platform
            if (!atLeastOpenCl12(version)) {
                continue;
            }
            cl_device_id[] devices = devices(platform);
            // listing a platform's devices may start its driver, and PoCL's then has LLVM take the JVM's signals
            JvmSignals.putBack();
            for (cl_device_id device : devices) {
                found.add(new JoclDevice(platform, device, name, version));
            }
        }
        return List.copyOf(found);
    }

    private static cl_platform_id[] platforms() {
        int[] count = new int[1];
        int status = clGetPlatformIDs(0, null, count);
        if (status == CL_PLATFORM_NOT_FOUND_KHR || (status == 0 && count[0] == 0)) {
            return new cl_platform_id[0];
        }
        ClCalls.check(status, "clGetPlatformIDs");
        cl_platform_id[] platforms = new cl_platform_id[count[0]];
        ClCalls.check(clGetPlatformIDs(platforms.length, platforms, null), "clGetPlatformIDs");
        return platforms;
    }

    private static cl_device_id[] devices(cl_platform_id platform) {
        int[] count = new int[1];
        int status = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, count);
        if (status == CL_DEVICE_NOT_FOUND || (status == 0 && count[0] == 0)) {
            return new cl_device_id[0];
        }
        ClCalls.check(status, "clGetDeviceIDs");
        cl_device_id[] devices = new cl_device_id[count[0]];
        ClCalls.check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, devices.length, devices, null), "clGetDeviceIDs");
        return devices;
    }

    private static boolean atLeastOpenCl12(String platformVersion) {
        Matcher version = OPENCL_VERSION.matcher(platformVersion);
        return version.lookingAt()
            && Integer.parseInt(version.group(1)) * 100 + Integer.parseInt(version.group(2)) >= 102;
    }
}
