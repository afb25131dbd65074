package org.jocl;

/** The region of a sub-buffer: {@code origin} and {@code size} in bytes. */
public final class cl_buffer_region {

    public long origin;
    public long size;

    public cl_buffer_region() {
    }

    public cl_buffer_region(long origin, long size) {
        this.origin = origin;
        this.size = size;
    }

    @Override
    public String toString() {
        return "cl_buffer_region[origin=" + origin + ",size=" + size + "]";
    }
}
