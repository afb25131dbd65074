package io.omnicl.driver;

/** An object with an OpenCL reference count. Using it after its count reached zero is an error. */
public interface Counted {

    /** @throws ClError when already released */
    void retain();

    /** @throws ClError when already released */
    void release();

    /** Whether the user's references are all gone. */
    boolean isReleased();
}
