package org.jocl;

import io.omnicl.driver.ClError;
import io.omnicl.driver.HostMemory;

import java.nio.ByteBuffer;

/** The user's memory behind a {@link Pointer}, {@code size} bytes from its start. */
final class PointerMemory implements HostMemory {

    private final Pointer pointer;
    private final long size;

    private PointerMemory(Pointer pointer, long size) {
        this.pointer = pointer;
        this.size = size;
    }

    /**
     * The memory of {@code pointer}, which must hold {@code size} bytes.
     *
     * @param missing the code for a null pointer or one that holds less
     */
    static PointerMemory of(Pointer pointer, long size, int missing) {
        ClError.require(pointer != null && Marshal.capacity(pointer) >= size, missing,
                "the pointer is null or holds fewer bytes than ", size);
        return new PointerMemory(pointer, size);
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void copyOut(long offset, ByteBuffer dst) {
        Marshal.read(pointer.withByteOffset(offset), dst.remaining(), dst);
    }

    @Override
    public void copyIn(long offset, ByteBuffer src) {
        Marshal.write(pointer.withByteOffset(offset), src);
    }

    @Override
    public ByteBuffer direct() {
        return Marshal.directView(pointer, size);
    }

    /** The bytes as an array (for small values such as kernel arguments and fill patterns). */
    byte[] toArray() {
        ByteBuffer b = ByteBuffer.allocate((int) size);
        copyOut(0, b);
        return b.array();
    }
}
