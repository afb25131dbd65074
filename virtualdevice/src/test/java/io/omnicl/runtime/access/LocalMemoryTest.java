package io.omnicl.runtime.access;

import static io.omnicl.runtime.access.Parts.arg;
import static io.omnicl.runtime.access.Parts.int32;
import static io.omnicl.runtime.access.Parts.oneDim;
import static io.omnicl.runtime.access.Parts.ranges;
import static io.omnicl.runtime.access.Parts.whyWhole;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Kernels that stage data in {@code __local} memory between barriers. */
class LocalMemoryTest {

    static final String TILED_MATMUL = """
        #define TILE 16
        __kernel void tiled(__global const float* a, __global const float* b, __global float* c, const int n) {
            __local float ta[TILE][TILE];
            __local float tb[TILE][TILE];
            int col = get_global_id(0);
            int row = get_global_id(1);
            int lx = get_local_id(0);
            int ly = get_local_id(1);
            float sum = 0.0f;
            for (int t = 0; t < n / TILE; ++t) {
                ta[ly][lx] = a[row * n + t * TILE + lx];
                tb[ly][lx] = b[(t * TILE + ly) * n + col];
                barrier(CLK_LOCAL_MEM_FENCE);
                for (int k = 0; k < TILE; k++) {
                    sum += ta[ly][k] * tb[k][lx];
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            c[row * n + col] = sum;
        }
        """;

    static final String REDUCTION = """
        __kernel void reduce(__global const float* in, __global float* partial, __local float* scratch, const uint n) {
            uint gid = get_global_id(0);
            uint lid = get_local_id(0);
            scratch[lid] = gid < n ? in[gid] : 0.0f;
            barrier(CLK_LOCAL_MEM_FENCE);
            for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
                if (lid < s) {
                    scratch[lid] += scratch[lid + s];
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            if (lid == 0) {
                partial[get_group_id(0)] = scratch[0];
            }
        }
        """;

    @Test
    void tiledMatmulRowsReadTheirRowsOfAAndWriteTheirRowsOfC() {
        KernelAccesses k = KernelAccesses.analyse(TILED_MATMUL, "", "tiled");
        assertNull(k.reason());
        assertArrayEquals(new int[] {1, 0}, k.splittableDims(2));
        long n = 64;
        long bytes = n * n * 4;
        Geometry g = new Geometry(2, new long[] {0, 0}, new long[] {n, n}, new long[] {16, 16});
        var p = k.part(g, new byte[][] {null, null, null, int32((int) n)}, new long[] {bytes, bytes, bytes, 0}, 1, 16, 32);
        assertEquals(ranges(16 * n * 4, 32 * n * 4), arg(p, 0).reads());
        assertEquals(ranges(0, bytes), arg(p, 1).reads());
        assertEquals(ranges(16 * n * 4, 32 * n * 4), arg(p, 2).writes());
        assertTrue(arg(p, 2).writesCovered());
    }

    @Test
    void reductionWritesTheResultsOfItsPartsGroupsAsTheWholeLaunchNumbersThem() {
        KernelAccesses k = KernelAccesses.analyse(REDUCTION, "", "reduce");
        assertNull(k.reason());
        assertArrayEquals(new int[] {0}, k.splittableDims(1));
        assertTrue(k.asksShape(0));
        var p = k.part(new Geometry(1, new long[] {64}, new long[] {256}, new long[] {64}),
            new byte[][] {null, null, null, int32(512)}, new long[] {2048, 32, 0, 0}, 0, 192, 320);
        assertEquals(ranges(192 * 4, 320 * 4), arg(p, 0).reads());
        // groups 2 and 3 of the launch, whose offset of 64 work-items takes no group
        assertEquals(ranges(2 * 4, 4 * 4), arg(p, 1).writes());
        assertFalse(arg(p, 1).writesCovered());
    }

    @Test
    void aGroupIdWithoutAGivenWorkGroupSizeIsUnknown() {
        KernelAccesses k = KernelAccesses.analyse(REDUCTION, "", "reduce");
        assertEquals("unknown write index of argument 1", whyWhole(k.part(oneDim(256),
            new byte[][] {null, null, null, int32(256)}, new long[] {1024, 16, 0, 0}, 0, 0, 128)));
    }

    @Test
    void perGroupResultIndexedByGlobalIdOverLocalSizeIsNotBoundedButReadsAre() {
        String src = """
            __kernel void k(__global const float* in, __global float* out, __local float* tmp) {
                int i = get_global_id(0);
                tmp[get_local_id(0)] = in[i];
                barrier(CLK_LOCAL_MEM_FENCE);
                if (get_local_id(0) == 0) out[i] = tmp[0] + tmp[get_local_size(0) - 1];
            }""";
        KernelAccesses k = KernelAccesses.analyse(src, "", "k");
        assertArrayEquals(new int[] {0}, k.splittableDims(1));
        var p = k.part(new Geometry(1, new long[] {0}, new long[] {256}, new long[] {64}),
            new byte[][] {null, null, null}, new long[] {1024, 1024, 0}, 0, 128, 256);
        assertEquals(ranges(512, 1024), arg(p, 0).reads());
        assertEquals(ranges(512, 1024), arg(p, 1).writes());
        assertFalse(arg(p, 1).writesCovered());
        var noLocal = k.part(oneDim(256), new byte[][] {null, null, null}, new long[] {1024, 1024, 0}, 0, 0, 128);
        assertEquals(ranges(0, 512), arg(noLocal, 1).writes());
    }
}
