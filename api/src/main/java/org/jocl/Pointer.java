package org.jocl;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * Host memory as OpenCL calls see it: a Java array, a buffer, or an array of handles, at a byte offset.
 * {@link #to(Buffer)} ignores the buffer's position (and array offset), {@link #toBuffer(Buffer)} starts at
 * it, as in JOCL.
 */
public final class Pointer extends NativePointerObject {

    public Pointer() {
        super();
    }

    protected Pointer(Buffer buffer) {
        super(buffer);
    }

    private Pointer(NativePointerObject[] pointers) {
        super(pointers);
    }

    protected Pointer(Pointer other) {
        super(other, 0);
    }

    protected Pointer(Pointer other, long byteOffset) {
        super(other, byteOffset);
    }

    public static Pointer to(byte[] values) {
        return new Pointer(ByteBuffer.wrap(values));
    }

    public static Pointer to(char[] values) {
        return new Pointer(CharBuffer.wrap(values));
    }

    public static Pointer to(short[] values) {
        return new Pointer(ShortBuffer.wrap(values));
    }

    public static Pointer to(int[] values) {
        return new Pointer(IntBuffer.wrap(values));
    }

    public static Pointer to(float[] values) {
        return new Pointer(FloatBuffer.wrap(values));
    }

    public static Pointer to(long[] values) {
        return new Pointer(LongBuffer.wrap(values));
    }

    public static Pointer to(double[] values) {
        return new Pointer(DoubleBuffer.wrap(values));
    }

    /**
     * A pointer to the start of {@code buffer}'s memory: a direct buffer's address or the start of the
     * backing array, whatever the position.
     *
     * @throws IllegalArgumentException if the buffer is null, or neither direct nor array-backed
     */
    public static Pointer to(Buffer buffer) {
        if (buffer == null) {
            throw new IllegalArgumentException("The buffer may not be null");
        }
        if (!buffer.isDirect() && !buffer.hasArray()) {
            throw new IllegalArgumentException("The buffer must have an array or be direct");
        }
        return new Pointer(buffer);
    }

    /**
     * A pointer to {@code buffer}'s memory starting at its position (and, for an array-backed buffer, its
     * array offset).
     *
     * @throws IllegalArgumentException if the buffer is null, or neither direct nor array-backed
     */
    public static Pointer toBuffer(Buffer buffer) {
        if (buffer instanceof CharBuffer) {
            throw new IllegalArgumentException("Unknown buffer type: " + buffer);
        }
        Pointer start = to(buffer);
        int elementSize = Marshal.elementSize(buffer);
        long elements = buffer.position() + (buffer.isDirect() ? 0 : buffer.arrayOffset());
        if (buffer.isDirect()) {
            return start.withByteOffset(elements * elementSize);
        }
        return new Pointer(Marshal.wrapWholeArray(buffer)).withByteOffset(elements * elementSize);
    }

    /** A pointer to one handle, e.g. a {@code cl_mem} kernel argument. */
    public static Pointer to(NativePointerObject pointer) {
        if (pointer == null) {
            throw new IllegalArgumentException("Pointer may not point to null objects");
        }
        return new Pointer(new NativePointerObject[] {pointer});
    }

    /** A pointer to an array of handles; info queries write handles back into it. */
    public static Pointer to(NativePointerObject... pointers) {
        if (pointers == null) {
            throw new IllegalArgumentException("Pointer may not point to null objects");
        }
        return new Pointer(pointers);
    }

    @Override
    public Pointer withByteOffset(long byteOffset) {
        return new Pointer(this, byteOffset);
    }

    /**
     * A view of {@code byteSize} bytes from {@code byteOffset} of the byte buffer this pointer was made
     * from, or null when it was made from anything else.
     */
    public ByteBuffer getByteBuffer(long byteOffset, long byteSize) {
        Buffer b = buffer();
        if (!(b instanceof ByteBuffer)) {
            return null;
        }
        ByteBuffer view = ((ByteBuffer) b).duplicate();
        view.limit((int) (byteOffset + byteSize));
        view.position((int) byteOffset);
        return view.slice();
    }

    /** Whether this pointer refers to a direct buffer (non-blocking transfers need one). */
    boolean isDirectBufferPointer() {
        Buffer b = buffer();
        return b != null && b.isDirect();
    }
}
