package io.omnicl.backend.lwjgl;

import static io.omnicl.backend.lwjgl.Pocl.array;
import static io.omnicl.backend.lwjgl.Pocl.assertStatus;
import static io.omnicl.backend.lwjgl.Pocl.awaitAll;
import static io.omnicl.backend.lwjgl.Pocl.bytes;
import static io.omnicl.backend.lwjgl.Pocl.direct;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lwjgl.opencl.CL10.CL_INVALID_BUFFER_SIZE;
import static org.lwjgl.opencl.CL10.CL_INVALID_MEM_OBJECT;
import static org.lwjgl.opencl.CL10.CL_INVALID_VALUE;
import static org.lwjgl.opencl.CL11.CL_MISALIGNED_SUB_BUFFER_OFFSET;

import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BufferTest {

    private DeviceSession session;
    private RealQueue queue;

    @BeforeEach
    void open() {
        session = Pocl.device(0).open();
        queue = session.createQueue(false);
    }

    @AfterEach
    void close() {
        queue.release();
        session.close();
    }

    @Test
    void writeThenReadRoundTripsAtOffsets() {
        RealBuffer buffer = session.allocate(256);
        assertEquals(256, buffer.size());
        ByteBuffer written = direct(64);
        for (int i = 0; i < 64; i++) {
            written.put(i, (byte) (i * 3 + 1));
        }
        // the bytes between position and limit are what moves
        written.position(8).limit(40);
        awaitAll(queue.write(buffer, 100, written, List.of()));

        ByteBuffer read = direct(48).position(16);
        awaitAll(queue.read(buffer, 100, read, List.of()));
        for (int i = 0; i < 32; i++) {
            assertEquals(written.get(8 + i), read.get(16 + i), "byte " + i);
        }
        buffer.release();
    }

    @Test
    void copiesBetweenBuffersOfTheSession() {
        RealBuffer src = session.allocate(64);
        RealBuffer dst = session.allocate(64);
        RealEvent written = queue.write(src, 0, bytes(1, 2, 3, 4, 5, 6, 7, 8), List.of());
        RealEvent zeroed = queue.fill(dst, bytes(0), 0, 64, List.of());
        RealEvent copied = queue.copy(src, 2, dst, 10, 4, List.of(written, zeroed));
        ByteBuffer read = direct(16);
        awaitAll(written, zeroed, copied, queue.read(dst, 8, read, List.of(copied)));
        assertArrayEquals(new byte[] {0, 0, 3, 4, 5, 6, 0, 0}, array(read, 8));
        src.release();
        dst.release();
    }

    @Test
    void fillsWithEveryPatternSize() {
        RealBuffer buffer = session.allocate(1024);
        for (int patternSize = 1; patternSize <= 128; patternSize *= 2) {
            ByteBuffer pattern = direct(patternSize);
            for (int i = 0; i < patternSize; i++) {
                pattern.put(i, (byte) (patternSize + i));
            }
            ByteBuffer read = direct(1024);
            awaitAll(queue.fill(buffer, bytes(-1), 0, 1024, List.of()),
                queue.fill(buffer, pattern, 256, 512, List.of()),
                queue.read(buffer, 0, read, List.of()));
            for (int i = 0; i < 1024; i++) {
                byte expected = i < 256 || i >= 768 ? -1 : (byte) (patternSize + i % patternSize);
                assertEquals(expected, read.get(i), "pattern " + patternSize + " byte " + i);
            }
        }
        // fill wants a power-of-two pattern that divides offset and size
        assertStatus(CL_INVALID_VALUE, () -> queue.fill(buffer, direct(3), 0, 96, List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.fill(buffer, direct(4), 2, 8, List.of()));
        buffer.release();
    }

    @Test
    void regionsShareTheirParentsStorage() {
        int align = (int) Pocl.device(0).info().getLong(DeviceParam.MEM_BASE_ADDR_ALIGN, -1) / 8;
        RealBuffer buffer = session.allocate(4L * align);
        ByteBuffer content = direct(4 * align);
        for (int i = 0; i < content.capacity(); i++) {
            content.put(i, (byte) i);
        }
        awaitAll(queue.write(buffer, 0, content, List.of()));

        RealBuffer region = buffer.region(align, 2L * align);
        assertEquals(2L * align, region.size());
        ByteBuffer read = direct(16);
        awaitAll(queue.read(region, 5, read, List.of()));
        assertArrayEquals(array(content.duplicate().position(align + 5), 16), array(read, 16));

        // writes through the region land in the parent
        awaitAll(queue.fill(region, bytes(7), 0, align, List.of()), queue.read(buffer, align - 8, read, List.of()));
        assertArrayEquals(new byte[] {
            (byte) (align - 8), (byte) (align - 7), (byte) (align - 6), (byte) (align - 5),
            (byte) (align - 4), (byte) (align - 3), (byte) (align - 2), (byte) (align - 1),
            7, 7, 7, 7, 7, 7, 7, 7}, array(read, 16));
        region.release();
        buffer.release();
    }

    @Test
    void regionsRejectBadOffsetsAndSizes() {
        RealBuffer buffer = session.allocate(4096);
        assertStatus(CL_MISALIGNED_SUB_BUFFER_OFFSET, () -> buffer.region(4, 64));
        assertStatus(CL_INVALID_VALUE, () -> buffer.region(0, 8192));
        assertStatus(CL_INVALID_BUFFER_SIZE, () -> buffer.region(0, 0));
        buffer.release();
    }

    @Test
    void allocationErrorsCarryTheDevicesStatus() {
        assertStatus(CL_INVALID_BUFFER_SIZE, () -> session.allocate(0));
        long tooLarge = Pocl.device(0).info().getLong(DeviceParam.MAX_MEM_ALLOC_SIZE, -1) + 1;
        assertStatus(CL_INVALID_BUFFER_SIZE, () -> session.allocate(tooLarge));
    }

    @Test
    void hostMemoryMustBeDirectAndWritableWhereWritten() {
        RealBuffer buffer = session.allocate(64);
        assertStatus(CL_INVALID_VALUE, () -> queue.write(buffer, 0, ByteBuffer.allocate(8), List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.read(buffer, 0, ByteBuffer.allocate(8), List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.read(buffer, 0, direct(8).asReadOnlyBuffer(), List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.write(buffer, 60, direct(8), List.of()));
        buffer.release();
    }

    @Test
    void releaseIsIdempotentAndAReleasedBufferIsRefused() {
        RealBuffer buffer = session.allocate(64);
        RealBuffer other = session.allocate(64);
        buffer.release();
        buffer.release();
        assertStatus(CL_INVALID_MEM_OBJECT, () -> queue.write(buffer, 0, direct(8), List.of()));
        assertStatus(CL_INVALID_MEM_OBJECT, () -> queue.copy(other, 0, buffer, 0, 8, List.of()));
        assertStatus(CL_INVALID_MEM_OBJECT, () -> buffer.region(0, 8));
        assertStatus(CL_INVALID_MEM_OBJECT, () -> queue.write(null, 0, direct(8), List.of()));
        other.release();
    }
}
