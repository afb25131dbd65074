package io.omnicl.spi;

import java.nio.ByteBuffer;

/**
 * Host memory that the device's transfers reach at the full speed of its bus (page-locked), for staging
 * reads and writes of pageable memory. Made by {@link DeviceSession#allocatePinned}; released once.
 */
public interface PinnedMemory {

    /** The memory, all of it: position 0, limit its size. Valid until {@link #release()}. */
    ByteBuffer memory();

    void release();
}
