package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashSet;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A context over two devices of the platform (CTS multiple_device_context): a queue per device, buffers shared
 * between them, work on both queues ordered by events, results checked. Every test skips on a platform with a
 * single device; run the reference with -Dreference.pocl.devices="basic basic" to prove them.
 */
class MultiDeviceContextTest extends ClTestBase {

    private static final int N = 2048;
    private static final long BYTES = 4L * N;
    private static final String SOURCE = ""
            + "kernel void add(global int* a, int c) { size_t i = get_global_id(0); a[i] += c; }\n"
            + "kernel void mul(global int* a, int f) { size_t i = get_global_id(0); a[i] *= f; }\n";

    private cl_device_id second;
    private cl_context both;
    private cl_command_queue q0;
    private cl_command_queue q1;
    private cl_program program;

    @BeforeAll
    void setUpClass() {
        second = otherDevice();
        if (second == null) {
            return;
        }
        both = keep(createContext(device, second));
        q0 = keep(createQueue(both, device, 0));
        q1 = keep(createQueue(both, second, 0));
        int[] e = err();
        program = keep(clCreateProgramWithSource(both, 1, new String[] {SOURCE}, null, e));
        ok(e[0], "program");
        ok(clBuildProgram(program, 0, null, null, null, null), "build for both devices");
    }

    @BeforeEach
    void needTwoDevices() {
        assumeTrue(second != null, "the platform has a single device");
    }

    private cl_mem shared(int[] data) {
        int[] e = err();
        cl_mem m = clCreateBuffer(both, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4L * data.length, Pointer.to(data),
                e);
        ok(e[0], "clCreateBuffer on the two-device context");
        return track(m);
    }

    private cl_event op(cl_command_queue q, String name, cl_mem m, int value, cl_event... waitList) {
        cl_kernel k = kernel(program, name);
        argMem(k, 0, m);
        argInt(k, 1, value);
        cl_event e = track(newEvent());
        ok(clEnqueueNDRangeKernel(q, k, 1, null, new long[] {N}, null, waitList.length,
                waitList.length == 0 ? null : waitList, e), name);
        return e;
    }

