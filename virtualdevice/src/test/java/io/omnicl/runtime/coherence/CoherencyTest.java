package io.omnicl.runtime.coherence;

import io.omnicl.spi.DeviceSession;
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
     * Edge rows relayed from node 1 to node 2 of one real context, whose upload fails. The map counts node 2 as holding
     * the rows from the upload's enqueueing; node 1, evicting them before the upload has ended, writes them back
     * first, so they are on the host once node 2's copy is taken back. Where node 1 is lost instead, they go to the
     * host from the memory the read landed them in; where that read failed too (the upload waiting for it fails with
     * it), they are named to node 1 again (its error for whoever needs them), not to node 2, whose chunk never got
     * them, nor to the host from memory no read filled.
     */
    @Test
    void aRelayWhoseUploadFailsLeavesTheRowsWhereTheyAre() {
        for (int round = 0; round < 3; round++) {
            boolean sourceLost = round > 0;
            boolean readFails = round != 1;
            Storage s = new Storage(new HostStore(SIZE), 3);
            Relaying source = new Relaying(1, s, readFails);
            Relaying target = new Relaying(2, s, false);
            s.map().commitCopies(0, SIZE, CoherenceMap.bit(1));
            new Coherency(i -> i == 1 ? source.node : target.node).toDeviceFirst(s, HALF - 64, 128, target.node);
            assertEquals(CoherenceMap.bit(1) | CoherenceMap.bit(2), s.map().holdersOfAll(HALF - 64, 128),
                    "the target counts as holding the rows once their upload is enqueued");

            source.tracked.remove(0).accept(CL_OUT_OF_RESOURCES);
            if (sourceLost) {
                Coherency.dropped(s, 0, SIZE, 1);
            } else {
                // another buffer's room takes the rows' chunk off the source
                Storage other = new Storage(new HostStore(SIZE), 3);
                source.memory.pin(List.of(new Access(other, 0, SIZE, true)));
                assertTrue(s.map().held(0, SIZE, 1).isEmpty(), "the source did not evict the rows");
            }
            target.tracked.remove(0).accept(CL_OUT_OF_RESOURCES);
            assertEquals(sourceLost && readFails ? CoherenceMap.bit(1) : CoherenceMap.bit(CoherenceMap.HOST),
                    s.map().holdersOfAll(HALF - 64, 128), "holders of the rows, round " + round);
            assertEquals(0, s.landingOn(0, SIZE), "the landing outlived its upload");
        }
    }

    /**
     * A command that read rows on node 1 failed there: node 1 no longer counts as holding what node 2 holds too, but
     * keeps what node 2's copy of is still landing (a failed upload would leave no copy), and what it alone holds.
     */
    @Test
    void aFailedReaderKeepsItsCopyOfRowsStillLandingElsewhere() {
        Storage s = new Storage(new HostStore(SIZE), 3);
        s.map().commitCopies(0, HALF, CoherenceMap.bit(1) | CoherenceMap.bit(2));
        s.map().commitCopies(HALF, HALF, CoherenceMap.bit(1));
        CoherenceMap.Piece landing = s.map().held(HALF, 128, 1).get(0);
        s.landing(landing.offset(), landing.length(), 2);
        Coherency.copied(s, landing, 2);
        Coherency.distrusted(s, 0, SIZE, 1);
        assertEquals(CoherenceMap.bit(2), s.map().holdersOfAll(0, HALF), "a copy node 2 holds");
        assertEquals(CoherenceMap.bit(1) | CoherenceMap.bit(2), s.map().holdersOfAll(HALF, 128), "a copy landing");
        assertEquals(CoherenceMap.bit(1), s.map().holdersOfAll(HALF + 128, HALF - 128), "node 1's alone");
        s.landed(landing.offset(), landing.length(), 2);
        Coherency.distrusted(s, 0, SIZE, 1);
        assertEquals(CoherenceMap.bit(2), s.map().holdersOfAll(HALF, 128), "the copy landed");
    }

    /**
     * A device of a real context shared with the other, for a relay: it runs tasks at once, keeps the callbacks of
     * what it tracks, holds a chunk of all of {@code s} in memory with room for one such chunk; the first read it
     * enqueues fails where {@code readFails}, the others end well.
     */
    private static final class Relaying {
        final List<IntConsumer> tracked = new ArrayList<>();
        final MemoryNode node;
        final DeviceMemory memory;

        Relaying(int index, Storage s, boolean readFails) {
            RealEvent failed = event(CL_OUT_OF_RESOURCES);
            RealEvent ended = event(0);
            int[] reads = {0};
            RealQueue queue = stub(RealQueue.class, (method, args) -> method.getReturnType() != RealEvent.class ? null
                    : readFails && method.getName().startsWith("read") && reads[0]++ == 0 ? failed : ended);
            DeviceSession session = stub(DeviceSession.class, (method, args) -> method.getName().equals("allocate")
                    ? stub(RealBuffer.class, (m, a) -> m.getName().equals("size") ? args[0] : null) : null);
            DeviceMemory[] mine = new DeviceMemory[1];
            node = stub(MemoryNode.class, (method, args) -> switch (method.getName()) {
                case "index" -> index;
                case "bit" -> CoherenceMap.bit(index);
                case "sharesContextWith" -> true;
                case "memory" -> mine[0];
                case "session" -> session;
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
            memory = new DeviceMemory(node, SIZE, SIZE, 8);
            mine[0] = memory;
            memory.unpin(memory.pin(List.of(new Access(s, 0, SIZE, false))));
        }

        private static RealEvent event(int status) {
            return stub(RealEvent.class, (method, args) -> method.getName().equals("await")
                    || method.getName().equals("status") ? status : null);
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
