package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** clEnqueueNDRangeKernel and clEnqueueTask: shapes, offsets, local sizes, results and bad input. */
@SuppressWarnings("deprecation") // OpenCL 1.2 entry points that JOCL marks deprecated for 2.0
class NDRangeTest extends ClTestBase {

    private static final String SOURCE = ""
            + "kernel void vadd(global const float* a, global const float* b, global float* c) {\n"
            + "  size_t i = get_global_id(0); c[i] = a[i] + b[i];\n"
            + "}\n"
            + "kernel void index1(global int* out, int base) {\n"
            + "  size_t g = get_global_id(0); out[g - get_global_offset(0)] = (int) g * 3 + base;\n"
            + "}\n"
            + "kernel void index2(global int* out) {\n"
            + "  size_t x = get_global_id(0) - get_global_offset(0), y = get_global_id(1) - get_global_offset(1);\n"
            + "  out[y * get_global_size(0) + x] = (int) (get_global_id(0) * 1000 + get_global_id(1));\n"
            + "}\n"
            + "kernel void index3(global int* out) {\n"
            + "  size_t x = get_global_id(0) - get_global_offset(0), y = get_global_id(1) - get_global_offset(1);\n"
            + "  size_t z = get_global_id(2) - get_global_offset(2);\n"
            + "  out[(z * get_global_size(1) + y) * get_global_size(0) + x] =\n"
            + "      (int) (get_global_id(0) * 10000 + get_global_id(1) * 100 + get_global_id(2));\n"
            + "}\n"
            + "kernel void geometry(global int* out) {\n"
            + "  size_t g = get_global_id(0);\n"
            + "  out[4 * g] = (int) get_local_id(0); out[4 * g + 1] = (int) get_group_id(0);\n"
            + "  out[4 * g + 2] = (int) get_local_size(0); out[4 * g + 3] = (int) get_num_groups(0);\n"
            + "}\n"
            + "kernel void geometry2(global int* out) {\n"
            + "  size_t x = get_global_id(0), y = get_global_id(1), i = 2 * (y * get_global_size(0) + x);\n"
            + "  out[i] = (int) (get_local_id(0) * 100 + get_local_id(1));\n"
            + "  out[i + 1] = (int) (get_group_id(0) * 100 + get_group_id(1));\n"
            + "}\n"
            + "kernel void dims(global int* out) {\n"
            + "  if (get_global_id(0) == 0 && get_global_id(1) == 0 && get_global_id(2) == 0) {\n"
            + "    out[0] = (int) get_work_dim(); out[1] = (int) get_global_size(0);\n"
            + "    out[2] = (int) get_global_size(1); out[3] = (int) get_global_size(2);\n"
            + "  }\n"
            + "}\n"
            + "kernel __attribute__((reqd_work_group_size(8, 1, 1))) void fixed8(global int* out) {\n"
            + "  out[get_global_id(0)] = (int) get_local_id(0);\n"
            + "}\n";

    private cl_program program;

    @BeforeAll
    void buildOnce() {
        program = program(SOURCE, null);
    }

    private int run(cl_kernel k, int dims, long[] offset, long[] global, long[] local) {
        return clEnqueueNDRangeKernel(queue, k, dims, offset, global, local, 0, null, null);
    }

    private long kernelWorkGroupSize(cl_kernel k) {
        return Info.sizeT(workGroupQ(k, device), CL_KERNEL_WORK_GROUP_SIZE);
    }

