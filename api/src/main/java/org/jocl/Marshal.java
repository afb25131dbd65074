package org.jocl;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/** Moves bytes between {@link Pointer}s and the runtime's buffers. (interim: byte-granular copies) */
final class Marshal {

    private Marshal() {
    }

    static int elementSize(Buffer b) {
        if (b instanceof ByteBuffer) {
            return 1;
        }
        if (b instanceof CharBuffer || b instanceof ShortBuffer) {
            return 2;
        }
        if (b instanceof IntBuffer || b instanceof FloatBuffer) {
            return 4;
        }
        return 8;
    }

    static Buffer wrapWholeArray(Buffer b) {
        if (b instanceof ByteBuffer x) {
            return ByteBuffer.wrap(x.array());
        }
        if (b instanceof CharBuffer x) {
            return CharBuffer.wrap(x.array());
        }
        if (b instanceof ShortBuffer x) {
            return ShortBuffer.wrap(x.array());
        }
        if (b instanceof IntBuffer x) {
            return IntBuffer.wrap(x.array());
        }
        if (b instanceof FloatBuffer x) {
            return FloatBuffer.wrap(x.array());
        }
        if (b instanceof LongBuffer x) {
            return LongBuffer.wrap(x.array());
        }
        return DoubleBuffer.wrap(((DoubleBuffer) b).array());
    }

    static ByteBuffer allocateAligned(int size, int alignment) {
        return ByteBuffer.allocateDirect(size + alignment).alignedSlice(alignment).limit(size).slice()
                .order(ByteOrder.nativeOrder());
    }

    static long capacity(Pointer p) {
        Buffer b = p.buffer();
        if (b == null) {
            return -1;
        }
        return Math.max(0, (long) b.capacity() * elementSize(b) - p.byteOffset());
    }

    static NativePointerObject[] handles(Pointer p) {
        return p.pointers();
    }

    static ByteBuffer directView(Pointer p, long size) {
        Buffer b = p.buffer();
        if (b == null || !b.isDirect() || !(b instanceof ByteBuffer)) {
            return null;
        }
        ByteBuffer d = ((ByteBuffer) b).duplicate();
        d.limit((int) (p.byteOffset() + size)).position((int) p.byteOffset());
        return d.slice().order(ByteOrder.nativeOrder());
    }

    /** The pointer's memory as bytes: direct byte buffers and byte arrays in place, others through a copy. */
    private static ByteBuffer bytes(Buffer b) {
        if (b instanceof ByteBuffer x) {
            return x.duplicate().clear().order(ByteOrder.nativeOrder());
        }
        ByteBuffer copy = ByteBuffer.allocate(b.capacity() * elementSize(b)).order(ByteOrder.nativeOrder());
        Buffer whole = b.duplicate().clear();
        if (whole instanceof IntBuffer x) {
            copy.asIntBuffer().put(x);
        } else if (whole instanceof FloatBuffer x) {
            copy.asFloatBuffer().put(x);
        } else if (whole instanceof LongBuffer x) {
            copy.asLongBuffer().put(x);
        } else if (whole instanceof DoubleBuffer x) {
            copy.asDoubleBuffer().put(x);
        } else if (whole instanceof ShortBuffer x) {
            copy.asShortBuffer().put(x);
        } else {
            copy.asCharBuffer().put((CharBuffer) whole);
        }
        return copy;
    }

    static void read(Pointer p, long size, ByteBuffer dst) {
        ByteBuffer src = bytes(p.buffer());
        src.position((int) p.byteOffset()).limit((int) (p.byteOffset() + size));
        dst.put(src);
    }

    static void write(Pointer p, ByteBuffer src) {
        Buffer b = p.buffer();
        int n = src.remaining();
        if (b instanceof ByteBuffer) {
            ByteBuffer dst = bytes(b);
            dst.position((int) p.byteOffset());
            dst.put(src);
            return;
        }
        ByteBuffer whole = bytes(b);
        whole.position((int) p.byteOffset());
        whole.put(src);
        whole.clear();
        Buffer target = b.duplicate().clear();
        if (target instanceof IntBuffer x) {
            x.put(whole.asIntBuffer());
        } else if (target instanceof FloatBuffer x) {
            x.put(whole.asFloatBuffer());
        } else if (target instanceof LongBuffer x) {
            x.put(whole.asLongBuffer());
        } else if (target instanceof DoubleBuffer x) {
            x.put(whole.asDoubleBuffer());
        } else if (target instanceof ShortBuffer x) {
            x.put(whole.asShortBuffer());
        } else {
            ((CharBuffer) target).put(whole.asCharBuffer());
        }
        assert n >= 0;
    }
}
