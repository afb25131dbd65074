package io.omnicl.driver;

import java.nio.ByteBuffer;

/**
 * A range of the user's host memory (a Java array or buffer behind a {@code Pointer}). The runtime moves
 * bytes in and out at the time the command executes.
 */
public interface HostMemory {

    /** Bytes in the range. */
    long size();

    /** Copies {@code dst.remaining()} bytes from the user's memory at {@code offset} into {@code dst}. */
    void copyOut(long offset, ByteBuffer dst);

    /** Copies {@code src.remaining()} bytes from {@code src} into the user's memory at {@code offset}. */
    void copyIn(long offset, ByteBuffer src);

    /**
     * The user's memory itself when it is a direct buffer (a native-order view of {@link #size()} bytes),
     * so that the runtime may use it in place; null otherwise.
     */
    ByteBuffer direct();
}
