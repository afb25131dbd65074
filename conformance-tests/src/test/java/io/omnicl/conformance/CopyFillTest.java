package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_mem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** clEnqueueCopyBuffer and clEnqueueFillBuffer. */
class CopyFillTest extends ClTestBase {

    private static final int N = 512;
    private static final int BYTES = N * Sizeof.cl_int;

    private void copy(cl_mem src, cl_mem dst, long srcOffset, long dstOffset, long size) {
        ok(clEnqueueCopyBuffer(queue, src, dst, srcOffset, dstOffset, size, 0, null, null), "clEnqueueCopyBuffer");
    }

    private int copyStatus(cl_mem src, cl_mem dst, long srcOffset, long dstOffset, long size) {
        return clEnqueueCopyBuffer(queue, src, dst, srcOffset, dstOffset, size, 0, null, null);
    }

    private static byte[] pattern(int size) {
        byte[] p = new byte[size];
        for (int i = 0; i < size; i++) {
            p[i] = (byte) (0x11 * (i + 1) + size);
        }
        return p;
    }

    private int fillStatus(cl_mem m, byte[] pattern, long patternSize, long offset, long size) {
        return clEnqueueFillBuffer(queue, m, Pointer.to(pattern), patternSize, offset, size, 0, null, null);
    }

    @Test
    void copyWholeBuffer() {
        int[] data = ramp(N, 7, 3);
        cl_mem src = intBuffer(data);
        cl_mem dst = intBuffer(new int[N]);
        copy(src, dst, 0, 0, BYTES);
        assertArrayEquals(data, readInts(dst, N));
        assertArrayEquals(data, readInts(src, N), "the source is unchanged");
    }

    @Test
    void copyWithOffsets() {
        int[] data = ramp(N, 3, -50);
        int[] target = ramp(N, -1, 9999);
        cl_mem src = intBuffer(data);
        cl_mem dst = intBuffer(target);
        int from = 10;
        int to = 300;
        int count = 100;
        copy(src, dst, (long) from * Sizeof.cl_int, (long) to * Sizeof.cl_int, (long) count * Sizeof.cl_int);
        System.arraycopy(data, from, target, to, count);
        assertArrayEquals(target, readInts(dst, N));
    }

    @Test
    void copyWithinOneBufferWithoutOverlap() {
        int[] data = ramp(N, 11, 0);
        cl_mem m = intBuffer(data);
        int half = N / 2;
        copy(m, m, 0, (long) half * Sizeof.cl_int, (long) half * Sizeof.cl_int);
        System.arraycopy(data, 0, data, half, half);
        assertArrayEquals(data, readInts(m, N));
    }

    @Test
    void copyAdjacentRegionsInOneBufferDoNotOverlap() {
        int[] data = ramp(N, 5, 5);
        cl_mem m = intBuffer(data);
        // [0, 16) to [16, 32): the regions touch but do not overlap
        copy(m, m, 0, 16L * Sizeof.cl_int, 16L * Sizeof.cl_int);
        System.arraycopy(data, 0, data, 16, 16);
        assertArrayEquals(data, readInts(m, N));
    }

    @Test
    void overlappingCopyInOneBufferIsMemCopyOverlap() {
        cl_mem m = intBuffer(ramp(N, 1, 0));
        assertStatus(CL_MEM_COPY_OVERLAP, copyStatus(m, m, 0, 8, 64), "forward overlap");
        assertStatus(CL_MEM_COPY_OVERLAP, copyStatus(m, m, 64, 0, 128), "backward overlap");
        assertStatus(CL_MEM_COPY_OVERLAP, copyStatus(m, m, 32, 32, 16), "same region");
    }

    @Test
    void copySourceRegionPastTheEndIsInvalidValue() {
        cl_mem src = intBuffer(N);
        cl_mem dst = intBuffer(2 * N);
        assertStatus(CL_INVALID_VALUE, copyStatus(src, dst, 4, 0, BYTES));
        assertStatus(CL_INVALID_VALUE, copyStatus(src, dst, BYTES + 4, 0, 4), "offset past the end");
    }

    @Test
    void copyDestinationRegionPastTheEndIsInvalidValue() {
        cl_mem src = intBuffer(2 * N);
        cl_mem dst = intBuffer(N);
        assertStatus(CL_INVALID_VALUE, copyStatus(src, dst, 0, 4, BYTES));
        assertStatus(CL_INVALID_VALUE, copyStatus(src, dst, 0, BYTES + 4, 4), "offset past the end");
    }

    @Test
    void copyWithNullBuffersIsInvalidMemObject() {
        cl_mem m = intBuffer(N);
        for (cl_mem bad : new cl_mem[] {null, new cl_mem()}) {
            assertStatus(CL_INVALID_MEM_OBJECT, copyStatus(bad, m, 0, 0, 4), "src");
            assertStatus(CL_INVALID_MEM_OBJECT, copyStatus(m, bad, 0, 0, 4), "dst");
        }
    }

