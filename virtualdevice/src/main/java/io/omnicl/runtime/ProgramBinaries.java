package io.omnicl.runtime;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The binary of the virtual device: one real binary per real device, each under the real device's name.
 * Layout (little-endian): the 16-byte magic, an int count, then per entry an int name length, the name in
 * UTF-8, a long binary length and the binary.
 */
final class ProgramBinaries {

    static final byte[] MAGIC = "OMNICL-BINARY-1\0".getBytes(StandardCharsets.US_ASCII);

    private ProgramBinaries() {
    }

    /** Packs real binaries by real device name, in order. */
    static byte[] pack(Map<String, byte[]> byDevice) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(MAGIC);
        out.writeBytes(le(4).putInt(byDevice.size()).array());
        byDevice.forEach((name, binary) -> {
            byte[] n = name.getBytes(StandardCharsets.UTF_8);
            out.writeBytes(le(4).putInt(n.length).array());
            out.writeBytes(n);
            out.writeBytes(le(8).putLong(binary.length).array());
            out.writeBytes(binary);
        });
        return out.toByteArray();
    }

    /** Whether {@code binary} is a packed one. */
    static boolean isPacked(byte[] binary) {
        return binary.length >= MAGIC.length && Arrays.equals(binary, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
    }

    /**
     * The real binaries of a packed binary, by real device name.
     *
     * @throws IllegalArgumentException when it is not a well-formed packed binary
     */
    static Map<String, byte[]> unpack(byte[] packed) {
        if (!isPacked(packed)) {
            throw new IllegalArgumentException("not an OmniCL binary");
        }
        ByteBuffer in = ByteBuffer.wrap(packed).order(ByteOrder.LITTLE_ENDIAN).position(MAGIC.length);
        Map<String, byte[]> byDevice = new LinkedHashMap<>();
        try {
            int count = in.getInt();
            for (int i = 0; i < count; i++) {
                byte[] name = new byte[in.getInt()];
                in.get(name);
                long length = in.getLong();
                if (length < 0 || length > in.remaining()) {
                    throw new IllegalArgumentException("truncated OmniCL binary");
                }
                byte[] binary = new byte[(int) length];
                in.get(binary);
                byDevice.put(new String(name, StandardCharsets.UTF_8), binary);
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("malformed OmniCL binary", e);
        }
        return byDevice;
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
