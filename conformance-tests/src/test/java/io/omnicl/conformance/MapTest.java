package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_mem;
import org.junit.jupiter.api.Test;

/** clEnqueueMapBuffer and clEnqueueUnmapMemObject. */
class MapTest extends ClTestBase {

    private static final int N = 256;
    private static final long BYTES = N * Sizeof.cl_int;

    private ByteBuffer map(cl_mem m, long flags, long offset, long size) {
        int[] e = err();
        ByteBuffer b = clEnqueueMapBuffer(queue, m, CL_TRUE, flags, offset, size, 0, null, null, e);
        ok(e[0], "clEnqueueMapBuffer");
        assertNotNull(b);
        assertEquals(size, b.capacity(), "the mapped ByteBuffer covers the mapped region");
        return b.order(ByteOrder.nativeOrder());
    }

    private void unmap(cl_mem m, ByteBuffer b) {
        ok(clEnqueueUnmapMemObject(queue, m, b, 0, null, null), "clEnqueueUnmapMemObject");
        finish(queue);
    }

    private int mapStatus(cl_mem m, long flags, long offset, long size) {
        int[] e = err();
        ByteBuffer b = clEnqueueMapBuffer(queue, m, CL_TRUE, flags, offset, size, 0, null, null, e);
        if (e[0] == CL_SUCCESS) {
            unmap(m, b);
        }
        return e[0];
    }

    private static int[] ints(ByteBuffer b) {
        int[] out = new int[b.capacity() / Sizeof.cl_int];
        b.asIntBuffer().get(out);
        return out;
    }

    @Test
    void mapForReadingShowsTheContents() {
        int[] data = ramp(N, 9, -20);
        cl_mem m = intBuffer(data);
        ByteBuffer b = map(m, CL_MAP_READ, 0, BYTES);
        assertArrayEquals(data, ints(b));
        unmap(m, b);
    }

    @Test
    void writesThroughAMappingReachTheBuffer() {
        cl_mem m = intBuffer(new int[N]);
        ByteBuffer b = map(m, CL_MAP_WRITE, 0, BYTES);
        int[] data = ramp(N, -3, 77);
        b.asIntBuffer().put(data);
        unmap(m, b);
        assertArrayEquals(data, readInts(m, N));
    }

    @Test
    void readModifyWriteThroughAMapping() {
        int[] data = ramp(N, 2, 1);
        cl_mem m = intBuffer(data);
        ByteBuffer b = map(m, CL_MAP_READ | CL_MAP_WRITE, 0, BYTES);
        for (int i = 0; i < N; i++) {
            b.putInt(i * Sizeof.cl_int, b.getInt(i * Sizeof.cl_int) * 3 + 1);
        }
        unmap(m, b);
        int[] expected = new int[N];
        for (int i = 0; i < N; i++) {
            expected[i] = data[i] * 3 + 1;
        }
        assertArrayEquals(expected, readInts(m, N));
    }

    @Test
    void mapWithOffsetShowsThatRegion() {
        int[] data = ramp(N, 4, 4);
        cl_mem m = intBuffer(data);
        int first = 64;
        int count = 32;
        ByteBuffer b = map(m, CL_MAP_READ | CL_MAP_WRITE, (long) first * Sizeof.cl_int, (long) count * Sizeof.cl_int);
        assertArrayEquals(Arrays.copyOfRange(data, first, first + count), ints(b));
        int[] patch = ramp(count, 100, 1);
        b.asIntBuffer().put(patch);
        unmap(m, b);
        System.arraycopy(patch, 0, data, first, count);
        assertArrayEquals(data, readInts(m, N), "only the mapped region changed");
    }

    @Test
    void writeInvalidateRegionMapping() {
        int[] data = ramp(N, 1, 0);
        cl_mem m = intBuffer(data);
        ByteBuffer b = map(m, CL_MAP_WRITE_INVALIDATE_REGION, 0, BYTES / 2);
        int[] patch = ramp(N / 2, -5, 5);
        b.asIntBuffer().put(patch);
        unmap(m, b);
        System.arraycopy(patch, 0, data, 0, N / 2);
        assertArrayEquals(data, readInts(m, N), "the invalidated region holds what was written, the rest is kept");
    }

    @Test
    void nonBlockingMapIsUsableAfterItsEvent() {
        int[] data = ramp(N, 6, 6);
        cl_mem m = intBuffer(data);
        cl_event mapped = newEvent();
        int[] e = err();
        ByteBuffer b = clEnqueueMapBuffer(queue, m, CL_FALSE, CL_MAP_READ, 0, BYTES, 0, null, mapped, e);
        ok(e[0], "non-blocking map");
        track(mapped);
        waitFor(mapped);
        assertArrayEquals(data, ints(b.order(ByteOrder.nativeOrder())));
        unmap(m, b);
    }

    @Test
    void mapCountFollowsMapAndUnmap() {
        cl_mem m = intBuffer(N);
        assertEquals(0, Info.uint(memQ(m), CL_MEM_MAP_COUNT));
        ByteBuffer b = map(m, CL_MAP_READ, 0, BYTES);
        assertEquals(1, Info.uint(memQ(m), CL_MEM_MAP_COUNT));
        unmap(m, b);
        assertEquals(0, Info.uint(memQ(m), CL_MEM_MAP_COUNT));
    }

