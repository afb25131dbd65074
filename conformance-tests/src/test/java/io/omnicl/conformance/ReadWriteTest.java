package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.util.Arrays;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_event;
import org.jocl.cl_mem;
import org.junit.jupiter.api.Test;

/** clEnqueueReadBuffer and clEnqueueWriteBuffer: blocking, non-blocking, offsets and bad input. */
class ReadWriteTest extends ClTestBase {

    private static final int N = 256;
    private static final long BYTES = N * Sizeof.cl_int;

    @Test
    void blockingWriteThenBlockingRead() {
        cl_mem m = intBuffer(N);
        int[] data = ramp(N, 13, -100);
        ok(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(data), 0, null, null), "write");
        int[] out = new int[N];
        ok(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(out), 0, null, null), "read");
        assertArrayEquals(data, out);
    }

    @Test
    void floatsAndBytesRoundTrip() {
        float[] floats = new float[N];
        for (int i = 0; i < N; i++) {
            floats[i] = i * 0.25f - 3.5f;
        }
        cl_mem m = buffer(CL_MEM_READ_WRITE, (long) N * Sizeof.cl_float, null);
        ok(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, (long) N * Sizeof.cl_float, Pointer.to(floats), 0, null,
                null), "write floats");
        float[] back = new float[N];
        ok(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, (long) N * Sizeof.cl_float, Pointer.to(back), 0, null, null),
                "read floats");
        assertArrayEquals(floats, back);
        byte[] raw = readBytes(m, N * Sizeof.cl_float);
        ByteBuffer view = ByteBuffer.wrap(raw).order(java.nio.ByteOrder.nativeOrder());
        for (int i = 0; i < N; i++) {
            assertEquals(floats[i], view.getFloat(i * Sizeof.cl_float), "byte view of element " + i);
        }
    }

    @Test
    void nonBlockingWriteAndReadWithDirectBuffers() {
        cl_mem m = intBuffer(N);
        int[] data = ramp(N, 17, 4);
        ByteBuffer src = direct((int) BYTES);
        src.asIntBuffer().put(data);
        ByteBuffer dst = direct((int) BYTES);
        cl_event write = newEvent();
        cl_event read = newEvent();
        ok(clEnqueueWriteBuffer(queue, m, CL_FALSE, 0, BYTES, Pointer.to(src), 0, null, write), "write");
        track(write);
        ok(clEnqueueReadBuffer(queue, m, CL_FALSE, 0, BYTES, Pointer.to(dst), 1, new cl_event[] {write}, read),
                "read");
        track(read);
        waitFor(read);
        int[] out = new int[N];
        dst.asIntBuffer().get(out);
        assertArrayEquals(data, out);
        Reference.reachabilityFence(src);
    }

    @Test
    void nonBlockingReadIntoAnArrayIsRejectedByJocl() {
        cl_mem m = intBuffer(N);
        int[] out = new int[N];
        assertThrows(IllegalArgumentException.class,
                () -> clEnqueueReadBuffer(queue, m, CL_FALSE, 0, BYTES, Pointer.to(out), 0, null, null));
    }

    @Test
    void nonBlockingWriteFromAnArrayIsRejectedByJocl() {
        cl_mem m = intBuffer(N);
        int[] data = new int[N];
        assertThrows(IllegalArgumentException.class,
                () -> clEnqueueWriteBuffer(queue, m, CL_FALSE, 0, BYTES, Pointer.to(data), 0, null, null));
    }

    @Test
    void readWithOffsetReturnsTheSlice() {
        int[] data = ramp(N, 5, 1);
        cl_mem m = intBuffer(data);
        int first = 37;
        int count = 50;
        int[] out = new int[count];
        ok(clEnqueueReadBuffer(queue, m, CL_TRUE, (long) first * Sizeof.cl_int, (long) count * Sizeof.cl_int,
                Pointer.to(out), 0, null, null), "read slice");
        assertArrayEquals(Arrays.copyOfRange(data, first, first + count), out);
    }

    @Test
    void writeWithOffsetReplacesOnlyTheSlice() {
        int[] data = ramp(N, 2, 0);
        cl_mem m = intBuffer(data);
        int first = 100;
        int[] patch = ramp(20, -1, -1);
        ok(clEnqueueWriteBuffer(queue, m, CL_TRUE, (long) first * Sizeof.cl_int, (long) patch.length * Sizeof.cl_int,
                Pointer.to(patch), 0, null, null), "write slice");
        System.arraycopy(patch, 0, data, first, patch.length);
        assertArrayEquals(data, readInts(m, N));
    }

    @Test
    void hostPointerWithByteOffset() {
        int[] data = ramp(N, 1, 1);
        cl_mem m = intBuffer(N);
        writeInts(m, new int[N]);
        // write elements 10..19 of the host array to the start of the buffer
        ok(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, 10L * Sizeof.cl_int,
                Pointer.to(data).withByteOffset(10L * Sizeof.cl_int), 0, null, null), "write from offset pointer");
        int[] out = readInts(m, N);
        int[] expected = new int[N];
        System.arraycopy(data, 10, expected, 0, 10);
        assertArrayEquals(expected, out);
    }

    @Test
    void regionPastTheEndIsInvalidValue() {
        cl_mem m = intBuffer(N);
        byte[] host = new byte[(int) BYTES + 16];
        assertStatus(CL_INVALID_VALUE, clEnqueueReadBuffer(queue, m, CL_TRUE, 8, BYTES, Pointer.to(host), 0, null,
                null), "read offset+size > size");
        assertStatus(CL_INVALID_VALUE, clEnqueueWriteBuffer(queue, m, CL_TRUE, 8, BYTES, Pointer.to(host), 0, null,
                null), "write offset+size > size");
        assertStatus(CL_INVALID_VALUE, clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES + 1, Pointer.to(host), 0,
                null, null), "read size > buffer");
    }

    @Test
    void offsetPastTheEndIsInvalidValue() {
        cl_mem m = intBuffer(N);
        byte[] host = new byte[16];
        assertStatus(CL_INVALID_VALUE, clEnqueueReadBuffer(queue, m, CL_TRUE, BYTES + 4, 4, Pointer.to(host), 0,
                null, null), "read");
        assertStatus(CL_INVALID_VALUE, clEnqueueWriteBuffer(queue, m, CL_TRUE, BYTES + 4, 4, Pointer.to(host), 0,
                null, null), "write");
    }

    @Test
    void nullHostPointerIsInvalidValue() {
        cl_mem m = intBuffer(N);
        assertStatus(CL_INVALID_VALUE, clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES, null, 0, null, null), "read");
        assertStatus(CL_INVALID_VALUE, clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, BYTES, null, 0, null, null),
                "write");
    }

    @Test
    void nullQueueIsInvalidCommandQueue() {
        cl_mem m = intBuffer(N);
        int[] host = new int[N];
        for (cl_command_queue q : new cl_command_queue[] {null, new cl_command_queue()}) {
            assertStatus(CL_INVALID_COMMAND_QUEUE, clEnqueueReadBuffer(q, m, CL_TRUE, 0, BYTES, Pointer.to(host), 0,
                    null, null), "read");
            assertStatus(CL_INVALID_COMMAND_QUEUE, clEnqueueWriteBuffer(q, m, CL_TRUE, 0, BYTES, Pointer.to(host),
                    0, null, null), "write");
        }
    }

    @Test
    void nullBufferIsInvalidMemObject() {
        int[] host = new int[N];
        for (cl_mem m : new cl_mem[] {null, new cl_mem()}) {
            assertStatus(CL_INVALID_MEM_OBJECT, clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host), 0,
                    null, null), "read");
            assertStatus(CL_INVALID_MEM_OBJECT, clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host),
                    0, null, null), "write");
        }
    }

    @Test
    void bufferOfAnotherContextIsInvalidContext() {
        cl_context other = track(createContext(device));
        int[] e = err();
        cl_mem foreign = clCreateBuffer(other, CL_MEM_READ_WRITE, BYTES, null, e);
        ok(e[0], "buffer in the other context");
        track(foreign);
        int[] host = new int[N];
        assertStatus(CL_INVALID_CONTEXT, clEnqueueReadBuffer(queue, foreign, CL_TRUE, 0, BYTES, Pointer.to(host), 0,
                null, null), "read");
        assertStatus(CL_INVALID_CONTEXT, clEnqueueWriteBuffer(queue, foreign, CL_TRUE, 0, BYTES, Pointer.to(host), 0,
                null, null), "write");
    }

    @Test
    void hostAccessFlagsForbidTheOtherDirection() {
        int[] host = new int[N];
        cl_mem noAccess = buffer(CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS, BYTES, null);
        assertStatus(CL_INVALID_OPERATION, clEnqueueReadBuffer(queue, noAccess, CL_TRUE, 0, BYTES, Pointer.to(host),
                0, null, null), "read of HOST_NO_ACCESS");
        assertStatus(CL_INVALID_OPERATION, clEnqueueWriteBuffer(queue, noAccess, CL_TRUE, 0, BYTES, Pointer.to(host),
                0, null, null), "write of HOST_NO_ACCESS");
        cl_mem readOnly = buffer(CL_MEM_READ_WRITE | CL_MEM_HOST_READ_ONLY, BYTES, null);
        assertStatus(CL_INVALID_OPERATION, clEnqueueWriteBuffer(queue, readOnly, CL_TRUE, 0, BYTES, Pointer.to(host),
                0, null, null), "write of HOST_READ_ONLY");
        cl_mem writeOnly = buffer(CL_MEM_READ_WRITE | CL_MEM_HOST_WRITE_ONLY, BYTES, null);
        assertStatus(CL_INVALID_OPERATION, clEnqueueReadBuffer(queue, writeOnly, CL_TRUE, 0, BYTES, Pointer.to(host),
                0, null, null), "read of HOST_WRITE_ONLY");
        // the permitted directions work
        ok(clEnqueueWriteBuffer(queue, writeOnly, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null, null), "write");
        ok(clEnqueueReadBuffer(queue, readOnly, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null, null), "read");
    }

    @Test
    void waitListCountWithoutListIsInvalidEventWaitList() {
        cl_mem m = intBuffer(N);
        int[] host = new int[N];
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host),
                1, null, null), "read");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host),
                1, null, null), "write");
    }

    @Test
    void waitListWithoutCountIsInvalidEventWaitList() {
        cl_mem m = intBuffer(N);
        int[] host = new int[N];
        cl_event done = newEvent();
        ok(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null, done), "write");
        track(done);
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host),
                0, new cl_event[] {done}, null));
    }

    @Test
    void nullEventInWaitListIsInvalidEventWaitList() {
        cl_mem m = intBuffer(N);
        int[] host = new int[N];
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host),
                1, new cl_event[] {new cl_event()}, null), "read");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host),
                1, new cl_event[] {new cl_event()}, null), "write");
    }

    /**
     * A Java null in a wait list: the real JOCL throws NullPointerException before OpenCL sees it; OmniCL
     * returns the code OpenCL specifies for a wait list holding something that is not an event.
     */
    @Test
    void javaNullInWaitListIsRejected() {
        cl_mem m = intBuffer(N);
        int[] host = new int[N];
        if (Target.isOmniCL()) {
            assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES,
                    Pointer.to(host), 1, new cl_event[] {null}, null), "read");
        } else {
            assertThrows(NullPointerException.class, () -> clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES,
                    Pointer.to(host), 1, new cl_event[] {null}, null));
        }
    }

    @Test
    void writesOnOneQueueAreSeenInOrder() {
        cl_mem m = intBuffer(N);
        for (int round = 0; round < 5; round++) {
            int[] data = ramp(N, round + 1, round * 1000);
            ByteBuffer src = direct((int) BYTES);
            src.asIntBuffer().put(data);
            ok(clEnqueueWriteBuffer(queue, m, CL_FALSE, 0, BYTES, Pointer.to(src), 0, null, null), "write");
            assertArrayEquals(data, readInts(m, N), "round " + round);
            Reference.reachabilityFence(src);
        }
    }

    @Test
    void overflowingOffsetPlusSizeIsInvalidValue() {
        cl_mem m = intBuffer(N);
        int[] host = new int[N];
        // offset + size wraps around to a number inside the buffer
        assertStatus(CL_INVALID_VALUE, clEnqueueReadBuffer(queue, m, CL_TRUE, -16L, 32, Pointer.to(host), 0, null,
                null), "read");
        assertStatus(CL_INVALID_VALUE, clEnqueueWriteBuffer(queue, m, CL_TRUE, -16L, 32, Pointer.to(host), 0, null,
                null), "write");
    }

    @Test
    void queueOrEventOfAnotherContextIsInvalidContext() {
        cl_mem m = intBuffer(N);
        int[] host = new int[N];
        cl_command_queue foreign = foreignQueue();
        assertStatus(CL_INVALID_CONTEXT, clEnqueueReadBuffer(foreign, m, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null,
                null), "read on a queue of another context");
        assertStatus(CL_INVALID_CONTEXT, clEnqueueWriteBuffer(foreign, m, CL_TRUE, 0, BYTES, Pointer.to(host), 0,
                null, null), "write on a queue of another context");
        cl_event event = foreignEvent();
        assertStatus(CL_INVALID_CONTEXT, clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host), 1,
                new cl_event[] {event}, null), "read waiting on an event of another context");
        assertStatus(CL_INVALID_CONTEXT, clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(host), 1,
                new cl_event[] {event}, null), "write waiting on an event of another context");
    }

    @Test
    void readAndWriteThroughASubBufferWithAnOffset() {
        long align = baseAlignBytes(device);
        int ints = (int) (2 * align / Sizeof.cl_int) + 64;
        int[] data = ramp(ints, 9, 9);
        cl_mem parent = intBuffer(data);
        cl_mem sub = subBuffer(parent, CL_MEM_READ_WRITE, align, 64L * Sizeof.cl_int);
        int first = (int) (align / Sizeof.cl_int);
        int[] out = new int[8];
        ok(clEnqueueReadBuffer(queue, sub, CL_TRUE, 16, 32, Pointer.to(out), 0, null, null), "read");
        assertArrayEquals(Arrays.copyOfRange(data, first + 4, first + 12), out);
    }
}
