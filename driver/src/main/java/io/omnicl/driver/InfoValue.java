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
    private final List<byte[]> binaries;

    private InfoValue(byte[] bytes, List<?> handles) {
        this(bytes, handles, null);
    }

    private InfoValue(byte[] bytes, List<?> handles, List<byte[]> binaries) {
        this.bytes = bytes;
        this.handles = handles;
        this.binaries = binaries;
    }

    /** The encoded value, or null for a handle value. */
    public byte[] bytes() {
        return bytes == null ? null : bytes.clone();
    }

    /** The objects of a handle value (null entries are null handles), or null for a byte value. */
    public List<?> handles() {
        return handles;
    }

    /**
     * The binaries of {@code CL_PROGRAM_BINARIES}, one per device, which the C API writes into memory the
     * caller points to from an array of pointers; null for other values.
     */
    public List<byte[]> binaries() {
        return binaries;
    }

    /** Size in bytes of the value as the C API returns it (8 per handle or binary pointer). */
    public long size() {
        if (bytes != null) {
            return bytes.length;
        }
        return 8L * (handles != null ? handles.size() : binaries.size());
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

    /** One binary per device, for {@code CL_PROGRAM_BINARIES}. */
    public static InfoValue ofBinaries(List<byte[]> perDevice) {
        return new InfoValue(null, null, List.copyOf(perDevice));
    }

    public static InfoValue ofHandles(List<?> objects) {
        return new InfoValue(null, List.copyOf(objects));
    }
}
