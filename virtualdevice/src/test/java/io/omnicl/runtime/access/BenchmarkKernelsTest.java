package io.omnicl.runtime.access;

import static io.omnicl.runtime.access.Parts.arg;
import static io.omnicl.runtime.access.Parts.float32;
import static io.omnicl.runtime.access.Parts.int32;
import static io.omnicl.runtime.access.Parts.oneDim;
import static io.omnicl.runtime.access.Parts.ranges;
import static io.omnicl.runtime.access.Parts.split;
import static io.omnicl.runtime.access.Parts.twoDim;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The kernels OmniCL's benchmarks launch, each cut in two. */
class BenchmarkKernelsTest {

    static final String SOURCE = """
        #pragma OPENCL FP_CONTRACT OFF
        __kernel void mandelbrot(__global int* out, const int width, const int firstRow,
                                 const float x0, const float y0, const float step, const int maxIter) {
            int x = get_global_id(0);
            int y = get_global_id(1);
            float cr = x0 + x * step;
            float ci = y0 + (firstRow + y) * step;
            float zr = 0.0f, zi = 0.0f;
            int n = 0;
            while (n < maxIter && zr * zr + zi * zi <= 4.0f) {
                float t = zr * zr - zi * zi + cr;
                zi = 2.0f * zr * zi + ci;
                zr = t;
                n++;
            }
            out[y * width + x] = n;
        }
        __kernel void saxpy(const float a, __global const float* x, __global float* y) {
            int i = get_global_id(0);
            y[i] = a * x[i] + y[i];
        }
        __kernel void jacobi(__global const float* src, __global float* dst, const int n) {
            int x = get_global_id(0);
            int y = get_global_id(1);
            int i = y * n + x;
            if (x == 0 || y == 0 || x == n - 1 || y == n - 1) {
                dst[i] = src[i];
            } else {
                dst[i] = 0.25f * ((src[i - 1] + src[i + 1]) + (src[i - n] + src[i + n]));
            }
        }
        __kernel void matmul(__global const float* a, __global const float* b, __global float* c, const int n) {
            int j = get_global_id(0);
            int i = get_global_id(1);
            float sum = 0.0f;
            for (int k = 0; k < n; k++) {
                sum += a[i * n + k] * b[k * n + j];
            }
            c[i * n + j] = sum;
        }
        __kernel void add(__global const float* a, __global const float* b, __global float* c) {
            int i = get_global_id(0);
            c[i] = a[i] + b[i];
        }
        """;

    private static KernelAccesses kernel(String name) {
        KernelAccesses k = KernelAccesses.analyse(SOURCE, "", name);
        assertNull(k.reason(), name);
        return k;
    }

    @Test
    void jacobiRowsSplitWithHaloReadsAndCoveredWrites() {
        KernelAccesses k = kernel("jacobi");
        assertArrayEquals(new int[] {1, 0}, k.splittableDims(2));
        long n = 1024;
        long bytes = n * n * 4;
        byte[][] values = {null, null, int32((int) n)};
        long[] sizes = {bytes, bytes, 0};
        var top = k.part(twoDim(n, n), values, sizes, 1, 0, 512);
        assertEquals(ranges(0, (512 * n + n) * 4), arg(top, 0).reads());
        assertEquals(List.of(), arg(top, 0).writes());
        assertEquals(ranges(0, 512 * n * 4), arg(top, 1).writes());
        assertTrue(arg(top, 1).writesCovered());
        assertEquals(List.of(), arg(top, 1).reads());
        assertEquals(2, split(top).args().size());

        var bottom = k.part(twoDim(n, n), values, sizes, 1, 512, 1024);
        assertEquals(ranges((512 * n - n) * 4, bytes), arg(bottom, 0).reads());
        assertEquals(ranges(512 * n * 4, bytes), arg(bottom, 1).writes());
        assertTrue(arg(bottom, 1).writesCovered());
    }

    @Test
    void jacobiColumnsSplitWritesAStridedRangeNotCovered() {
        long n = 64;
        var left = kernel("jacobi").part(twoDim(n, n), new byte[][] {null, null, int32((int) n)},
            new long[] {n * n * 4, n * n * 4, 0}, 0, 0, 32);
        assertEquals(ranges(0, ((n - 1) * n + 31 + 1) * 4), arg(left, 1).writes());
        assertFalse(arg(left, 1).writesCovered());
    }

    @Test
    void mandelbrotRowsWriteTheirRowsCoveredWhenTheWidthIsTheGlobalSize() {
        KernelAccesses k = kernel("mandelbrot");
        byte[][] values = {null, int32(256), int32(0), float32(-2), float32(-1), float32(0.01f), int32(100)};
        long[] sizes = {256 * 100 * 4, 0, 0, 0, 0, 0, 0};
        var first = k.part(twoDim(256, 100), values, sizes, 1, 0, 50);
        assertEquals(ranges(0, 50 * 256 * 4), arg(first, 0).writes());
        assertTrue(arg(first, 0).writesCovered());
        assertEquals(List.of(), arg(first, 0).reads());
        var second = k.part(twoDim(256, 100), values, sizes, 1, 50, 100);
        assertEquals(ranges(50 * 256 * 4, 100 * 256 * 4), arg(second, 0).writes());
        assertTrue(arg(second, 0).writesCovered());

        var narrower = k.part(twoDim(250, 100), values, sizes, 1, 0, 50);
        assertEquals(ranges(0, (49 * 256 + 250) * 4), arg(narrower, 0).writes());
        assertFalse(arg(narrower, 0).writesCovered());
    }

    @Test
    void saxpyReadsAndWritesItsHalfOfY() {
        KernelAccesses k = kernel("saxpy");
        assertArrayEquals(new int[] {0}, k.splittableDims(1));
        byte[][] values = {float32(2), null, null};
        long[] sizes = {0, 4000, 4000};
        var second = k.part(oneDim(1000), values, sizes, 0, 500, 1000);
        assertEquals(1, split(second).args().get(0).arg());
        assertEquals(ranges(2000, 4000), arg(second, 1).reads());
        assertEquals(List.of(), arg(second, 1).writes());
        assertEquals(ranges(2000, 4000), arg(second, 2).reads());
        assertEquals(ranges(2000, 4000), arg(second, 2).writes());
        assertTrue(arg(second, 2).writesCovered());
    }

    @Test
    void matmulRowsReadTheirRowsOfAAndAllOfB() {
        KernelAccesses k = kernel("matmul");
        long n = 64;
        long bytes = n * n * 4;
        var top = k.part(twoDim(n, n), new byte[][] {null, null, null, int32((int) n)},
            new long[] {bytes, bytes, bytes, 0}, 1, 0, 32);
        assertEquals(ranges(0, 32 * n * 4), arg(top, 0).reads());
        assertEquals(ranges(0, bytes), arg(top, 1).reads());
        assertEquals(ranges(0, 32 * n * 4), arg(top, 2).writes());
        assertTrue(arg(top, 2).writesCovered());
        assertFalse(arg(top, 0).writesCovered());
    }

    @Test
    void addWithAnOffsetCutsAtAbsoluteIds() {
        var part = kernel("add").part(new Geometry(1, new long[] {100}, new long[] {200}, new long[] {50}),
            new byte[][] {null, null, null}, new long[] {1200, 1200, 1200}, 0, 150, 300);
        assertEquals(ranges(600, 1200), arg(part, 0).reads());
        assertEquals(ranges(600, 1200), arg(part, 1).reads());
        assertEquals(ranges(600, 1200), arg(part, 2).writes());
        assertTrue(arg(part, 2).writesCovered());
    }
}
