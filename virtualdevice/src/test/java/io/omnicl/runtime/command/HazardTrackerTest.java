package io.omnicl.runtime.command;

import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.HostStore;
import io.omnicl.runtime.coherence.Storage;
import io.omnicl.runtime.completion.Completion;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HazardTrackerTest {

    private final Storage a = new Storage(new HostStore(1024), 3);
    private final Storage b = new Storage(new HostStore(1024), 3);
    /** The tracked "commands" are their completions themselves. */
    private final HazardTracker<Completion> tracker = new HazardTracker<>();

    private List<Completion> register(Storage s, long offset, long length, boolean writes, Completion c) {
        return tracker.register(new Access(s, offset, length, writes), c, c);
    }

    @Test
    void readsAfterAWriteWaitForIt() {
        Completion w = new Completion();
        assertTrue(register(a, 0, 100, true, w).isEmpty());
        assertEquals(List.of(w), register(a, 50, 10, false, new Completion()));
    }

    @Test
    void readsDoNotWaitForReads() {
        register(a, 0, 100, false, new Completion());
        assertTrue(register(a, 0, 100, false, new Completion()).isEmpty());
    }

    @Test
    void aWriteWaitsForEarlierReadsAndWrites() {
        Completion r1 = new Completion();
        Completion r2 = new Completion();
        register(a, 0, 10, false, r1);
        register(a, 5, 10, false, r2);
        assertEquals(List.of(r1, r2), register(a, 0, 20, true, new Completion()));
    }

    @Test
    void disjointRangesAndOtherStoragesDoNotConflict() {
        register(a, 0, 100, true, new Completion());
        assertTrue(register(a, 100, 100, true, new Completion()).isEmpty());
        assertTrue(register(b, 0, 100, true, new Completion()).isEmpty());
    }

    @Test
    void executedCommandsAreNoLongerWaitedFor() {
        Completion w = new Completion();
        register(a, 0, 100, true, w);
        w.complete(0);
        assertTrue(register(a, 0, 100, false, new Completion()).isEmpty());
    }

    @Test
    void aCommandDoesNotWaitForItselfWhenItUsesABufferTwice() {
        Completion c = new Completion();
        assertTrue(register(a, 0, 100, false, c).isEmpty());
        assertTrue(register(a, 0, 100, true, c).isEmpty());
        Completion next = new Completion();
        assertEquals(List.of(c), register(a, 0, 100, false, next));
    }

    @Test
    void aChainOfWritesKeepsOneEntry() {
        Completion previous = new Completion();
        register(a, 0, 100, true, previous);
        for (int i = 0; i < 1000; i++) {
            Completion next = new Completion();
            assertEquals(List.of(previous), register(a, 0, 100, true, next));
            previous = next;
        }
    }

    @Test
    void aCoveredWriteIsStillOrderedThroughTheCoveringOne() {
        Completion small = new Completion();
        Completion big = new Completion();
        register(a, 10, 10, true, small);
        assertEquals(List.of(small), register(a, 0, 100, true, big));
        assertEquals(List.of(big), register(a, 15, 1, false, new Completion()));
    }
}
