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
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    @ParameterizedTest(name = "flags {0}")
    @ValueSource(longs = {CL_MAP_READ, CL_MAP_WRITE, CL_MAP_READ | CL_MAP_WRITE, CL_MAP_WRITE_INVALIDATE_REGION})
    void mapWithEachFlagAtAnOffset(long flags) {
        int[] data = ramp(N, 3, -7);
        cl_mem m = intBuffer(data);
        int first = 40;
        int count = 100;
        ByteBuffer b = map(m, flags, (long) first * Sizeof.cl_int, (long) count * Sizeof.cl_int);
        if ((flags & CL_MAP_READ) != 0) {
            assertArrayEquals(Arrays.copyOfRange(data, first, first + count), ints(b), "a read mapping shows the data");
        }
        boolean writes = (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0;
        int[] patch = ramp(count, 17, 1);
        if (writes) {
            b.asIntBuffer().put(patch);
        }
        unmap(m, b);
        if (writes) {
            System.arraycopy(patch, 0, data, first, count);
        }
        assertArrayEquals(data, readInts(m, N), writes ? "the mapped range holds what was written"
                : "a read mapping changes nothing");
    }

    @Test
    void severalLiveMappingsOfOneBufferAreEachWritable() {
        int[] data = ramp(N, 1, 0);
        cl_mem m = intBuffer(data);
        int quarter = N / 4;
        ByteBuffer[] maps = new ByteBuffer[3];
        int[] firsts = {0, 2 * quarter, 3 * quarter};
        for (int i = 0; i < maps.length; i++) {
            maps[i] = map(m, CL_MAP_READ | CL_MAP_WRITE, (long) firsts[i] * Sizeof.cl_int,
                    (long) quarter * Sizeof.cl_int);
            assertEquals(i + 1, Info.uint(memQ(m), CL_MEM_MAP_COUNT), "MAP_COUNT after " + (i + 1) + " maps");
        }
        for (int i = 0; i < maps.length; i++) {
            int[] patch = ramp(quarter, -(i + 1), 1000 * (i + 1));
            maps[i].asIntBuffer().put(patch);
            System.arraycopy(patch, 0, data, firsts[i], quarter);
        }
        // unmapped in an order different from the maps
        unmap(m, maps[1]);
        assertEquals(2, Info.uint(memQ(m), CL_MEM_MAP_COUNT));
        unmap(m, maps[2]);
        unmap(m, maps[0]);
        assertEquals(0, Info.uint(memQ(m), CL_MEM_MAP_COUNT));
        assertArrayEquals(data, readInts(m, N));
    }

    @Test
    void mapOfAUseHostPtrBufferShowsTheHostDataAndWritesReachTheBuffer() {
        ByteBuffer host = direct((int) BYTES);
        int[] data = ramp(N, 4, 40);
        host.asIntBuffer().put(data);
        cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, BYTES, org.jocl.Pointer.to(host));
        ByteBuffer b = map(m, CL_MAP_READ | CL_MAP_WRITE, 64, 256);
        assertArrayEquals(Arrays.copyOfRange(data, 16, 80), ints(b));
        int[] patch = ramp(64, 2, -9);
        b.asIntBuffer().put(patch);
        unmap(m, b);
        System.arraycopy(patch, 0, data, 16, 64);
        assertArrayEquals(data, readInts(m, N));
    }

    @Test
    void nonBlockingMapWaitsForItsWaitList() {
        int[] data = ramp(N, 5, 5);
        cl_mem m = intBuffer(N);
        ByteBuffer src = direct((int) BYTES);
        src.asIntBuffer().put(data);
        cl_command_queue ooo = trackedQueue(outOfOrderIfSupported());
        cl_event written = track(newEvent());
        ok(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, BYTES, org.jocl.Pointer.to(src), 0, null, written), "write");
        cl_event mapped = track(newEvent());
        int[] e = err();
        ByteBuffer b = clEnqueueMapBuffer(ooo, m, CL_FALSE, CL_MAP_READ, 0, BYTES, 1, new cl_event[] {written},
                mapped, e);
        ok(e[0], "non-blocking map after the write");
        waitFor(mapped);
        assertArrayEquals(data, ints(b.order(ByteOrder.nativeOrder())));
        cl_event unmapped = track(newEvent());
        ok(clEnqueueUnmapMemObject(ooo, m, b, 0, null, unmapped), "unmap");
        waitFor(unmapped);
        java.lang.ref.Reference.reachabilityFence(src);
    }

    @Test
    void kernelAfterUnmapSeesTheWrittenData() {
        cl_mem m = intBuffer(N);
        ByteBuffer b = map(m, CL_MAP_WRITE_INVALIDATE_REGION, 0, BYTES);
        int[] data = ramp(N, 7, 3);
        b.asIntBuffer().put(data);
        unmap(m, b);
        cl_kernel k = kernel(program("kernel void neg(global int* a) { size_t i = get_global_id(0); a[i] = -a[i]; }",
                null), "neg");
        argMem(k, 0, m);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {N}, null, 0, null, null), "kernel");
        int[] expected = new int[N];
        for (int i = 0; i < N; i++) {
            expected[i] = -data[i];
        }
        assertArrayEquals(expected, readInts(m, N));
    }

    @Test
    void mapWithAnOverflowingOffsetIsInvalidValue() {
        cl_mem m = intBuffer(N);
        assertStatus(CL_INVALID_VALUE, mapStatus(m, CL_MAP_READ, -16L, 64), "offset + size wraps around");
    }

    @Test
    void mapAndUnmapWithObjectsOfAnotherContextAreInvalidContext() {
        cl_mem m = intBuffer(N);
        int[] e = err();
        clEnqueueMapBuffer(foreignQueue(), m, CL_TRUE, CL_MAP_READ, 0, BYTES, 0, null, null, e);
        assertStatus(CL_INVALID_CONTEXT, e[0], "map on a queue of another context");
        e = err();
        clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, BYTES, 1, new cl_event[] {foreignEvent()}, null, e);
        assertStatus(CL_INVALID_CONTEXT, e[0], "map waiting on an event of another context");
        ByteBuffer b = map(m, CL_MAP_READ, 0, BYTES);
        assertStatus(CL_INVALID_CONTEXT, clEnqueueUnmapMemObject(foreignQueue(), m, b, 0, null, null),
                "unmap on a queue of another context");
        unmap(m, b);
    }

    @Test
    void unmapWithBadWaitListIsInvalidEventWaitList() {
        cl_mem m = intBuffer(N);
        ByteBuffer b = map(m, CL_MAP_READ, 0, BYTES);
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueUnmapMemObject(queue, m, b, 1, null, null),
                "count without list");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST,
                clEnqueueUnmapMemObject(queue, m, b, 1, new cl_event[] {new cl_event()}, null), "unset event");
        unmap(m, b);
    }

    @Test
    void unmapTwiceIsInvalidValue() {
        cl_mem m = intBuffer(N);
        ByteBuffer b = map(m, CL_MAP_READ, 0, BYTES);
        unmap(m, b);
        assertStatus(CL_INVALID_VALUE, clEnqueueUnmapMemObject(queue, m, b, 0, null, null), "second unmap");
    }
}
