package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_buffer_region;
import org.jocl.cl_context;
import org.jocl.cl_mem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** clCreateBuffer, clCreateSubBuffer, clGetMemObjectInfo, clRetainMemObject and clReleaseMemObject. */
class BufferTest extends ClTestBase {

    private static final int N = 64;
    private static final long BYTES = N * Sizeof.cl_int;
    private static final int UNKNOWN_MEM_PARAM = 0x0AB4;
    private static final long UNDEFINED_MEM_FLAG = 1L << 40;

    private int createStatus(long flags, long size, Pointer hostPtr) {
        int[] e = err();
        cl_mem m = clCreateBuffer(context, flags, size, hostPtr, e);
        if (e[0] == CL_SUCCESS) {
            track(m);
        } else {
            assertTrue(m == null || m.getNativePointer() == 0, "no buffer on failure");
        }
        return e[0];
    }

    /** Sub-buffer origin alignment in bytes. */
    private long baseAlignBytes() {
        return Math.max(1, Info.uint(deviceQ(device), CL_DEVICE_MEM_BASE_ADDR_ALIGN) / 8);
    }

    @Test
    void defaultFlagsGiveAReadWriteBuffer() {
        cl_mem m = buffer(0, BYTES, null);
        long flags = Info.ulong(memQ(m), CL_MEM_FLAGS);
        assertEquals(0, flags & (CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY), "flags 0 means read-write: " + flags);
        int[] data = ramp(N, 7, -3);
        writeInts(m, data);
        assertArrayEquals(data, readInts(m, N));
    }

    @ParameterizedTest(name = "flags {0}")
    @ValueSource(longs = {CL_MEM_READ_WRITE, CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY,
        CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, CL_MEM_READ_ONLY | CL_MEM_HOST_NO_ACCESS,
        CL_MEM_READ_WRITE | CL_MEM_HOST_READ_ONLY, CL_MEM_READ_WRITE | CL_MEM_HOST_WRITE_ONLY})
    void flagsAreReportedAsGiven(long flags) {
        cl_mem m = buffer(flags, BYTES, null);
        assertEquals(flags, Info.ulong(memQ(m), CL_MEM_FLAGS));
    }

