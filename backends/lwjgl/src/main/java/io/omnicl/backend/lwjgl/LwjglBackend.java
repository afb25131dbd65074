package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_DEVICE_NOT_FOUND;
import static org.lwjgl.opencl.CL10.CL_DEVICE_TYPE_ALL;
import static org.lwjgl.opencl.CL10.CL_PLATFORM_NAME;
import static org.lwjgl.opencl.CL10.CL_PLATFORM_VERSION;
import static org.lwjgl.opencl.CL10.nclGetDeviceIDs;
import static org.lwjgl.opencl.CL10.nclGetPlatformIDs;
import static org.lwjgl.opencl.CL10.nclGetPlatformInfo;
import static org.lwjgl.opencl.KHRICD.CL_PLATFORM_NOT_FOUND_KHR;
import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.InfoReader;
import io.omnicl.spi.Backend;
import io.omnicl.spi.RealDevice;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.lwjgl.PointerBuffer;
import org.lwjgl.opencl.CL;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.Library;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.Platform;

/** Real OpenCL devices through LWJGL 3. */
public final class LwjglBackend implements Backend {

    private static final Pattern OPENCL_VERSION = Pattern.compile("OpenCL (\\d+)\\.(\\d+)");

    private List<RealDevice> devices;

    @Override
    public String name() {
        return "lwjgl";
    }

    @Override
    public synchronized List<RealDevice> devices() {
        if (devices == null) {
            try {
                devices = OpenClLibrary.LOADED ? List.copyOf(discover()) : List.of();
            } finally {
                JvmSignals.putBack();
            }
        }
        return devices;
    }

    private static List<RealDevice> discover() {
        List<RealDevice> found = new ArrayList<>();
        // the ICD loader loads the drivers' libraries here; PoCL starts its compiler as it lists its devices
        long[] platforms = ids(new PlatformIds(), "clGetPlatformIDs", CL_PLATFORM_NOT_FOUND_KHR);
        JvmSignals.putBack();
        for (long platform : platforms) {
            InfoReader platformInfo = ClCalls.reader(new PlatformInfo(platform), "clGetPlatformInfo");
            String name = platformInfo.string(CL_PLATFORM_NAME);
            String version = platformInfo.string(CL_PLATFORM_VERSION);
            // the ICD loader would jump through a null entry for a 1.2 function on an older platform
            if (!atLeastOpenCl12(version)) {
                continue;
            }
            long[] deviceIds = ids(new DeviceIds(platform), "clGetDeviceIDs", CL_DEVICE_NOT_FOUND);
            JvmSignals.putBack();
            for (long device : deviceIds) {
                found.add(new LwjglDevice(platform, device, name, version));
            }
        }
        return found;
    }

    /** A {@code clGet*IDs} call with its list arguments left open. */
    @FunctionalInterface
    private interface IdQuery {
        int query(int count, long ids, long countReturned);
    }

    // the queries below are classes, not lambdas: see ClCalls

    /** {@code clGetPlatformIDs}. */
    private static final class PlatformIds implements IdQuery {
        @Override
        public int query(int count, long ids, long countReturned) {
            return nclGetPlatformIDs(count, ids, countReturned);
        }
    }

    /** {@code clGetDeviceIDs} of every device of one platform. */
    private static final class DeviceIds implements IdQuery {
        private final long platform;

        DeviceIds(long platform) {
            this.platform = platform;
        }

        @Override
        public int query(int count, long ids, long countReturned) {
            return nclGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, ids, countReturned);
        }
    }

    /** {@code clGetPlatformInfo} of one platform. */
    private static final class PlatformInfo implements ClCalls.ParamQuery {
        private final long platform;

        PlatformInfo(long platform) {
            this.platform = platform;
        }

        @Override
        public int query(int param, long valueSize, long value, long valueSizeReturned) {
            return nclGetPlatformInfo(platform, param, valueSize, value, valueSizeReturned);
        }
    }

    /** Every id the query lists; none when it answers {@code noneStatus}. */
    private static long[] ids(IdQuery query, String call, int noneStatus) {
        try (MemoryStack stack = stackPush()) {
            IntBuffer count = stack.mallocInt(1);
            int status = query.query(0, NULL, memAddress(count));
            if (status == noneStatus || (status == 0 && count.get(0) == 0)) {
                return new long[0];
            }
            ClCalls.check(status, call);
            PointerBuffer ids = stack.mallocPointer(count.get(0));
            ClCalls.check(query.query(ids.remaining(), ids.address(), NULL), call);
            long[] all = new long[ids.remaining()];
            ids.get(all);
            return all;
        }
    }

    private static boolean atLeastOpenCl12(String platformVersion) {
        Matcher version = OPENCL_VERSION.matcher(platformVersion);
        return version.lookingAt()
            && Integer.parseInt(version.group(1)) * 100 + Integer.parseInt(version.group(2)) >= 102;
    }

    /** Loads the OpenCL library on first use, after the backend is asked for devices. */
    private static final class OpenClLibrary {

        static final boolean LOADED = load();

        private static boolean load() {
            // before any driver's library is loaded (LWJGL's own first, its hash check skipped: JvmSignals)
            JvmSignals.readNow();
            preferVersionedName();
            try {
                CL.getICD();
                return true;
            } catch (LinkageError noLibrary) {
                return false;
            }
        }


        /**
         * Machines without OpenCL development files have only the loader's versioned name. Looks for the
         * plain name the way LWJGL will, without its failure message, and leaves a user's choice alone.
         */
        private static void preferVersionedName() {
            boolean unix = Platform.get() == Platform.LINUX || Platform.get() == Platform.FREEBSD;
            if (!unix || Configuration.OPENCL_LIBRARY_NAME.get() != null) {
                return;
            }
            var plain = Library.loadNative(LwjglBackend.class, "org.lwjgl.opencl", null, () -> null, "OpenCL");
            if (plain == null) {
                Configuration.OPENCL_LIBRARY_NAME.set("libOpenCL.so.1");
            } else {
                plain.free();
            }
        }
    }
}
