package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Launches of the kind a virtual device may cut across its real devices (each work-item's writes known from the
 * source): every work-item must see the geometry of the launch the program made, with offsets, given and null
 * work-group sizes, and the results must be those of the launch run whole: stencils that read their neighbours,
 * updates in place, guards on padded sizes.
 */
class CutLaunchTest extends ClTestBase {

    private static final int FIELDS = 7;

    private static final String SOURCE = ""
            + "kernel void where2(global int* out, int w, int oy) {\n"
            + "  int x = get_global_id(0) - get_global_offset(0);\n"
            + "  int y = get_global_id(1) - oy;\n"
            + "  int i = 7 * (y * w + x);\n"
            + "  out[i] = get_global_id(0); out[i + 1] = get_global_id(1);\n"
            + "  out[i + 2] = get_local_id(0); out[i + 3] = get_local_id(1);\n"
            + "  out[i + 4] = get_group_id(0); out[i + 5] = get_local_size(1);\n"
            + "  out[i + 6] = get_global_size(0) * 100 + get_num_groups(0);\n"
            + "}\n"
            + "kernel void whereRows(global int* out, int w) {\n"
            + "  int i = 4 * ((get_global_id(1) - get_global_offset(1)) * w + get_global_id(0));\n"
            + "  out[i] = get_global_size(1); out[i + 1] = get_global_offset(1);\n"
            + "  out[i + 2] = get_group_id(1); out[i + 3] = get_num_groups(1);\n"
            + "}\n"
            + "kernel void sums(global const int* in, global int* partial, local int* scratch) {\n"
            + "  int lid = get_local_id(0);\n"
            + "  scratch[lid] = in[get_global_id(0)];\n"
            + "  barrier(CLK_LOCAL_MEM_FENCE);\n"
            + "  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {\n"
            + "    if (lid < s) scratch[lid] += scratch[lid + s];\n"
            + "    barrier(CLK_LOCAL_MEM_FENCE);\n"
            + "  }\n"
            + "  if (lid == 0) partial[get_group_id(0)] = scratch[0];\n"
            + "}\n"
            + "kernel void inc(global int* a) {\n"
            + "  a[get_global_id(0)] += 1;\n"
            + "}\n"
            + "kernel void blur(global const int* in, global int* out, int n) {\n"
            + "  int i = get_global_id(0);\n"
            + "  if (i > 0 && i < n - 1) {\n"
            + "    out[i] = in[i - 1] + in[i] + in[i + 1];\n"
            + "  } else {\n"
            + "    out[i] = in[i];\n"
            + "  }\n"
            + "}\n"
            + "kernel void padded(global const float* x, global float* y, int n) {\n"
            + "  int i = get_global_id(0);\n"
            + "  if (i >= n) return;\n"
            + "  y[i] = 2.0f * x[i] + y[i];\n"
            + "}\n";

    private cl_program program;

    @BeforeAll
    void buildOnce() {
        program = program(SOURCE, null);
    }

