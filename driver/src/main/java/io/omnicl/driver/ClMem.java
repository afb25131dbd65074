package io.omnicl.driver;

public interface ClMem extends ClObject, Counted {

    ClContext context();

    long size();

    long flags();

    /** A sub-buffer over {@code [origin, origin + size)}; flags already checked against the parent's. */
    ClMem createSubBuffer(long flags, long origin, long size);

    /** The image's description, or null for a buffer. */
    ImageSpec image();

    /**
     * The answer to {@code clGetImageInfo}.
     *
     * @throws ClError {@code CL_INVALID_MEM_OBJECT} for a buffer, {@code CL_INVALID_VALUE} for an unknown param
     */
    InfoValue imageInfo(int param);

    /** Whether this is a sub-buffer. */
    boolean isSubBuffer();

    /** The buffer a sub-buffer is part of; the buffer itself otherwise. */
    ClMem root();

    /** Offset of the first byte in {@link #root()}. */
    long origin();

    /** Runs {@code callback} when the object is destroyed (after its last use). */
    void addDestructorCallback(Runnable callback);
}
