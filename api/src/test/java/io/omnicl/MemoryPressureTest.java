package io.omnicl;

import io.omnicl.driver.DeviceCounters;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_buffer_region;
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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Devices with little memory ({@code OMNICL_DEVICE_MEM_LIMIT=1M} over two PoCL devices, set by the
 * {@code pressure} execution): buffers totalling four times a device's memory are worked on through
 * eviction, and one buffer larger than any device can allocate is worked on through sub-buffers.
 */
@Tag("pressure")
class MemoryPressureTest {

    private static final long LIMIT = 1 << 20;
    /** Ints per buffer: a quarter of a device's memory each. */
    private static final int INTS = (int) (LIMIT / 4 / Sizeof.cl_int);
    private static final String SOURCE = String.join("\n",
            "__kernel void advance(__global int* data, const int base, const int round) {",
            "    int i = get_global_id(0); data[i] = data[i] * 3 + base + i + round;",
            "}",
            "__kernel void twice(__global const int* in, __global int* out) {",
            "    int i = get_global_id(0); out[i] = 2 * in[i] + out[i];",
            "}");

    private static cl_platform_id platform;
    private static cl_device_id[] devices;
    private static cl_context context;
    private static cl_program program;

    @BeforeAll
    static void setUp() {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] p = new cl_platform_id[1];
        clGetPlatformIDs(1, p, null);
        platform = p[0];
        int[] n = new int[1];
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, n);
        devices = new cl_device_id[n[0]];
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, n[0], devices, null);
        assertEquals(3, devices.length, "the virtual device and two pinned ones");
        context = clCreateContext(null, devices.length, devices, null, null, null);
        program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        for (int d = 1; d < devices.length; d++) {
            assertEquals(LIMIT, longInfo(devices[d], CL_DEVICE_GLOBAL_MEM_SIZE), "each real device has 1 MiB");
            assertEquals(LIMIT, longInfo(devices[d], CL_DEVICE_MAX_MEM_ALLOC_SIZE));
        }
    }

    @AfterAll
    static void tearDown() {
        clReleaseProgram(program);
        clReleaseContext(context);
    }

    private static long longInfo(cl_device_id device, int param) {
        long[] v = new long[1];
        clGetDeviceInfo(device, param, Sizeof.cl_ulong, Pointer.to(v), null);
        return v[0];
    }

    private static long evictions() {
        return OmniCL.counters().stream().mapToLong(DeviceCounters::evictions).sum();
    }

    /** What {@code advance} leaves in element {@code i} after the given rounds, from {@code start}. */
    private static int stepped(int start, int base, int i, int rounds) {
        int v = start;
        for (int r = 0; r < rounds; r++) {
            v = v * 3 + base + i + r;
        }
        return v;
    }

    private static cl_kernel kernel(String name, Object... args) {
        return Kernels.create(program, name, args);
    }

    private static void run(cl_command_queue queue, cl_kernel k, long items) {
        clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {items}, null, 0, null, null);
        clReleaseKernel(k);
    }

    /**
     * 32 buffers of a quarter device each (4x the two devices' memory together) are stepped in rounds, and
     * pairs combined; every result is checked against the host's computation.
     */
    private static void manyBuffers(cl_device_id device) {
        cl_command_queue queue = clCreateCommandQueue(context, device, 0, null);
        int count = 32;
        int rounds = 3;
        List<cl_mem> buffers = new ArrayList<>();
        int[][] expected = new int[count][INTS];
        for (int b = 0; b < count; b++) {
            int[] init = new int[INTS];
            for (int i = 0; i < INTS; i++) {
                init[i] = b * 7 + i;
            }
            buffers.add(clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, (long) INTS * Sizeof.cl_int,
                    Pointer.to(init), null));
            expected[b] = init;
        }
        for (int r = 0; r < rounds; r++) {
            for (int b = 0; b < count; b++) {
                run(queue, kernel("advance", buffers.get(b), b, r), INTS);
                for (int i = 0; i < INTS; i++) {
                    expected[b][i] = expected[b][i] * 3 + b + i + r;
                }
            }
            for (int b = 0; b + 1 < count; b += 2) {
                run(queue, kernel("twice", buffers.get(b), buffers.get(b + 1)), INTS);
                for (int i = 0; i < INTS; i++) {
                    expected[b + 1][i] = 2 * expected[b][i] + expected[b + 1][i];
                }
            }
        }
        for (int b = 0; b < count; b++) {
            int[] got = new int[INTS];
            clEnqueueReadBuffer(queue, buffers.get(b), CL_TRUE, 0, (long) INTS * Sizeof.cl_int, Pointer.to(got), 0,
                    null, null);
            assertArrayEquals(expected[b], got, "buffer " + b);
        }
        buffers.forEach(CL::clReleaseMemObject);
        clReleaseCommandQueue(queue);
    }

    @Test
    void buffersFourTimesTheDevicesMemoryOnTheVirtualDevice() {
        long before = evictions();
        manyBuffers(devices[0]);
        assertTrue(evictions() > before, "the devices had to evict");
        for (DeviceCounters c : OmniCL.counters()) {
            assertTrue(c.bytesAllocated() <= LIMIT, c.device() + " holds " + c.bytesAllocated());
        }
    }

    @Test
    void buffersFourTimesTheDeviceMemoryOnAPinnedDevice() {
        long before = OmniCL.counters().get(1).evictions();
        manyBuffers(devices[2]);
        assertTrue(OmniCL.counters().get(1).evictions() > before, "the device had to evict");
    }

    /**
     * A buffer just too large to be kept whole on a device is held there in chunks around the ranges
     * commands use. A copy from bytes [1, 4) and then a fill of [2, 4) with a 2-byte pattern on a pinned device:
     * the fill's offset into its chunk must still be a multiple of the pattern (a chunk starting at byte 1
     * made the device refuse the fill, and the buffer kept its old bytes).
     */
    @Test
    void fillOfAChunkedBufferAfterAnUnalignedCopy() {
        for (int d = 1; d < devices.length; d++) {
            cl_command_queue queue = clCreateCommandQueue(context, devices[d], 0, null);
            byte[] model = new byte[(int) (LIMIT / 4) + 1];
            for (int i = 0; i < model.length; i++) {
                model[i] = (byte) (i * 7 + d);
            }
            cl_mem big = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, model.length,
                    Pointer.to(model), null);
            cl_mem small = clCreateBuffer(context, CL_MEM_READ_WRITE, 4, null, null);
            clEnqueueCopyBuffer(queue, big, small, 1, 0, 3, 0, null, null);
            byte[] pattern = {(byte) 0xc1, 0x5c};
            cl_event fill = new cl_event();
            clEnqueueFillBuffer(queue, big, Pointer.to(pattern), 2, 2, 2, 0, null, fill);
            clWaitForEvents(1, new cl_event[] {fill});
            clReleaseEvent(fill);
            model[2] = pattern[0];
            model[3] = pattern[1];
            byte[] got = new byte[model.length];
            clEnqueueReadBuffer(queue, big, CL_TRUE, 0, model.length, Pointer.to(got), 0, null, null);
            assertArrayEquals(model, got, "device " + d);
            clReleaseMemObject(small);
            clReleaseMemObject(big);
            clReleaseCommandQueue(queue);
        }
    }

    /**
     * A buffer of 2 MiB, larger than either device can allocate, is stepped through 128 KiB sub-buffers on
     * both devices, written and read in part by the host, and copied within; every byte is checked.
     */
    @Test
    void bufferLargerThanAnyDeviceWorksThroughSubBuffers() {
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);
        int total = (int) (2 * LIMIT / Sizeof.cl_int);
        int part = total / 16;
        int[] model = new int[total];
        for (int i = 0; i < total; i++) {
            model[i] = i ^ 0x5a5a;
        }
        cl_mem big = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, (long) total * Sizeof.cl_int,
                Pointer.to(model), null);
        List<cl_mem> parts = new ArrayList<>();
        for (int p = 0; p < 16; p++) {
            cl_buffer_region region = new cl_buffer_region((long) p * part * Sizeof.cl_int, (long) part * Sizeof.cl_int);
            parts.add(clCreateSubBuffer(big, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, region, null));
        }
        for (int round = 0; round < 2; round++) {
            for (int p = 0; p < 16; p++) {
                run(queue, kernel("advance", parts.get(p), p, round), part);
                for (int i = 0; i < part; i++) {
                    model[p * part + i] = stepped(model[p * part + i], p, i, 1) + round;
                }
            }
            // the host rewrites a range across two sub-buffers
            int[] patch = new int[part];
            for (int i = 0; i < part; i++) {
                patch[i] = -i - round;
            }
            int at = 3 * part + part / 2;
            clEnqueueWriteBuffer(queue, big, CL_TRUE, (long) at * Sizeof.cl_int, (long) part * Sizeof.cl_int,
                    Pointer.to(patch), 0, null, null);
            System.arraycopy(patch, 0, model, at, part);
            // a device-side copy from one part to another
            clEnqueueCopyBuffer(queue, parts.get(1), parts.get(10), 0, 0, (long) part * Sizeof.cl_int, 0, null, null);
            System.arraycopy(model, part, model, 10 * part, part);
        }
        int[] got = new int[total];
        clEnqueueReadBuffer(queue, big, CL_TRUE, 0, (long) total * Sizeof.cl_int, Pointer.to(got), 0, null, null);
        assertArrayEquals(model, got);

        // the whole buffer as an argument fits no device
        cl_kernel whole = kernel("advance", big, 0, 0);
        CLException e = assertThrows(CLException.class, () -> clEnqueueNDRangeKernel(queue, whole, 1, null,
                new long[] {total}, null, 0, null, null));
        assertEquals(CL_MEM_OBJECT_ALLOCATION_FAILURE, e.getStatus());
        clReleaseKernel(whole);
        parts.forEach(CL::clReleaseMemObject);
        clReleaseMemObject(big);
        clReleaseCommandQueue(queue);
    }
}
