package io.omnicl.runtime.access;

import static io.omnicl.runtime.access.Parts.arg;
import static io.omnicl.runtime.access.Parts.int32;
import static io.omnicl.runtime.access.Parts.oneDim;
import static io.omnicl.runtime.access.Parts.ranges;
import static io.omnicl.runtime.access.Parts.twoDim;
import static io.omnicl.runtime.access.Parts.whyWhole;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What keeps a kernel, or a launch of it, whole; and what only widens a read. */
class RejectionsTest {

    private static String reasonOf(String source) {
        return KernelAccesses.analyse(source, "", "k").reason();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "__kernel void k(__global int* c) { atomic_inc(&c[0]); }|global atomic",
        "__kernel void k(__global int* c) { atom_add(c, 1); }|global atomic",
        "__kernel void k(__global int* out, __global const int* in) { int i = get_global_id(0); out[in[i]] = 1; }|unknown write index of argument 0",
        "__kernel void k(__global int* out, __global const int* in) { int i = get_global_id(0); int j = in[i] + 1; out[j] = 1; }|unknown write index of argument 0",
        "__kernel void k(__global float* out, int k2) { __global float* p = out + k2; p[get_global_id(0)] = 1.0f; }|pointer arithmetic on argument 0",
        "__kernel void k(__global float* out) { *out = 1.0f; }|write through a pointer into argument 0",
        "__kernel void k(__global float* out) { vstore4((float4)(1.0f, 2.0f, 3.0f, 4.0f), get_global_id(0), out); }|vstore into argument 0",
        "__kernel void k(read_only image2d_t img, __global float* out) { out[0] = 1.0f; }|image argument",
        "__kernel void k(__write_only image2d_t img) { }|image argument",
        "void helper(__global float* p, int i) { p[i] = 0.0f; } __kernel void k(__global float* out) { helper(out, get_global_id(0)); }|helper function helper given argument 0",
        "__kernel void k(__global float* out) { out[0] = 1.0f }|parse error at line 1: expected ';' at '}'",
        "__kernel void k(__global float* out) { switch (get_global_id(0)) { case 0: break; } }|switch statement at line 1",
        "__kernel void other(__global float* out) { }|no kernel named k",
        "typedef struct { float a; } S; __kernel void k(__global S* out) { out[0].a = 1.0f; }|write to argument 0 of unknown element size",
    })
    void kernelsThatNoLaunchCanSplit(String source, String reason) {
        assertEquals(reason, reasonOf(source));
        KernelAccesses k = KernelAccesses.analyse(source, "", "k");
        assertEquals(reason, whyWhole(k.part(oneDim(4), new byte[][] {null, null}, new long[] {16, 16}, 0, 0, 2)));
        assertEquals(0, k.splittableDims(1).length);
    }

    @Test
    void preprocessingThatCouldChangeTheTextIsRefused() {
        assertEquals("function-like macro SQ", reasonOf("""
            #define SQ(x) ((x) * (x))
            __kernel void k(__global float* out) { out[0] = SQ(2.0f); }"""));
        assertEquals("conditional compilation at line 2", reasonOf("""
            // nothing defined
            #ifdef FOO
            #endif
            __kernel void k(__global float* out) { }"""));
        assertEquals("#include at line 1", reasonOf("""
            #include "x.h"
            __kernel void k(__global float* out) { }"""));
    }

    @Test
    void indirectReadReadsTheWholeBufferButStillSplits() {
        String src = """
            __kernel void k(__global float* out, __global const float* in, __global const int* idx) {
                int i = get_global_id(0);
                out[i] = in[idx[i]];
            }""";
        KernelAccesses k = KernelAccesses.analyse(src, "", "k");
        assertNull(k.reason());
        var p = k.part(oneDim(100), new byte[][] {null, null, null}, new long[] {400, 4000, 400}, 0, 0, 50);
        assertEquals(ranges(0, 4000), arg(p, 1).reads());
        assertEquals(ranges(0, 200), arg(p, 2).reads());
        assertEquals(ranges(0, 200), arg(p, 0).writes());
        assertTrue(arg(p, 0).writesCovered());
    }

    @Test
    void moduloWriteIndexKeepsTheLaunchWhole() {
        String src = "__kernel void k(__global float* out, int w) { out[get_global_id(0) % w] = 0.0f; }";
        KernelAccesses k = KernelAccesses.analyse(src, "", "k");
        assertNull(k.reason());
        assertEquals("unknown write index of argument 0",
            whyWhole(k.part(oneDim(64), new byte[][] {null, int32(8)}, new long[] {256, 0}, 0, 0, 32)));
    }

    @Test
    void askingTheGlobalSizeAlongADimensionAsksTheWholeLaunchsAndOnlyThatDimensionNeedsTheVariant() {
        String src = """
            __kernel void k(__global float* out) {
                int x = get_global_id(0);
                int y = get_global_id(1);
                out[y * get_global_size(0) + x] = 1.0f;
            }""";
        KernelAccesses k = KernelAccesses.analyse(src, "", "k");
        assertArrayEquals(new int[] {1, 0}, k.splittableDims(2));
        assertTrue(k.asksShape(0));
        assertFalse(k.asksShape(1));
        byte[][] values = {null};
        long[] sizes = {64 * 32 * 4};
        var rows = k.part(twoDim(64, 32), values, sizes, 1, 16, 32);
        assertEquals(ranges(16 * 64 * 4, 32 * 64 * 4), arg(rows, 0).writes());
        assertTrue(arg(rows, 0).writesCovered());
        // columns 0 to 31 of every row: the row length is the whole launch's 64, not the part's 32
        var columns = k.part(twoDim(64, 32), values, sizes, 0, 0, 32);
        assertEquals(ranges(0, (31 * 64 + 32) * 4), arg(columns, 0).writes());
        assertFalse(arg(columns, 0).writesCovered());
    }

    @Test
    void aDimensionAskedThroughAVariableAsksEveryDimension() {
        String src = "__kernel void k(__global float* out, int d) { out[get_global_id(0)] = get_global_size(d); }";
        KernelAccesses k = KernelAccesses.analyse(src, "", "k");
        assertArrayEquals(new int[] {2, 1, 0}, k.splittableDims(3));
        assertTrue(k.asksShape(0) && k.asksShape(1) && k.asksShape(2));
    }

    @Test
    void theLinearGlobalIdAsksEveryDimensionAndTheEnqueuedLocalSizeKeepsTheLaunchWhole() {
        String linear = "__kernel void k(__global uint* out) { out[get_global_id(0)] = get_global_linear_id(); }";
        KernelAccesses k = KernelAccesses.analyse(linear, "", "k");
        assertTrue(k.asksShape(0) && k.asksShape(1) && k.asksShape(2));
        String enqueued = "__kernel void k(__global uint* out) { out[get_global_id(0)] = get_enqueued_local_size(0); }";
        assertEquals("get_enqueued_local_size would answer for a part", KernelAccesses.analyse(enqueued, "", "k").reason());
    }

    @Test
    void aHelperAskingTheShapeKeepsAKernelCallingItWhole() {
        String src = """
            int rowLength() { return get_global_size(0); }
            __kernel void k(__global float* out) {
                out[get_global_id(1) * 64 + get_global_id(0)] = rowLength();
            }
            __kernel void plain(__global float* out) { out[get_global_id(0)] = 0.0f; }""";
        KernelAccesses k = KernelAccesses.analyse(src, "", "k");
        assertArrayEquals(new int[0], k.splittableDims(2));
        assertEquals("function rowLength may ask the launch's geometry", k.reason());
        assertArrayEquals(new int[] {0}, KernelAccesses.analyse(src, "", "plain").splittableDims(1));
    }

    @Test
    void definesAndBuildOptionsAreHonoured() {
        String src = """
            #define WIDTH 16
            #define ROW(y) (y)
            """.replace("#define ROW(y) (y)\n", "") + """
            __kernel void k(__global float* out) {
                int x = get_global_id(0);
                int y = get_global_id(1);
                out[y * WIDTH + x + OFFSET] = SCALE;
            }""";
        KernelAccesses k = KernelAccesses.analyse(src, "-D OFFSET=2 -DSCALE=1.5f -cl-fast-relaxed-math", "k");
        assertNull(k.reason());
        var p = k.part(twoDim(16, 8), new byte[][] {null}, new long[] {16 * 8 * 4 + 8}, 1, 4, 8);
        assertEquals(ranges((4 * 16 + 2) * 4, (8 * 16 + 2) * 4), arg(p, 0).writes());
        assertTrue(arg(p, 0).writesCovered());
        KernelAccesses without = KernelAccesses.analyse(src, "-DSCALE=1", "k");
        assertNull(without.reason());
    }

    @Test
    void undefinedMacroAfterUndefIsAnUnknownName() {
        String src = """
            #define STRIDE 2
            #undef STRIDE
            __kernel void k(__global float* out) { out[get_global_id(0) * STRIDE] = 0.0f; }""";
        KernelAccesses k = KernelAccesses.analyse(src, "", "k");
        assertNull(k.reason());
        assertEquals("unknown write index of argument 0",
            whyWhole(k.part(oneDim(8), new byte[][] {null}, new long[] {64}, 0, 0, 4)));
    }

    @Test
    void badInputGivesWholeNeverAnException() {
        KernelAccesses k = KernelAccesses.analyse(BenchmarkKernelsTest.SOURCE, "", "saxpy");
        byte[][] values = {Parts.float32(1), null, null};
        long[] sizes = {0, 400, 400};
        whyWhole(k.part(oneDim(100), values, sizes, 1, 0, 50));
        whyWhole(k.part(oneDim(100), values, sizes, 0, 50, 200));
        whyWhole(k.part(oneDim(100), values, sizes, 0, 50, 50));
        whyWhole(k.part(oneDim(100), new byte[][] {null}, sizes, 0, 0, 50));
        whyWhole(k.part(null, values, sizes, 0, 0, 50));
        whyWhole(k.part(new Geometry(1, new long[0], new long[] {100}, null), values, sizes, 0, 0, 50));
        whyWhole(k.part(oneDim(100), values, new long[] {0, 400, 40}, 0, 0, 50));
        whyWhole(k.part(oneDim(100), values, new long[] {0, 400, -1}, 0, 0, 50));
        assertTrue(KernelAccesses.analyse(null, null, "k").reason().startsWith("analysis failed"));
    }
}
