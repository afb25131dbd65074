package io.omnicl.conformance;

import static org.jocl.CL.CL_DEVICE_TYPE_ALL;
import static org.jocl.CL.CL_PLATFORM_NAME;
import static org.jocl.CL.CL_SUCCESS;
import static org.jocl.CL.clGetDeviceIDs;
import static org.jocl.CL.clGetPlatformIDs;
import static org.jocl.CL.clGetPlatformInfo;

import java.util.ArrayList;
import java.util.List;

import org.jocl.CL;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

/**
 * Which platform and device the suite runs on, chosen by the system property {@code omnicl.target}:
 * <ul>
 * <li>{@code reference}: the real JOCL over PoCL, the platform whose name contains
 * "Portable Computing Language", its first device;</li>
 * <li>{@code virtual}: the OmniCL platform, device 0 (the virtual device over every real one);</li>
 * <li>{@code pinned}: the OmniCL platform, device 1 (pinned to one real device).</li>
 * </ul>
 * Tests use only {@link #platform()} and {@link #device()}; they may ask the platform about its other
 * devices, but never assume how many there are or what kind they are.
 */
public final class Target {

    /** The three ways the suite is run. */
    public enum Kind {
        REFERENCE, VIRTUAL, PINNED
    }

    /**
     * Tag of the tests in which a user event holds back an enqueued command. PoCL 3.1's "basic" driver
     * deadlocks in clSetUserEventStatus when a command waits on the user event (its "pthread" driver does
     * not), so a run over basic devices can leave these out with -DexcludedGroups=user-event-gate.
     */
    public static final String USER_EVENT_GATE = "user-event-gate";

    private static final String POCL_NAME = "Portable Computing Language";
    private static final String OMNICL_NAME = "OmniCL";

    private static Kind kind;
    private static cl_platform_id platform;
    private static cl_device_id device;

    private Target() {
    }

    /** The run this JVM was started for; {@code reference} when the property is absent. */
    public static synchronized Kind kind() {
        if (kind == null) {
            String value = System.getProperty("omnicl.target", "reference").trim();
            switch (value) {
                case "reference": kind = Kind.REFERENCE; break;
                case "virtual": kind = Kind.VIRTUAL; break;
                case "pinned": kind = Kind.PINNED; break;
                default: throw new IllegalStateException("unknown omnicl.target '" + value
                        + "' (expected reference, virtual or pinned)");
            }
        }
        return kind;
    }

    /** True on OmniCL (virtual or pinned), false on the reference. */
    public static boolean isOmniCL() {
        return kind() != Kind.REFERENCE;
    }

    /** The platform under test. */
    public static synchronized cl_platform_id platform() {
        if (platform == null) {
            String wanted = isOmniCL() ? OMNICL_NAME : POCL_NAME;
            List<String> seen = new ArrayList<>();
            for (cl_platform_id candidate : allPlatforms()) {
                String name = platformName(candidate);
                seen.add(name);
                boolean match = isOmniCL() ? name.equals(wanted) : name.contains(wanted);
                if (match) {
                    platform = candidate;
                    break;
                }
            }
            if (platform == null) {
                throw new IllegalStateException("no platform '" + wanted + "' among " + seen);
            }
        }
        return platform;
    }

    /** The device under test: 0 on the reference and the virtual run, 1 on the pinned run. */
    public static synchronized cl_device_id device() {
        if (device == null) {
            int index = kind() == Kind.PINNED ? 1 : 0;
            cl_device_id[] devices = devicesOf(platform(), CL_DEVICE_TYPE_ALL);
            if (devices.length <= index) {
                throw new IllegalStateException("platform has " + devices.length
                        + " device(s); the " + kind() + " run needs device " + index);
            }
            device = devices[index];
        }
        return device;
    }

    /** A short description for messages. */
    public static String describe() {
        return kind() + " (" + platformName(platform()) + ")";
    }

    /** All platforms, in the order clGetPlatformIDs reports them. */
    public static cl_platform_id[] allPlatforms() {
        int[] count = new int[1];
        check(clGetPlatformIDs(0, null, count), "clGetPlatformIDs(count)");
        cl_platform_id[] ids = new cl_platform_id[count[0]];
        check(clGetPlatformIDs(ids.length, ids, null), "clGetPlatformIDs(list)");
        return ids;
    }

    /** The devices of one type on a platform; an empty array when there are none. */
    public static cl_device_id[] devicesOf(cl_platform_id p, long type) {
        int[] count = new int[1];
        int rc = clGetDeviceIDs(p, type, 0, null, count);
        if (rc == CL.CL_DEVICE_NOT_FOUND) {
            return new cl_device_id[0];
        }
        check(rc, "clGetDeviceIDs(count)");
        cl_device_id[] ids = new cl_device_id[count[0]];
        check(clGetDeviceIDs(p, type, ids.length, ids, null), "clGetDeviceIDs(list)");
        return ids;
    }

    private static String platformName(cl_platform_id p) {
        return Info.string((param, size, value, sizeRet) -> clGetPlatformInfo(p, param, size, value, sizeRet),
                CL_PLATFORM_NAME);
    }

    private static void check(int rc, String what) {
        if (rc != CL_SUCCESS) {
            throw new IllegalStateException(what + " failed: " + CL.stringFor_errorCode(rc));
        }
    }
}
