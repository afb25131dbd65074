package io.omnicl.driver;

/** Any OpenCL object of the runtime. */
public interface ClObject {

    /** A unique non-zero id, shown to users as the handle's native pointer. */
    long id();

    /**
     * The answer to this object's {@code clGet*Info} query.
     *
     * @throws ClError {@code CL_INVALID_VALUE} for a parameter the object does not have
     */
    InfoValue info(int param);
}
