package org.jocl;

/** An OpenCL sampler handle; a new one is null until an OpenCL call fills it. */
public final class cl_sampler extends NativePointerObject {

    public cl_sampler() {
    }

    @Override
    public String toString() {
        return "cl_sampler[0x" + Long.toHexString(getNativePointer()) + "]";
    }
}
