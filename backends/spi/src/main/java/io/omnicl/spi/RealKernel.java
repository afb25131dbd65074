package io.omnicl.spi;

import java.nio.ByteBuffer;

/**
 * A kernel object on one real device. Setting arguments is not thread-safe: one thread uses a kernel
 * object at a time.
 */
public interface RealKernel {

    String name();

    int argCount();

    /** The attributes the kernel was declared with ({@code CL_KERNEL_ATTRIBUTES}), as the device gives them. */
    String attributes();

    /**
     * What the device says about argument {@code index}.
     *
     * @throws BackendException with {@code CL_KERNEL_ARG_INFO_NOT_AVAILABLE} when it says nothing
     */
    KernelArgInfo argInfo(int index);

    /** The kernel's work-group facts on this device. */
    KernelWorkGroupInfo workGroupInfo();

    /** Sets a buffer or image argument (null for a null buffer). */
    void setArg(int index, RealMem memory);

    /** Sets a sampler argument. */
    void setArg(int index, RealSampler sampler);

    /**
     * Sets a by-value argument from {@code value} (position to limit).
     *
     * @throws BackendException with {@code CL_INVALID_ARG_SIZE} or {@code CL_INVALID_ARG_VALUE} as the
     *         device answers
     */
    void setArg(int index, ByteBuffer value);

    /** Sets a {@code __local} argument of {@code size} bytes. */
    void setLocalArg(int index, long size);

    /** Idempotent. */
    void release();
}
