package org.jocl;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.function.Function;

/**
 * Moves bytes between the memory a {@link Pointer} refers to and the runtime's direct buffers.
 * <p>
 * A pointer's memory is either a whole Java array (for a pointer made from an array or an array-backed
 * buffer, whatever that buffer's position and array offset) or a direct buffer's memory, from its address
 * to its capacity. The pointer's byte offset says where in there it starts. Elements lie in that memory in
 * the byte order of their buffer, which for arrays is the platform's, as a native call would see them.
 */
final class Marshal {

    private Marshal() {
    }

    /** Bytes per element of the buffer: 1 for bytes, 2 for chars and shorts, and so on. */
    static int elementSize(Buffer buffer) {
        return ElementKind.of(buffer).size;
    }

    /** A buffer of the same type over the whole array behind {@code heapBuffer}, from index 0. */
    static Buffer wrapWholeArray(Buffer heapBuffer) {
        return ElementKind.of(heapBuffer).wrap(heapBuffer.array());
    }

    /**
     * A direct buffer of {@code size} bytes (big-endian, as any new buffer and as JOCL gives it), whose address is a multiple of
     * {@code alignment}.
     *
     * @throws IllegalArgumentException if the size is negative, the alignment is not a power of two, or
     *         the two together need more than 2 GiB
     */
    static ByteBuffer allocateAligned(int size, int alignment) {
        if (size < 0) {
            throw new IllegalArgumentException("Negative size: " + size);
        }
        if (alignment <= 0 || Integer.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("The alignment is not a power of two: " + alignment);
        }
        // alignedSlice rounds the start up and the end down, so leave room for a whole number of units
        long units = ((long) size + alignment - 1) / alignment;
        long rawSize = units * alignment + alignment - 1;
        if (rawSize > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("Too large: " + size + " bytes aligned to " + alignment);
        }
        ByteBuffer aligned = ByteBuffer.allocateDirect((int) rawSize).alignedSlice(alignment);
        return aligned.slice(0, size);
    }

    /**
     * Bytes from the pointer's start to the end of its memory: 0 when it starts outside, -1 when it has no
     * memory of its own (a pointer to handles, or an empty {@code new Pointer()}).
     */
    static long capacity(Pointer pointer) {
        Buffer buffer = pointer.buffer();
        if (buffer == null) {
            return -1;
        }
        long offset = pointer.byteOffset();
        long memorySize = memorySize(buffer);
        return offset < 0 || offset > memorySize ? 0 : memorySize - offset;
    }

    /**
     * Copies {@code size} bytes from the memory at {@code pointer} into {@code dst} at its position, which
     * advances.
     *
     * @throws IllegalArgumentException if the bytes lie outside the pointer's memory, or do not fit in dst
     */
    static void read(Pointer pointer, long size, ByteBuffer dst) {
        if (size > dst.remaining()) {
            throw new IllegalArgumentException(size + " bytes do not fit in " + dst);
        }
        transfer(pointer, dst, size, false);
    }

    /**
     * Copies the remaining bytes of {@code src} into the memory at {@code pointer}; src's position advances
     * to its limit.
     *
     * @throws IllegalArgumentException if the bytes would lie outside the pointer's memory
     */
    static void write(Pointer pointer, ByteBuffer src) {
        transfer(pointer, src, src.remaining(), true);
    }

    /**
     * The {@code size} bytes at a pointer into a direct buffer, as a native-order buffer sharing their
     * memory; null for any other pointer, or where this JVM gives no way to reach the bytes under a
     * direct buffer of another element type. It is read-only where the JVM keeps such a buffer's
     * read-only state.
     *
     * @throws IllegalArgumentException if the bytes lie outside the buffer
     */
    static ByteBuffer directView(Pointer pointer, long size) {
        Buffer buffer = pointer.buffer();
        if (buffer == null || !buffer.isDirect()) {
            return null;
        }
        long offset = pointer.byteOffset();
        checkRange(buffer, offset, size);
        ByteBuffer memory = buffer instanceof ByteBuffer
                ? ((ByteBuffer) buffer).duplicate().clear()
                : DirectMemory.bytesOf(buffer);
        return memory == null ? null : memory.slice((int) offset, (int) size).order(ByteOrder.nativeOrder());
    }

