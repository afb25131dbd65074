package org.jocl;

/** An OpenCL mem handle; a new one is null until an OpenCL call fills it. */
public final class cl_mem extends NativePointerObject {

    public cl_mem() {
    }

    @Override
    public String toString() {
        return "cl_mem[0x" + Long.toHexString(getNativePointer()) + "]";
    }
}
