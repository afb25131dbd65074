package io.omnicl.runtime.access;

import static io.omnicl.runtime.access.Parts.arg;
import static io.omnicl.runtime.access.Parts.int32;
import static io.omnicl.runtime.access.Parts.oneDim;
import static io.omnicl.runtime.access.Parts.ranges;
import static io.omnicl.runtime.access.Parts.twoDim;
import static io.omnicl.runtime.access.Parts.whyWhole;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Conditions on the global ids narrow what a part touches, and keep its writes covered when they are exact. */
class GuardsTest {

    private static PartVerdict part(String source, Geometry g, byte[][] values, long[] sizes, int dim, long from, long to) {
        KernelAccesses k = KernelAccesses.analyse(source, "", "k");
        assertNull(k.reason());
        return k.part(g, values, sizes, dim, from, to);
    }

    @Test
    void boundsCheckStopsAtNWithAPaddedGlobalSize() {
        String src = """
            __kernel void k(__global const float* in, __global float* out, const int n) {
                int i = get_global_id(0);
                if (i < n) out[i] = in[i] * 2.0f;
            }""";
        byte[][] values = {null, null, int32(1000)};
        long[] sizes = {4000, 4000, 0};
        var last = part(src, oneDim(1024), values, sizes, 0, 512, 1024);
        assertEquals(ranges(2048, 4000), arg(last, 1).writes());
        assertTrue(arg(last, 1).writesCovered());
        assertEquals(ranges(2048, 4000), arg(last, 0).reads());
        var beyond = part(src, oneDim(1024), values, sizes, 0, 1000, 1024);
        assertEquals(List.of(), arg(beyond, 1).writes());
        assertFalse(arg(beyond, 1).writesCovered());
    }

    @Test
    void earlyReturnNarrowsTheRestOfTheBody() {
        String src = """
            __kernel void k(__global float* out, const int n) {
                int i = get_global_id(0);
                if (i >= n) return;
                out[i] = 1.0f;
                out[i] += 2.0f;
            }""";
        var p = part(src, oneDim(128), new byte[][] {null, int32(100)}, new long[] {400, 0}, 0, 64, 128);
        assertEquals(ranges(256, 400), arg(p, 0).writes());
        assertEquals(ranges(256, 400), arg(p, 0).reads());
        assertTrue(arg(p, 0).writesCovered());
    }

    @Test
    void twoDimensionalGuardNarrowsBoth() {
        String src = """
            __kernel void k(__global int* out, const int w, const int h) {
                int x = get_global_id(0);
                int y = get_global_id(1);
                if (x < w && y < h) {
                    out[y * w + x] = x + y;
                }
            }""";
        byte[][] values = {null, int32(100), int32(50)};
        long[] sizes = {100 * 50 * 4, 0, 0};
        var p = part(src, twoDim(128, 64), values, sizes, 1, 0, 32);
        assertEquals(ranges(0, 32 * 100 * 4), arg(p, 0).writes());
        assertTrue(arg(p, 0).writesCovered());
        var q = part(src, twoDim(128, 64), values, sizes, 1, 32, 64);
        assertEquals(ranges(32 * 100 * 4, 50 * 100 * 4), arg(q, 0).writes());
        assertTrue(arg(q, 0).writesCovered());
    }

    @Test
    void orOfOutOfRangeChecksReturningIsAnExactGuard() {
        String src = """
            __kernel void k(__global int* out, const int w, const int h) {
                int x = get_global_id(0);
                int y = get_global_id(1);
                if (x >= w || y >= h) return;
                out[y * w + x] = 1;
            }""";
        var p = part(src, twoDim(128, 64), new byte[][] {null, int32(100), int32(50)}, new long[] {20000, 0, 0}, 1, 0, 64);
        assertEquals(ranges(0, 20000), arg(p, 0).writes());
        assertTrue(arg(p, 0).writesCovered());
    }

    @Test
    void guardOnSomethingElseKeepsTheRangeButNotTheCover() {
        String src = """
            __kernel void k(__global const int* flags, __global int* out) {
                int i = get_global_id(0);
                if (flags[i] != 0) out[i] = 1;
                if (get_local_id(0) == 0) out[i + 1] = 2;
            }""";
        var p = part(src, new Geometry(1, new long[] {0}, new long[] {64}, new long[] {16}),
            new byte[][] {null, null}, new long[] {256, 260}, 0, 0, 32);
        assertEquals(ranges(0, 128), arg(p, 0).reads());
        assertEquals(ranges(0, 132), arg(p, 1).writes());
        assertFalse(arg(p, 1).writesCovered());
    }

    @Test
    void writeBeyondTheBufferKeepsTheLaunchWhole() {
        String src = """
            __kernel void k(__global float* out) {
                out[get_global_id(0) + 1] = 0.0f;
            }""";
        assertEquals("write out of argument 0", whyWhole(part(src, oneDim(100), new byte[][] {null}, new long[] {400}, 0, 50, 100)));
        assertEquals(ranges(4, 204), arg(part(src, oneDim(100), new byte[][] {null}, new long[] {400}, 0, 0, 50), 0).writes());
    }

    @Test
    void unsignedComparisonWithANegativeBoundDoesNotNarrow() {
        String src = """
            __kernel void k(__global float* out, const int n) {
                if (get_global_id(0) < n) out[get_global_id(0)] = 0.0f;
            }""";
        var p = part(src, oneDim(100), new byte[][] {null, int32(-1)}, new long[] {400, 0}, 0, 0, 100);
        assertEquals(ranges(0, 400), arg(p, 0).writes());
        assertFalse(arg(p, 0).writesCovered());
    }
}