    @Test
    void twoReadMappingsOfOneBufferCoexist() {
        int[] data = ramp(N, 8, 1);
        cl_mem m = intBuffer(data);
        ByteBuffer first = map(m, CL_MAP_READ, 0, BYTES);
        ByteBuffer second = map(m, CL_MAP_READ, BYTES / 2, BYTES / 2);
        assertArrayEquals(data, ints(first));
        assertArrayEquals(Arrays.copyOfRange(data, N / 2, N), ints(second));
        unmap(m, second);
        unmap(m, first);
        assertEquals(0, Info.uint(memQ(m), CL_MEM_MAP_COUNT));
    }

    @Test
    void unmapOfAPointerThatWasNotMappedIsInvalidValue() {
        cl_mem m = intBuffer(N);
        ByteBuffer stranger = direct((int) BYTES);
        assertStatus(CL_INVALID_VALUE, clEnqueueUnmapMemObject(queue, m, stranger, 0, null, null));
    }

    @Test
    void unmapWithTheMappingOfAnotherBufferIsInvalidValue() {
        cl_mem a = intBuffer(N);
        cl_mem b = intBuffer(N);
        ByteBuffer mappedA = map(a, CL_MAP_READ, 0, BYTES);
        assertStatus(CL_INVALID_VALUE, clEnqueueUnmapMemObject(queue, b, mappedA, 0, null, null));
        unmap(a, mappedA);
    }

    @Test
    void mapRegionOutOfRangeIsInvalidValue() {
        cl_mem m = intBuffer(N);
        assertStatus(CL_INVALID_VALUE, mapStatus(m, CL_MAP_READ, 4, BYTES), "offset+size > size");
        assertStatus(CL_INVALID_VALUE, mapStatus(m, CL_MAP_READ, BYTES + 4, 4), "offset > size");
    }

    @Test
    void mapOfSizeZeroIsInvalidValue() {
        cl_mem m = intBuffer(N);
        assertStatus(CL_INVALID_VALUE, mapStatus(m, CL_MAP_READ, 0, 0));
    }

    @Test
    void mapAgainstHostAccessFlagsIsInvalidOperation() {
        cl_mem noAccess = buffer(CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS, BYTES, null);
        assertStatus(CL_INVALID_OPERATION, mapStatus(noAccess, CL_MAP_READ, 0, BYTES), "read HOST_NO_ACCESS");
        cl_mem writeOnly = buffer(CL_MEM_READ_WRITE | CL_MEM_HOST_WRITE_ONLY, BYTES, null);
        assertStatus(CL_INVALID_OPERATION, mapStatus(writeOnly, CL_MAP_READ, 0, BYTES), "read HOST_WRITE_ONLY");
        cl_mem readOnly = buffer(CL_MEM_READ_WRITE | CL_MEM_HOST_READ_ONLY, BYTES, null);
        assertStatus(CL_INVALID_OPERATION, mapStatus(readOnly, CL_MAP_WRITE, 0, BYTES), "write HOST_READ_ONLY");
    }

    @Test
    void mapWithNullQueueOrBufferIsRejected() {
        cl_mem m = intBuffer(N);
        int[] e = err();
        clEnqueueMapBuffer(new cl_command_queue(), m, CL_TRUE, CL_MAP_READ, 0, BYTES, 0, null, null, e);
        assertStatus(CL_INVALID_COMMAND_QUEUE, e[0], "queue");
        e = err();
        clEnqueueMapBuffer(queue, new cl_mem(), CL_TRUE, CL_MAP_READ, 0, BYTES, 0, null, null, e);
        assertStatus(CL_INVALID_MEM_OBJECT, e[0], "buffer");
    }

    @Test
    void unmapWithNullQueueOrBufferIsRejected() {
        cl_mem m = intBuffer(N);
        ByteBuffer b = map(m, CL_MAP_READ, 0, BYTES);
        assertStatus(CL_INVALID_COMMAND_QUEUE,
                clEnqueueUnmapMemObject(new cl_command_queue(), m, b, 0, null, null), "queue");
        assertStatus(CL_INVALID_MEM_OBJECT, clEnqueueUnmapMemObject(queue, new cl_mem(), b, 0, null, null), "buffer");
        unmap(m, b);
    }

    @Test
    void mapWithBadWaitListIsInvalidEventWaitList() {
        cl_mem m = intBuffer(N);
        int[] e = err();
        clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, BYTES, 1, null, null, e);
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, e[0], "count without list");
        e = err();
        clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, BYTES, 1, new cl_event[] {new cl_event()}, null, e);
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, e[0], "NULL event in the list");
    }

    @Test
    void mappedDataFollowsEarlierCommandsOfTheQueue() {
        cl_mem m = intBuffer(N);
        int[] data = ramp(N, 21, 0);
        ByteBuffer src = direct((int) BYTES);
        src.asIntBuffer().put(data);
        ok(clEnqueueWriteBuffer(queue, m, CL_FALSE, 0, BYTES, org.jocl.Pointer.to(src), 0, null, null), "write");
        // the blocking map on the same in-order queue runs after the write
        ByteBuffer b = map(m, CL_MAP_READ, 0, BYTES);
        assertArrayEquals(data, ints(b));
        unmap(m, b);
        java.lang.ref.Reference.reachabilityFence(src);
    }
}
