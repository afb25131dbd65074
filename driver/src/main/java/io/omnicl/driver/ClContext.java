package io.omnicl.driver;

import java.util.List;

public interface ClContext extends ClObject, Counted {

    List<ClDevice> devices();

    /** Whether some device of the context can allocate a buffer of {@code size} bytes. */
    boolean allowsBuffer(long size);

    /** The alignment in bytes a sub-buffer's origin needs on every device of the context. */
    long subBufferAlignment();

    /**
     * @param device     one of {@link #devices()}
     * @param properties {@code CL_QUEUE_*} bits, already checked
     */
    ClQueue createQueue(ClDevice device, long properties);

    /**
     * @param flags    checked {@code CL_MEM_*} flags
     * @param hostData the user's memory for {@code CL_MEM_USE_HOST_PTR} or {@code CL_MEM_COPY_HOST_PTR}, else null
     */
    ClMem createBuffer(long flags, long size, HostMemory hostData);

    ClProgram createProgram(String source);

    /**
     * An image, checked by the facade except for what the devices decide.
     *
     * @param hostData the user's memory with its pitches resolved, for {@code USE_HOST_PTR} or
     *                 {@code COPY_HOST_PTR}; laid out as {@code hostRowPitch}/{@code hostSlicePitch} say
     * @throws ClError {@code CL_IMAGE_FORMAT_NOT_SUPPORTED}, {@code CL_INVALID_IMAGE_SIZE}
     */
    ClMem createImage(long flags, ImageSpec spec, HostMemory hostData, long hostRowPitch, long hostSlicePitch);

    /**
     * The image formats every device of the context supports for {@code imageType} and {@code flags}, as
     * {channel order, channel type} pairs; empty when a device has no image support.
     */
    List<int[]> supportedImageFormats(long flags, int imageType);

    /** Whether every device of the context supports images. */
    boolean imageSupport();

    ClSampler createSampler(boolean normalizedCoordinates, int addressingMode, int filterMode);

    /**
     * A program from one binary per device, as {@code CL_PROGRAM_BINARIES} gave them.
     *
     * @param status receives, per device, {@code CL_SUCCESS} or {@code CL_INVALID_BINARY}
     * @throws ClError {@code CL_INVALID_BINARY} when some binary is not valid for its device
     */
    ClProgram createProgram(List<ClDevice> devices, List<byte[]> binaries, int[] status);

    /**
     * Links compiled programs into a new program for {@code devices} (all when empty).
     *
     * @throws ClError {@code CL_LINK_PROGRAM_FAILURE} when no real device linked them,
     *         {@code CL_INVALID_OPERATION} when an input is not compiled for a device
     */
    ClProgram link(List<ClDevice> devices, String options, List<ClProgram> inputs);

    ClEvent createUserEvent();
}