    @Test
    void copyWithNullQueueIsInvalidCommandQueue() {
        cl_mem a = intBuffer(N);
        cl_mem b = intBuffer(N);
        for (cl_command_queue q : new cl_command_queue[] {null, new cl_command_queue()}) {
            assertStatus(CL_INVALID_COMMAND_QUEUE,
                    clEnqueueCopyBuffer(q, a, b, 0, 0, 4, 0, null, null));
        }
    }

    @Test
    void copyWithBadWaitListIsInvalidEventWaitList() {
        cl_mem a = intBuffer(N);
        cl_mem b = intBuffer(N);
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueCopyBuffer(queue, a, b, 0, 0, 4, 1, null, null),
                "count without list");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST,
                clEnqueueCopyBuffer(queue, a, b, 0, 0, 4, 1, new cl_event[] {new cl_event()}, null),
                "NULL event in the list");
    }

    @ParameterizedTest(name = "pattern of {0} bytes")
    @ValueSource(ints = {1, 2, 4, 8, 16, 32, 64, 128})
    void fillWholeBufferWithEachPatternSize(int size) {
        byte[] p = pattern(size);
        int total = 1024;
        cl_mem m = buffer(CL_MEM_READ_WRITE, total, null);
        ok(fillStatus(m, p, size, 0, total), "fill");
        byte[] expected = new byte[total];
        for (int i = 0; i < total; i++) {
            expected[i] = p[i % size];
        }
        assertArrayEquals(expected, readBytes(m, total));
    }

    @Test
    void fillPartOfABufferLeavesTheRestAlone() {
        int[] data = ramp(N, 3, 1);
        cl_mem m = intBuffer(data);
        int value = 0x5A5AA5A5;
        int first = 40;
        int count = 200;
        ok(clEnqueueFillBuffer(queue, m, Pointer.to(new int[] {value}), Sizeof.cl_int, (long) first * Sizeof.cl_int,
                (long) count * Sizeof.cl_int, 0, null, null), "fill");
        Arrays.fill(data, first, first + count, value);
        assertArrayEquals(data, readInts(m, N));
    }

    @Test
    void fillWithFloatPattern() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, (long) N * Sizeof.cl_float, null);
        float value = -2.75f;
        ok(clEnqueueFillBuffer(queue, m, Pointer.to(new float[] {value}), Sizeof.cl_float, 0,
                (long) N * Sizeof.cl_float, 0, null, null), "fill");
        float[] out = new float[N];
        ok(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, (long) N * Sizeof.cl_float, Pointer.to(out), 0, null, null),
                "read");
        float[] expected = new float[N];
        Arrays.fill(expected, value);
        assertArrayEquals(expected, out);
    }

    @Test
    void fillPatternSizeNotAPowerOfTwoIsInvalidValue() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, 1024, null);
        byte[] p = pattern(256);
        for (int bad : new int[] {3, 12, 24, 100}) {
            assertStatus(CL_INVALID_VALUE, fillStatus(m, p, bad, 0, bad * 8), "pattern size " + bad);
        }
    }

    @Test
    void fillPatternSizeZeroOrAbove128IsInvalidValue() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, 1024, null);
        byte[] p = pattern(256);
        assertStatus(CL_INVALID_VALUE, fillStatus(m, p, 0, 0, 256), "pattern size 0");
        assertStatus(CL_INVALID_VALUE, fillStatus(m, p, 256, 0, 512), "pattern size 256");
    }

    @Test
    void fillOffsetOrSizeNotAMultipleOfThePatternIsInvalidValue() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, 1024, null);
        byte[] p = pattern(8);
        assertStatus(CL_INVALID_VALUE, fillStatus(m, p, 8, 4, 64), "offset 4 with an 8-byte pattern");
        assertStatus(CL_INVALID_VALUE, fillStatus(m, p, 8, 0, 60), "size 60 with an 8-byte pattern");
    }

    @Test
    void fillPastTheEndIsInvalidValue() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, 1024, null);
        byte[] p = pattern(4);
        assertStatus(CL_INVALID_VALUE, fillStatus(m, p, 4, 512, 1024), "offset+size > size");
        assertStatus(CL_INVALID_VALUE, fillStatus(m, p, 4, 2048, 4), "offset > size");
    }

    @Test
    void fillWithNullPatternIsInvalidValue() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, 1024, null);
        assertStatus(CL_INVALID_VALUE, clEnqueueFillBuffer(queue, m, null, 4, 0, 64, 0, null, null));
    }

    @Test
    void fillWithNullBufferOrQueueIsRejected() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, 1024, null);
        byte[] p = pattern(4);
        assertStatus(CL_INVALID_MEM_OBJECT,
                clEnqueueFillBuffer(queue, new cl_mem(), Pointer.to(p), 4, 0, 64, 0, null, null), "buffer");
        assertStatus(CL_INVALID_COMMAND_QUEUE,
                clEnqueueFillBuffer(new cl_command_queue(), m, Pointer.to(p), 4, 0, 64, 0, null, null), "queue");
    }

    @Test
    void fillWithBadWaitListIsInvalidEventWaitList() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, 1024, null);
        byte[] p = pattern(4);
        assertStatus(CL_INVALID_EVENT_WAIT_LIST,
                clEnqueueFillBuffer(queue, m, Pointer.to(p), 4, 0, 64, 1, null, null));
    }

    @Test
    void fillThenCopyThenFillKeepsOrder() {
        cl_mem a = intBuffer(N);
        cl_mem b = intBuffer(N);
        ok(clEnqueueFillBuffer(queue, a, Pointer.to(new int[] {7}), 4, 0, BYTES, 0, null, null), "fill a");
        copy(a, b, 0, 0, BYTES);
        ok(clEnqueueFillBuffer(queue, a, Pointer.to(new int[] {9}), 4, 0, BYTES, 0, null, null), "fill a again");
        int[] sevens = new int[N];
        Arrays.fill(sevens, 7);
        int[] nines = new int[N];
        Arrays.fill(nines, 9);
        assertArrayEquals(sevens, readInts(b, N), "b holds a's first contents");
        assertArrayEquals(nines, readInts(a, N));
    }

    @ParameterizedTest(name = "pattern of {0} bytes")
    @ValueSource(ints = {1, 2, 4, 8, 16, 32, 64, 128})
    void fillASubRangeWithEachPatternSize(int size) {
        // the range starts three patterns in and covers five; everything else keeps its bytes
        int total = 2048;
        byte[] before = bytes(total, size);
        cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, total, Pointer.to(before));
        byte[] p = pattern(size);
        int offset = 3 * size;
        int length = 5 * size;
        ok(fillStatus(m, p, size, offset, length), "fill");
        byte[] expected = before.clone();
        for (int i = 0; i < length; i++) {
            expected[offset + i] = p[i % size];
        }
        assertArrayEquals(expected, readBytes(m, total));
    }

    @ParameterizedTest(name = "pattern of {0} bytes")
    @ValueSource(ints = {1, 2, 4, 8, 16, 32, 64, 128})
    void twoFillsOfOneBufferEachKeepTheirRange(int size) {
        int total = 4096;
        cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, total, Pointer.to(new byte[total]));
        byte[] p = pattern(size);
        byte[] q = new byte[size];
        for (int i = 0; i < size; i++) {
            q[i] = (byte) ~p[i];
        }
        ok(fillStatus(m, p, size, 0, 8L * size), "first fill");
        ok(fillStatus(m, q, size, 4L * size, 8L * size), "second fill, overlapping the first");
        byte[] expected = new byte[total];
        for (int i = 0; i < 12 * size; i++) {
            expected[i] = i < 4 * size ? p[i % size] : q[i % size];
        }
        assertArrayEquals(expected, readBytes(m, total));
    }

    @Test
    void fillWithAnOverflowingOffsetIsInvalidValue() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, 1024, null);
        byte[] p = pattern(4);
        // offset + size wraps around to a small number
        assertStatus(CL_INVALID_VALUE, fillStatus(m, p, 4, -256L, 512));
    }

    @Test
    void fillWithObjectsOfAnotherContextIsInvalidContext() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, 1024, null);
        Pointer p = Pointer.to(pattern(4));
        assertStatus(CL_INVALID_CONTEXT, clEnqueueFillBuffer(queue, foreignBuffer(1024), p, 4, 0, 64, 0, null, null),
                "buffer of another context");
        assertStatus(CL_INVALID_CONTEXT, clEnqueueFillBuffer(foreignQueue(), m, p, 4, 0, 64, 0, null, null),
                "queue of another context");
        assertStatus(CL_INVALID_CONTEXT,
                clEnqueueFillBuffer(queue, m, p, 4, 0, 64, 1, new cl_event[] {foreignEvent()}, null),
                "event of another context in the wait list");
    }

    @Test
    void copyWithAnOverflowingOffsetIsInvalidValue() {
        cl_mem a = intBuffer(N);
        cl_mem b = intBuffer(N);
        assertStatus(CL_INVALID_VALUE, copyStatus(a, b, -64L, 0, 128), "src_offset + size wraps");
        assertStatus(CL_INVALID_VALUE, copyStatus(a, b, 0, -64L, 128), "dst_offset + size wraps");
    }

    @Test
    void copyOfSizeZeroIsInvalidValue() {
        cl_mem a = intBuffer(N);
        cl_mem b = intBuffer(N);
        assertStatus(CL_INVALID_VALUE, copyStatus(a, b, 0, 0, 0));
    }

    @Test
    void copyWithBuffersOfAnotherContextIsInvalidContext() {
        cl_mem foreign = foreignBuffer(BYTES);
        cl_mem m = intBuffer(N);
        assertStatus(CL_INVALID_CONTEXT, copyStatus(foreign, m, 0, 0, 16), "src");
        assertStatus(CL_INVALID_CONTEXT, copyStatus(m, foreign, 0, 0, 16), "dst");
    }
}