    private void where2(long[] offset, long[] global, long[] local) {
        int w = (int) global[0];
        int h = (int) global[1];
        cl_mem out = intBuffer(FIELDS * w * h);
        cl_kernel k = kernel(program, "where2");
        argMem(k, 0, out);
        argInt(k, 1, w);
        argInt(k, 2, (int) offset[1]);
        clEnqueueNDRangeKernel(queue, k, 2, offset, global, local, 0, null, null);
        int[] got = readInts(out, FIELDS * w * h);
        int[] expected = new int[got.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = FIELDS * (y * w + x);
                expected[i] = (int) offset[0] + x;
                expected[i + 1] = (int) offset[1] + y;
                expected[i + 5] = local == null ? got[i + 5] : (int) local[1];
                int groups0 = local == null ? got[i + 6] % 100 : (int) (global[0] / local[0]);
                expected[i + 6] = w * 100 + groups0;
                long size0 = local == null ? global[0] / groups0 : local[0];
                long size1 = expected[i + 5];
                expected[i + 2] = (int) (x % size0);
                expected[i + 3] = (int) (y % size1);
                expected[i + 4] = (int) (x / size0);
            }
        }
        assertArrayEquals(expected, got);
    }

    @Test
    void everyWorkItemSeesTheGeometryOfTheLaunchWithAGivenWorkGroupSize() {
        where2(new long[] {3, 5}, new long[] {8, 12}, new long[] {4, 2});
    }

    @Test
    void everyWorkItemSeesTheGeometryOfTheLaunchWithoutAWorkGroupSize() {
        where2(new long[] {0, 7}, new long[] {16, 64}, null);
    }

    /** Asked along the slowest dimension, the one a launch is cut along first. */
    @Test
    void everyWorkItemSeesTheSizeOffsetAndGroupsOfTheLaunchAlongItsRows() {
        int w = 4;
        int h = 48;
        int oy = 6;
        int ly = 4;
        cl_mem out = intBuffer(4 * w * h);
        cl_kernel k = kernel(program, "whereRows");
        argMem(k, 0, out);
        argInt(k, 1, w);
        clEnqueueNDRangeKernel(queue, k, 2, new long[] {0, oy}, new long[] {w, h}, new long[] {2, ly}, 0, null, null);
        int[] expected = new int[4 * w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = 4 * (y * w + x);
                expected[i] = h;
                expected[i + 1] = oy;
                expected[i + 2] = y / ly;
                expected[i + 3] = h / ly;
            }
        }
        assertArrayEquals(expected, readInts(out, 4 * w * h));
    }

    @Test
    void aWorkGroupReductionWritesEachGroupsSumAtItsGroupId() {
        int n = 4096;
        int local = 32;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = (i * 13) % 29 - 14;
        }
        cl_mem in = intBuffer(data);
        cl_mem partial = intBuffer(n / local);
        cl_kernel k = kernel(program, "sums");
        argMem(k, 0, in);
        argMem(k, 1, partial);
        clSetKernelArg(k, 2, (long) Sizeof.cl_int * local, null);
        clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {n}, new long[] {local}, 0, null, null);
        int[] expected = new int[n / local];
        for (int i = 0; i < n; i++) {
            expected[i / local] += data[i];
        }
        assertArrayEquals(expected, readInts(partial, n / local));
    }

    @Test
    void anUpdateInPlaceOverAnOffsetTouchesOnlyItsRange() {
        int n = 4096;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = i * 7;
        }
        cl_mem a = intBuffer(data);
        cl_kernel k = kernel(program, "inc");
        argMem(k, 0, a);
        clEnqueueNDRangeKernel(queue, k, 1, new long[] {256}, new long[] {2048}, null, 0, null, null);
        clEnqueueNDRangeKernel(queue, k, 1, new long[] {512}, new long[] {1024}, new long[] {64}, 0, null, null);
        int[] expected = data.clone();
        for (int i = 256; i < 256 + 2048; i++) {
            expected[i]++;
        }
        for (int i = 512; i < 512 + 1024; i++) {
            expected[i]++;
        }
        assertArrayEquals(expected, readInts(a, n));
    }

    @Test
    void aStencilSweptBackAndForthReadsItsNeighboursAcrossTheWholeArray() {
        int n = 8192;
        int[] start = new int[n];
        for (int i = 0; i < n; i++) {
            start[i] = (i * 37) % 11;
        }
        cl_mem a = intBuffer(start);
        cl_mem b = intBuffer(n);
        cl_kernel k = kernel(program, "blur");
        argInt(k, 2, n);
        int[] expected = start.clone();
        for (int step = 0; step < 6; step++) {
            argMem(k, 0, step % 2 == 0 ? a : b);
            argMem(k, 1, step % 2 == 0 ? b : a);
            clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {n}, null, 0, null, null);
            int[] next = new int[n];
            for (int i = 0; i < n; i++) {
                next[i] = i > 0 && i < n - 1 ? expected[i - 1] + expected[i] + expected[i + 1] : expected[i];
            }
            expected = next;
        }
        assertArrayEquals(expected, readInts(a, n));
    }

    @Test
    void aGuardOnAPaddedSizeLeavesTheBytesPastItAlone() {
        int n = 1000;
        int padded = 1024;
        float[] x = new float[padded];
        float[] y = new float[padded];
        for (int i = 0; i < padded; i++) {
            x[i] = i;
            y[i] = -i;
        }
        cl_mem xs = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) Sizeof.cl_float * padded, Pointer.to(x));
        cl_mem ys = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, (long) Sizeof.cl_float * padded, Pointer.to(y));
        cl_kernel k = kernel(program, "padded");
        argMem(k, 0, xs);
        argMem(k, 1, ys);
        argInt(k, 2, n);
        clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {padded}, new long[] {64}, 0, null, null);
        float[] got = new float[padded];
        clEnqueueReadBuffer(queue, ys, CL_TRUE, 0, (long) Sizeof.cl_float * padded, Pointer.to(got), 0, null, null);
        float[] expected = y.clone();
        for (int i = 0; i < n; i++) {
            expected[i] = 2.0f * x[i] + y[i];
        }
        assertArrayEquals(expected, got);
    }
}