    /** The handles of a pointer made by {@code Pointer.to(NativePointerObject...)}, or null. */
    static NativePointerObject[] handles(Pointer pointer) {
        return pointer.pointers();
    }

    /** Bytes in all of the buffer's memory. */
    private static long memorySize(Buffer buffer) {
        long elements = buffer.isDirect() ? buffer.capacity() : Array.getLength(buffer.array());
        return elements * elementSize(buffer);
    }

    private static void checkRange(Buffer buffer, long offset, long size) {
        long memorySize = memorySize(buffer);
        if (offset < 0 || size < 0 || size > memorySize - offset) {
            throw new IllegalArgumentException("Bytes " + offset + " to " + (offset + size)
                    + " lie outside the " + memorySize + " bytes of " + buffer);
        }
    }

    /**
     * Copies {@code size} bytes between the memory at the pointer and {@code bytes} at its position, which
     * advances: whole elements in bulk, part of an element through a copy of all of it.
     */
    private static void transfer(Pointer pointer, ByteBuffer bytes, long size, boolean toPointer) {
        Buffer buffer = pointer.buffer();
        if (buffer == null) {
            throw new IllegalArgumentException("The pointer has no memory to copy: " + pointer);
        }
        long start = pointer.byteOffset();
        checkRange(buffer, start, size);
        ElementKind kind = ElementKind.of(buffer);
        Buffer elements = buffer.isDirect() ? buffer.duplicate() : kind.wrap(buffer.array());
        ByteOrder order = kind.orderOf(elements);
        int elementSize = kind.size;
        long end = start + size;
        for (long at = start; at < end; ) {
            int index = (int) (at / elementSize);
            int skipped = (int) (at % elementSize);
            if (skipped == 0 && end - at >= elementSize) {
                int count = (int) ((end - at) / elementSize);
                ByteBuffer window = bytes.slice(bytes.position(), count * elementSize).order(order);
                kind.copy(elements, index, count, window, toPointer);
                bytes.position(bytes.position() + count * elementSize);
                at += (long) count * elementSize;
            } else {
                int length = (int) Math.min(elementSize - skipped, end - at);
                ByteBuffer element = ByteBuffer.allocate(elementSize).order(order);
                kind.copy(elements, index, 1, element, false);
                if (toPointer) {
                    element.put(skipped, bytes, bytes.position(), length);
                    kind.copy(elements, index, 1, element, true);
                } else {
                    bytes.put(bytes.position(), element, skipped, length);
                }
                bytes.position(bytes.position() + length);
                at += length;
            }
        }
    }

