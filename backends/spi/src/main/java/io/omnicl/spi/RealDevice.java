package io.omnicl.spi;

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
}
