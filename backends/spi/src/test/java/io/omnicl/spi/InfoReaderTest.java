package io.omnicl.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The decoding every backend shares, over answers given as bytes. */
class InfoReaderTest {

    private static byte[] ints(int... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.nativeOrder());
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }

    private static byte[] longs(long... values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.nativeOrder());
        for (long v : values) {
            b.putLong(v);
        }
        return b.array();
    }

    /** Answers from a table; a parameter not in it fails as a device that does not know it. */
    private static InfoReader table(Map<Integer, byte[]> answers) {
        return (param, width) -> {
            byte[] value = answers.get(param);
            if (value == null) {
                throw new BackendException(-30, "unknown parameter");
            }
            return width == 0 ? value : Arrays.copyOf(value, width);
        };
    }

    @Test
    void stringsLoseTheirNulAndFourByteNumbersAreUnsigned() {
        InfoReader r = table(Map.of(1, "abc\0".getBytes(StandardCharsets.UTF_8), 2, ints(-1), 3, longs(7, 9)));
        assertEquals("abc", r.string(1));
        assertEquals(0xFFFF_FFFFL, r.number(2, Integer.BYTES));
        assertArrayEquals(new long[] {7, 9}, r.numbers(3, Long.BYTES));
    }

    @Test
    void aDeviceAnswersWhatItKnowsAndLeavesTheRestOut() {
        DeviceInfo info = table(Map.of(DeviceParam.NAME.code(), "dev\0".getBytes(StandardCharsets.UTF_8),
                DeviceParam.MAX_COMPUTE_UNITS.code(), ints(4))).deviceInfo(Long.BYTES);
        assertEquals("dev", info.getString(DeviceParam.NAME));
        assertEquals(4L, info.get(DeviceParam.MAX_COMPUTE_UNITS));
        assertFalse(info.has(DeviceParam.GLOBAL_MEM_SIZE));
    }

    @Test
    void kernelQueriesAskTheirParameters() {
        KernelArgInfo arg = table(Map.of(0x1196, ints(0x119B), 0x1197, ints(0x11A3),
                0x1198, "float*\0".getBytes(StandardCharsets.UTF_8), 0x1199, longs(1),
                0x119a, "x\0".getBytes(StandardCharsets.UTF_8))).kernelArgInfo();
        assertEquals(new KernelArgInfo(0x119B, 0x11A3, "float*", 1, "x"), arg);
        KernelWorkGroupInfo group = table(Map.of(0x11b0, longs(256), 0x11b1, longs(2, 1, 1), 0x11b2, longs(64),
                0x11b3, longs(32), 0x11b4, longs(8))).kernelWorkGroupInfo(Long.BYTES);
        assertEquals(256, group.workGroupSize());
        assertArrayEquals(new long[] {2, 1, 1}, group.compileWorkGroupSize());
        assertEquals(64, group.localMemSize());
        assertEquals(32, group.preferredSizeMultiple());
        assertEquals(8, group.privateMemSize());
    }

    @Test
    void aFailedQueryIsNamedAfterTheCallAndTheParameterWithItsStatusKept() {
        InfoReader named = InfoReader.naming("clGetDeviceInfo", table(Map.of(0x1000, ints(4))));
        assertArrayEquals(ints(4), named.read(0x1000, 4));
        BackendException e = assertThrows(BackendException.class, () -> named.read(0x1002, 4));
        assertEquals(-30, e.status());
        assertEquals("clGetDeviceInfo(0x1002) failed (-30)", e.getMessage());
    }
}
