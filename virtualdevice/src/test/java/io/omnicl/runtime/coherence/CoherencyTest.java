package io.omnicl.runtime.coherence;

import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntConsumer;

import static io.omnicl.driver.OpenClConstants.CL_OUT_OF_RESOURCES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /**
     * Edge rows relayed from node 1 to node 2 of one real context, whose read on node 1 fails (so the upload waiting
     * for it fails too). Node 1 keeps its chunk until node 2's copy is judged, since the map counts node 2 as holding
     * the rows from the upload's enqueueing: node 1 could otherwise evict them unwritten. Where node 1 is lost
     * meanwhile, the rows are named to it again (its error for whoever needs them), not to node 2, whose chunk never
     * got them, nor to the host from a landing no read filled.
     */
    @Test
    void aRelayWhoseReadFailsLeavesTheRowsWithTheirSource() {
        for (boolean sourceLost : new boolean[] {false, true}) {
            Storage s = new Storage(new HostStore(SIZE), 3);
            s.map().commitCopies(0, SIZE, CoherenceMap.bit(1));
            Relaying source = new Relaying(1, s);
            Relaying target = new Relaying(2, s);
            new Coherency(i -> i == 1 ? source.node : target.node).toDeviceFirst(s, HALF - 64, 128, target.node);
            assertEquals(CoherenceMap.bit(1) | CoherenceMap.bit(2), s.map().holdersOfAll(HALF - 64, 128),
                    "the target counts as holding the rows once their upload is enqueued");

            source.tracked.remove(0).accept(CL_OUT_OF_RESOURCES);
            assertTrue(source.chunk.pinned(), "the source let go of its chunk before the target's copy was judged");
            if (sourceLost) {
                Coherency.dropped(s, 0, SIZE, 1);
            }
            target.tracked.remove(0).accept(CL_OUT_OF_RESOURCES);
            assertFalse(source.chunk.pinned(), "the source's chunk stayed pinned");
            assertEquals(CoherenceMap.bit(1), s.map().holdersOfAll(HALF - 64, 128),
                    "holders of the rows, source " + (sourceLost ? "lost" : "kept"));
        }
    }

    /**
     * A device of a real context shared with the other, for a relay: it runs tasks at once, keeps the callbacks of
     * what it tracks, holds one chunk of all of {@code s}, and each read it enqueues fails.
     */
    private static final class Relaying {
        final List<IntConsumer> tracked = new ArrayList<>();
        final MemoryNode node;
        final Chunk chunk;

        Relaying(int index, Storage s) {
            RealEvent failed = stub(RealEvent.class, (method, args) -> method.getName().equals("await")
                    || method.getName().equals("status") ? CL_OUT_OF_RESOURCES : null);
            RealQueue queue = stub(RealQueue.class, (method, args) -> method.getReturnType() == RealEvent.class
                    ? failed : null);
            DeviceMemory[] memory = new DeviceMemory[1];
            node = stub(MemoryNode.class, (method, args) -> switch (method.getName()) {
                case "index" -> index;
                case "bit" -> CoherenceMap.bit(index);
                case "sharesContextWith" -> true;
                case "memory" -> memory[0];
                case "queue", "inputQueue" -> queue;
                case "name" -> "node " + index;
                case "runBeforeNextTaskNow" -> {
                    ((Runnable) args[0]).run();
                    yield null;
                }
                case "trackDownload", "trackUpload" -> {
                    tracked.add((IntConsumer) args[4]);
                    yield null;
                }
                default -> method.getReturnType() == boolean.class ? false : null;
            });
            memory[0] = new DeviceMemory(node, SIZE, SIZE, 8);
            chunk = s.addChunk(memory[0], 0, SIZE, stub(RealBuffer.class, (method, args) -> null));
        }
    }

    /** An implementation of {@code type} whose methods answer as {@code answer} says (equality: identity). */
    private static <T> T stub(Class<T> type, BiFunction<Method, Object[], Object> answer) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) ->
                switch (method.getName()) {
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> type.getSimpleName();
                    default -> answer.apply(method, args);
                }));
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
