package io.omnicl.runtime.worker;

import java.nio.ByteBuffer;

/**
 * Host memory in which a device's bytes land on their way to a program's Java array or to another device, kept for
 * the next read: fresh memory costs more to touch than the copy itself, and a program reads the same sizes over and
 * over. One allocation is kept, the largest given back, up to {@link #KEPT_BYTES}. Thread-safe.
 */
public final class Landings {

    /** The most memory kept for the next read. */
    static final int KEPT_BYTES = 256 << 20;

    private ByteBuffer spare;

    /** Memory of exactly {@code bytes}, kept or new; null when one Java buffer cannot hold that many. */
    public synchronized ByteBuffer take(long bytes) {
        if (bytes > Integer.MAX_VALUE) {
            return null;
        }
        ByteBuffer memory = spare != null && spare.capacity() >= bytes ? spare : ByteBuffer.allocateDirect((int) bytes);
        if (memory == spare) {
            spare = null;
        }
        return memory.clear().limit((int) bytes);
    }

    /** {@code memory}, from {@link #take}, is no longer used: kept if it is the largest so far and not too large. */
    public synchronized void give(ByteBuffer memory) {
        if (memory.capacity() <= KEPT_BYTES && (spare == null || memory.capacity() > spare.capacity())) {
            spare = memory;
        }
    }
}
