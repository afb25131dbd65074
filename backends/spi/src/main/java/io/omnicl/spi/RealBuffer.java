package io.omnicl.spi;

/** A buffer in one real device's memory. */
public interface RealBuffer extends RealMem {

    long size();

    /**
     * A real sub-buffer over {@code [offset, offset + size)} of this buffer, sharing its storage.
     *
     * @throws BackendException with {@code CL_MISALIGNED_SUB_BUFFER_OFFSET} when {@code offset} is not a
     *         multiple of the device's {@code CL_DEVICE_MEM_BASE_ADDR_ALIGN} (in bits)
     */
    RealBuffer region(long offset, long size);

}
