package org.jocl;

import java.nio.Buffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * Base of every handle ({@code cl_mem}, {@code cl_event}, ...) and of {@link Pointer}. A handle is bound to
 * the runtime object it stands for; its native pointer is that object's id, so two handles of one object
 * are equal. A pointer refers to a Java array, a buffer or an array of handles, plus a byte offset.
 */
public class NativePointerObject {

    /** The runtime object's id, which {@link #getNativePointer} answers. */
    private long id;
    /**
     * What native code reads as the handle when a library hands it on through JNI, as libraries built on JOCL do
     * (they read this field by name): always 0, a null handle, which the OpenCL ICD loader refuses with an error.
     * An OmniCL object has no handle a driver knows; its id, taken for an address, would crash the JVM there.
     */
    @SuppressWarnings("unused")
    private long nativePointer;
    private Object target;
    private Buffer buffer;
    private final NativePointerObject[] pointers;
    private long byteOffset;

    protected NativePointerObject() {
        this.buffer = null;
        this.pointers = null;
    }

    NativePointerObject(Buffer buffer) {
        this.buffer = buffer;
        this.pointers = null;
    }

    NativePointerObject(NativePointerObject[] pointers) {
        this.buffer = null;
        this.pointers = pointers;
    }

    NativePointerObject(NativePointerObject other, long byteOffset) {
        this.id = other.id;
        this.target = other.target;
        this.buffer = other.buffer;
        this.pointers = other.pointers;
        this.byteOffset = other.byteOffset + byteOffset;
    }

    public long getNativePointer() {
        return id;
    }

    /** The runtime object this handle is bound to, or null. */
    final Object target() {
        return target;
    }

    /** Binds this handle to a runtime object whose id becomes the native pointer. */
    final void bind(Object target, long id) {
        this.target = target;
        this.id = id;
    }

    final Buffer buffer() {
        return buffer;
    }

    /** Replaces the buffer (property lists grow this way). */
    final void setBuffer(Buffer buffer) {
        this.buffer = buffer;
    }

    final NativePointerObject[] pointers() {
        return pointers;
    }

    final long byteOffset() {
        return byteOffset;
    }

    NativePointerObject withByteOffset(long byteOffset) {
        return new NativePointerObject(this, byteOffset);
    }

    @Override
    public String toString() {
        if (buffer != null) {
            return "NativePointerObject[buffer=" + buffer + ",byteOffset=" + byteOffset + "]";
        }
        if (pointers != null) {
            return "NativePointerObject[pointers=" + Arrays.toString(pointers) + ",byteOffset=" + byteOffset + "]";
        }
        return "NativePointerObject[nativePointer=0x" + Long.toHexString(id) + ",byteOffset="
                + byteOffset + "]";
    }

    @Override
    public int hashCode() {
        int h = Objects.hashCode(buffer);
        h = 31 * h + Long.hashCode(byteOffset);
        h = 31 * h + Long.hashCode(id);
        return 31 * h + Arrays.hashCode(pointers);
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (obj == null || getClass() != obj.getClass()) {
            return false;
        }
        NativePointerObject other = (NativePointerObject) obj;
        return Objects.equals(buffer, other.buffer) && byteOffset == other.byteOffset && id == other.id
                && Arrays.equals(pointers, other.pointers);
    }
}