    @Test
    void vectorAddWithoutLocalSize() {
        int n = 1000;
        float[] a = new float[n];
        float[] b = new float[n];
        float[] expected = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5f;
            b[i] = 100 - i;
            expected[i] = a[i] + b[i];
        }
        cl_mem ma = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) n * Sizeof.cl_float, Pointer.to(a));
        cl_mem mb = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) n * Sizeof.cl_float, Pointer.to(b));
        cl_mem mc = buffer(CL_MEM_WRITE_ONLY, (long) n * Sizeof.cl_float, null);
        cl_kernel k = kernel(program, "vadd");
        argMem(k, 0, ma);
        argMem(k, 1, mb);
        argMem(k, 2, mc);
        ok(run(k, 1, null, new long[] {n}, null), "run");
        float[] c = new float[n];
        ok(clEnqueueReadBuffer(queue, mc, CL_TRUE, 0, (long) n * Sizeof.cl_float, Pointer.to(c), 0, null, null),
                "read");
        for (int i = 0; i < n; i++) {
            assertEquals(expected[i], c[i], "element " + i);
        }
    }

    @Test
    void oneDimensionWithLocalSizeHasTheRightGeometry() {
        cl_kernel k = kernel(program, "geometry");
        int local = (int) Math.min(16, kernelWorkGroupSize(k));
        int groups = 12;
        int n = local * groups;
        cl_mem out = intBuffer(4 * n);
        argMem(k, 0, out);
        ok(run(k, 1, null, new long[] {n}, new long[] {local}), "run");
        int[] expected = new int[4 * n];
        for (int g = 0; g < n; g++) {
            expected[4 * g] = g % local;
            expected[4 * g + 1] = g / local;
            expected[4 * g + 2] = local;
            expected[4 * g + 3] = groups;
        }
        assertArrayEquals(expected, readInts(out, 4 * n));
    }

    @Test
    void oneDimensionWithOffset() {
        cl_kernel k = kernel(program, "index1");
        int n = 300;
        int offset = 1234;
        cl_mem out = intBuffer(n);
        argMem(k, 0, out);
        argInt(k, 1, 7);
        ok(run(k, 1, new long[] {offset}, new long[] {n}, null), "run");
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            expected[i] = (offset + i) * 3 + 7;
        }
        assertArrayEquals(expected, readInts(out, n));
    }

    @Test
    void twoDimensionsWithoutLocalSize() {
        int w = 37;
        int h = 23;
        cl_kernel k = kernel(program, "index2");
        cl_mem out = intBuffer(w * h);
        argMem(k, 0, out);
        ok(run(k, 2, null, new long[] {w, h}, null), "run");
        int[] expected = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                expected[y * w + x] = x * 1000 + y;
            }
        }
        assertArrayEquals(expected, readInts(out, w * h));
    }

    @Test
    void twoDimensionsWithOffset() {
        int w = 16;
        int h = 10;
        int ox = 5;
        int oy = 40;
        cl_kernel k = kernel(program, "index2");
        cl_mem out = intBuffer(w * h);
        argMem(k, 0, out);
        ok(run(k, 2, new long[] {ox, oy}, new long[] {w, h}, null), "run");
        int[] expected = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                expected[y * w + x] = (x + ox) * 1000 + (y + oy);
            }
        }
        assertArrayEquals(expected, readInts(out, w * h));
    }

    @Test
    void twoDimensionsWithLocalSizeHaveTheRightGeometry() {
        cl_kernel k = kernel(program, "geometry2");
        assumeTrue(kernelWorkGroupSize(k) >= 8, "kernel work-group size below 8");
        int lx = 4;
        int ly = 2;
        int w = 12;
        int h = 6;
        cl_mem out = intBuffer(2 * w * h);
        argMem(k, 0, out);
        ok(run(k, 2, null, new long[] {w, h}, new long[] {lx, ly}), "run");
        int[] expected = new int[2 * w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = 2 * (y * w + x);
                expected[i] = (x % lx) * 100 + (y % ly);
                expected[i + 1] = (x / lx) * 100 + (y / ly);
            }
        }
        assertArrayEquals(expected, readInts(out, 2 * w * h));
    }

    @Test
    void threeDimensionsWithoutLocalSize() {
        int w = 9;
        int h = 7;
        int d = 5;
        cl_kernel k = kernel(program, "index3");
        cl_mem out = intBuffer(w * h * d);
        argMem(k, 0, out);
        ok(run(k, 3, null, new long[] {w, h, d}, null), "run");
        int[] expected = new int[w * h * d];
        for (int z = 0; z < d; z++) {
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    expected[(z * h + y) * w + x] = x * 10000 + y * 100 + z;
                }
            }
        }
        assertArrayEquals(expected, readInts(out, w * h * d));
    }

    @Test
    void threeDimensionsWithOffsetAndLocalSize() {
        int w = 8;
        int h = 4;
        int d = 6;
        long[] offset = {3, 2, 1};
        cl_kernel k = kernel(program, "index3");
        assumeTrue(kernelWorkGroupSize(k) >= 8, "kernel work-group size below 8");
        cl_mem out = intBuffer(w * h * d);
        argMem(k, 0, out);
        ok(run(k, 3, offset, new long[] {w, h, d}, new long[] {2, 2, 2}), "run");
        int[] expected = new int[w * h * d];
        for (int z = 0; z < d; z++) {
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    expected[(z * h + y) * w + x] = (x + 3) * 10000 + (y + 2) * 100 + (z + 1);
                }
            }
        }
        assertArrayEquals(expected, readInts(out, w * h * d));
    }

    @Test
    void workDimensionAndGlobalSizesAreVisibleToTheKernel() {
        cl_kernel k = kernel(program, "dims");
        cl_mem out = intBuffer(4);
        argMem(k, 0, out);
        long[][] shapes = {{40}, {6, 5}, {4, 3, 2}};
        for (long[] shape : shapes) {
            writeInts(out, new int[4]);
            ok(run(k, shape.length, null, shape, null), "run " + shape.length + "D");
            int[] expected = {shape.length, (int) shape[0], shape.length > 1 ? (int) shape[1] : 1,
                shape.length > 2 ? (int) shape[2] : 1};
            assertArrayEquals(expected, readInts(out, 4), shape.length + "D");
        }
    }

    @Test
    void taskRunsOneWorkItem() {
        cl_kernel k = kernel(program, "dims");
        cl_mem out = intBuffer(4);
        argMem(k, 0, out);
        ok(clEnqueueTask(queue, k, 0, null, null), "clEnqueueTask");
        assertArrayEquals(new int[] {1, 1, 1, 1}, readInts(out, 4));
    }

    @Test
    void largeRangeComputesEveryElement() {
        int n = 1 << 20;
        cl_kernel k = kernel(program, "index1");
        cl_mem out = intBuffer(n);
        argMem(k, 0, out);
        argInt(k, 1, -5);
        ok(run(k, 1, null, new long[] {n}, null), "run");
        int[] result = readInts(out, n);
        for (int i = 0; i < n; i++) {
            if (result[i] != i * 3 - 5) {
                assertEquals(i * 3 - 5, result[i], "element " + i);
            }
        }
    }

    @Test
    void localSizeThatDoesNotDivideGlobalIsInvalidWorkGroupSize() {
        cl_kernel k = kernel(program, "index1");
        cl_mem out = intBuffer(100);
        argMem(k, 0, out);
        argInt(k, 1, 0);
        assertStatus(CL_INVALID_WORK_GROUP_SIZE, run(k, 1, null, new long[] {100}, new long[] {3}));
    }

    @Test
    void localSizeAboveTheKernelLimitIsInvalidWorkGroupSize() {
        cl_kernel k = kernel(program, "index2");
        cl_mem out = intBuffer(16);
        argMem(k, 0, out);
        long limit = kernelWorkGroupSize(k);
        long[] items = Info.sizeTArray(deviceQ(device), CL_DEVICE_MAX_WORK_ITEM_SIZES);
        // a 2D group whose sides are each allowed but whose product is too large
        long lx = Math.min(items[0], limit);
        long ly = Math.min(items[1], 2);
        assumeTrue(lx * ly > limit, "no 2D group with allowed sides exceeds the limit");
        assertStatus(CL_INVALID_WORK_GROUP_SIZE, run(k, 2, null, new long[] {lx, ly}, new long[] {lx, ly}));
    }

    @Test
    void workDimensionZeroOrFourIsInvalidWorkDimension() {
        cl_kernel k = kernel(program, "dims");
        cl_mem out = intBuffer(4);
        argMem(k, 0, out);
        assertStatus(CL_INVALID_WORK_DIMENSION, run(k, 0, null, new long[] {1}, null), "work_dim 0");
        assertStatus(CL_INVALID_WORK_DIMENSION, run(k, 4, null, new long[] {1, 1, 1, 1}, null), "work_dim 4");
    }

    @Test
    void unsetArgumentsAreInvalidKernelArgs() {
        cl_kernel none = kernel(program, "vadd");
        assertStatus(CL_INVALID_KERNEL_ARGS, run(none, 1, null, new long[] {4}, null), "no argument set");
        cl_kernel some = kernel(program, "vadd");
        cl_mem m = buffer(CL_MEM_READ_WRITE, 16, null);
        argMem(some, 0, m);
        argMem(some, 1, m);
        assertStatus(CL_INVALID_KERNEL_ARGS, run(some, 1, null, new long[] {4}, null), "last argument unset");
        assertStatus(CL_INVALID_KERNEL_ARGS, clEnqueueTask(queue, some, 0, null, null), "task");
    }

    @Test
    void requiredWorkGroupSizeMustBeMatched() {
        cl_kernel k = kernel(program, "fixed8");
        int n = 64;
        cl_mem out = intBuffer(n);
        argMem(k, 0, out);
        assertStatus(CL_INVALID_WORK_GROUP_SIZE, run(k, 1, null, new long[] {n}, new long[] {16}), "local 16");
        assertStatus(CL_INVALID_WORK_GROUP_SIZE, run(k, 1, null, new long[] {n}, null), "no local size");
        ok(run(k, 1, null, new long[] {n}, new long[] {8}), "local 8");
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            expected[i] = i % 8;
        }
        assertArrayEquals(expected, readInts(out, n));
    }

    @Test
    void kernelOfAnotherContextIsInvalidContext() {
        cl_context other = track(createContext(device));
        cl_program p = program(other, device, SOURCE, null);
        int[] e = err();
        cl_kernel k = track(clCreateKernel(p, "dims", e));
        ok(e[0], "kernel in the other context");
        e = err();
        cl_mem m = track(clCreateBuffer(other, CL_MEM_READ_WRITE, 16, null, e));
        ok(e[0], "buffer in the other context");
        argMem(k, 0, m);
        assertStatus(CL_INVALID_CONTEXT, run(k, 1, null, new long[] {1}, null));
    }
}
