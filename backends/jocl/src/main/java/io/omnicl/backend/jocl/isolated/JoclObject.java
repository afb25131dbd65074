package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_INVALID_MEM_OBJECT;

import io.omnicl.spi.BackendException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToIntFunction;
import org.jocl.NativePointerObject;
import org.jocl.cl_mem;

/**
 * An OpenCL object that is released once. A JOCL handle keeps its native pointer after {@code clRelease*}, so
 * this wrapper forgets it instead: a released or foreign object never reaches a native call, where OpenCL
 * could not tell a dangling handle from a live one and would crash the JVM.
 *
 * @param <H> the JOCL handle type
 */
abstract class JoclObject<H extends NativePointerObject> {

    private final AtomicReference<H> handle;
    private final int invalidStatus;
    private final ToIntFunction<H> releaseCall;

    /**
     * @param invalidStatus the {@code CL_INVALID_*} code for using this object after its release
     * @param releaseCall   the {@code clRelease*} function for this kind of object
     */
    JoclObject(H handle, int invalidStatus, ToIntFunction<H> releaseCall) {
        this.handle = new AtomicReference<>(handle);
        this.invalidStatus = invalidStatus;
        this.releaseCall = releaseCall;
    }

    /** The live handle. */
    final H handle() {
        return handleOr(invalidStatus);
    }

    private H handleOr(int status) {
        H live = handle.get();
        if (live == null) {
            throw new BackendException(status, getClass().getSimpleName() + " was released");
        }
        return live;
    }

    /**
     * The live handle of {@code object}, which the caller got through the SPI.
     *
     * @throws BackendException with {@code status} when it is null, released or not of {@code type} (an object
     *         of another backend, or of this backend in another class loader, is not)
     */
    static <H extends NativePointerObject> H handleOf(Object object, Class<? extends JoclObject<H>> type,
                                                      int status) {
        if (!type.isInstance(object)) {
            throw new BackendException(status, "not a live " + type.getSimpleName() + ": " + object);
        }
        JoclObject<H> live = type.cast(object);
        return live.handleOr(status);
    }

    /** The live handle of a buffer or an image, or null for null. */
    static cl_mem memHandleOf(Object memory) {
        return memory == null ? null : handleOf(memory, JoclMem.class, CL_INVALID_MEM_OBJECT);
    }

    /** Idempotent. */
    public void release() {
        H live = handle.getAndSet(null);
        if (live != null) {
            ClCalls.check(releaseCall.applyAsInt(live), "clRelease " + getClass().getSimpleName());
        }
    }
}
