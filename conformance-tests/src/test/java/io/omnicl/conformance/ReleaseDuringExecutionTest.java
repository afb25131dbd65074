package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.Test;

/**
 * Releasing objects while commands that use them are still queued or running (the CTS
 * {@code release_during_execute} case): OpenCL keeps each object alive until the commands using it are
 * done, so the commands complete with the right results, and the events stay usable until released.
 */
@SuppressWarnings("deprecation") // OpenCL 1.2 entry points that JOCL marks deprecated for 2.0
class ReleaseDuringExecutionTest extends ClTestBase {

    private static final int N = 1 << 16;
    /** Enough work per item that the launch is still running when the releases come. */
    private static final String SOURCE = String.join("\n",
            "kernel void spin(global const int* in, global int* out, int rounds) {",
            "  int i = get_global_id(0); int s = in[i];",
            "  for (int r = 0; r < rounds; r++) { s = s * 1103515245 + 12345; }",
            "  out[i] = s;",
            "}");
    private static final int ROUNDS = 2000;

    private static int expected(int start) {
        int s = start;
        for (int r = 0; r < ROUNDS; r++) {
            s = s * 1103515245 + 12345;
        }
        return s;
    }

    private static int[] input() {
        int[] in = new int[N];
        for (int i = 0; i < N; i++) {
            in[i] = i * 7 + 1;
        }
        return in;
    }

    /** The launch with its own context, queue, program, kernel and input, all released at once after it. */
    @Test
    void everythingReleasedWhileTheKernelRunsLetsItComplete() {
        int[] e = err();
        cl_context ctx = createContext(device);
        cl_command_queue q = createQueue(ctx, device, 0);
        cl_program p = program(ctx, device, SOURCE, null);
        untrack(p);
        cl_kernel k = clCreateKernel(p, "spin", e);
        ok(e[0], "kernel");
        int[] in = input();
        cl_mem input = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) N * Sizeof.cl_int,
                Pointer.to(in), e);
        ok(e[0], "input");
        ByteBuffer out = ByteBuffer.allocateDirect(N * Sizeof.cl_int).order(ByteOrder.nativeOrder());
        cl_mem output = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, (long) N * Sizeof.cl_int, null, e);
        ok(e[0], "output");
        argMem(k, 0, input);
        argMem(k, 1, output);
        argInt(k, 2, ROUNDS);
        cl_event ran = new cl_event();
        ok(clEnqueueNDRangeKernel(q, k, 1, null, new long[] {N}, null, 0, null, ran), "launch");
        cl_event read = new cl_event();
        ok(clEnqueueReadBuffer(q, output, CL_FALSE, 0, (long) N * Sizeof.cl_int, Pointer.to(out), 1,
                new cl_event[] {ran}, read), "read");
        ok(clFlush(q), "flush");

        ok(clReleaseKernel(k), "kernel released");
        ok(clReleaseProgram(p), "program released");
        ok(clReleaseMemObject(input), "input released");
        ok(clReleaseMemObject(output), "output released");
        ok(clReleaseCommandQueue(q), "queue released");
        ok(clReleaseContext(ctx), "context released");

        ok(clWaitForEvents(2, new cl_event[] {ran, read}), "wait");
        assertEquals(CL_COMPLETE, execStatus(ran));
        assertEquals(CL_COMPLETE, execStatus(read));
        assertEquals(CL_COMMAND_NDRANGE_KERNEL, commandType(ran));
        ok(clReleaseEvent(ran), "launch event released");
        ok(clReleaseEvent(read), "read event released");
        for (int i = 0; i < N; i += 997) {
            assertEquals(expected(in[i]), out.getInt(i * Sizeof.cl_int), "item " + i);
        }
    }

    /** A buffer released while a copy from it and a kernel on it are queued behind a running launch. */
    @Test
    void aBufferReleasedBehindQueuedCommandsKeepsItsContent() {
        int[] in = input();
        cl_mem input = intBuffer(in);
        untrack(input);
        cl_mem middle = clCreateBuffer(context, CL_MEM_READ_WRITE, (long) N * Sizeof.cl_int, null, err());
        cl_mem copy = track(clCreateBuffer(context, CL_MEM_READ_WRITE, (long) N * Sizeof.cl_int, null, err()));
        cl_kernel k = kernel(program(SOURCE, null), "spin");
        argMem(k, 0, input);
        argMem(k, 1, middle);
        argInt(k, 2, ROUNDS);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {N}, null, 0, null, null), "launch");
        ok(clEnqueueCopyBuffer(queue, middle, copy, 0, 0, (long) N * Sizeof.cl_int, 0, null, null), "copy");
        ok(clReleaseMemObject(middle), "middle released while the launch and the copy are queued");
        ok(clReleaseMemObject(input), "input released");
        int[] result = new int[N];
        ok(clEnqueueReadBuffer(queue, copy, CL_TRUE, 0, (long) N * Sizeof.cl_int, Pointer.to(result), 0, null,
                null), "read");
        int[] want = new int[N];
        for (int i = 0; i < N; i++) {
            want[i] = expected(in[i]);
        }
        assertArrayEquals(want, result);
    }

    /** An event released before its command ends: the command still runs, and the queue finishes. */
    @Test
    void anEventReleasedBeforeItsCommandEndsDoesNotStopIt() {
        cl_mem out = intBuffer(N);
        cl_kernel k = kernel(program(SOURCE, null), "spin");
        argMem(k, 0, intBuffer(input()));
        argMem(k, 1, out);
        argInt(k, 2, ROUNDS);
        cl_event ran = new cl_event();
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {N}, null, 0, null, ran), "launch");
        ok(clReleaseEvent(ran), "released at once");
        ok(clFinish(queue), "finish");
        int[] result = new int[1];
        ok(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, Sizeof.cl_int, Pointer.to(result), 0, null, null), "read");
        assertEquals(expected(input()[0]), result[0]);
    }

    private static int commandType(cl_event event) {
        int[] type = new int[1];
        ok(clGetEventInfo(event, CL_EVENT_COMMAND_TYPE, Sizeof.cl_uint, Pointer.to(type), null), "command type");
        return type[0];
    }
}
