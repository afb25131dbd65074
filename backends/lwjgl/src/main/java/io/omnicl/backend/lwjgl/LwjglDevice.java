package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_CONTEXT_PLATFORM;
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
        try (MemoryStack stack = stackPush()) {
            PointerBuffer properties = stack.pointers(CL_CONTEXT_PLATFORM, platform, 0);
            PointerBuffer devices = stack.pointers(device);
            long context = ClCalls.create(status ->
                nclCreateContext(properties.address(), 1, devices.address(), NULL, NULL, status), "clCreateContext");
            return new LwjglSession(this, device, context);
        }
    }

    @Override
    public String toString() {
        return name() + " (" + platformName + ")";
    }
}
