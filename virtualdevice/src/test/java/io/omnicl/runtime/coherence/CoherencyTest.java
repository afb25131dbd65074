package io.omnicl.runtime.coherence;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

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

    /**
     * Bytes a piece on one device reads that only another holds (a stencil's edge rows) are read there by a task that
     * wakes that device at once: the program thread that asks for them may be enqueuing, and would otherwise hold the
     * wake to its next flush point while both devices wait.
     */
    @Test
    void theHolderOfRowsAnotherDeviceWaitsForIsWokenAtOnce() {
        Storage s = new Storage(new HostStore(SIZE), 3);
        s.map().commitCopies(0, SIZE, CoherenceMap.bit(1));
        List<String> asked = new ArrayList<>();
        MemoryNode holder = node(1, asked);
        MemoryNode reader = node(2, asked);
        new Coherency(i -> i == 1 ? holder : reader).toDeviceFirst(s, HALF - 64, 128, reader);
        assertEquals(List.of("runBeforeNextTaskNow on 1"), asked);
    }

    /** A node {@code index} that only records which of its methods that take work were called. */
    private static MemoryNode node(int index, List<String> asked) {
        return (MemoryNode) Proxy.newProxyInstance(MemoryNode.class.getClassLoader(), new Class<?>[] {MemoryNode.class},
                (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "index", "hashCode" -> {
                            return index;
                        }
                        case "equals" -> {
                            return proxy == args[0];
                        }
                        default -> { }
                    }
                    if (method.getName().startsWith("run")) {
                        asked.add(method.getName() + " on " + index);
                    }
                    return method.getReturnType() == boolean.class ? false : null;
                });
    }
}
