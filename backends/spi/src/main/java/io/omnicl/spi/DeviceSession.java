package io.omnicl.spi;

import java.util.List;

/**
 * A real device opened for use: a real context that holds this device alone, or one it shares with other
 * devices of its platform ({@link RealDevice#openTogether}). Methods may be called from several threads (OpenCL
 * makes these calls thread-safe); objects made here belong to this session, are used on this device only, and
 * must be released before {@link #close()}.
 */
public interface DeviceSession extends AutoCloseable {

    RealDevice device();

    /**
     * Whether {@code other} is in this session's real context, so that a command enqueued here may wait for
     * {@code other}'s events.
     */
    default boolean sharesContextWith(DeviceSession other) {
        return other == this;
    }

    /**
     * Allocates a read-write buffer of {@code size} bytes in device memory. Its content is undefined.
     *
     * @throws BackendException with {@code CL_MEM_OBJECT_ALLOCATION_FAILURE}, {@code CL_OUT_OF_RESOURCES}
     *         or {@code CL_INVALID_BUFFER_SIZE} as the device answers
     */
    RealBuffer allocate(long size);

    /**
     * Allocates an image; its content is undefined.
     *
     * @throws BackendException with {@code CL_IMAGE_FORMAT_NOT_SUPPORTED}, {@code CL_INVALID_IMAGE_SIZE},
     *         {@code CL_MEM_OBJECT_ALLOCATION_FAILURE} and the like, as the device answers
     */
    RealImage allocateImage(long flags, ImageFormat format, ImageDesc desc);

    /** The formats the device supports for images of {@code imageType} made with {@code flags}. */
    List<ImageFormat> supportedImageFormats(long flags, int imageType);

    /** A sampler ({@code clCreateSampler}). */
    RealSampler createSampler(boolean normalizedCoordinates, int addressingMode, int filterMode);

    /**
     * {@code size} bytes of pinned host memory for staging transfers, or null when the backend makes none.
     *
     * @throws BackendException as the device answers the allocation
     */
    default PinnedMemory allocatePinned(long size) {
        return null;
    }

    /** An in-order command queue, with profiling when asked. */
    RealQueue createQueue(boolean profiling);

    /** A program from OpenCL C source, not built yet. */
    RealProgram createProgram(String source);

    /**
     * A program from a binary this device produced earlier ({@link RealProgram#binary()}), not built yet.
     *
     * @throws BackendException with {@code CL_INVALID_BINARY} when the device rejects it
     */
    RealProgram createProgram(byte[] binary);

    /**
     * Links compiled programs (or libraries) of this session into a new program.
     *
     * @throws BackendException with {@code CL_LINK_PROGRAM_FAILURE} (its message holds the device's log),
     *         {@code CL_INVALID_LINKER_OPTIONS} and the like
     */
    RealProgram link(List<RealProgram> programs, String options);

    /**
     * Objects made in this session (buffers, images, samplers, queues, programs, kernels, events) and not
     * yet released, to find leaks; -1 when the backend does not count.
     */
    default long liveObjects() {
        return -1;
    }

    /** Releases the context. Idempotent. */
    @Override
    void close();
}
