package io.omnicl.runtime;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VirtualAllocLimitTest {

    private static final long MB = 1L << 20;

    private final AtomicInteger asked = new AtomicInteger();

    private LongSupplier host(long bytes) {
        return () -> {
            asked.incrementAndGet();
            return bytes;
        };
    }

    @Test
    void sizesTheDevicesAloneAllowDoNotAskTheHost() {
        // devices: 2 GB together, the largest real one allocates 256 MB; a quarter of them is 512 MB
        VirtualAllocLimit limit = new VirtualAllocLimit(256 * MB, 2048 * MB, host(64L * 1024 * MB));
        assertTrue(limit.allows(4 * MB));
        assertTrue(limit.allows(512 * MB));
        assertEquals(0, asked.get(), "the host's memory is not needed below a quarter of the devices'");
    }

    @Test
    void aLargerSizeAsksTheHostOnceAndGetsTheWholeLimit() {
        VirtualAllocLimit limit = new VirtualAllocLimit(256 * MB, 2048 * MB, host(4096 * MB));
        // a quarter of the host's 4 GB: 1 GB, within the devices' 2 GB
        assertTrue(limit.allows(1024 * MB));
        assertFalse(limit.allows(1024 * MB + 1));
        assertEquals(1024 * MB, limit.value());
        assertEquals(1, asked.get(), "asked once, then remembered");
    }

    @Test
    void theLimitIsAsTheRulesSay() {
        // the host's quarter above the devices' memory: the devices' memory
        assertEquals(2048 * MB, new VirtualAllocLimit(256 * MB, 2048 * MB, host(64L * 1024 * MB)).value());
        // a small host: a quarter of the devices' memory
        assertEquals(512 * MB, new VirtualAllocLimit(256 * MB, 2048 * MB, host(1024 * MB)).value());
        // a real device that allocates more than the rest would give
        assertEquals(1536 * MB, new VirtualAllocLimit(1536 * MB, 2048 * MB, host(1024 * MB)).value());
        // little device memory: at least 128 MB, within the devices' memory
        assertEquals(96 * MB, new VirtualAllocLimit(24 * MB, 96 * MB, host(64 * MB)).value());
        assertEquals(128 * MB, new VirtualAllocLimit(24 * MB, 400 * MB, host(64 * MB)).value());
    }
}
