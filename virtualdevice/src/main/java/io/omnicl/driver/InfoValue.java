package io.omnicl.driver;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;

/**
 * The answer to an info query, typed as OpenCL encodes it. Either bytes ({@link #bytes()}, native byte
 * order, as the C API lays them out) or a list of runtime objects ({@link #handles()}) that the facade
 * turns into handles.
 */
public final class InfoValue {

    private final byte[] bytes;
    private final List<?> handles;

    private InfoValue(byte[] bytes, List<?> handles) {
        this.bytes = bytes;
        this.handles = handles;
    }

    /** The encoded value, or null for a handle value. */
    public byte[] bytes() {
        return bytes == null ? null : bytes.clone();
    }

    /** The objects of a handle value (null entries are null handles), or null for a byte value. */
    public List<?> handles() {
        return handles;
    }

    /** Size in bytes of the value as the C API returns it (8 per handle). */
    public long size() {
        return bytes != null ? bytes.length : 8L * handles.size();
    }

    private static ByteBuffer buffer(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.nativeOrder());
    }

    /** A {@code cl_uint}, {@code cl_int} or {@code cl_bool}-sized 4-byte value. */
    public static InfoValue ofInt(long v) {
        return new InfoValue(buffer(4).putInt((int) v).array(), null);
    }

    /** A {@code cl_ulong}, {@code size_t} or bitfield 8-byte value. */
    public static InfoValue ofLong(long v) {
        return new InfoValue(buffer(8).putLong(v).array(), null);
    }

    public static InfoValue ofBool(boolean v) {
        return ofInt(v ? 1 : 0);
    }

    /** A NUL-terminated string. */
    public static InfoValue ofString(String s) {
        byte[] text = s.getBytes(StandardCharsets.UTF_8);
        byte[] withNul = new byte[text.length + 1];
        System.arraycopy(text, 0, withNul, 0, text.length);
        return new InfoValue(withNul, null);
    }

    /** An array of 8-byte values ({@code size_t[]}, properties). */
    public static InfoValue ofLongs(long[] values) {
        ByteBuffer b = buffer(8 * values.length);
        for (long v : values) {
            b.putLong(v);
        }
        return new InfoValue(b.array(), null);
    }

    /** An array of 4-byte values. */
    public static InfoValue ofInts(int[] values) {
        ByteBuffer b = buffer(4 * values.length);
        for (int v : values) {
            b.putInt(v);
        }
        return new InfoValue(b.array(), null);
    }

    public static InfoValue ofBytes(byte[] bytes) {
        return new InfoValue(bytes.clone(), null);
    }

    /** One handle (null for a null handle). */
    public static InfoValue ofHandle(Object object) {
        return new InfoValue(null, Collections.singletonList(object));
    }

    public static InfoValue ofHandles(List<?> objects) {
        return new InfoValue(null, List.copyOf(objects));
    }
}
