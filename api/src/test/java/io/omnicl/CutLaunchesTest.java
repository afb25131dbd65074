package io.omnicl;

import io.omnicl.driver.DeviceCounters;
import io.omnicl.driver.LaunchSplits;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One launch over the whole data, as existing programs make them, runs on both PoCL devices of the virtual
 * device when the kernel's source shows what each part reads and writes; the program sees the result of the
 * launch run whole. Run with {@code OMNICL_SPLIT=always} (the execution of group "cut"), so that every launch the
 * source allows is cut, whichever way ended sooner before.
 */
@Tag("cut")
class CutLaunchesTest {

    private static final String SOURCE = String.join("\n",
            "__kernel void saxpy(const float a, __global const float* x, __global float* y) {",
            "    int i = get_global_id(0);",
            "    y[i] = a * x[i] + y[i];",
            "}",
            "__kernel void frame(__global int* out, const int width) {",
            "    int x = get_global_id(0);",
            "    int y = get_global_id(1);",
            "    out[y * width + x] = x * 3 + y * 5;",
            "}",
            "__kernel void jacobi(__global const float* src, __global float* dst, const int n) {",
            "    int x = get_global_id(0);",
            "    int y = get_global_id(1);",
            "    int i = y * n + x;",
            "    if (x == 0 || y == 0 || x == n - 1 || y == n - 1) {",
            "        dst[i] = src[i];",
            "    } else {",
            "        dst[i] = 0.25f * ((src[i - 1] + src[i + 1]) + (src[i - n] + src[i + n]));",
            "    }",
            "}",
            "__kernel void rows(__global int* out, const int width) {",
            "    int x = get_global_id(0);",
            "    int y = get_global_id(1);",
            "    int m = 0;",
            "    while (m < y) m++;",
            "    out[y * width + x] = m + x;",
            "}",
            "__kernel void count(__global int* hits, __global const int* data) {",
            "    if (data[get_global_id(0)] > 0) atomic_inc(&hits[0]);",
            "}",
            "__kernel void geometry(__global int* out) {",
            "    int i = 5 * (get_global_id(0) - get_global_offset(0));",
            "    out[i] = get_global_size(0);",
            "    out[i + 1] = get_global_offset(0);",
            "    out[i + 2] = get_group_id(0);",
            "    out[i + 3] = get_num_groups(0);",
            "    out[i + 4] = get_local_id(0);",
            "}",
            "__kernel void sums(__global const int* in, __global int* partial, __local int* scratch) {",
            "    int lid = get_local_id(0);",
            "    scratch[lid] = in[get_global_id(0)];",
            "    barrier(CLK_LOCAL_MEM_FENCE);",
            "    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {",
            "        if (lid < s) scratch[lid] += scratch[lid + s];",
            "        barrier(CLK_LOCAL_MEM_FENCE);",
            "    }",
            "    if (lid == 0) partial[get_group_id(0)] = scratch[0];",
            "}");

    private static cl_context context;
    private static cl_command_queue queue;
    private static cl_command_queue profiled;
    private static cl_program program;

    @BeforeAll
    static void setUp() {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platform = new cl_platform_id[1];
        clGetPlatformIDs(1, platform, null);
        cl_device_id[] device = new cl_device_id[1];
        clGetDeviceIDs(platform[0], CL_DEVICE_TYPE_DEFAULT, 1, device, null);
        context = clCreateContext(null, 1, device, null, null, null);
        queue = clCreateCommandQueue(context, device[0], 0, null);
        profiled = clCreateCommandQueue(context, device[0], CL_QUEUE_PROFILING_ENABLE, null);
        program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        assertEquals(2, OmniCL.counters().size(), "the tests run over POCL_DEVICES=\"basic basic\"");
    }

    @AfterAll
    static void tearDown() {
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseCommandQueue(profiled);
        clReleaseContext(context);
    }

