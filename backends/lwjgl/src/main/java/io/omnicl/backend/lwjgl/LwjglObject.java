package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_INVALID_MEM_OBJECT;

import static org.lwjgl.system.MemoryUtil.NULL;

import io.omnicl.spi.BackendException;
import java.util.function.LongToIntFunction;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An OpenCL object handle that is released once. A released or foreign object never reaches a native
 * call: OpenCL cannot tell a dangling handle from a live one and would crash the JVM.
 */
abstract class LwjglObject {

    private final AtomicLong handle;
    private final int invalidStatus;
    private final LongToIntFunction releaseCall;
    /** The live objects of the context this one belongs to; null for the context itself. */
    private final AtomicLong live;

    /**
     * @param invalidStatus the {@code CL_INVALID_*} code for using this object after its release
     * @param releaseCall   the {@code clRelease*} function for this kind of object
     * @param live          the count of live objects of its context, which this one joins until released
     */
    LwjglObject(long handle, int invalidStatus, LongToIntFunction releaseCall, AtomicLong live) {
        this.handle = new AtomicLong(handle);
        this.invalidStatus = invalidStatus;
        this.releaseCall = releaseCall;
        this.live = live;
        if (live != null) {
            live.incrementAndGet();
        }
    }

    /** The count this object joined, for the objects made from it. */
    final AtomicLong live() {
        return live;
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
    static long handleOf(Object object, Class<? extends LwjglObject> type, int status) {
        if (!type.isInstance(object)) {
            throw new BackendException(status, "not a live " + type.getSimpleName() + ": " + object);
        }
        return ((LwjglObject) object).handleOr(status);
    }

    /** The live handle of a buffer or an image, or NULL for null. */
    static long memHandleOf(Object memory) {
        if (memory == null) {
            return NULL;
        }
        return handleOf(memory, memory instanceof LwjglImage ? LwjglImage.class : LwjglBuffer.class,
            CL_INVALID_MEM_OBJECT);
    }

    /** Makes {@code replacement} (of the same kind and context) this object's handle, releasing the one it had. */
    final void replaceHandle(long replacement) {
        long old = handle.getAndSet(replacement);
        if (old != NULL) {
            ClCalls.check(releaseCall.applyAsInt(old), "clRelease " + getClass().getSimpleName());
        }
    }

    /** Idempotent. */
    public void release() {
        long h = handle.getAndSet(NULL);
        if (h != NULL) {
            if (live != null) {
                live.decrementAndGet();
            }
            ClCalls.check(releaseCall.applyAsInt(h), "clRelease " + getClass().getSimpleName());
        }
    }
}
