package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_INVALID_MEM_OBJECT;

import static org.lwjgl.system.MemoryUtil.NULL;

import io.omnicl.spi.BackendException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongToIntFunction;

/**
 * An OpenCL object handle that is released once. A released or foreign object never reaches a native
 * call: OpenCL cannot tell a dangling handle from a live one and would crash the JVM.
 */
abstract class ClObject {

    private final AtomicLong handle;
    private final int invalidStatus;
    private final LongToIntFunction releaseCall;

    /**
     * @param invalidStatus the {@code CL_INVALID_*} code for using this object after its release
     * @param releaseCall   the {@code clRelease*} function for this kind of object
     */
    ClObject(long handle, int invalidStatus, LongToIntFunction releaseCall) {
        this.handle = new AtomicLong(handle);
        this.invalidStatus = invalidStatus;
        this.releaseCall = releaseCall;
    }

    /** The live handle. */
    final long handle() {
        return handleOr(invalidStatus);
    }

    private long handleOr(int status) {
        long live = handle.get();
        if (live == NULL) {
            throw new BackendException(status, getClass().getSimpleName() + " was released");
        }
        return live;
    }

    /**
     * The live handle of {@code object}, which the caller got through the SPI.
     *
     * @throws BackendException with {@code status} when it is null, released or not of {@code type}
     */
    static long handleOf(Object object, Class<? extends ClObject> type, int status) {
        if (!type.isInstance(object)) {
            throw new BackendException(status, "not a live " + type.getSimpleName() + ": " + object);
        }
        return ((ClObject) object).handleOr(status);
    }

    /** Idempotent. */
    /** The live handle of a buffer or an image, or NULL for null. */
    static long memHandleOf(Object memory) {
        if (memory == null) {
            return NULL;
        }
        return handleOf(memory, memory instanceof LwjglImage ? LwjglImage.class : LwjglBuffer.class,
            CL_INVALID_MEM_OBJECT);
    }

    public void release() {
        long live = handle.getAndSet(NULL);
        if (live != NULL) {
            ClCalls.check(releaseCall.applyAsInt(live), "clRelease " + getClass().getSimpleName());
        }
    }
}
