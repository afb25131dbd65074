package io.omnicl.driver;

public interface ClDevice extends ClObject {

    ClPlatform platform();

    /** {@code CL_DEVICE_TYPE_*} bits. */
    long type();
}