    private static cl_mem floats(float[] values) {
        return clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, (long) Sizeof.cl_float * values.length,
                Pointer.to(values), null);
    }

    private static cl_kernel kernel(String name, Object... args) {
        return Kernels.create(program, name, args);
    }

    private static float[] readFloats(cl_mem m, int n) {
        float[] out = new float[n];
        clEnqueueReadBuffer(queue, m, true, 0, (long) Sizeof.cl_float * n, Pointer.to(out), 0, null, null);
        return out;
    }

    /** Kernels each device ran since {@code before}. */
    private static long[] kernelsSince(long[] before) {
        long[] now = OmniCL.kernelsPerDevice();
        return new long[] {now[0] - before[0], now[1] - before[1]};
    }

    @Test
    void aVectorOperationRunsOnBothDevicesAndGivesTheWholeLaunchsResult() {
        int n = 1 << 16;
        float[] x = new float[n];
        float[] y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = 1000 - i;
        }
        cl_mem xs = floats(x);
        cl_mem ys = floats(y);
        cl_kernel k = kernel("saxpy", 0.5f, xs, ys);
        long[] before = OmniCL.kernelsPerDevice();
        long cutBefore = OmniCL.launchSplits().split();
        clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {n}, null, 0, null, null);
        float[] got = readFloats(ys, n);
        for (int i = 0; i < n; i++) {
            assertEquals(0.5f * x[i] + y[i], got[i], "element " + i);
        }
        assertEquals(cutBefore + 1, OmniCL.launchSplits().split(), "the launch was cut");
        assertArrayEquals(new long[] {1, 1}, kernelsSince(before), "each device ran one part");
        clReleaseKernel(k);
        clReleaseMemObject(xs);
        clReleaseMemObject(ys);
    }

    @Test
    void aFrameOfOneLaunchWithAnOffsetIsCutAlongItsRows() {
        int width = 64;
        int height = 96;
        int rowsFrom = 8;
        int[] out = new int[width * height];
        cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                (long) Sizeof.cl_int * out.length, Pointer.to(out), null);
        cl_kernel k = kernel("frame", buffer, width);
        long[] before = OmniCL.kernelsPerDevice();
        clEnqueueNDRangeKernel(queue, k, 2, new long[] {0, rowsFrom}, new long[] {width, height - rowsFrom}, null,
                0, null, null);
        clEnqueueReadBuffer(queue, buffer, true, 0, (long) Sizeof.cl_int * out.length, Pointer.to(out), 0, null,
                null);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                assertEquals(y < rowsFrom ? 0 : x * 3 + y * 5, out[y * width + x], "pixel " + x + ", " + y);
            }
        }
        assertArrayEquals(new long[] {1, 1}, kernelsSince(before), "each device ran one part");
        clReleaseKernel(k);
        clReleaseMemObject(buffer);
    }

    /** What each device wrote of a cut launch lands in its place in a direct buffer read whole, from an offset on. */
    @Test
    void aCutLaunchsResultReadIntoADirectBufferLandsInPlace() {
        int width = 64;
        int height = 128;
        cl_mem buffer = clCreateBuffer(context, CL_MEM_WRITE_ONLY, (long) Sizeof.cl_int * width * height, null, null);
        cl_kernel k = kernel("frame", buffer, width);
        long[] before = OmniCL.kernelsPerDevice();
        clEnqueueNDRangeKernel(queue, k, 2, null, new long[] {width, height}, null, 0, null, null);
        int skipped = 3 * width + 5;
        java.nio.ByteBuffer into = java.nio.ByteBuffer.allocateDirect(Sizeof.cl_int * (width * height - skipped))
                .order(java.nio.ByteOrder.nativeOrder());
        clEnqueueReadBuffer(queue, buffer, true, (long) Sizeof.cl_int * skipped, into.capacity(), Pointer.to(into), 0,
                null, null);
        for (int i = skipped; i < width * height; i++) {
            int x = i % width;
            int y = i / width;
            assertEquals(x * 3 + y * 5, into.getInt(Sizeof.cl_int * (i - skipped)), "pixel " + x + ", " + y);
        }
        assertArrayEquals(new long[] {1, 1}, kernelsSince(before), "each device ran one part");
        clReleaseKernel(k);
        clReleaseMemObject(buffer);
    }

    /**
     * Work that grows row by row is cut into shrinking blocks: two for each device at once, the rest as they free
     * up.
     */
    @Test
    void anIrregularLaunchIsCutIntoBlocksBothDevicesTake() {
        int width = 32;
        int height = 256;
        int[] out = new int[width * height];
        cl_mem buffer = clCreateBuffer(context, CL_MEM_WRITE_ONLY, (long) Sizeof.cl_int * out.length, null, null);
        cl_kernel k = kernel("rows", buffer, width);
        long[] before = OmniCL.kernelsPerDevice();
        clEnqueueNDRangeKernel(queue, k, 2, null, new long[] {width, height}, null, 0, null, null);
        clEnqueueReadBuffer(queue, buffer, true, 0, (long) Sizeof.cl_int * out.length, Pointer.to(out), 0, null,
                null);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                assertEquals(y + x, out[y * width + x], "pixel " + x + ", " + y);
            }
        }
        long[] ran = kernelsSince(before);
        // two each at once, the rest as they free up
        assertTrue(ran[0] >= 2 && ran[1] >= 2 && ran[0] + ran[1] > 4, "blocks each device ran: "
                + java.util.Arrays.toString(ran));
        clReleaseKernel(k);
        clReleaseMemObject(buffer);
    }

    /**
     * A stencil swept over the same two buffers keeps each device's rows on that device: after the first sweep,
     * only the rows on either side of the cut go between the devices. Once, the devices' shares may move with what
     * the performance model learns (by design, when they move by more than a few percent; on two cores a busy moment
     * at a JVM's start does it), and that move's rows go too.
     */
    @Test
    void aStencilRepeatedOverTheSameBuffersMovesOnlyTheRowsAtTheCut() {
        int n = 256;
        int sweeps = 20;
        float[] grid = new float[n * n];
        for (int i = 0; i < grid.length; i++) {
            grid[i] = (i * 31) % 17;
        }
        cl_mem a = floats(grid);
        cl_mem b = floats(new float[n * n]);
        cl_kernel forth = kernel("jacobi", a, b, n);
        cl_kernel back = kernel("jacobi", b, a, n);
        clEnqueueNDRangeKernel(queue, forth, 2, null, new long[] {n, n}, null, 0, null, null);
        clEnqueueNDRangeKernel(queue, back, 2, null, new long[] {n, n}, null, 0, null, null);
        clFinish(queue);
        long row = (long) Sizeof.cl_float * n;
        List<Long> perPair = new ArrayList<>();
        for (int s = 2; s < sweeps; s += 2) {
            long moved = bytesMoved();
            clEnqueueNDRangeKernel(queue, forth, 2, null, new long[] {n, n}, null, 0, null, null);
            clEnqueueNDRangeKernel(queue, back, 2, null, new long[] {n, n}, null, 0, null, null);
            clFinish(queue);
            perPair.add(bytesMoved() - moved);
        }
        // a row each way to the host and a row each way to a device, per sweep; but for one pair of sweeps at most
        long over = perPair.stream().filter(bytes -> bytes > 2 * 4 * row).count();
        assertTrue(over <= 1, "bytes moved by each pair of sweeps: " + perPair + ", a row is " + row);
        float[] expected = grid.clone();
        float[] next = new float[n * n];
        for (int s = 0; s < sweeps; s++) {
            for (int y = 0; y < n; y++) {
                for (int x = 0; x < n; x++) {
                    int i = y * n + x;
                    next[i] = x == 0 || y == 0 || x == n - 1 || y == n - 1 ? expected[i]
                            : 0.25f * ((expected[i - 1] + expected[i + 1]) + (expected[i - n] + expected[i + n]));
                }
            }
            float[] t = expected;
            expected = next;
            next = t;
        }
        assertArrayEquals(expected, readFloats(a, n * n));
        clReleaseKernel(forth);
        clReleaseKernel(back);
        clReleaseMemObject(a);
        clReleaseMemObject(b);
    }

    private static long bytesMoved() {
        long sum = 0;
        for (DeviceCounters c : OmniCL.counters()) {
            sum += c.bytesToDevice() + c.bytesToHost();
        }
        return sum;
    }

    /** A kernel asking the geometry along the cut runs its parts as the variant that answers as the whole launch. */
    @Test
    void everyPartOfACutLaunchSeesTheWholeLaunchsSizeOffsetAndGroups() {
        int n = 1024;
        int offset = 64;
        int local = 16;
        cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, (long) Sizeof.cl_int * 5 * n, null, null);
        cl_kernel k = kernel("geometry", out);
        long[] before = OmniCL.kernelsPerDevice();
        long cutBefore = OmniCL.launchSplits().split();
        clEnqueueNDRangeKernel(queue, k, 1, new long[] {offset}, new long[] {n}, new long[] {local}, 0, null, null);
        int[] got = new int[5 * n];
        clEnqueueReadBuffer(queue, out, true, 0, (long) Sizeof.cl_int * got.length, Pointer.to(got), 0, null, null);
        for (int i = 0; i < n; i++) {
            int[] expected = {n, offset, i / local, n / local, i % local};
            assertArrayEquals(expected, java.util.Arrays.copyOfRange(got, 5 * i, 5 * i + 5), "work-item " + i);
        }
        assertEquals(cutBefore + 1, OmniCL.launchSplits().split(), "the launch was cut");
        assertArrayEquals(new long[] {1, 1}, kernelsSince(before), "each device ran one part");
        clReleaseKernel(k);
        clReleaseMemObject(out);
    }

    /**
     * A kernel made and released for each launch: the next one takes the real kernels of the variant the last one
     * left, with the arguments they were set to, and must launch with its own.
     */
    @Test
    void kernelsMadeForEachCutLaunchEachSeeTheirOwnGeometry() {
        int n = 512;
        int local = 32;
        for (int round = 0; round < 3; round++) {
            int offset = 32 * round;
            cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, (long) Sizeof.cl_int * 5 * n, null, null);
            cl_kernel k = kernel("geometry", out);
            long cutBefore = OmniCL.launchSplits().split();
            clEnqueueNDRangeKernel(queue, k, 1, new long[] {offset}, new long[] {n}, new long[] {local}, 0, null,
                    null);
            int[] got = new int[5 * n];
            clEnqueueReadBuffer(queue, out, true, 0, (long) Sizeof.cl_int * got.length, Pointer.to(got), 0, null,
                    null);
            for (int i = 0; i < n; i++) {
                int[] expected = {n, offset, i / local, n / local, i % local};
                assertArrayEquals(expected, java.util.Arrays.copyOfRange(got, 5 * i, 5 * i + 5),
                        "round " + round + ", work-item " + i);
            }
            assertEquals(cutBefore + 1, OmniCL.launchSplits().split(), "the launch was cut");
            clReleaseKernel(k);
            clReleaseMemObject(out);
        }
    }

    /** OpenCL 3.0's linear global id counts from the whole launch's first work-item in every part. */
    @Test
    void everyPartOfACutLaunchSeesTheWholeLaunchsLinearIds() {
        cl_program cl3 = clCreateProgramWithSource(context, 1, new String[] {
            "__kernel void linear(__global int* out) { out[get_global_id(0)] = get_global_linear_id(); }"}, null, null);
        clBuildProgram(cl3, 0, null, "-cl-std=CL3.0", null, null);
        int offset = 96;
        int n = 2048;
        cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, (long) Sizeof.cl_int * (offset + n), null, null);
        cl_kernel k = Kernels.create(cl3, "linear", out);
        long cutBefore = OmniCL.launchSplits().split();
        clEnqueueNDRangeKernel(queue, k, 1, new long[] {offset}, new long[] {n}, new long[] {32}, 0, null, null);
        int[] got = new int[n];
        clEnqueueReadBuffer(queue, out, true, (long) Sizeof.cl_int * offset, (long) Sizeof.cl_int * n, Pointer.to(got),
                0, null, null);
        for (int i = 0; i < n; i++) {
            assertEquals(i, got[i], "work-item " + (offset + i));
        }
        assertEquals(cutBefore + 1, OmniCL.launchSplits().split(), "the launch was cut");
        clReleaseKernel(k);
        clReleaseMemObject(out);
        clReleaseProgram(cl3);
    }

    /** A work-group reduction through local memory writes each group's sum at the group's place in the whole launch. */
    @Test
    void aReductionCutAcrossDevicesWritesEveryGroupsSumInItsPlace() {
        int n = 1 << 14;
        int local = 64;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = i % 97 - 40;
        }
        cl_mem in = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) Sizeof.cl_int * n,
                Pointer.to(data), null);
        int groups = n / local;
        cl_mem partial = clCreateBuffer(context, CL_MEM_READ_WRITE, (long) Sizeof.cl_int * groups, null, null);
        cl_kernel k = Kernels.create(program, "sums", in, partial);
        clSetKernelArg(k, 2, (long) Sizeof.cl_int * local, null);
        long[] before = OmniCL.kernelsPerDevice();
        long cutBefore = OmniCL.launchSplits().split();
        clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {n}, new long[] {local}, 0, null, null);
        int[] got = new int[groups];
        clEnqueueReadBuffer(queue, partial, true, 0, (long) Sizeof.cl_int * groups, Pointer.to(got), 0, null, null);
        for (int g = 0; g < groups; g++) {
            int sum = 0;
            for (int i = g * local; i < (g + 1) * local; i++) {
                sum += data[i];
            }
            assertEquals(sum, got[g], "group " + g);
        }
        assertEquals(cutBefore + 1, OmniCL.launchSplits().split(), "the launch was cut");
        long[] ran = kernelsSince(before);
        assertTrue(ran[0] > 0 && ran[1] > 0, "each device ran parts: " + java.util.Arrays.toString(ran));
        clReleaseKernel(k);
        clReleaseMemObject(in);
        clReleaseMemObject(partial);
    }

    @Test
    void aKernelWithAGlobalAtomicRunsWholeAndSaysWhy() {
        int n = 4096;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = i % 3 - 1;
        }
        cl_mem values = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) Sizeof.cl_int * n,
                Pointer.to(data), null);
        cl_mem hits = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, Sizeof.cl_int,
                Pointer.to(new int[1]), null);
        cl_kernel k = kernel("count", hits, values);
        LaunchSplits before = OmniCL.launchSplits();
        clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {n}, null, 0, null, null);
        int[] got = new int[1];
        clEnqueueReadBuffer(queue, hits, true, 0, Sizeof.cl_int, Pointer.to(got), 0, null, null);
        LaunchSplits after = OmniCL.launchSplits();
        long expected = 0;
        for (int v : data) {
            expected += v > 0 ? 1 : 0;
        }
        assertEquals(expected, got[0]);
        assertEquals(before.split(), after.split(), "not cut");
        List<String> atomics = after.wholeByReason().keySet().stream().filter(r -> r.contains("atomic")).toList();
        assertEquals(1, atomics.size(), "whole because of its atomic: " + after.wholeByReason());
        assertEquals(before.wholeByReason().getOrDefault(atomics.get(0), 0L) + 1,
                after.wholeByReason().get(atomics.get(0)));
        clReleaseKernel(k);
        clReleaseMemObject(values);
        clReleaseMemObject(hits);
    }

    @Test
    void aProfiledCutLaunchReportsOneSpanCoveringItsParts() {
        int n = 1 << 16;
        cl_mem xs = floats(new float[n]);
        cl_mem ys = floats(new float[n]);
        cl_kernel k = kernel("saxpy", 2.0f, xs, ys);
        long cutBefore = OmniCL.launchSplits().split();
        cl_event e = new cl_event();
        clEnqueueNDRangeKernel(profiled, k, 1, null, new long[] {n}, null, 0, null, e);
        clWaitForEvents(1, new cl_event[] {e});
        long[] t = new long[4];
        int[] params = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT, CL_PROFILING_COMMAND_START,
                CL_PROFILING_COMMAND_END};
        for (int i = 0; i < 4; i++) {
            long[] v = new long[1];
            clGetEventProfilingInfo(e, params[i], Sizeof.cl_ulong, Pointer.to(v), null);
            t[i] = v[0];
        }
        assertEquals(cutBefore + 1, OmniCL.launchSplits().split(), "the launch was cut");
        assertTrue(t[0] <= t[1] && t[1] <= t[2] && t[2] <= t[3], "queued, submitted, started, ended in order: "
                + java.util.Arrays.toString(t));
        clReleaseEvent(e);
        clReleaseKernel(k);
        clReleaseMemObject(xs);
        clReleaseMemObject(ys);
    }
}