    @Test
    void copyHostPtrInitialisesTheBufferOnce() {
        int[] data = ramp(N, 3, 11);
        int[] expected = data.clone();
        cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, BYTES, Pointer.to(data));
        data[0] = -999; // the buffer holds a copy: later changes to the host array do not reach it
        assertArrayEquals(expected, readInts(m, N));
        assertEquals(0, Info.pointer(memQ(m), CL_MEM_HOST_PTR), "HOST_PTR is NULL without USE_HOST_PTR");
    }

    @Test
    void useHostPtrBufferStartsWithTheHostDataAndReportsItsPointer() {
        ByteBuffer host = direct((int) BYTES);
        int[] data = ramp(N, 5, 2);
        host.asIntBuffer().put(data);
        cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, BYTES, Pointer.to(host));
        assertArrayEquals(data, readInts(m, N));
        assertNotEquals(0, Info.pointer(memQ(m), CL_MEM_HOST_PTR), "HOST_PTR is reported for USE_HOST_PTR");
    }

    @Test
    void useHostPtrMemoryIsCurrentAfterAMap() {
        ByteBuffer host = direct((int) BYTES);
        cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, BYTES, Pointer.to(host));
        int[] data = ramp(N, -4, 100);
        writeInts(m, data);
        int[] e = err();
        ByteBuffer mapped = clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, BYTES, 0, null, null, e);
        ok(e[0], "map");
        // after the map completes, the host memory given at creation holds the buffer's latest bits
        int[] seen = new int[N];
        host.asIntBuffer().get(seen);
        assertArrayEquals(data, seen);
        int[] viaMap = new int[N];
        mapped.order(host.order()).asIntBuffer().get(viaMap);
        assertArrayEquals(data, viaMap);
        ok(clEnqueueUnmapMemObject(queue, m, mapped, 0, null, null), "unmap");
        finish(queue);
    }

    @Test
    void allocHostPtrBufferHoldsData() {
        cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, BYTES, null);
        int[] data = ramp(N, 9, 1);
        writeInts(m, data);
        assertArrayEquals(data, readInts(m, N));
    }

    @Test
    void allocWithCopyHostPtrIsAllowed() {
        int[] data = ramp(N, 2, 8);
        cl_mem m = buffer(CL_MEM_READ_ONLY | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR, BYTES, Pointer.to(data));
        assertArrayEquals(data, readInts(m, N));
    }

    @Test
    void useWithCopyHostPtrIsInvalidValue() {
        ByteBuffer host = direct((int) BYTES);
        assertStatus(CL_INVALID_VALUE, createStatus(CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, BYTES,
                Pointer.to(host)));
    }

    @Test
    void useWithAllocHostPtrIsInvalidValue() {
        ByteBuffer host = direct((int) BYTES);
        assertStatus(CL_INVALID_VALUE, createStatus(CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, BYTES,
                Pointer.to(host)));
    }

    @Test
    void readOnlyWithWriteOnlyIsInvalidValue() {
        assertStatus(CL_INVALID_VALUE, createStatus(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, BYTES, null));
    }

    @Test
    void readWriteWithReadOnlyIsInvalidValue() {
        assertStatus(CL_INVALID_VALUE, createStatus(CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, BYTES, null));
        assertStatus(CL_INVALID_VALUE, createStatus(CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY, BYTES, null));
    }

    @Test
    void conflictingHostAccessFlagsAreInvalidValue() {
        assertStatus(CL_INVALID_VALUE, createStatus(CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, BYTES, null));
        assertStatus(CL_INVALID_VALUE, createStatus(CL_MEM_HOST_NO_ACCESS | CL_MEM_HOST_READ_ONLY, BYTES, null));
        assertStatus(CL_INVALID_VALUE, createStatus(CL_MEM_HOST_NO_ACCESS | CL_MEM_HOST_WRITE_ONLY, BYTES, null));
    }

    @Test
    void undefinedFlagIsInvalidValue() {
        assertStatus(CL_INVALID_VALUE, createStatus(UNDEFINED_MEM_FLAG, BYTES, null));
    }

    @Test
    void copyOrUseHostPtrWithoutAPointerIsInvalidHostPtr() {
        assertStatus(CL_INVALID_HOST_PTR, createStatus(CL_MEM_COPY_HOST_PTR, BYTES, null), "COPY_HOST_PTR");
        assertStatus(CL_INVALID_HOST_PTR, createStatus(CL_MEM_USE_HOST_PTR, BYTES, null), "USE_HOST_PTR");
        assertStatus(CL_INVALID_HOST_PTR,
                createStatus(CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR, BYTES, null), "ALLOC|COPY");
    }

    @Test
    void aPointerWithoutCopyOrUseIsInvalidHostPtr() {
        int[] data = new int[N];
        assertStatus(CL_INVALID_HOST_PTR, createStatus(CL_MEM_READ_WRITE, BYTES, Pointer.to(data)));
        assertStatus(CL_INVALID_HOST_PTR, createStatus(CL_MEM_ALLOC_HOST_PTR, BYTES, Pointer.to(data)));
    }

    @Test
    void sizeZeroIsInvalidBufferSize() {
        assertStatus(CL_INVALID_BUFFER_SIZE, createStatus(CL_MEM_READ_WRITE, 0, null));
    }

    @Test
    void sizeAboveMaxAllocIsInvalidBufferSize() {
        long max = Info.ulong(deviceQ(device), CL_DEVICE_MAX_MEM_ALLOC_SIZE);
        assertStatus(CL_INVALID_BUFFER_SIZE, createStatus(CL_MEM_READ_WRITE, max + 1, null));
    }

    @Test
    void nullContextIsInvalidContext() {
        for (cl_context c : new cl_context[] {null, new cl_context()}) {
            int[] e = err();
            clCreateBuffer(c, CL_MEM_READ_WRITE, BYTES, null, e);
            assertStatus(CL_INVALID_CONTEXT, e[0], c == null ? "null" : "new cl_context()");
        }
    }

    @Test
    void infoDescribesTheBuffer() {
        cl_mem m = buffer(CL_MEM_READ_ONLY, BYTES, null);
        Info.Query q = memQ(m);
        assertEquals(CL_MEM_OBJECT_BUFFER, Info.uint(q, CL_MEM_TYPE));
        assertEquals(BYTES, Info.sizeT(q, CL_MEM_SIZE));
        assertEquals(context, handleInfo(q, CL_MEM_CONTEXT, new cl_context()));
        assertEquals(0, Info.uint(q, CL_MEM_MAP_COUNT));
        assertTrue(Info.uint(q, CL_MEM_REFERENCE_COUNT) >= 1);
        assertTrue(isNullHandle(handleInfo(q, CL_MEM_ASSOCIATED_MEMOBJECT, new cl_mem())), "no parent");
        assertEquals(0, Info.sizeT(q, CL_MEM_OFFSET));
        assertEquals(0, Info.pointer(q, CL_MEM_HOST_PTR));
    }

    @Test
    void retainAndReleaseMoveTheReferenceCount() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, BYTES, null);
        int before = Info.uint(memQ(m), CL_MEM_REFERENCE_COUNT);
        ok(clRetainMemObject(m), "retain");
        assertEquals(before + 1, Info.uint(memQ(m), CL_MEM_REFERENCE_COUNT));
        ok(clReleaseMemObject(m), "release");
        assertEquals(before, Info.uint(memQ(m), CL_MEM_REFERENCE_COUNT));
    }

    @Test
    void unknownParamAndTooSmallBufferAreInvalidValue() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, BYTES, null);
        assertStatus(CL_INVALID_VALUE, clGetMemObjectInfo(m, UNKNOWN_MEM_PARAM, 0, null, new long[1]), "unknown");
        byte[] value = new byte[Sizeof.size_t];
        assertStatus(CL_INVALID_VALUE, clGetMemObjectInfo(m, CL_MEM_SIZE, Sizeof.size_t - 1, Pointer.to(value),
                null), "too small");
    }

    @Test
    void nullMemObjectIsInvalidMemObject() {
        for (cl_mem m : new cl_mem[] {null, new cl_mem()}) {
            String what = m == null ? "null" : "new cl_mem()";
            assertStatus(CL_INVALID_MEM_OBJECT, clGetMemObjectInfo(m, CL_MEM_SIZE, 0, null, new long[1]),
                    "info " + what);
            assertStatus(CL_INVALID_MEM_OBJECT, clRetainMemObject(m), "retain " + what);
            assertStatus(CL_INVALID_MEM_OBJECT, clReleaseMemObject(m), "release " + what);
        }
    }

    @Test
    void buffersAreIndependent() {
        int[] a = ramp(N, 1, 0);
        int[] b = ramp(N, -1, 1000);
        cl_mem ma = intBuffer(a);
        cl_mem mb = intBuffer(b);
        writeInts(ma, ramp(N, 2, 2));
        assertArrayEquals(b, readInts(mb, N));
        assertArrayEquals(ramp(N, 2, 2), readInts(ma, N));
    }

    @Test
    void subBufferSeesAndChangesItsRegionOfTheParent() {
        long origin = baseAlignBytes();
        assumeTrue(origin % Sizeof.cl_int == 0 && origin + 16 * Sizeof.cl_int <= 1 << 20, "alignment " + origin);
        int total = (int) (origin / Sizeof.cl_int) + 32;
        int[] data = ramp(total, 3, 5);
        cl_mem parent = intBuffer(data);
        int first = (int) (origin / Sizeof.cl_int);
        cl_mem sub = subBuffer(parent, CL_MEM_READ_WRITE, origin, 16L * Sizeof.cl_int);
        int[] expected = java.util.Arrays.copyOfRange(data, first, first + 16);
        assertArrayEquals(expected, readInts(sub, 16), "the sub-buffer reads its region");
        int[] replacement = ramp(16, -7, -70);
        writeInts(sub, replacement);
        int[] all = readInts(parent, total);
        System.arraycopy(replacement, 0, data, first, 16);
        assertArrayEquals(data, all, "writing the sub-buffer changes exactly that region of the parent");
    }

    @Test
    void subBufferInfoNamesItsParentAndOffset() {
        long origin = baseAlignBytes();
        cl_mem parent = buffer(CL_MEM_READ_WRITE, origin + 256, null);
        cl_mem sub = subBuffer(parent, CL_MEM_READ_ONLY, origin, 128);
        Info.Query q = memQ(sub);
        assertEquals(CL_MEM_OBJECT_BUFFER, Info.uint(q, CL_MEM_TYPE));
        assertEquals(128, Info.sizeT(q, CL_MEM_SIZE));
        assertEquals(origin, Info.sizeT(q, CL_MEM_OFFSET));
        assertEquals(parent, handleInfo(q, CL_MEM_ASSOCIATED_MEMOBJECT, new cl_mem()));
        assertEquals(context, handleInfo(q, CL_MEM_CONTEXT, new cl_context()));
        assertTrue((Info.ulong(q, CL_MEM_FLAGS) & CL_MEM_READ_ONLY) != 0, "READ_ONLY as given");
    }

    @Test
    void subBufferOutsideTheParentIsInvalidValue() {
        long origin = baseAlignBytes();
        cl_mem parent = buffer(CL_MEM_READ_WRITE, origin * 2, null);
        int[] e = err();
        clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                new cl_buffer_region(origin, origin + 1), e);
        assertStatus(CL_INVALID_VALUE, e[0]);
    }

    @Test
    void subBufferOfSizeZeroIsInvalidBufferSize() {
        cl_mem parent = buffer(CL_MEM_READ_WRITE, BYTES, null);
        int[] e = err();
        clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, 0), e);
        assertStatus(CL_INVALID_BUFFER_SIZE, e[0]);
    }

    @Test
    void misalignedSubBufferIsMisalignedSubBufferOffset() {
        assumeTrue(baseAlignBytes() > 1, "every byte offset is aligned on this device");
        cl_mem parent = buffer(CL_MEM_READ_WRITE, BYTES, null);
        int[] e = err();
        clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(1, 16), e);
        assertStatus(CL_MISALIGNED_SUB_BUFFER_OFFSET, e[0]);
    }

    @Test
    void subBufferOfASubBufferIsInvalidMemObject() {
        cl_mem parent = buffer(CL_MEM_READ_WRITE, BYTES, null);
        cl_mem sub = subBuffer(parent, CL_MEM_READ_WRITE, 0, BYTES / 2);
        int[] e = err();
        clCreateSubBuffer(sub, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, 16), e);
        assertStatus(CL_INVALID_MEM_OBJECT, e[0]);
    }

    @Test
    void subBufferWithConflictingAccessIsInvalidValue() {
        cl_mem parent = buffer(CL_MEM_READ_ONLY, BYTES, null);
        int[] e = err();
        clCreateSubBuffer(parent, CL_MEM_WRITE_ONLY, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, 16), e);
        assertStatus(CL_INVALID_VALUE, e[0], "WRITE_ONLY region of a READ_ONLY buffer");
        e = err();
        clCreateSubBuffer(parent, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, CL_BUFFER_CREATE_TYPE_REGION,
                new cl_buffer_region(0, 16), e);
        assertStatus(CL_INVALID_VALUE, e[0], "host pointer flags on a sub-buffer");
    }

    @Test
    void intBufferViewRoundTrip() {
        // a direct buffer viewed as ints is written and read without going through a Java array
        ByteBuffer src = direct((int) BYTES);
        IntBuffer ints = src.asIntBuffer();
        for (int i = 0; i < N; i++) {
            ints.put(i, i * i - 17);
        }
        cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, BYTES, Pointer.to(src));
        int[] expected = new int[N];
        for (int i = 0; i < N; i++) {
            expected[i] = i * i - 17;
        }
        assertArrayEquals(expected, readInts(m, N));
    }
}
