package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_CONTEXT_PLATFORM;
import static org.lwjgl.opencl.CL10.clRetainContext;
import static org.lwjgl.opencl.CL10.nclCreateContext;
import static org.lwjgl.opencl.CL10.nclGetDeviceInfo;
import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.Pointer.POINTER_SIZE;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.DeviceInfo;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealDevice;
import java.util.ArrayList;
import java.util.List;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;

/** One device of one platform; its info is read once, at discovery. */
final class LwjglDevice implements RealDevice {

    private final long platform;
    private final long device;
    private final String platformName;
    private final String platformVersion;
    private final DeviceInfo info;

    LwjglDevice(long platform, long device, String platformName, String platformVersion) {
        this.platform = platform;
        this.device = device;
        this.platformName = platformName;
        this.platformVersion = platformVersion;
        this.info = ClCalls.reader(new InfoOf(device), "clGetDeviceInfo").deviceInfo(POINTER_SIZE);
    }

    /** {@code clGetDeviceInfo} of one device (a class, not a lambda: see {@link ClCalls}). */
    private static final class InfoOf implements ClCalls.ParamQuery {
        private final long device;

        InfoOf(long device) {
            this.device = device;
        }

        @Override
        public int query(int param, long valueSize, long value, long valueSizeReturned) {
            return nclGetDeviceInfo(device, param, valueSize, value, valueSizeReturned);
        }
    }

    @Override
    public String name() {
        return info.getString(DeviceParam.NAME);
    }

    @Override
    public String platformName() {
        return platformName;
    }

    @Override
    public String platformVersion() {
        return platformVersion;
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public DeviceSession open() {
        // one context at a time: PoCL 3.1 creates its shared LLVM context on the first clCreateContext
        // without a lock, and two threads racing there corrupt it
        synchronized (LwjglDevice.class) {
            try {
                return openContext();
            } finally {
                JvmSignals.putBack();
            }
        }
    }

    private DeviceSession openContext() {
        return openContext(List.of(this)).get(0);
    }

    @Override
    public List<DeviceSession> openTogether(List<RealDevice> others) {
        List<LwjglDevice> all = new ArrayList<>(List.of(this));
        for (RealDevice d : others) {
            if (!(d instanceof LwjglDevice l) || l.platform != platform || all.contains(l)) {
                return null;
            }
            all.add(l);
        }
        synchronized (LwjglDevice.class) {
            try {
                return openContext(all);
            } finally {
                JvmSignals.putBack();
            }
        }
    }

    /** One context of {@code devices} (of this platform), and a session of it for each, in that order. */
    private static List<DeviceSession> openContext(List<LwjglDevice> devices) {
        try (MemoryStack stack = stackPush()) {
            PointerBuffer properties = stack.pointers(CL_CONTEXT_PLATFORM, devices.get(0).platform, 0);
            PointerBuffer ids = stack.mallocPointer(devices.size());
            for (LwjglDevice d : devices) {
                ids.put(d.device);
            }
            ids.flip();
            long context = ClCalls.create(status -> nclCreateContext(properties.address(), devices.size(),
                    ids.address(), NULL, NULL, status), "clCreateContext");
            List<DeviceSession> sessions = new ArrayList<>();
            try {
                for (LwjglDevice d : devices) {
                    // each session holds the context once: the last to close releases it
                    if (!sessions.isEmpty()) {
                        ClCalls.check(clRetainContext(context), "clRetainContext");
                    }
                    sessions.add(new LwjglSession(d, d.device, context, devices.size() > 1));
                }
            } catch (RuntimeException e) {
                // the sessions made so far let go of the context, the last of them releasing it
                sessions.forEach(DeviceSession::close);
                throw e;
            }
            return sessions;
        }
    }

    @Override
    public String toString() {
        return name() + " (" + platformName + ")";
    }
}
