package org.jocl;

/** An OpenCL command_queue handle; a new one is null until an OpenCL call fills it. */
public final class cl_command_queue extends NativePointerObject {

    public cl_command_queue() {
    }

    @Override
    public String toString() {
        return "cl_command_queue[0x" + Long.toHexString(getNativePointer()) + "]";
    }
}