    /**
     * What differs between the element types of buffers: size, wrapping, views, bulk copies. Each kind is a
     * class of its own rather than a set of lambdas: a short program would spin 28 of them at its first
     * transfer.
     */
    private enum ElementKind {
        BYTE(Byte.BYTES, ByteBuffer.class) {
            @Override
            Buffer wrap(Object array) {
                return ByteBuffer.wrap((byte[]) array);
            }

            @Override
            Buffer view(ByteBuffer bytes) {
                return bytes;
            }

            @Override
            ByteOrder orderOf(Buffer buffer) {
                return ((ByteBuffer) buffer).order();
            }

            @Override
            void put(Buffer dst, Buffer src) {
                ((ByteBuffer) dst).put((ByteBuffer) src);
            }
        },
        CHAR(Character.BYTES, CharBuffer.class) {
            @Override
            Buffer wrap(Object array) {
                return CharBuffer.wrap((char[]) array);
            }

            @Override
            Buffer view(ByteBuffer bytes) {
                return bytes.asCharBuffer();
            }

            @Override
            ByteOrder orderOf(Buffer buffer) {
                return ((CharBuffer) buffer).order();
            }

            @Override
            void put(Buffer dst, Buffer src) {
                ((CharBuffer) dst).put((CharBuffer) src);
            }
        },
        SHORT(Short.BYTES, ShortBuffer.class) {
            @Override
            Buffer wrap(Object array) {
                return ShortBuffer.wrap((short[]) array);
            }

            @Override
            Buffer view(ByteBuffer bytes) {
                return bytes.asShortBuffer();
            }

            @Override
            ByteOrder orderOf(Buffer buffer) {
                return ((ShortBuffer) buffer).order();
            }

            @Override
            void put(Buffer dst, Buffer src) {
                ((ShortBuffer) dst).put((ShortBuffer) src);
            }
        },
        INT(Integer.BYTES, IntBuffer.class) {
            @Override
            Buffer wrap(Object array) {
                return IntBuffer.wrap((int[]) array);
            }

            @Override
            Buffer view(ByteBuffer bytes) {
                return bytes.asIntBuffer();
            }

            @Override
            ByteOrder orderOf(Buffer buffer) {
                return ((IntBuffer) buffer).order();
            }

            @Override
            void put(Buffer dst, Buffer src) {
                ((IntBuffer) dst).put((IntBuffer) src);
            }
        },
        FLOAT(Float.BYTES, FloatBuffer.class) {
            @Override
            Buffer wrap(Object array) {
                return FloatBuffer.wrap((float[]) array);
            }

            @Override
            Buffer view(ByteBuffer bytes) {
                return bytes.asFloatBuffer();
            }

            @Override
            ByteOrder orderOf(Buffer buffer) {
                return ((FloatBuffer) buffer).order();
            }

            @Override
            void put(Buffer dst, Buffer src) {
                ((FloatBuffer) dst).put((FloatBuffer) src);
            }
        },
        LONG(Long.BYTES, LongBuffer.class) {
            @Override
            Buffer wrap(Object array) {
                return LongBuffer.wrap((long[]) array);
            }

            @Override
            Buffer view(ByteBuffer bytes) {
                return bytes.asLongBuffer();
            }

            @Override
            ByteOrder orderOf(Buffer buffer) {
                return ((LongBuffer) buffer).order();
            }

            @Override
            void put(Buffer dst, Buffer src) {
                ((LongBuffer) dst).put((LongBuffer) src);
            }
        },
        DOUBLE(Double.BYTES, DoubleBuffer.class) {
            @Override
            Buffer wrap(Object array) {
                return DoubleBuffer.wrap((double[]) array);
            }

            @Override
            Buffer view(ByteBuffer bytes) {
                return bytes.asDoubleBuffer();
            }

            @Override
            ByteOrder orderOf(Buffer buffer) {
                return ((DoubleBuffer) buffer).order();
            }

            @Override
            void put(Buffer dst, Buffer src) {
                ((DoubleBuffer) dst).put((DoubleBuffer) src);
            }
        };

        /** {@code values()}, which copies the array at each call. */
        private static final ElementKind[] KINDS = values();

        final int size;
        private final Class<? extends Buffer> type;

        ElementKind(int size, Class<? extends Buffer> type) {
            this.size = size;
            this.type = type;
        }

        static ElementKind of(Buffer buffer) {
            for (ElementKind kind : KINDS) {
                if (kind.type.isInstance(buffer)) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("Not a buffer of a primitive type: " + buffer);
        }

        /** A buffer of this kind over the whole array. */
        abstract Buffer wrap(Object array);

        /** The bytes seen as elements of this kind, in the bytes' order. */
        abstract Buffer view(ByteBuffer bytes);

        /** The order in which the buffer's elements lie in memory. */
        abstract ByteOrder orderOf(Buffer buffer);

        /** Copies the remaining elements of {@code src} into {@code dst}. */
        abstract void put(Buffer dst, Buffer src);

        /**
         * Copies {@code count} elements from {@code index} of {@code elements} into {@code bytes}, or back
         * when {@code toElements}; bytes is read from its position to its limit, in its order.
         */
        void copy(Buffer elements, int index, int count, ByteBuffer bytes, boolean toElements) {
            elements.limit(index + count).position(index);
            Buffer bytesAsElements = view(bytes);
            if (toElements) {
                put(elements, bytesAsElements);
            } else {
                put(bytesAsElements, elements);
            }
        }
    }

    /**
     * The bytes under a direct buffer of chars, ints, ..., which the NIO API does not hand out: from Java 22
     * through the foreign memory API, before that through the direct byte buffer that owns the memory.
     */
    static final class DirectMemory {

