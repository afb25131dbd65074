package org.jocl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class MarshalTest {

    private static final ByteOrder NATIVE = ByteOrder.nativeOrder();

    /**
     * A pointer into some memory, with a way to see that memory's bytes from the pointer's start, and the
     * user's buffer (if any) whose position and limit must stay as they were.
     */
    private record Memory(Pointer pointer, Supplier<byte[]> bytes, Buffer userBuffer) {

        Memory(Pointer pointer, Supplier<byte[]> bytes) {
            this(pointer, bytes, null);
        }
    }

    /** Native-order bytes of an array of any primitive type, as a native call sees it. */
    private static byte[] nativeBytes(Object array) {
        if (array instanceof byte[] a) {
            return a.clone();
        }
        ByteBuffer bytes;
        if (array instanceof char[] a) {
            (bytes = nativeBuffer(a.length * Character.BYTES)).asCharBuffer().put(a);
        } else if (array instanceof short[] a) {
            (bytes = nativeBuffer(a.length * Short.BYTES)).asShortBuffer().put(a);
        } else if (array instanceof int[] a) {
            (bytes = nativeBuffer(a.length * Integer.BYTES)).asIntBuffer().put(a);
        } else if (array instanceof float[] a) {
            (bytes = nativeBuffer(a.length * Float.BYTES)).asFloatBuffer().put(a);
        } else if (array instanceof long[] a) {
            (bytes = nativeBuffer(a.length * Long.BYTES)).asLongBuffer().put(a);
        } else {
            double[] a = (double[]) array;
            (bytes = nativeBuffer(a.length * Double.BYTES)).asDoubleBuffer().put(a);
        }
        return bytes.array();
    }

    private static ByteBuffer nativeBuffer(int size) {
        return ByteBuffer.allocate(size).order(NATIVE);
    }

    private static byte[] bytesOf(ByteBuffer memory, int from, int to) {
        byte[] result = new byte[to - from];
        memory.duplicate().clear().get(from, result);
        return result;
    }

    /** A direct byte buffer of {@code size} counting bytes 1, 2, 3, ... */
    private static ByteBuffer countingDirect(int size) {
        ByteBuffer memory = ByteBuffer.allocateDirect(size);
        for (int i = 0; i < size; i++) {
            memory.put(i, (byte) (i + 1));
        }
        return memory;
    }

    static Stream<Arguments> memories() {
        return Stream.of(
                memory("byte[]", () -> {
                    byte[] a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
                    return new Memory(Pointer.to(a), () -> nativeBytes(a));
                }),
                memory("char[]", () -> {
                    char[] a = {'a', 0x1234, 0xfedc, 'z', 7};
                    return new Memory(Pointer.to(a), () -> nativeBytes(a));
                }),
                memory("short[]", () -> {
                    short[] a = {1, -2, 0x3456, -30000, 5};
                    return new Memory(Pointer.to(a), () -> nativeBytes(a));
                }),
                memory("int[]", () -> {
                    int[] a = {1, -2, 0x12345678, Integer.MIN_VALUE, 5};
                    return new Memory(Pointer.to(a), () -> nativeBytes(a));
                }),
                memory("float[]", () -> {
                    float[] a = {1.5f, -2f, Float.NaN, Float.MAX_VALUE, 5e-40f};
                    return new Memory(Pointer.to(a), () -> nativeBytes(a));
                }),
                memory("long[]", () -> {
                    long[] a = {1, -2, 0x123456789abcdefL, Long.MIN_VALUE};
                    return new Memory(Pointer.to(a), () -> nativeBytes(a));
                }),
                memory("double[]", () -> {
                    double[] a = {1.5, -2, Math.PI, Double.MIN_VALUE};
                    return new Memory(Pointer.to(a), () -> nativeBytes(a));
                }),
                memory("int[] at a byte offset", () -> {
                    int[] a = {1, 2, 3, 4, 5, 6};
                    return new Memory(Pointer.to(a).withByteOffset(6),
                            () -> Arrays.copyOfRange(nativeBytes(a), 6, 24));
                }),
                memory("heap IntBuffer, position ignored", () -> {
                    int[] a = {1, 2, 3, 4, 5};
                    IntBuffer user = IntBuffer.wrap(a, 2, 2);
                    return new Memory(Pointer.to(user), () -> nativeBytes(a), user);
                }),
                memory("heap slice, array offset ignored", () -> {
                    double[] a = {1, 2, 3, 4};
                    DoubleBuffer user = DoubleBuffer.wrap(a, 1, 2).slice();
                    return new Memory(Pointer.to(user), () -> nativeBytes(a), user);
                }),
                memory("heap ShortBuffer through toBuffer", () -> {
                    short[] a = {1, 2, 3, 4, 5, 6, 7};
                    ShortBuffer user = ShortBuffer.wrap(a, 1, 5).slice();
                    user.position(2);
                    return new Memory(Pointer.toBuffer(user), () -> Arrays.copyOfRange(nativeBytes(a), 6, 14),
                            user);
                }),
                memory("heap ByteBuffer through toBuffer", () -> {
                    byte[] a = {1, 2, 3, 4, 5, 6, 7, 8, 9};
                    ByteBuffer user = ByteBuffer.wrap(a, 2, 5);
                    return new Memory(Pointer.toBuffer(user), () -> Arrays.copyOfRange(a, 2, 9), user);
                }),
                memory("direct ByteBuffer, position ignored", () -> {
                    ByteBuffer user = countingDirect(13);
                    user.position(5).limit(9);
                    return new Memory(Pointer.to(user), () -> bytesOf(user, 0, 13), user);
                }),
                memory("direct ByteBuffer slice through toBuffer", () -> {
                    ByteBuffer root = countingDirect(20);
                    ByteBuffer user = root.slice(3, 12);
                    user.position(4);
                    return new Memory(Pointer.toBuffer(user), () -> bytesOf(root, 7, 15), user);
                }),
                memory("direct native-order IntBuffer", () -> {
                    ByteBuffer root = countingDirect(24);
                    IntBuffer user = root.order(NATIVE).asIntBuffer();
                    return new Memory(Pointer.to(user), () -> bytesOf(root, 0, 24), user);
                }),
                memory("direct big-endian FloatBuffer", () -> {
                    ByteBuffer root = countingDirect(20);
                    FloatBuffer user = root.order(ByteOrder.BIG_ENDIAN).asFloatBuffer();
                    return new Memory(Pointer.to(user), () -> bytesOf(root, 0, 20), user);
                }),
                memory("direct LongBuffer at an odd address", () -> {
                    ByteBuffer root = countingDirect(35);
                    LongBuffer user = root.position(3).slice().order(NATIVE).asLongBuffer();
                    return new Memory(Pointer.to(user), () -> bytesOf(root, 3, 35), user);
                }),
                memory("direct CharBuffer duplicate with a byte offset", () -> {
                    ByteBuffer root = countingDirect(22);
                    CharBuffer user = root.asCharBuffer().duplicate();
                    user.position(3);
                    return new Memory(Pointer.to(user).withByteOffset(6), () -> bytesOf(root, 6, 22), user);
                }),
                memory("direct ShortBuffer slice of a slice", () -> {
                    ByteBuffer root = countingDirect(30);
                    ShortBuffer user = root.order(NATIVE).asShortBuffer().position(2).slice().position(1).slice();
                    return new Memory(Pointer.to(user), () -> bytesOf(root, 6, 30), user);
                }));
    }

    private static Arguments memory(String name, Supplier<Memory> factory) {
        return Arguments.of(name, factory);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void capacityIsTheBytesFromTheStartToTheEnd(String name, Supplier<Memory> factory) {
        Memory memory = factory.get();
        int size = memory.bytes().get().length;
        assertEquals(size, Marshal.capacity(memory.pointer()));
        assertEquals(1, Marshal.capacity(memory.pointer().withByteOffset(size - 1)));
        assertEquals(0, Marshal.capacity(memory.pointer().withByteOffset(size)));
        assertEquals(0, Marshal.capacity(memory.pointer().withByteOffset(size + 1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void readsAnyRange(String name, Supplier<Memory> factory) {
        Memory memory = factory.get();
        byte[] expected = memory.bytes().get();
        Buffer user = memory.userBuffer();
        int position = user == null ? 0 : user.position();
        int limit = user == null ? 0 : user.limit();
        for (int offset = 0; offset <= expected.length; offset++) {
            for (int size = 0; offset + size <= expected.length; size++) {
                // a direct or heap destination, in either order, whose position is not 0
                ByteBuffer dst = (size % 2 == 0 ? ByteBuffer.allocateDirect(size + 5) : ByteBuffer.allocate(size + 5))
                        .order(offset % 2 == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
                dst.position(3);
                Marshal.read(memory.pointer().withByteOffset(offset), size, dst);
                assertEquals(3 + size, dst.position());
                assertArrayEquals(Arrays.copyOfRange(expected, offset, offset + size), bytesOf(dst, 3, 3 + size),
                        "offset " + offset + ", size " + size);
            }
        }
        assertArrayEquals(expected, memory.bytes().get(), "reading changed the memory");
        if (user != null) {
            assertEquals(position, user.position());
            assertEquals(limit, user.limit());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void writesAnyRange(String name, Supplier<Memory> factory) {
        Memory memory = factory.get();
        byte[] expected = memory.bytes().get();
        Buffer user = memory.userBuffer();
        int position = user == null ? 0 : user.position();
        int limit = user == null ? 0 : user.limit();
        Random random = new Random(name.hashCode());
        for (int offset = 0; offset <= expected.length; offset++) {
            for (int size = 0; offset + size <= expected.length; size++) {
                byte[] written = new byte[size];
                random.nextBytes(written);
                ByteBuffer src = (size % 2 == 0 ? ByteBuffer.allocate(size + 4) : ByteBuffer.allocateDirect(size + 4))
                        .position(1);
                src.put(1, written).limit(1 + size);
                Marshal.write(memory.pointer().withByteOffset(offset), src);
                assertEquals(1 + size, src.position());
                System.arraycopy(written, 0, expected, offset, size);
                assertArrayEquals(expected, memory.bytes().get(), "offset " + offset + ", size " + size);
            }
        }
        if (user != null) {
            assertEquals(position, user.position());
            assertEquals(limit, user.limit());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void rejectsRangesOutsideTheMemory(String name, Supplier<Memory> factory) {
        Memory memory = factory.get();
        int size = memory.bytes().get().length;
        Pointer pointer = memory.pointer();
        ByteBuffer room = ByteBuffer.allocate(size + 8);
        assertThrows(IllegalArgumentException.class, () -> Marshal.read(pointer, size + 1, room));
        assertThrows(IllegalArgumentException.class, () -> Marshal.read(pointer.withByteOffset(size), 1, room));
        assertThrows(IllegalArgumentException.class, () -> Marshal.read(pointer, -1, room));
        assertThrows(IllegalArgumentException.class, () -> Marshal.write(pointer, ByteBuffer.allocate(size + 1)));
        assertThrows(IllegalArgumentException.class,
                () -> Marshal.write(pointer.withByteOffset(1), ByteBuffer.allocate(size)));
        assertThrows(IllegalArgumentException.class,
                () -> Marshal.read(pointer, size, ByteBuffer.allocate(size - 1)), "destination too small");
    }

    @Test
    void aPointerBeforeItsMemoryHasNoBytes() {
        Pointer before = Pointer.to(new int[2]).withByteOffset(-1);
        assertEquals(0, Marshal.capacity(before));
        assertThrows(IllegalArgumentException.class, () -> Marshal.read(before, 1, ByteBuffer.allocate(1)));
        assertThrows(IllegalArgumentException.class, () -> Marshal.write(before, ByteBuffer.allocate(1)));
        Pointer beforeDirect = Pointer.to(ByteBuffer.allocateDirect(8)).withByteOffset(-1);
        assertEquals(0, Marshal.capacity(beforeDirect));
        assertThrows(IllegalArgumentException.class, () -> Marshal.directView(beforeDirect, 1));
    }

    @Test
    void copiesFloatAndDoubleBitsExactly() {
        int signalingNaN = 0x7f800001;
        long doubleSignalingNaN = 0x7ff0000000000001L;
        float[] floats = new float[3];
        double[] doubles = new double[2];
        ByteBuffer bits = ByteBuffer.allocate(12).order(NATIVE).putInt(signalingNaN).putInt(0xffc12345).putInt(1);
        Marshal.write(Pointer.to(floats), bits.flip());
        Marshal.write(Pointer.to(doubles).withByteOffset(8),
                ByteBuffer.allocate(8).order(NATIVE).putLong(doubleSignalingNaN).flip());
        ByteBuffer back = ByteBuffer.allocate(12).order(NATIVE);
        Marshal.read(Pointer.to(floats), 12, back);
        assertEquals(signalingNaN, back.getInt(0));
        assertEquals(0xffc12345, back.getInt(4));
        ByteBuffer doubleBack = ByteBuffer.allocate(8).order(NATIVE);
        Marshal.read(Pointer.to(doubles).withByteOffset(8), 8, doubleBack);
        assertEquals(doubleSignalingNaN, doubleBack.getLong(0));
    }

    @Test
    void interpretsBytesInNativeOrder() {
        int[] ints = new int[2];
        Marshal.write(Pointer.to(ints), ByteBuffer.wrap(new byte[] {1, 0, 0, 0, 0, 1, 0, 0}));
        int[] expected = NATIVE == ByteOrder.LITTLE_ENDIAN ? new int[] {1, 256} : new int[] {1 << 24, 1 << 16};
        assertArrayEquals(expected, ints);
    }

    @Test
    void copiesLargeAlignedRanges() {
        int[] source = new Random(1).ints(1 << 20).toArray();
        ByteBuffer staging = ByteBuffer.allocateDirect(source.length * 4);
        Marshal.read(Pointer.to(source), staging.capacity(), staging);
        int[] copy = new int[source.length];
        Marshal.write(Pointer.to(copy), staging.flip());
        assertArrayEquals(source, copy);
    }

    @Test
    void pointersWithoutMemory() {
        cl_mem[] mems = {new cl_mem(), new cl_mem()};
        Pointer toHandles = Pointer.to(mems);
        assertEquals(-1, Marshal.capacity(toHandles));
        assertSame(mems, Marshal.handles(toHandles));
        assertEquals(1, Marshal.handles(Pointer.to(mems[1])).length);
        assertSame(mems[1], Marshal.handles(Pointer.to(mems[1]))[0]);
        assertEquals(-1, Marshal.capacity(new Pointer()));
        assertNull(Marshal.handles(new Pointer()));
        assertNull(Marshal.handles(Pointer.to(new int[1])));
        assertThrows(IllegalArgumentException.class, () -> Marshal.read(toHandles, 0, ByteBuffer.allocate(1)));
        assertThrows(IllegalArgumentException.class, () -> Marshal.write(new Pointer(), ByteBuffer.allocate(1)));
        assertNull(Marshal.directView(toHandles, 0));
    }

    @Test
    void elementSizes() {
        assertEquals(1, Marshal.elementSize(ByteBuffer.allocate(1)));
        assertEquals(2, Marshal.elementSize(CharBuffer.allocate(1)));
        assertEquals(2, Marshal.elementSize(ShortBuffer.allocate(1)));
        assertEquals(4, Marshal.elementSize(IntBuffer.allocate(1)));
        assertEquals(4, Marshal.elementSize(FloatBuffer.allocate(1)));
        assertEquals(8, Marshal.elementSize(LongBuffer.allocate(1)));
        assertEquals(8, Marshal.elementSize(DoubleBuffer.allocate(1)));
        assertEquals(8, Marshal.elementSize(ByteBuffer.allocateDirect(8).asDoubleBuffer()));
    }

    @Test
    void wrapWholeArrayCoversTheArrayFromItsStart() {
        long[] array = {1, 2, 3, 4, 5};
        LongBuffer slice = LongBuffer.wrap(array, 2, 2).slice();
        slice.position(1);
        Buffer whole = Marshal.wrapWholeArray(slice);
        assertTrue(whole instanceof LongBuffer);
        assertSame(array, whole.array());
        assertEquals(0, whole.position());
        assertEquals(0, whole.arrayOffset());
        assertEquals(5, whole.limit());
        assertEquals(1, slice.position(), "the user's buffer is left alone");
        assertSame(array, Marshal.wrapWholeArray(LongBuffer.wrap(array)).array());
        byte[] bytes = new byte[3];
        assertSame(bytes, Marshal.wrapWholeArray(ByteBuffer.wrap(bytes, 1, 1)).array());
    }

    @Test
    void toBufferRejectsCharBuffersAsJoclDoes() {
        assertThrows(IllegalArgumentException.class, () -> Pointer.toBuffer(CharBuffer.allocate(4)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16, 64, 128, 4096, 65536})
    void allocateAlignedAlignsTheAddress(int alignment) {
        for (int size : new int[] {0, 1, 7, 100, 4097}) {
            ByteBuffer buffer = Marshal.allocateAligned(size, alignment);
            assertTrue(buffer.isDirect());
            assertEquals(size, buffer.capacity());
            assertEquals(0, buffer.position());
            assertEquals(size, buffer.limit());
            assertEquals(ByteOrder.BIG_ENDIAN, buffer.order(), "as every new buffer, and as JOCL gives it");
            if (size > 0) {
                assertEquals(0, buffer.alignmentOffset(0, alignment));
            }
        }
    }

    @Test
    void allocateAlignedRejectsBadArguments() {
        for (int alignment : new int[] {0, -8, 3, 12, Integer.MIN_VALUE}) {
            assertThrows(IllegalArgumentException.class, () -> Marshal.allocateAligned(16, alignment));
        }
        assertThrows(IllegalArgumentException.class, () -> Marshal.allocateAligned(-1, 8));
        assertThrows(IllegalArgumentException.class, () -> Marshal.allocateAligned(Integer.MAX_VALUE, 1 << 20));
    }

    @Test
    void directViewOfADirectByteBufferSharesItsMemory() {
        ByteBuffer user = countingDirect(16);
        user.position(10);
        ByteBuffer view = Marshal.directView(Pointer.to(user).withByteOffset(4), 8);
        assertNotNull(view);
        assertEquals(8, view.remaining());
        assertEquals(NATIVE, view.order());
        assertEquals(5, view.get(0));
        view.put(1, (byte) 99);
        assertEquals(99, user.get(5));
        assertEquals(10, user.position());
        ByteBuffer atPosition = Marshal.directView(Pointer.toBuffer(user), 6);
        assertEquals(11, atPosition.get(0));
    }

    @Test
    void directViewIsNullForOtherPointers() {
        assertNull(Marshal.directView(Pointer.to(new byte[4]), 4));
        assertNull(Marshal.directView(Pointer.to(IntBuffer.allocate(4)), 4));
        assertNull(Marshal.directView(new Pointer(), 0));
    }

    @Test
    void directViewRejectsRangesOutsideTheBuffer() {
        Pointer pointer = Pointer.to(ByteBuffer.allocateDirect(8));
        assertThrows(IllegalArgumentException.class, () -> Marshal.directView(pointer, 9));
        assertThrows(IllegalArgumentException.class, () -> Marshal.directView(pointer.withByteOffset(4), 5));
    }

    @Test
    void directViewOfATypedBufferOnThisJvm() {
        ByteBuffer root = countingDirect(24);
        IntBuffer user = root.order(ByteOrder.BIG_ENDIAN).asIntBuffer().position(1).slice();
        ByteBuffer view = Marshal.directView(Pointer.to(user).withByteOffset(2), 6);
        assertNotNull(view, "this JVM offers a way to the bytes under a typed direct buffer");
        assertSharesMemory(root, 6, view);
    }

    @Test
    void directViewThroughTheOwningByteBuffer() {
        Function<Buffer, ByteBuffer> access = Marshal.DirectMemory.ownerAccess();
        assumeTrue(Runtime.version().feature() < 22 || access != null, "sun.misc.Unsafe is gone");
        assertTypedBytes(access);
    }

    @Test
    void directViewThroughForeignMemory() {
        Function<Buffer, ByteBuffer> access = Marshal.DirectMemory.foreignAccess();
        assumeTrue(access != null, "the foreign memory API comes with Java 22");
        assertTypedBytes(access);
    }

    private static void assertTypedBytes(Function<Buffer, ByteBuffer> access) {
        assertNotNull(access);
        ByteBuffer root = countingDirect(40);
        LongBuffer longs = root.position(3).slice().asLongBuffer().position(1).slice();
        longs.position(2);
        ByteBuffer bytes = access.apply(longs);
        assertEquals(32 - 8, bytes.capacity(), "all of the slice's memory");
        assertSharesMemory(root, 3 + 8, bytes);
        assertEquals(2, longs.position());
        CharBuffer readOnly = countingDirect(8).asCharBuffer().asReadOnlyBuffer();
        assertEquals(1, access.apply(readOnly).get(0));
    }

    /** The view starts at {@code rootOffset} of the counting root, and writes through to it. */
    private static void assertSharesMemory(ByteBuffer root, int rootOffset, ByteBuffer view) {
        assertEquals(root.get(rootOffset), view.get(0));
        assertEquals(root.get(rootOffset + 1), view.get(1));
        view.put(1, (byte) -7);
        assertEquals(-7, root.get(rootOffset + 1));
    }
}
