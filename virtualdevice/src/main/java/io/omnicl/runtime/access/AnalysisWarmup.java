package io.omnicl.runtime.access;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Runs the kernel analysis over kernels of its own, on a thread with nothing else to do while a program starts: a
 * program's first launch that may be cut would otherwise pay, on its own thread and while its devices wait, for the
 * JVM's first run of this code (its lambdas and records linked, its methods interpreted). The kernels are of the kinds
 * programs launch whole over their data: a frame drawn by a loop that stops where a point escapes, a stencil with
 * a guarded border, a matrix product's loop, an update indexed by work-group. Pure: it uses no device and nothing a
 * program's analyses use.
 */
public final class AnalysisWarmup {

    /** Grid side of the launches asked about. */
    static final int SIDE = 64;

    static final String FRAME = "__kernel void frame(__global int* out, const int width, const int steps) {"
            + " int x = get_global_id(0); int y = get_global_id(1);"
            + " float cr = -2.0f + x * (3.0f / width); float ci = -1.5f + y * (3.0f / width);"
            + " float zr = 0.0f, zi = 0.0f; int n = 0;"
            + " while (n < steps && zr * zr + zi * zi <= 4.0f) {"
            + " float t = zr * zr - zi * zi + cr; zi = 2.0f * zr * zi + ci; zr = t; n++; }"
            + " out[y * width + x] = n; }";

    static final String STENCIL = "__kernel void sweep(__global float* next, __global const float* grid, const int n) {"
            + " int x = get_global_id(0); int y = get_global_id(1);"
            + " if (x > 0 && y > 0 && x < n - 1 && y < n - 1) {"
            + " next[y * n + x] = 0.25f * (grid[y * n + x - 1] + grid[y * n + x + 1]"
            + " + grid[(y - 1) * n + x] + grid[(y + 1) * n + x]); } }";

    static final String PRODUCT = "__kernel void product(__global float* c, __global const float* a,"
            + " __global const float* b, const int n) { int col = get_global_id(0); int row = get_global_id(1);"
            + " float sum = 0.0f; for (int k = 0; k < n; k++) { sum += a[row * n + k] * b[k * n + col]; }"
            + " c[row * n + col] = sum; }";

    static final String GROUPS = "__kernel void axpy(__global float* y, __global const float* x, const float a) {"
            + " int i = get_group_id(0) * get_local_size(0) + get_local_id(0); y[i] = a * x[i] + y[i]; }";

    private AnalysisWarmup() {
    }

    /** Analyses each kernel and what its first half of a launch reads and writes; returns those verdicts. */
    public static List<PartVerdict> run() {
        byte[] side = ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.nativeOrder()).putInt(SIDE).array();
        long grid = (long) SIDE * SIDE * Float.BYTES;
        Geometry square = new Geometry(2, new long[2], new long[] {SIDE, SIDE}, null);
        Geometry line = new Geometry(1, new long[1], new long[] {grid / Float.BYTES}, new long[] {SIDE});
        return List.of(
                firstHalf(FRAME, "frame", square, new byte[][] {null, side, side}, new long[] {grid, 0, 0}, 1),
                firstHalf(STENCIL, "sweep", square, new byte[][] {null, null, side}, new long[] {grid, grid, 0}, 1),
                firstHalf(PRODUCT, "product", square, new byte[][] {null, null, null, side},
                        new long[] {grid, grid, grid, 0}, 1),
                firstHalf(GROUPS, "axpy", line, new byte[][] {null, null, side}, new long[] {grid, grid, 0}, 0));
    }

    private static PartVerdict firstHalf(String source, String kernel, Geometry g, byte[][] values, long[] bytes,
                                         int dim) {
        KernelAccesses accesses = KernelAccesses.analyse(source, "", kernel);
        accesses.splittableDims(g.workDim());
        return accesses.part(g, values, bytes, dim, 0, g.global()[dim] / 2);
    }
}
