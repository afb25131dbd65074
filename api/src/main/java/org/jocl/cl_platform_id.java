package org.jocl;

/** An OpenCL platform_id handle; a new one is null until an OpenCL call fills it. */
public final class cl_platform_id extends NativePointerObject {

    public cl_platform_id() {
    }

    @Override
    public String toString() {
        return "cl_platform_id[0x" + Long.toHexString(getNativePointer()) + "]";
    }
}
