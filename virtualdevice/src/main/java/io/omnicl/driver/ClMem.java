package io.omnicl.driver;

public interface ClMem extends ClObject, Counted {

    ClContext context();

    long size();

    long flags();

    /** A sub-buffer over {@code [origin, origin + size)}; flags already checked against the parent's. */
    ClMem createSubBuffer(long flags, long origin, long size);

    /** Whether this is a sub-buffer. */
    boolean isSubBuffer();

    /** The buffer a sub-buffer is part of; the buffer itself otherwise. */
    ClMem root();

    /** Offset of the first byte in {@link #root()}. */
    long origin();

    /** Runs {@code callback} when the object is destroyed (after its last use). */
    void addDestructorCallback(Runnable callback);
}
