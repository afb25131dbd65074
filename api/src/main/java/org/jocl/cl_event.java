package org.jocl;

/** An OpenCL event handle; a new one is null until an OpenCL call fills it. */
public final class cl_event extends NativePointerObject {

    public cl_event() {
    }

    @Override
    public String toString() {
        return "cl_event[0x" + Long.toHexString(getNativePointer()) + "]";
    }
}
