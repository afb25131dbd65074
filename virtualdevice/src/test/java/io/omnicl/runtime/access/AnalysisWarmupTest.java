package io.omnicl.runtime.access;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * The warm-up walks the path of a launch that is cut: each of its kernels may be cut, and what its first half uses is
 * what the kernel's source says.
 */
class AnalysisWarmupTest {

    private static final long ROW = AnalysisWarmup.SIDE * Float.BYTES;
    private static final long GRID = AnalysisWarmup.SIDE * ROW;
    private static final long HALF = GRID / 2;

    @Test
    void eachKernelsFirstHalfIsCutWithTheBytesItUses() {
        List<PartVerdict> verdicts = AnalysisWarmup.run();
        assertEquals(4, verdicts.size());
        assertEquals(List.of(new ArgAccess(0, List.of(), List.of(new ByteRange(0, HALF)), true)), args(verdicts.get(0)),
                "the frame writes its rows");
        assertEquals(List.of(
                        new ArgAccess(0, List.of(), List.of(new ByteRange(ROW + Float.BYTES, HALF - Float.BYTES)), false),
                        new ArgAccess(1, List.of(new ByteRange(Float.BYTES, HALF + ROW - Float.BYTES)), List.of(), false)),
                args(verdicts.get(1)), "the stencil writes inside its border and reads a row below its half");
        assertEquals(List.of(new ArgAccess(0, List.of(), List.of(new ByteRange(0, HALF)), true),
                        new ArgAccess(1, List.of(new ByteRange(0, HALF)), List.of(), false),
                        new ArgAccess(2, List.of(new ByteRange(0, GRID)), List.of(), false)),
                args(verdicts.get(2)), "the product reads its rows of a and all of b");
        assertEquals(List.of(new ArgAccess(0, List.of(new ByteRange(0, HALF)), List.of(new ByteRange(0, HALF)), false),
                        new ArgAccess(1, List.of(new ByteRange(0, HALF)), List.of(), false)),
                args(verdicts.get(3)), "the update reads and writes its half");
    }

    private static List<ArgAccess> args(PartVerdict v) {
        return assertInstanceOf(PartVerdict.Split.class, v, "the warm-up's kernel is cut").args();
    }
}
