package org.jocl;

/** An OpenCL device_id handle; a new one is null until an OpenCL call fills it. */
public final class cl_device_id extends NativePointerObject {

    public cl_device_id() {
    }

    @Override
    public String toString() {
        return "cl_device_id[0x" + Long.toHexString(getNativePointer()) + "]";
    }
}
