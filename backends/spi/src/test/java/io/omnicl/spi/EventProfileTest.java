package io.omnicl.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The profiling rule every backend shares, over a driver simulated by counting readers. */
class EventProfileTest {

    private static final int COMPLETE = 0;
    private static final int RUNNING = 1;

    /** A profiling query answering {@code base + i} for the i-th of the four times. */
    private static InfoReader times(long base) {
        return (param, width) -> ByteBuffer.allocate(width).order(ByteOrder.nativeOrder())
                .putLong(base + param - 0x1280).array();
    }

    @Test
    void aCompletedCommandsTimesAreReadOnce() {
        EventProfile profile = new EventProfile(true);
        AtomicInteger readers = new AtomicInteger();
        long[] first = profile.read(() -> {
            readers.incrementAndGet();
            return times(100);
        }, () -> COMPLETE);
        assertArrayEquals(new long[] {100, 101, 102, 103}, first);
        long[] again = profile.read(() -> {
            readers.incrementAndGet();
            return times(500);
        }, () -> COMPLETE);
        assertArrayEquals(first, again);
        assertEquals(1, readers.get());
        // the caller's copy is its own
        again[0] = -1;
        assertEquals(100, profile.read(() -> times(500), () -> COMPLETE)[0]);
    }

    @Test
    void anUnfinishedCommandsTimesAreAskedEachTime() {
        EventProfile profile = new EventProfile(true);
        assertEquals(100, profile.read(() -> times(100), () -> RUNNING)[0]);
        assertEquals(500, profile.read(() -> times(500), () -> COMPLETE)[0]);
        assertEquals(500, profile.read(() -> times(900), () -> COMPLETE)[0]);
    }

    @Test
    void noTimesWithoutProfilingOrWhenTheDeviceHasNone() {
        assertNull(new EventProfile(false).read(() -> {
            throw new AssertionError("a queue without profiling is not asked");
        }, () -> COMPLETE));
        EventProfile none = new EventProfile(true);
        assertNull(none.read(() -> (param, width) -> {
            throw new BackendException(-7, "CL_PROFILING_INFO_NOT_AVAILABLE");
        }, () -> COMPLETE));
        BackendException other = assertThrows(BackendException.class, () -> none.read(() -> (param, width) -> {
            throw new BackendException(-58, "CL_INVALID_EVENT");
        }, () -> COMPLETE));
        assertEquals(-58, other.status());
    }
}
