package org.jocl;

/** An OpenCL kernel handle; a new one is null until an OpenCL call fills it. */
public final class cl_kernel extends NativePointerObject {

    public cl_kernel() {
    }

    @Override
    public String toString() {
        return "cl_kernel[0x" + Long.toHexString(getNativePointer()) + "]";
    }
}
