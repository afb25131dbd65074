package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Handles used after their last release. On a real driver this is undefined behaviour (it may crash the
 * JVM), so every test here runs on OmniCL only and shows as skipped on the reference; OmniCL promises
 * the matching CL_INVALID_* code instead.
 */
@SuppressWarnings("deprecation") // OpenCL 1.2 entry points that JOCL marks deprecated for 2.0
class ReleasedHandleTest extends ClTestBase {

    private static final String SOURCE = "kernel void k(global int* a, int c) { a[get_global_id(0)] = c; }\n";

    @BeforeEach
    void onlyOnOmniCL() {
        assumeTrue(Target.isOmniCL(), "use after release is undefined behaviour on the reference driver");
    }

    @Test
    void releasedBufferIsInvalidMemObject() {
        int[] e = err();
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, null, e);
        ok(e[0], "buffer");
        ok(clReleaseMemObject(m), "last release");
        assertStatus(CL_INVALID_MEM_OBJECT, clGetMemObjectInfo(m, CL_MEM_SIZE, 0, null, new long[1]), "info");
        assertStatus(CL_INVALID_MEM_OBJECT, clRetainMemObject(m), "retain");
        assertStatus(CL_INVALID_MEM_OBJECT, clReleaseMemObject(m), "second release");
        byte[] host = new byte[64];
        assertStatus(CL_INVALID_MEM_OBJECT, clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 64, Pointer.to(host), 0, null,
                null), "read");
    }

    @Test
    void releasedBufferAsKernelArgumentIsInvalidMemObject() {
        cl_kernel k = kernel(program(SOURCE, null), "k");
        int[] e = err();
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, null, e);
        ok(e[0], "buffer");
        ok(clReleaseMemObject(m), "last release");
        assertStatus(CL_INVALID_MEM_OBJECT, clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(m)));
    }

    @Test
    void retainedBufferOutlivesOneRelease() {
        int[] e = err();
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, null, e);
        ok(e[0], "buffer");
        ok(clRetainMemObject(m), "retain");
        ok(clReleaseMemObject(m), "first release");
        ok(clGetMemObjectInfo(m, CL_MEM_SIZE, Sizeof.size_t, Pointer.to(new long[1]), null), "still valid");
        ok(clReleaseMemObject(m), "last release");
        assertStatus(CL_INVALID_MEM_OBJECT, clGetMemObjectInfo(m, CL_MEM_SIZE, 0, null, new long[1]), "gone");
    }

    @Test
    void releasedKernelIsInvalidKernel() {
        cl_program p = program(SOURCE, null);
        int[] e = err();
        cl_kernel k = clCreateKernel(p, "k", e);
        ok(e[0], "kernel");
        ok(clReleaseKernel(k), "last release");
        assertStatus(CL_INVALID_KERNEL, clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, 0, null, new long[1]), "info");
        assertStatus(CL_INVALID_KERNEL, clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[] {1})), "set arg");
        assertStatus(CL_INVALID_KERNEL, clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {1}, null, 0, null,
                null), "enqueue");
        assertStatus(CL_INVALID_KERNEL, clReleaseKernel(k), "second release");
    }

    @Test
    void releasedProgramIsInvalidProgram() {
        int[] e = err();
        cl_program p = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, e);
        ok(e[0], "program");
        ok(clReleaseProgram(p), "last release");
        assertStatus(CL_INVALID_PROGRAM, clBuildProgram(p, 0, null, null, null, null), "build");
        assertStatus(CL_INVALID_PROGRAM, clGetProgramInfo(p, CL_PROGRAM_SOURCE, 0, null, new long[1]), "info");
        e = err();
        clCreateKernel(p, "k", e);
        assertStatus(CL_INVALID_PROGRAM, e[0], "create kernel");
    }

    @Test
    void releasedQueueIsInvalidCommandQueue() {
        cl_command_queue q = createQueue(context, device, 0);
        ok(clReleaseCommandQueue(q), "last release");
        assertStatus(CL_INVALID_COMMAND_QUEUE, clFinish(q), "finish");
        assertStatus(CL_INVALID_COMMAND_QUEUE, clFlush(q), "flush");
        assertStatus(CL_INVALID_COMMAND_QUEUE, clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, 0, null,
                new long[1]), "info");
        assertStatus(CL_INVALID_COMMAND_QUEUE, clEnqueueMarkerWithWaitList(q, 0, null, null), "marker");
    }

    @Test
    void releasedContextIsInvalidContext() {
        cl_context c = createContext(device);
        ok(clReleaseContext(c), "last release");
        assertStatus(CL_INVALID_CONTEXT, clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, 0, null, new long[1]), "info");
        int[] e = err();
        clCreateBuffer(c, CL_MEM_READ_WRITE, 64, null, e);
        assertStatus(CL_INVALID_CONTEXT, e[0], "create buffer");
        e = err();
        clCreateCommandQueue(c, device, 0, e);
        assertStatus(CL_INVALID_CONTEXT, e[0], "create queue");
    }

    @Test
    void releasedEventIsInvalidEvent() {
        cl_event ev = newEvent();
        ok(clEnqueueMarkerWithWaitList(queue, 0, null, ev), "marker");
        waitFor(ev);
        ok(clReleaseEvent(ev), "last release");
        assertStatus(CL_INVALID_EVENT, clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, 0, null, new long[1]), "info");
        assertStatus(CL_INVALID_EVENT, clWaitForEvents(1, new cl_event[] {ev}), "wait");
        assertStatus(CL_INVALID_EVENT, clReleaseEvent(ev), "second release");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMarkerWithWaitList(queue, 1, new cl_event[] {ev}, null),
                "in a wait list");
    }
}