        private static final Function<Buffer, ByteBuffer> ACCESS =
                Runtime.version().feature() >= 22 ? foreignAccess() : ownerAccess();

        private DirectMemory() {
        }

        /** A buffer over all of the direct buffer's memory, or null where none can be had. */
        static ByteBuffer bytesOf(Buffer direct) {
            return ACCESS == null ? null : ACCESS.apply(direct);
        }

        /** {@code MemorySegment.ofBuffer(b).asByteBuffer()}, or null before Java 22. */
        static Function<Buffer, ByteBuffer> foreignAccess() {
            try {
                Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                MethodHandle bytesOf = MethodHandles.filterReturnValue(
                        lookup.findStatic(segment, "ofBuffer", MethodType.methodType(segment, Buffer.class)),
                        lookup.findVirtual(segment, "asByteBuffer", MethodType.methodType(ByteBuffer.class)));
                return direct -> {
                    Buffer whole = direct.duplicate().clear();
                    try {
                        return (ByteBuffer) bytesOf.invokeExact(whole);
                    } catch (RuntimeException | Error e) {
                        throw e;
                    } catch (Throwable e) {
                        throw new IllegalStateException(e);
                    }
                };
            } catch (ReflectiveOperationException e) {
                return null;
            }
        }

        /**
         * The part of the owning direct byte buffer (kept in the view's {@code att} field) that lies under
         * the view, found by comparing addresses through {@code sun.misc.Unsafe}; null where that is gone.
         */
        static Function<Buffer, ByteBuffer> ownerAccess() {
            try {
                Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
                Field instance = unsafeClass.getDeclaredField("theUnsafe");
                instance.setAccessible(true);
                Object unsafe = instance.get(null);
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                MethodHandle fieldOffset = lookup.findVirtual(unsafeClass, "objectFieldOffset",
                        MethodType.methodType(long.class, Field.class)).bindTo(unsafe);
                MethodHandle getLong = lookup.findVirtual(unsafeClass, "getLong",
                        MethodType.methodType(long.class, Object.class, long.class)).bindTo(unsafe);
                MethodHandle getObject = lookup.findVirtual(unsafeClass, "getObject",
                        MethodType.methodType(Object.class, Object.class, long.class)).bindTo(unsafe);
                long addressOffset = (long) fieldOffset.invokeExact(Buffer.class.getDeclaredField("address"));
                ClassValue<Long> ownerOffsets = new ClassValue<>() {
                    @Override
                    protected Long computeValue(Class<?> viewClass) {
                        try {
                            return (long) fieldOffset.invokeExact(declaredField(viewClass, "att"));
                        } catch (Throwable e) {
                            return -1L; // a buffer class that keeps no owner
                        }
                    }
                };
                return direct -> {
                    try {
                        long ownerOffset = ownerOffsets.get(direct.getClass());
                        Object owner = ownerOffset < 0 ? null : (Object) getObject.invokeExact((Object) direct,
                                ownerOffset);
                        if (!(owner instanceof ByteBuffer) || !((ByteBuffer) owner).isDirect()) {
                            return null;
                        }
                        long start = (long) getLong.invokeExact((Object) direct, addressOffset)
                                - (long) getLong.invokeExact(owner, addressOffset);
                        long size = memorySize(direct);
                        ByteBuffer ownerBytes = ((ByteBuffer) owner).duplicate().clear();
                        if (start < 0 || start + size > ownerBytes.capacity()) {
                            return null;
                        }
                        return ownerBytes.slice((int) start, (int) size);
                    } catch (RuntimeException | Error e) {
                        throw e;
                    } catch (Throwable e) {
                        throw new IllegalStateException(e);
                    }
                };
            } catch (Throwable e) {
                return null; // no sun.misc.Unsafe, or one that no longer works this way
            }
        }

        /** The field of that name in the class or the nearest superclass that has one. */
        private static Field declaredField(Class<?> type, String name) throws NoSuchFieldException {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                try {
                    return c.getDeclaredField(name);
                } catch (NoSuchFieldException e) {
                    // look further up
                }
            }
            throw new NoSuchFieldException(name);
        }
    }
}