    private static int[] affine(int[] x, int mul, int add) {
        int[] out = new int[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i] * mul + add;
        }
        return out;
    }

    @Test
    void contextListsBothDevices() {
        assertEquals(2, Info.uint(contextQ(both), CL_CONTEXT_NUM_DEVICES));
        cl_device_id[] devices = {new cl_device_id(), new cl_device_id()};
        ok(clGetContextInfo(both, CL_CONTEXT_DEVICES, 2L * Sizeof.cl_device_id, Pointer.to(devices), null),
                "CL_CONTEXT_DEVICES");
        assertEquals(new HashSet<>(Arrays.asList(device, second)), new HashSet<>(Arrays.asList(devices)));
    }

    @Test
    void eachQueueReportsItsDeviceAndTheSharedContext() {
        assertEquals(device, handleInfo(queueQ(q0), CL_QUEUE_DEVICE, new cl_device_id()));
        assertEquals(second, handleInfo(queueQ(q1), CL_QUEUE_DEVICE, new cl_device_id()));
        assertEquals(both, handleInfo(queueQ(q0), CL_QUEUE_CONTEXT, new cl_context()));
        assertEquals(both, handleInfo(queueQ(q1), CL_QUEUE_CONTEXT, new cl_context()));
    }

    @Test
    void programIsBuiltForBothDevices() {
        assertEquals(2, Info.uint(programQ(program), CL_PROGRAM_NUM_DEVICES));
        assertEquals(CL_BUILD_SUCCESS, Info.uint(buildQ(program, device), CL_PROGRAM_BUILD_STATUS));
        assertEquals(CL_BUILD_SUCCESS, Info.uint(buildQ(program, second), CL_PROGRAM_BUILD_STATUS));
        assertEquals(2, Info.sizeTArray(programQ(program), CL_PROGRAM_BINARY_SIZES).length, "a binary per device");
        cl_kernel k = kernel(program, "add");
        for (cl_device_id d : new cl_device_id[] {device, second}) {
            long wg = Info.sizeT(workGroupQ(k, d), CL_KERNEL_WORK_GROUP_SIZE);
            assertTrue(wg >= 1 && wg <= Info.sizeT(deviceQ(d), CL_DEVICE_MAX_WORK_GROUP_SIZE), "work-group size " + wg);
        }
    }

    @Test
    void dataWrittenThroughOneDevicesQueueIsReadThroughTheOthers() {
        cl_mem m = shared(new int[N]);
        int[] data = ramp(N, 7, -70);
        ok(clEnqueueWriteBuffer(q0, m, CL_TRUE, 0, BYTES, Pointer.to(data), 0, null, null), "write on device 0");
        assertArrayEquals(data, readInts(q1, m, N), "read on the second device");
        int[] more = ramp(N, -1, 1);
        ok(clEnqueueWriteBuffer(q1, m, CL_TRUE, 0, BYTES, Pointer.to(more), 0, null, null), "write on device 1");
        assertArrayEquals(more, readInts(q0, m, N), "read back on the first device");
    }

    @Test
    void kernelsOnBothDevicesOrderedByEvents() {
        int[] data = ramp(N, 1, 0);
        cl_mem m = shared(data);
        cl_event a = op(q0, "add", m, 3);
        cl_event b = op(q1, "mul", m, 5, a);
        cl_event c = op(q0, "add", m, -2, b);
        cl_event d = op(q1, "mul", m, -1, c);
        waitFor(d);
        assertArrayEquals(affine(affine(affine(data, 1, 3), 5, -2), -1, 0), readInts(q0, m, N));
    }

    @Test
    void eachDeviceWorksOnItsOwnHalfOfASharedBuffer() {
        long align = Math.max(baseAlignBytes(device), baseAlignBytes(second));
        int half = (int) (align * ((BYTES / 2 + align - 1) / align) / 4);
        int[] data = ramp(2 * half, 1, 10);
        cl_mem m = shared(data);
        int[] e = err();
        cl_mem low = track(clCreateSubBuffer(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                new org.jocl.cl_buffer_region(0, 4L * half), e));
        ok(e[0], "low half");
        e = err();
        cl_mem high = track(clCreateSubBuffer(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                new org.jocl.cl_buffer_region(4L * half, 4L * half), e));
        ok(e[0], "high half");
        cl_kernel k0 = kernel(program, "mul");
        argMem(k0, 0, low);
        argInt(k0, 1, 2);
        cl_kernel k1 = kernel(program, "add");
        argMem(k1, 0, high);
        argInt(k1, 1, 1000);
        cl_event e0 = track(newEvent());
        cl_event e1 = track(newEvent());
        ok(clEnqueueNDRangeKernel(q0, k0, 1, null, new long[] {half}, null, 0, null, e0), "device 0");
        ok(clEnqueueNDRangeKernel(q1, k1, 1, null, new long[] {half}, null, 0, null, e1), "device 1");
        int[] out = new int[2 * half];
        ok(clEnqueueReadBuffer(q0, m, CL_TRUE, 0, 8L * half, Pointer.to(out), 2, new cl_event[] {e0, e1}, null),
                "read the parent after both");
        int[] expected = new int[2 * half];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = i < half ? data[i] * 2 : data[i] + 1000;
        }
        assertArrayEquals(expected, out);
    }

    @Test
    void copyOnOneDeviceAfterAKernelOnTheOther() {
        int[] data = ramp(N, 3, 3);
        cl_mem src = shared(data);
        cl_mem dst = shared(new int[N]);
        cl_event run = op(q1, "add", src, 1);
        cl_event copied = track(newEvent());
        ok(clEnqueueCopyBuffer(q0, src, dst, 0, 0, BYTES, 1, new cl_event[] {run}, copied), "copy on device 0");
        waitFor(copied);
        assertArrayEquals(affine(data, 1, 1), readInts(q1, dst, N));
    }

    @Test
    void mapOnOneDeviceAfterAKernelOnTheOther() {
        int[] data = ramp(N, 2, 2);
        cl_mem m = shared(data);
        cl_event run = op(q1, "mul", m, 3);
        int[] e = err();
        ByteBuffer mapped = clEnqueueMapBuffer(q0, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, BYTES, 1,
                new cl_event[] {run}, null, e);
        ok(e[0], "map on device 0");
        mapped.order(ByteOrder.nativeOrder());
        int[] seen = new int[N];
        mapped.asIntBuffer().get(seen);
        assertArrayEquals(affine(data, 3, 0), seen);
        for (int i = 0; i < N; i++) {
            mapped.putInt(4 * i, seen[i] + 1);
        }
        ok(clEnqueueUnmapMemObject(q0, m, mapped, 0, null, null), "unmap");
        finish(q0);
        assertArrayEquals(affine(data, 3, 1), readInts(q1, m, N), "the second device sees the host's writes");
    }

    @Test
    void migrationBetweenTheDevicesKeepsTheData() {
        int[] data = ramp(N, 5, -5);
        cl_mem m = shared(data);
        ok(clEnqueueMigrateMemObjects(q1, 1, new cl_mem[] {m}, 0, 0, null, null), "to device 1");
        cl_event run = op(q1, "add", m, 1);
        cl_event back = track(newEvent());
        ok(clEnqueueMigrateMemObjects(q0, 1, new cl_mem[] {m}, 0, 1, new cl_event[] {run}, back), "to device 0");
        waitFor(back);
        assertArrayEquals(affine(data, 1, 1), readInts(q0, m, N));
    }

    @Test
    void markersOnEachQueueJoinTheOther() {
        cl_mem a = shared(ramp(N, 1, 0));
        cl_mem b = shared(ramp(N, 1, 0));
        cl_event ea = op(q0, "add", a, 1);
        cl_event eb = op(q1, "add", b, 2);
        cl_event m0 = track(newEvent());
        cl_event m1 = track(newEvent());
        ok(clEnqueueMarkerWithWaitList(q0, 1, new cl_event[] {eb}, m0), "marker on 0 for 1");
        ok(clEnqueueMarkerWithWaitList(q1, 1, new cl_event[] {ea}, m1), "marker on 1 for 0");
        waitFor(m0, m1);
        assertEquals(CL_COMPLETE, execStatus(ea));
        assertEquals(CL_COMPLETE, execStatus(eb));
        assertArrayEquals(ramp(N, 1, 1), readInts(q1, a, N));
        assertArrayEquals(ramp(N, 1, 2), readInts(q0, b, N));
    }

    @Test
    @Tag(Target.USER_EVENT_GATE)
    void userEventHoldsBackBothDevicesQueues() {
        cl_mem a = shared(ramp(N, 1, 0));
        cl_mem b = shared(ramp(N, 1, 0));
        int[] e = err();
        cl_event gate = track(clCreateUserEvent(both, e));
        ok(e[0], "user event");
        cl_event ea = op(q0, "add", a, 4, gate);
        cl_event eb = op(q1, "add", b, 5, gate);
        ok(clFlush(q0), "flush");
        ok(clFlush(q1), "flush");
        try {
            assertTrue(execStatus(ea) != CL_COMPLETE && execStatus(eb) != CL_COMPLETE, "both wait for the gate");
        } finally {
            ok(clSetUserEventStatus(gate, CL_COMPLETE), "open the gate");
        }
        waitFor(ea, eb);
        assertArrayEquals(ramp(N, 1, 4), readInts(q0, a, N));
        assertArrayEquals(ramp(N, 1, 5), readInts(q1, b, N));
    }

    /**
     * Only the built device is used: PoCL 3.1 answers CL_BUILD_SUCCESS for the other device's build status and
     * aborts (an assertion in pocl_ndrange_kernel_common) when the kernel is enqueued there, where the
     * specification says CL_BUILD_NONE and CL_INVALID_PROGRAM_EXECUTABLE.
     */
    @Test
    void programBuiltForOneDeviceOfTheContextRunsOnIt() {
        int[] e = err();
        cl_program p = track(clCreateProgramWithSource(both, 1, new String[] {SOURCE}, null, e));
        ok(e[0], "program");
        ok(clBuildProgram(p, 1, new cl_device_id[] {second}, null, null, null), "build for the second device only");
        assertEquals(CL_BUILD_SUCCESS, Info.uint(buildQ(p, second), CL_PROGRAM_BUILD_STATUS));
        cl_kernel k = kernel(p, "add");
        cl_mem m = shared(ramp(N, 1, 0));
        argMem(k, 0, m);
        argInt(k, 1, 1);
        ok(clEnqueueNDRangeKernel(q1, k, 1, null, new long[] {N}, null, 0, null, null), "run on the built device");
        assertArrayEquals(ramp(N, 1, 1), readInts(q1, m, N));
    }

    @Test
    void queueForADeviceOutsideTheContextIsInvalidDevice() {
        int[] e = err();
        clCreateCommandQueue(context, second, 0, e); // context holds the first device alone
        assertStatus(CL_INVALID_DEVICE, e[0]);
    }
}
