package io.omnicl.spi.suite;

import static io.omnicl.spi.suite.ClCodes.CL_INVALID_BUFFER_SIZE;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_MEM_OBJECT;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_VALUE;
import static io.omnicl.spi.suite.ClCodes.CL_MISALIGNED_SUB_BUFFER_OFFSET;
import static io.omnicl.spi.suite.Pocl.array;
import static io.omnicl.spi.suite.Pocl.assertStatus;
import static io.omnicl.spi.suite.Pocl.awaitAll;
import static io.omnicl.spi.suite.Pocl.bytes;
import static io.omnicl.spi.suite.Pocl.direct;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.PinnedMemory;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Buffers: transfers between host and device, copies, fills, regions, and what each refuses. */
public abstract class BufferContract extends BackendContract {

    private DeviceSession session;
    private RealQueue queue;

    @BeforeEach
    void open() {
        session = device(0).open();
        queue = session.createQueue(false);
    }

    @AfterEach
    void close() {
        queue.release();
        session.close();
    }

    /** Pinned memory, where a backend makes it: transfers to and from it, and it is counted until released. */
    @Test
    void pinnedMemoryStagesTransfersAndIsReleasedOnce() {
        long before = session.liveObjects();
        PinnedMemory from = session.allocatePinned(4096);
        Assumptions.assumeTrue(from != null, "this backend makes no pinned memory");
        PinnedMemory to = session.allocatePinned(4096);
        assertEquals(4096, from.memory().remaining());
        for (int i = 0; i < 4096; i++) {
            from.memory().put(i, (byte) (i * 7 + 5));
        }
        RealBuffer buffer = session.allocate(4096);
        awaitAll(queue.write(buffer, 0, from.memory(), List.of()));
        awaitAll(queue.read(buffer, 0, to.memory(), List.of()));
        assertEquals(from.memory(), to.memory());
        buffer.release();
        from.release();
        from.release();
        to.release();
        assertEquals(before, session.liveObjects());
    }

    /** Blocking transfers: done when they return, behind what was enqueued before, and leave nothing to release. */
    @Test
    void blockingTransfersAreDoneWhenTheyReturnAndComeAfterWhatWasEnqueued() {
        long before = session.liveObjects();
        RealBuffer buffer = session.allocate(4096);
        RealEvent fill = queue.fill(buffer, bytes(7), 0, 4096, List.of());
        ByteBuffer written = direct(1024);
        for (int i = 0; i < 1024; i++) {
            written.put(i, (byte) (i * 5 + 3));
        }
        RealEvent write = queue.writeNow(buffer, 1024, written);
        assertEquals(0, write.status(), "the write has ended");
        ByteBuffer back = direct(4096);
        RealEvent read = queue.readNow(buffer, 0, back);
        assertEquals(0, read.status(), "the read has ended");
        assertEquals(0, fill.status(), "and so has the fill before them");
        for (int i = 0; i < 4096; i++) {
            byte expected = i >= 1024 && i < 2048 ? (byte) ((i - 1024) * 5 + 3) : 7;
            assertEquals(expected, back.get(i), "byte " + i);
        }
        fill.release();
        write.release();
        read.release();
        buffer.release();
        assertEquals(before, session.liveObjects());
    }

    @Test
    void writeThenReadRoundTripsBetweenPositionAndLimit() {
        RealBuffer buffer = session.allocate(256);
        assertEquals(256, buffer.size());
        ByteBuffer written = direct(64);
        for (int i = 0; i < 64; i++) {
            written.put(i, (byte) (i * 3 + 1));
        }
        // the bytes between position and limit move, not those from 0 (as JOCL's Pointer.to(Buffer) would)
        written.position(8).limit(40);
        awaitAll(queue.fill(buffer, bytes(-1), 0, 256, List.of()), queue.write(buffer, 100, written, List.of()));
        // and the caller's buffer is left as it was
        assertEquals(8, written.position());
        assertEquals(40, written.limit());

        ByteBuffer read = direct(48).position(16);
        awaitAll(queue.read(buffer, 100, read, List.of()));
        assertEquals(16, read.position());
        for (int i = 0; i < 32; i++) {
            assertEquals(written.get(8 + i), read.get(16 + i), "byte " + i);
        }
        // nothing was written outside the window
        ByteBuffer around = direct(34);
        awaitAll(queue.read(buffer, 99, around, List.of()));
        assertEquals(-1, around.get(0));
        assertEquals(written.get(8), around.get(1));
        assertEquals(written.get(39), around.get(32));
        assertEquals(-1, around.get(33));
        buffer.release();
    }

