package io.omnicl.runtime.coherence;

import io.omnicl.runtime.coherence.CoherenceMap.Piece;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CoherenceMapTest {

    private static final int HOST = CoherenceMap.HOST;

    @Test
    void aFreshBufferHasNothingToTransfer() {
        CoherenceMap map = new CoherenceMap(1000);
        assertTrue(map.missing(0, 1000, 1).isEmpty());
        assertTrue(map.missing(0, 1000, HOST).isEmpty());
        assertEquals(0, map.holdersOfAny(0, 1000));
    }

    @Test
    void aWriteMakesTheWriterTheOnlyHolderOfItsRange() {
        CoherenceMap map = new CoherenceMap(100);
        map.commitWrite(0, 100, HOST);
        map.commitWrite(20, 30, 2);
        assertEquals(CoherenceMap.bit(2), map.holdersOfAll(20, 30));
        assertEquals(CoherenceMap.bit(HOST), map.holdersOfAll(0, 20));
        assertEquals(CoherenceMap.bit(HOST), map.holdersOfAll(50, 50));
        List<Piece> forHost = map.missing(0, 100, HOST);
        assertEquals(List.of(new Piece(20, 30, CoherenceMap.bit(2), forHost.get(0).version())), forHost);
    }

    @Test
    void aCopyPlannedBeforeAWriteDoesNotMakeStaleDataValid() {
        CoherenceMap map = new CoherenceMap(64);
        map.commitWrite(0, 64, 1);
        Piece planned = map.missing(0, 64, HOST).get(0);
        map.commitWrite(0, 64, 2);
        map.addHolder(planned, HOST);
        assertEquals(CoherenceMap.bit(2), map.holdersOfAll(0, 64));
    }

    @Test
    void aCopyPlannedOnPartOfARangeOnlyAddsThatPart() {
        CoherenceMap map = new CoherenceMap(64);
        map.commitWrite(0, 64, 1);
        Piece half = new Piece(0, 32, map.missing(0, 64, HOST).get(0).holders(),
                map.missing(0, 64, HOST).get(0).version());
        map.addHolder(half, HOST);
        assertEquals(CoherenceMap.bit(1) | CoherenceMap.bit(HOST), map.holdersOfAll(0, 32));
        assertEquals(CoherenceMap.bit(1), map.holdersOfAll(32, 32));
    }

    /**
     * The race the differential tests found: a device writes other parts of a buffer while a range of it is
     * copied back to the host. The copy must count, however many writes land beside it meanwhile.
     */
    @Test
    void writesBesideACopyInFlightDoNotUndoIt() {
        CoherenceMap map = new CoherenceMap(1398);
        map.commitWrite(0, 1398, 2);
        Piece planned = map.missing(1322, 15, HOST).get(0);
        map.commitWrite(1024, 210, 2);
        map.commitWrite(1367, 3, 2);
        map.addHolder(planned, HOST);
        assertEquals(CoherenceMap.bit(2) | CoherenceMap.bit(HOST), map.holdersOfAll(1322, 15));
        assertTrue(map.missing(1322, 15, HOST).isEmpty());
    }

    @Test
    void aBufferWrittenInPartHasHoldersOnceAllOfItIsHeld() {
        CoherenceMap map = new CoherenceMap(100);
        map.commitWrite(0, 50, 1);
        assertEquals(CoherenceMap.bit(1), map.holdersOfAny(0, 100));
        assertEquals(0, map.holdersOfAnyOnceAllHeld(0, 100));
        assertEquals(CoherenceMap.bit(1), map.holdersOfAnyOnceAllHeld(0, 50));
        map.commitWrite(50, 50, 2);
        assertEquals(CoherenceMap.bit(1) | CoherenceMap.bit(2), map.holdersOfAnyOnceAllHeld(0, 100));
    }

    @Test
    void neighboursWrittenApartByOneNodeAreOneTransfer() {
        CoherenceMap map = new CoherenceMap(100);
        map.commitWrite(0, 50, 1);
        map.commitWrite(50, 50, 1);
        assertEquals(List.of(new Piece(0, 100, CoherenceMap.bit(1), map.missing(0, 100, HOST).get(0).version())),
                map.missing(0, 100, HOST));
        assertEquals(1, map.held(0, 100, 1).size());
    }

    @Test
    void aWriteOverEverythingLeavesOneSegment() {
        CoherenceMap map = new CoherenceMap(100);
        map.commitWrite(0, 50, 1);
        map.commitWrite(50, 50, 1);
        map.commitWrite(0, 100, 2);
        assertEquals(1, map.segmentCount());
        for (Piece p : map.missing(0, 100, HOST)) {
            map.addHolder(p, HOST);
        }
        assertEquals(1, map.segmentCount());
    }

    /**
     * One operation of a random history: 0 write, 1 copy now, 2 plan a copy, 3 finish the oldest plan, 4 the
     * node gives up its copy (eviction).
     */
    record Op(int kind, int node, int offset, int length) {
    }

    @Provide
    Arbitrary<List<Op>> histories() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 4), Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(0, 63), Arbitraries.integers().between(1, 64)).as(Op::new);
        return op.list().ofMinSize(1).ofMaxSize(40);
    }

    /** A copy planned in the model: the bytes and their versions when planned. */
    private record Plan(Piece piece, int node, long[] versions) {
    }

    /**
     * Against a model that keeps, per byte, its holders and the version of its last write: the map never
     * names a holder the model does not have, holds every byte that some node holds, makes a copy valid on
     * every byte of its range that no write changed since it was planned (at once: all of them), a write's
     * range belongs to the writer alone, an evicted node keeps only what it alone holds, and a range has holders once
     * all held only where every byte of it is held.
     */
    @Property(tries = 500)
    void agreesWithAPerByteModel(@ForAll("histories") List<Op> history) {
        int size = 64;
        CoherenceMap map = new CoherenceMap(size);
        long[] holders = new long[size];
        long[] version = new long[size];
        long nextVersion = 1;
        java.util.ArrayDeque<Plan> plans = new java.util.ArrayDeque<>();
        for (Op op : history) {
            int from = op.offset();
            int to = Math.min(size, from + op.length());
            long bit = CoherenceMap.bit(op.node());
            switch (op.kind()) {
                case 0 -> {
                    map.commitWrite(from, to - from, op.node());
                    for (int b = from; b < to; b++) {
                        holders[b] = bit;
                        version[b] = nextVersion;
                    }
                    nextVersion++;
                    assertEquals(bit, map.holdersOfAll(from, to - from));
                }
                case 1 -> {
                    for (Piece p : map.missing(from, to - from, op.node())) {
                        map.addHolder(p, op.node());
                    }
                    for (int b = from; b < to; b++) {
                        if (holders[b] != 0) {
                            holders[b] |= bit;
                            assertTrue((map.holdersOfAll(b, 1) & bit) != 0, "byte " + b + " copied now");
                        }
                    }
                }
                case 2 -> {
                    for (Piece p : map.missing(from, to - from, op.node())) {
                        long[] v = new long[(int) p.length()];
                        System.arraycopy(version, (int) p.offset(), v, 0, v.length);
                        plans.add(new Plan(p, op.node(), v));
                    }
                }
                case 4 -> {
                    // the map may know fewer holders than the model; what it has the node alone hold stays
                    boolean[] kept = new boolean[size];
                    boolean keepsSome = false;
                    for (int b = from; b < to; b++) {
                        kept[b] = holders[b] == bit || map.holdersOfAll(b, 1) == bit;
                        keepsSome |= kept[b];
                    }
                    assertEquals(!keepsSome, map.dropNode(from, to - from, op.node(), (f, b) -> 0));
                    for (int b = from; b < to; b++) {
                        if (!kept[b]) {
                            holders[b] &= ~bit;
                        }
                        assertEquals(kept[b], (map.holdersOfAll(b, 1) & bit) != 0, "byte " + b + " kept");
                    }
                }
                default -> {
                    Plan plan = plans.poll();
                    if (plan != null) {
                        // what a transfer landing now may copy in: exactly the bytes it may make valid
                        boolean[] unchanged = new boolean[size];
                        for (Piece part : map.unchanged(plan.piece())) {
                            for (long b = part.offset(); b < part.end(); b++) {
                                unchanged[(int) b] = true;
                            }
                        }
                        map.addHolder(plan.piece(), plan.node());
                        for (int i = 0; i < plan.versions().length; i++) {
                            int b = (int) plan.piece().offset() + i;
                            assertEquals(version[b] == plan.versions()[i] && holders[b] != 0, unchanged[b],
                                    "byte " + b + " unchanged since planned");
                            if (version[b] == plan.versions()[i] && holders[b] != 0) {
                                holders[b] |= CoherenceMap.bit(plan.node());
                                assertTrue((map.holdersOfAll(b, 1) & CoherenceMap.bit(plan.node())) != 0,
                                        "byte " + b + ", unchanged since planned, copied");
                            }
                        }
                    }
                }
            }
            for (int b = 0; b < size; b++) {
                long actual = map.holdersOfAll(b, 1);
                assertEquals(0, actual & ~holders[b], "byte " + b + " has a holder the model has not");
                assertEquals(holders[b] != 0, actual != 0, "byte " + b + " held somewhere");
            }
            boolean allHeld = true;
            long union = 0;
            for (int b = from; b < to; b++) {
                allHeld &= holders[b] != 0;
                union |= map.holdersOfAll(b, 1);
            }
            assertEquals(allHeld ? union : 0, map.holdersOfAnyOnceAllHeld(from, to - from),
                    "the holders of the op's range once all of it is held");
            for (Piece p : map.held(0, size, op.node())) {
                for (long b = p.offset(); b < p.end(); b++) {
                    long h = holders[(int) b];
                    assertTrue((h & CoherenceMap.bit(op.node())) != 0, "byte " + b + " held by " + op.node());
                }
            }
        }
    }
}
