package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_CONTEXT_PLATFORM;
import static org.jocl.CL.clCreateContext;
import static org.jocl.CL.clGetDeviceInfo;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.DeviceInfo;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealDevice;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

/** One device of one platform; its info is read once, at discovery. */
final class JoclDevice implements RealDevice {

    /**
     * Held while a context is created. PoCL 3.1 creates its shared LLVM context on the first
     * {@code clCreateContext} of the process without a lock, and two threads racing there corrupt it. The race is
     * the process's, so the lock must be the JVM's: a string constant is one object in the whole JVM, whichever
     * class loader defined this class, so copies of this backend in other isolated loaders take turns too.
     */
    private static final Object CONTEXT_CREATION = "io.omnicl.backend.jocl: clCreateContext";

    private final cl_platform_id platform;
    private final cl_device_id device;
    private final String platformName;
    private final String platformVersion;
    private final DeviceInfo info;

    JoclDevice(cl_platform_id platform, cl_device_id device, String platformName, String platformVersion) {
        this.platform = platform;
        this.device = device;
        this.platformName = platformName;
        this.platformVersion = platformVersion;
        this.info = ClCalls.reader((param, size, value, sizeReturned) ->
            clGetDeviceInfo(device, param, size, value, sizeReturned), "clGetDeviceInfo").deviceInfo(Sizeof.size_t);
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
        cl_context_properties properties = new cl_context_properties();
        properties.addProperty(CL_CONTEXT_PLATFORM, platform);
        cl_device_id[] devices = {device};
        synchronized (CONTEXT_CREATION) {
            try {
                cl_context context = ClCalls.create(status ->
                    clCreateContext(properties, 1, devices, null, null, status), "clCreateContext");
                return new JoclSession(this, device, context);
            } finally {
                JvmSignals.putBack();
            }
        }
    }

    @Override
    public String toString() {
        return name() + " (" + platformName + ")";
    }
}
