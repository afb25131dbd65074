package io.omnicl.runtime.coherence;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AccessTest {

    private final Storage a = new Storage(new HostStore(1024), 3);
    private final Storage b = new Storage(new HostStore(1024), 3);

    private Access range(Storage s, long offset, long length) {
        return new Access(s, offset, length, false);
    }

    @Test
    void aRangeNothingOverlapsIsLeftWhole() {
        Access r = range(a, 100, 200);
        assertEquals(List.of(r), r.minus(List.of(range(a, 0, 100), range(a, 300, 50), range(b, 0, 1024))));
    }

    @Test
    void aRangeOneOtherCoversLeavesNothing() {
        assertEquals(List.of(), range(a, 100, 200).minus(List.of(range(a, 400, 10), range(a, 50, 300))));
    }

    @Test
    void rangesTogetherCoveringItLeaveNothing() {
        assertEquals(List.of(), range(a, 100, 200).minus(List.of(range(a, 200, 100), range(a, 100, 100))));
    }

    @Test
    void theGapsBetweenOverlappingRangesAreLeftInOrder() {
        Access r = new Access(a, 100, 300, true);
        List<Access> parts = r.minus(List.of(range(a, 350, 100), range(a, 150, 50), range(a, 0, 120)));
        assertEquals(List.of(new Access(a, 120, 30, true), new Access(a, 200, 150, true)), parts);
    }
}
