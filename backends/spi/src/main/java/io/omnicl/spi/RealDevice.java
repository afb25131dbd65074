package io.omnicl.spi;

import java.util.List;

/** One real OpenCL device as the backend found it. Thread-safe. */
public interface RealDevice {

    /** {@code CL_DEVICE_NAME} without the terminating NUL. */
    String name();

    /** {@code CL_PLATFORM_NAME} of the device's platform. */
    String platformName();

    /** {@code CL_PLATFORM_VERSION} of the device's platform. */
    String platformVersion();

    /** Every parameter of {@link DeviceParam} that the device answers, read once. */
    DeviceInfo info();

    /**
     * Opens the device for use: a real context holding this device alone. Each call opens a new,
     * independent session.
     */
    DeviceSession open();

    /**
     * Opens this device and {@code others} (devices of this backend and of this device's platform) in one real
     * context: a session each, in that order, whose commands may wait for each other's events
     * ({@link DeviceSession#sharesContextWith}); the context goes when the last of them closes. Null where the
     * backend does not, or cannot for these devices; then each is opened alone.
     */
    default List<DeviceSession> openTogether(List<RealDevice> others) {
        return null;
    }
}
