package org.jocl;

/** An OpenCL program handle; a new one is null until an OpenCL call fills it. */
public final class cl_program extends NativePointerObject {

    public cl_program() {
    }

    @Override
    public String toString() {
        return "cl_program[0x" + Long.toHexString(getNativePointer()) + "]";
    }
}
