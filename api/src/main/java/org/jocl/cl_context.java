package org.jocl;

/** An OpenCL context handle; a new one is null until an OpenCL call fills it. */
public final class cl_context extends NativePointerObject {

    public cl_context() {
    }

    @Override
    public String toString() {
        return "cl_context[0x" + Long.toHexString(getNativePointer()) + "]";
    }
}
