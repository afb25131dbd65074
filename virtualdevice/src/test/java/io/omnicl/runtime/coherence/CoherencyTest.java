package io.omnicl.runtime.coherence;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CoherencyTest {

    private static final int SIZE = 4096;
    private static final int HALF = SIZE / 2;

    /**
     * A new buffer's upload from a staging slot to node 1 failed: node 1 no longer holds what node 2 holds
     * too, and what node 1 alone held comes back to the host copy, from the slot.
     */
    @Test
    void aFailedUploadOfANewBufferPutsBackWhatOnlyThatDeviceHeld() {
        Storage s = new Storage(new HostStore(SIZE), 3);
        s.map().commitCopies(0, HALF, CoherenceMap.bit(1) | CoherenceMap.bit(2));
        s.map().commitCopies(HALF, HALF, CoherenceMap.bit(1));
        ByteBuffer slot = ByteBuffer.allocateDirect(SIZE);
        for (int i = 0; i < SIZE; i++) {
            slot.put(i, (byte) (i * 7 + 1));
        }
        Coherency.restoreFromSlot(s, 1, slot);
        assertEquals(CoherenceMap.bit(2), s.map().holdersOfAll(0, HALF), "held by the other device only");
        assertEquals(CoherenceMap.bit(CoherenceMap.HOST), s.map().holdersOfAll(HALF, HALF), "back on the host");
        ByteBuffer host = s.host().view(HALF, HALF);
        for (int i = 0; i < HALF; i++) {
            assertEquals((byte) ((HALF + i) * 7 + 1), host.get(i), "host byte " + (HALF + i));
        }
    }
}