    @Test
    void aReadOnlyBufferCanBeWritten() {
        RealBuffer buffer = session.allocate(16);
        ByteBuffer content = bytes(9, 8, 7, 6, 5, 4, 3, 2);
        awaitAll(queue.write(buffer, 0, content.asReadOnlyBuffer(), List.of()));
        ByteBuffer read = direct(8);
        awaitAll(queue.read(buffer, 0, read, List.of()));
        assertArrayEquals(array(content, 8), array(read, 8));
        buffer.release();
    }

    @Test
    void transfersDoNotBlockAndFollowTheirWaitLists() {
        RealBuffer buffer = session.allocate(4096);
        ByteBuffer first = direct(4096);
        ByteBuffer second = direct(4096);
        for (int i = 0; i < 4096; i++) {
            first.put(i, (byte) i);
            second.put(i, (byte) (i * 7));
        }
        RealEvent written = queue.write(buffer, 0, first, List.of());
        ByteBuffer readFirst = direct(4096);
        RealEvent read = queue.read(buffer, 0, readFirst, List.of(written));
        RealEvent overwritten = queue.write(buffer, 0, second, List.of(read));
        ByteBuffer readSecond = direct(4096);
        RealEvent readAgain = queue.read(buffer, 0, readSecond, List.of(overwritten));
        queue.flush();
        awaitAll(readAgain, overwritten, read, written);
        assertArrayEquals(array(first, 4096), array(readFirst, 4096));
        assertArrayEquals(array(second, 4096), array(readSecond, 4096));
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
    void copiesARectangleWithEachSidesPitches() {
        // a 4x3 box of bytes from a 16-byte-wide source at (2, 1) to an 8-byte-wide destination at (1, 2)
        RealBuffer src = session.allocate(16 * 8);
        RealBuffer dst = session.allocate(8 * 8);
        ByteBuffer content = direct(16 * 8);
        for (int i = 0; i < content.capacity(); i++) {
            content.put(i, (byte) i);
        }
        awaitAll(queue.write(src, 0, content, List.of()), queue.fill(dst, bytes(-1), 0, 64, List.of()),
            queue.copyRect(src, dst, new long[] {2, 1, 0}, new long[] {1, 2, 0}, new long[] {4, 3, 1}, 16, 0, 8, 0,
                List.of()));
        ByteBuffer read = direct(64);
        awaitAll(queue.read(dst, 0, read, List.of()));
        for (int row = 0; row < 8; row++) {
            for (int column = 0; column < 8; column++) {
                boolean inside = row >= 2 && row < 5 && column >= 1 && column < 5;
                byte expected = inside ? (byte) ((row - 2 + 1) * 16 + column - 1 + 2) : -1;
                assertEquals(expected, read.get(row * 8 + column), "row " + row + " column " + column);
            }
        }
        assertStatus(CL_INVALID_VALUE, () -> queue.copyRect(src, dst, null, new long[3], new long[] {1, 1, 1}, 0, 0, 0,
            0, List.of()));
        src.release();
        dst.release();
    }

    @Test
    void fillsWithEveryPatternSize() {
        RealBuffer buffer = session.allocate(1024);
        for (int patternSize = 1; patternSize <= 128; patternSize *= 2) {
            ByteBuffer pattern = direct(patternSize + 3).position(3);
            for (int i = 0; i < patternSize; i++) {
                pattern.put(3 + i, (byte) (patternSize + i));
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
        int align = (int) device(0).info().getLong(DeviceParam.MEM_BASE_ADDR_ALIGN, -1) / 8;
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
        RealBuffer region = buffer.region(0, 1024);
        assertStatus(CL_INVALID_MEM_OBJECT, () -> region.region(0, 64));
        region.release();
        buffer.release();
    }

    @Test
    void allocationErrorsCarryTheDevicesStatus() {
        assertStatus(CL_INVALID_BUFFER_SIZE, () -> session.allocate(0));
        long tooLarge = device(0).info().getLong(DeviceParam.MAX_MEM_ALLOC_SIZE, -1) + 1;
        assertStatus(CL_INVALID_BUFFER_SIZE, () -> session.allocate(tooLarge));
    }

    @Test
    void hostMemoryMustBeDirectAndWritableWhereWritten() {
        RealBuffer buffer = session.allocate(64);
        assertStatus(CL_INVALID_VALUE, () -> queue.write(buffer, 0, ByteBuffer.allocate(8), List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.read(buffer, 0, ByteBuffer.allocate(8), List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.read(buffer, 0, direct(8).asReadOnlyBuffer(), List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.fill(buffer, ByteBuffer.allocate(4), 0, 64, List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.write(buffer, 0, null, List.of()));
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
