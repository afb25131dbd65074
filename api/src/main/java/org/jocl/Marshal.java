package org.jocl;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/** Moves bytes between {@link Pointer}s and the runtime's direct buffers. (stub) */
final class Marshal {

    private Marshal() {
    }

    static int elementSize(Buffer buffer) {
        throw new UnsupportedOperationException();
    }

    static Buffer wrapWholeArray(Buffer buffer) {
        throw new UnsupportedOperationException();
    }

    static ByteBuffer allocateAligned(int size, int alignment) {
        throw new UnsupportedOperationException();
    }
}
