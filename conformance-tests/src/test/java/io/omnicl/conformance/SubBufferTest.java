package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_buffer_region;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sub-buffers in depth (CTS buffers/sub_buffers): every transfer through a sub-buffer, kernels on sub-buffers
 * of one parent, overlapping sub-buffers, USE_HOST_PTR parents, origin alignment, flag inheritance, and the
 * lifetime link between a sub-buffer and its parent. A parent is laid out in "slots" of whole alignment
 * units, so every sub-buffer below starts at a legal origin.
 */
class SubBufferTest extends ClTestBase {

    private static final String SOURCE = ""
            + "kernel void add(global int* a, int c) { size_t i = get_global_id(0); a[i] += c; }\n"
            + "kernel void mul(global int* a, int f) { size_t i = get_global_id(0); a[i] *= f; }\n";

    private cl_program program;
    /** Bytes of one slot: a multiple of the device's sub-buffer alignment, at least 256. */
    private long slot;
    /** Ints in one slot. */
    private int slotInts;

    @BeforeAll
    void setUpClass() {
        program = program(SOURCE, null);
        long align = baseAlignBytes(device);
        slot = align * ((256 + align - 1) / align);
        slotInts = (int) (slot / Sizeof.cl_int);
    }

    /** A parent of {@code slots} slots holding a ramp. */
    private cl_mem parent(int slots, int[] data) {
        assertEquals(slots * slotInts, data.length);
        return intBuffer(data);
    }

    private cl_mem sub(cl_mem parent, int firstSlot, int slots) {
        return subBuffer(parent, 0, firstSlot * slot, slots * slot);
    }

    private void run(cl_mem m, String name, int value, int n) {
        cl_kernel k = kernel(program, name);
        argMem(k, 0, m);
        argInt(k, 1, value);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {n}, null, 0, null, null), name);
    }

    private int[] readInts(cl_mem m, long offsetBytes, int n) {
        int[] out = new int[n];
        ok(clEnqueueReadBuffer(queue, m, CL_TRUE, offsetBytes, (long) n * Sizeof.cl_int, Pointer.to(out), 0, null,
                null), "read");
        return out;
    }

    private void writeInts(cl_mem m, long offsetBytes, int[] data) {
        ok(clEnqueueWriteBuffer(queue, m, CL_TRUE, offsetBytes, (long) data.length * Sizeof.cl_int,
                Pointer.to(data), 0, null, null), "write");
    }

    // ---- transfers through a sub-buffer --------------------------------------------------------------------

    @Test
    void readWithAnOffsetReadsTheParentAtOriginPlusOffset() {
        int[] data = ramp(4 * slotInts, 3, -11);
        cl_mem sub = sub(parent(4, data), 1, 2);
        int first = slotInts + 5;
        assertArrayEquals(Arrays.copyOfRange(data, first, first + 40), readInts(sub, 5L * Sizeof.cl_int, 40));
    }

    @Test
    void writeWithAnOffsetChangesOnlyThatPartOfTheParent() {
        int[] data = ramp(4 * slotInts, 1, 0);
        cl_mem p = parent(4, data);
        cl_mem sub = sub(p, 2, 1);
        int[] patch = ramp(20, -9, 500);
        writeInts(sub, 7L * Sizeof.cl_int, patch);
        System.arraycopy(patch, 0, data, 2 * slotInts + 7, patch.length);
        assertArrayEquals(data, readInts(p, 4 * slotInts));
    }

    @Test
    void nonBlockingReadAndWriteThroughASubBuffer() {
        int[] data = ramp(4 * slotInts, 2, 1);
        cl_mem p = parent(4, data);
        cl_mem sub = sub(p, 1, 2);
        int n = 2 * slotInts;
        ByteBuffer src = direct(n * Sizeof.cl_int);
        int[] patch = ramp(n, 5, -3);
        src.asIntBuffer().put(patch);
        ByteBuffer dst = direct(n * Sizeof.cl_int);
        cl_event written = track(newEvent());
        ok(clEnqueueWriteBuffer(queue, sub, CL_FALSE, 0, (long) n * Sizeof.cl_int, Pointer.to(src), 0, null,
                written), "non-blocking write");
        cl_event read = track(newEvent());
        ok(clEnqueueReadBuffer(queue, p, CL_FALSE, slot, (long) n * Sizeof.cl_int, Pointer.to(dst), 1,
                new cl_event[] {written}, read), "non-blocking read of the parent");
        waitFor(read);
        int[] seen = new int[n];
        dst.asIntBuffer().get(seen);
        assertArrayEquals(patch, seen);
        Reference.reachabilityFence(src);
    }

    @Test
    void copyBetweenTwoSubBuffersOfOneParent() {
        int[] data = ramp(4 * slotInts, 7, 2);
        cl_mem p = parent(4, data);
        cl_mem from = sub(p, 0, 1);
        cl_mem to = sub(p, 2, 1);
        ok(clEnqueueCopyBuffer(queue, from, to, 8, 16, slot - 16, 0, null, null), "copy");
        System.arraycopy(data.clone(), 2, data, 2 * slotInts + 4, slotInts - 4);
        assertArrayEquals(data, readInts(p, 4 * slotInts));
    }

    @Test
    void copyBetweenTheParentAndItsSubBuffer() {
        int[] data = ramp(4 * slotInts, -1, 99);
        cl_mem p = parent(4, data);
        cl_mem sub = sub(p, 3, 1);
        ok(clEnqueueCopyBuffer(queue, p, sub, 0, 0, slot, 0, null, null), "parent slot 0 -> sub");
        ok(clEnqueueCopyBuffer(queue, sub, p, 0, slot, slot, 0, null, null), "sub -> parent slot 1");
        int[] expected = data.clone();
        System.arraycopy(data, 0, expected, 3 * slotInts, slotInts);
        System.arraycopy(data, 0, expected, slotInts, slotInts);
        assertArrayEquals(expected, readInts(p, 4 * slotInts));
    }

    @Test
    void copyBetweenOverlappingSubBuffersOfDisjointBytesWorks() {
        int[] data = ramp(4 * slotInts, 4, 4);
        cl_mem p = parent(4, data);
        cl_mem a = sub(p, 0, 2);
        cl_mem b = sub(p, 1, 3);
        // a's first slot (parent slot 0) to b's last slot (parent slot 3): the sub-buffers overlap, the bytes do not
        ok(clEnqueueCopyBuffer(queue, a, b, 0, 2 * slot, slot, 0, null, null), "copy");
        int[] expected = data.clone();
        System.arraycopy(data, 0, expected, 3 * slotInts, slotInts);
        assertArrayEquals(expected, readInts(p, 4 * slotInts));
    }

    @Test
    void copyBetweenSubBuffersWhoseBytesOverlapIsMemCopyOverlap() {
        cl_mem p = parent(4, ramp(4 * slotInts, 1, 0));
        cl_mem a = sub(p, 0, 2);
        cl_mem b = sub(p, 1, 3);
        // a at offset slot and b at offset 0 are the same parent bytes
        assertStatus(CL_MEM_COPY_OVERLAP, clEnqueueCopyBuffer(queue, a, b, slot, 0, slot, 0, null, null), "a -> b");
        assertStatus(CL_MEM_COPY_OVERLAP, clEnqueueCopyBuffer(queue, b, a, 0, slot + 64, slot / 2, 0, null, null),
                "b -> a, partly overlapping");
    }

    @Test
    void copyWithinOneSubBufferThatOverlapsIsMemCopyOverlap() {
        cl_mem sub = sub(parent(4, ramp(4 * slotInts, 1, 0)), 1, 2);
        assertStatus(CL_MEM_COPY_OVERLAP, clEnqueueCopyBuffer(queue, sub, sub, 0, 64, 128, 0, null, null));
    }

    @Test
    void fillThroughASubBufferFillsOnlyItsRegion() {
        int[] data = ramp(4 * slotInts, 2, 3);
        cl_mem p = parent(4, data);
        cl_mem sub = sub(p, 1, 2);
        int value = 0x13572468;
        ok(clEnqueueFillBuffer(queue, sub, Pointer.to(new int[] {value}), Sizeof.cl_int, 16, slot, 0, null, null),
                "fill");
        Arrays.fill(data, slotInts + 4, slotInts + 4 + slotInts, value);
        assertArrayEquals(data, readInts(p, 4 * slotInts));
    }

    @Test
    void mapOfASubBufferShowsItsRegionAndWritesReachTheParent() {
        int[] data = ramp(4 * slotInts, 3, 3);
        cl_mem p = parent(4, data);
        cl_mem sub = sub(p, 2, 2);
        int[] e = err();
        ByteBuffer mapped = clEnqueueMapBuffer(queue, sub, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 2 * slot, 0, null,
                null, e);
        ok(e[0], "map");
        mapped.order(ByteOrder.nativeOrder());
        int[] seen = new int[2 * slotInts];
        mapped.asIntBuffer().get(seen);
        assertArrayEquals(Arrays.copyOfRange(data, 2 * slotInts, 4 * slotInts), seen);
        // no MAP_COUNT check here: PoCL 3.1 counts a sub-buffer's maps on its parent
        for (int i = 0; i < seen.length; i++) {
            mapped.putInt(i * Sizeof.cl_int, -seen[i]);
        }
        ok(clEnqueueUnmapMemObject(queue, sub, mapped, 0, null, null), "unmap");
        for (int i = 2 * slotInts; i < 4 * slotInts; i++) {
            data[i] = -data[i];
        }
        assertArrayEquals(data, readInts(p, 4 * slotInts));
    }

    @Test
    void mapWithAnOffsetInsideASubBuffer() {
        int[] data = ramp(4 * slotInts, 5, 0);
        cl_mem p = parent(4, data);
        cl_mem sub = sub(p, 1, 2);
        int[] e = err();
        ByteBuffer mapped = clEnqueueMapBuffer(queue, sub, CL_TRUE, CL_MAP_READ, 12, 64, 0, null, null, e);
        ok(e[0], "map");
        mapped.order(ByteOrder.nativeOrder());
        int[] seen = new int[16];
        mapped.asIntBuffer().get(seen);
        assertArrayEquals(Arrays.copyOfRange(data, slotInts + 3, slotInts + 19), seen);
        ok(clEnqueueUnmapMemObject(queue, sub, mapped, 0, null, null), "unmap");
        finish(queue);
    }

    @Test
    void readPastTheEndOfASubBufferIsInvalidValueEvenInsideTheParent() {
        cl_mem sub = sub(parent(4, ramp(4 * slotInts, 1, 0)), 1, 1);
        byte[] host = new byte[(int) (2 * slot)];
        assertStatus(CL_INVALID_VALUE, clEnqueueReadBuffer(queue, sub, CL_TRUE, 0, slot + 4, Pointer.to(host), 0,
                null, null), "read");
        assertStatus(CL_INVALID_VALUE, clEnqueueWriteBuffer(queue, sub, CL_TRUE, slot - 4, 8, Pointer.to(host), 0,
                null, null), "write");
        assertStatus(CL_INVALID_VALUE, clEnqueueFillBuffer(queue, sub, Pointer.to(new int[1]), 4, 0, slot + 4, 0,
                null, null), "fill");
    }

    // ---- kernels ----------------------------------------------------------------------------------------------

    @Test
    void kernelsOnTwoSubBuffersOfOneParentThenTheParentIsRead() {
        int[] data = ramp(4 * slotInts, 1, -100);
        cl_mem p = parent(4, data);
        cl_mem low = sub(p, 0, 2);
        cl_mem high = sub(p, 2, 2);
        run(low, "add", 5, 2 * slotInts);
        run(high, "mul", 3, 2 * slotInts);
        int[] expected = data.clone();
        for (int i = 0; i < 4 * slotInts; i++) {
            expected[i] = i < 2 * slotInts ? data[i] + 5 : data[i] * 3;
        }
        assertArrayEquals(expected, readInts(p, 4 * slotInts));
        assertArrayEquals(Arrays.copyOfRange(expected, 0, 2 * slotInts), readInts(low, 2 * slotInts));
        assertArrayEquals(Arrays.copyOfRange(expected, 2 * slotInts, 4 * slotInts), readInts(high, 2 * slotInts));
    }

    @Test
    void kernelOnTheParentIsVisibleThroughASubBuffer() {
        int[] data = ramp(4 * slotInts, 2, 0);
        cl_mem p = parent(4, data);
        cl_mem sub = sub(p, 1, 1);
        assertArrayEquals(Arrays.copyOfRange(data, slotInts, 2 * slotInts), readInts(sub, slotInts), "before");
        run(p, "add", 9, 4 * slotInts);
        int[] expected = new int[slotInts];
        for (int i = 0; i < slotInts; i++) {
            expected[i] = data[slotInts + i] + 9;
        }
        assertArrayEquals(expected, readInts(sub, slotInts), "after a kernel on the whole parent");
    }

    @Test
    void kernelOnASubBufferThenKernelOnTheParent() {
        int[] data = ramp(4 * slotInts, 1, 1);
        cl_mem p = parent(4, data);
        cl_mem sub = sub(p, 3, 1);
        run(sub, "add", 1000, slotInts);
        run(p, "mul", 2, 4 * slotInts);
        int[] expected = new int[4 * slotInts];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = (i >= 3 * slotInts ? data[i] + 1000 : data[i]) * 2;
        }
        assertArrayEquals(expected, readInts(p, 4 * slotInts));
    }

    // ---- overlapping sub-buffers (PoCL bugs #1962, #1969) --------------------------------------------------

    @Test
    void writeThroughOneOverlappingSubBufferReadThroughTheOther() {
        int[] data = ramp(4 * slotInts, 1, 0);
        cl_mem p = parent(4, data);
        cl_mem a = sub(p, 0, 3);
        cl_mem b = sub(p, 1, 3);
        int[] patch = ramp(slotInts, -3, 7);
        writeInts(a, 2 * slot, patch); // parent slot 2, which is b's slot 1
        assertArrayEquals(patch, readInts(b, slot, slotInts), "b sees what was written through a");
        int[] second = ramp(slotInts, 11, -5);
        writeInts(b, 0, second); // parent slot 1, which is a's slot 1
        assertArrayEquals(second, readInts(a, slot, slotInts), "a sees what was written through b");
        System.arraycopy(patch, 0, data, 2 * slotInts, slotInts);
        System.arraycopy(second, 0, data, slotInts, slotInts);
        assertArrayEquals(data, readInts(p, 4 * slotInts));
    }

    @Test
    void kernelOnOneOverlappingSubBufferHostReadOnTheOther() {
        int[] data = ramp(4 * slotInts, 3, 0);
        cl_mem p = parent(4, data);
        cl_mem a = sub(p, 0, 3);
        cl_mem b = sub(p, 1, 3);
        run(a, "add", 7, 3 * slotInts);
        int[] expected = new int[3 * slotInts];
        for (int i = 0; i < expected.length; i++) {
            int j = slotInts + i;
            expected[i] = j < 3 * slotInts ? data[j] + 7 : data[j];
        }
        assertArrayEquals(expected, readInts(b, 3 * slotInts));
    }

    @Test
    void kernelsOnOverlappingSubBuffersInSequence() {
        int[] data = ramp(4 * slotInts, 1, 2);
        cl_mem p = parent(4, data);
        cl_mem a = sub(p, 0, 3);
        cl_mem b = sub(p, 1, 3);
        run(a, "add", 1, 3 * slotInts);
        run(b, "mul", 2, 3 * slotInts);
        int[] expected = new int[4 * slotInts];
        for (int i = 0; i < expected.length; i++) {
            int v = i < 3 * slotInts ? data[i] + 1 : data[i];
            expected[i] = i >= slotInts ? v * 2 : v;
        }
        assertArrayEquals(expected, readInts(p, 4 * slotInts), "parent");
        assertArrayEquals(Arrays.copyOfRange(expected, 0, 3 * slotInts), readInts(a, 3 * slotInts), "a");
    }

    @Test
    void mapOfOneOverlappingSubBufferAfterAWriteThroughTheOther() {
        cl_mem p = parent(4, new int[4 * slotInts]);
        cl_mem a = sub(p, 0, 2);
        cl_mem b = sub(p, 1, 2);
        int[] patch = ramp(slotInts, 9, 9);
        writeInts(b, 0, patch);
        int[] e = err();
        ByteBuffer mapped = clEnqueueMapBuffer(queue, a, CL_TRUE, CL_MAP_READ, slot, slot, 0, null, null, e);
        ok(e[0], "map");
        int[] seen = new int[slotInts];
        mapped.order(ByteOrder.nativeOrder()).asIntBuffer().get(seen);
        assertArrayEquals(patch, seen);
        ok(clEnqueueUnmapMemObject(queue, a, mapped, 0, null, null), "unmap");
        finish(queue);
    }

    // ---- USE_HOST_PTR parents --------------------------------------------------------------------------------

    @Test
    void subBufferOfAUseHostPtrBufferReadsAndWritesTheHostMemory() {
        int n = 4 * slotInts;
        ByteBuffer host = direct(n * Sizeof.cl_int);
        int[] data = ramp(n, 6, -6);
        host.asIntBuffer().put(data);
        cl_mem p = buffer(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, (long) n * Sizeof.cl_int, Pointer.to(host));
        cl_mem sub = sub(p, 1, 2);
        assertArrayEquals(Arrays.copyOfRange(data, slotInts, 3 * slotInts), readInts(sub, 2 * slotInts));
        long parentPtr = Info.pointer(memQ(p), CL_MEM_HOST_PTR);
        assertEquals(parentPtr + slot, Info.pointer(memQ(sub), CL_MEM_HOST_PTR), "host_ptr + origin");
        int[] patch = ramp(slotInts, 1, 12345);
        writeInts(sub, slot, patch);
        // after a map of the parent completes, the host memory holds the latest bits
        int[] e = err();
        ByteBuffer mapped = clEnqueueMapBuffer(queue, p, CL_TRUE, CL_MAP_READ, 0, (long) n * Sizeof.cl_int, 0, null,
                null, e);
        ok(e[0], "map the parent");
        System.arraycopy(patch, 0, data, 2 * slotInts, slotInts);
        int[] seen = new int[n];
        host.asIntBuffer().get(seen);
        assertArrayEquals(data, seen);
        ok(clEnqueueUnmapMemObject(queue, p, mapped, 0, null, null), "unmap");
        finish(queue);
    }

    // ---- alignment ---------------------------------------------------------------------------------------------

    @Test
    void originsThatAreMultiplesOfTheAlignmentAreAccepted() {
        long align = baseAlignBytes(device);
        cl_mem p = buffer(CL_MEM_READ_WRITE, 8 * align, null);
        for (int k = 0; k < 8; k++) {
            cl_mem sub = subBuffer(p, CL_MEM_READ_WRITE, k * align, align);
            assertEquals(k * align, Info.sizeT(memQ(sub), CL_MEM_OFFSET), "origin " + k * align);
        }
    }

    @Test
    void originsThatAreNotMultiplesOfTheAlignmentAreMisaligned() {
        long align = baseAlignBytes(device);
        org.junit.jupiter.api.Assumptions.assumeTrue(align > 1, "every byte offset is aligned on this device");
        cl_mem p = buffer(CL_MEM_READ_WRITE, 8 * align, null);
        long[] origins = {1, align / 2, align - 1, align + 4, 3 * align + align / 2};
        for (long origin : origins) {
            if (origin % align == 0) {
                continue;
            }
            assertStatus(CL_MISALIGNED_SUB_BUFFER_OFFSET, subBufferStatus(p, CL_MEM_READ_WRITE, origin, 16),
                    "origin " + origin);
        }
    }

    // ---- flags -------------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "parent flags 0x{0}")
    @ValueSource(longs = {CL_MEM_READ_WRITE, CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY,
        CL_MEM_READ_WRITE | CL_MEM_HOST_READ_ONLY, CL_MEM_READ_WRITE | CL_MEM_HOST_WRITE_ONLY,
        CL_MEM_READ_ONLY | CL_MEM_HOST_NO_ACCESS})
    void subBufferWithoutFlagsInheritsTheParentsAccess(long parentFlags) {
        cl_mem p = buffer(parentFlags, 2 * slot, null);
        cl_mem sub = subBuffer(p, 0, slot, slot);
        long mask = CL_MEM_READ_WRITE | CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY | CL_MEM_HOST_READ_ONLY
                | CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS;
        assertEquals(parentFlags & mask, Info.ulong(memQ(sub), CL_MEM_FLAGS) & mask);
    }

    @Test
    void subBufferMayNarrowTheParentsAccess() {
        cl_mem p = buffer(CL_MEM_READ_WRITE, 2 * slot, null);
        long[] narrower = {CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY, CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_WRITE_ONLY,
            CL_MEM_HOST_NO_ACCESS, CL_MEM_READ_ONLY | CL_MEM_HOST_NO_ACCESS};
        for (long flags : narrower) {
            cl_mem sub = subBuffer(p, flags, 0, slot);
            long reported = Info.ulong(memQ(sub), CL_MEM_FLAGS);
            assertEquals(flags, reported & flags, "flags 0x" + Long.toHexString(flags) + " are reported");
        }
    }

    @Test
    void deviceAccessWiderThanTheParentsIsInvalidValue() {
        cl_mem writeOnly = buffer(CL_MEM_WRITE_ONLY, 2 * slot, null);
        assertStatus(CL_INVALID_VALUE, subBufferStatus(writeOnly, CL_MEM_READ_WRITE, 0, slot), "RW of WO");
        assertStatus(CL_INVALID_VALUE, subBufferStatus(writeOnly, CL_MEM_READ_ONLY, 0, slot), "RO of WO");
        cl_mem readOnly = buffer(CL_MEM_READ_ONLY, 2 * slot, null);
        assertStatus(CL_INVALID_VALUE, subBufferStatus(readOnly, CL_MEM_READ_WRITE, 0, slot), "RW of RO");
        assertStatus(CL_INVALID_VALUE, subBufferStatus(readOnly, CL_MEM_WRITE_ONLY, 0, slot), "WO of RO");
    }

    @Test
    void hostAccessWiderThanTheParentsIsInvalidValue() {
        cl_mem hostWriteOnly = buffer(CL_MEM_HOST_WRITE_ONLY, 2 * slot, null);
        assertStatus(CL_INVALID_VALUE, subBufferStatus(hostWriteOnly, CL_MEM_HOST_READ_ONLY, 0, slot),
                "HOST_READ_ONLY of HOST_WRITE_ONLY");
        cl_mem hostReadOnly = buffer(CL_MEM_HOST_READ_ONLY, 2 * slot, null);
        assertStatus(CL_INVALID_VALUE, subBufferStatus(hostReadOnly, CL_MEM_HOST_WRITE_ONLY, 0, slot),
                "HOST_WRITE_ONLY of HOST_READ_ONLY");
        cl_mem noAccess = buffer(CL_MEM_HOST_NO_ACCESS, 2 * slot, null);
        assertStatus(CL_INVALID_VALUE, subBufferStatus(noAccess, CL_MEM_HOST_READ_ONLY, 0, slot),
                "HOST_READ_ONLY of HOST_NO_ACCESS");
        assertStatus(CL_INVALID_VALUE, subBufferStatus(noAccess, CL_MEM_HOST_WRITE_ONLY, 0, slot),
                "HOST_WRITE_ONLY of HOST_NO_ACCESS");
    }

    @ParameterizedTest(name = "flag 0x{0}")
    @ValueSource(longs = {CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR, CL_MEM_COPY_HOST_PTR})
    void hostPointerFlagsOnASubBufferAreInvalidValue(long flag) {
        cl_mem p = buffer(CL_MEM_READ_WRITE, 2 * slot, null);
        assertStatus(CL_INVALID_VALUE, subBufferStatus(p, CL_MEM_READ_WRITE | flag, 0, slot));
    }

    // ---- bad arguments -----------------------------------------------------------------------------------------

    @Test
    void unknownCreateTypeIsInvalidValue() {
        cl_mem p = buffer(CL_MEM_READ_WRITE, 2 * slot, null);
        int[] e = err();
        clCreateSubBuffer(p, CL_MEM_READ_WRITE, 0x7777, new cl_buffer_region(0, slot), e);
        assertStatus(CL_INVALID_VALUE, e[0]);
    }

    @Test
    void nullOrUnsetParentIsInvalidMemObject() {
        for (cl_mem bad : new cl_mem[] {null, new cl_mem()}) {
            int[] e = err();
            clCreateSubBuffer(bad, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, 16), e);
            assertStatus(CL_INVALID_MEM_OBJECT, e[0], bad == null ? "null" : "new cl_mem()");
        }
    }

    @Test
    void regionPastTheParentIsInvalidValue() {
        cl_mem p = buffer(CL_MEM_READ_WRITE, 2 * slot, null);
        assertStatus(CL_INVALID_VALUE, subBufferStatus(p, CL_MEM_READ_WRITE, slot, slot + 1), "one byte too many");
        assertStatus(CL_INVALID_VALUE, subBufferStatus(p, CL_MEM_READ_WRITE, 4 * slot, 16), "origin past the end");
    }

    @Test
    void subBufferOfASubBufferIsInvalidMemObjectForEveryRegion() {
        cl_mem p = buffer(CL_MEM_READ_WRITE, 4 * slot, null);
        cl_mem sub = subBuffer(p, CL_MEM_READ_WRITE, slot, 2 * slot);
        assertStatus(CL_INVALID_MEM_OBJECT, subBufferStatus(sub, CL_MEM_READ_WRITE, 0, slot), "region at 0");
        assertStatus(CL_INVALID_MEM_OBJECT, subBufferStatus(sub, 0, slot, slot), "region at slot, flags 0");
    }

    // ---- info and lifetime -------------------------------------------------------------------------------------

    @Test
    void subBufferReferenceCountMovesWithRetainAndRelease() {
        cl_mem p = buffer(CL_MEM_READ_WRITE, 2 * slot, null);
        cl_mem sub = subBuffer(p, CL_MEM_READ_WRITE, 0, slot);
        assertEquals(1, Info.uint(memQ(sub), CL_MEM_REFERENCE_COUNT));
        ok(clRetainMemObject(sub), "retain");
        assertEquals(2, Info.uint(memQ(sub), CL_MEM_REFERENCE_COUNT));
        ok(clReleaseMemObject(sub), "release");
        assertEquals(1, Info.uint(memQ(sub), CL_MEM_REFERENCE_COUNT));
    }

    @Test
    void subBufferKeepsItsParentAliveAfterTheParentIsReleased() throws InterruptedException {
        int n = 2 * slotInts;
        int[] data = ramp(n, 13, 1);
        int[] e = err();
        cl_mem p = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, (long) n * Sizeof.cl_int,
                Pointer.to(data), e);
        ok(e[0], "parent");
        CountDownLatch destroyed = new CountDownLatch(1);
        ok(clSetMemObjectDestructorCallback(p, (mem, userData) -> destroyed.countDown(), null), "destructor");
        e = err();
        cl_mem sub = clCreateSubBuffer(p, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                new cl_buffer_region(slot, slot), e);
        ok(e[0], "sub-buffer");
        long parentHandle = p.getNativePointer();
        ok(clReleaseMemObject(p), "the application's last release of the parent");
        assertEquals(1, destroyed.getCount(), "the parent is not destroyed while its sub-buffer exists");
        // the sub-buffer still works, and still names the parent
        assertArrayEquals(Arrays.copyOfRange(data, slotInts, n), readInts(sub, slotInts));
        run(sub, "add", 1, slotInts);
        int[] expected = Arrays.copyOfRange(data, slotInts, n);
        for (int i = 0; i < expected.length; i++) {
            expected[i]++;
        }
        assertArrayEquals(expected, readInts(sub, slotInts));
        assertEquals(parentHandle, Info.pointer(memQ(sub), CL_MEM_ASSOCIATED_MEMOBJECT));
        finish(queue);
        ok(clReleaseMemObject(sub), "release the sub-buffer");
        assertTrue(destroyed.await(30, TimeUnit.SECONDS), "the parent goes once its sub-buffer has gone");
    }

    @Test
    void destructorCallbackOfASubBufferRunsAtItsLastRelease() throws InterruptedException {
        cl_mem p = buffer(CL_MEM_READ_WRITE, 2 * slot, null);
        int[] e = err();
        cl_mem sub = clCreateSubBuffer(p, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                new cl_buffer_region(0, slot), e);
        ok(e[0], "sub-buffer");
        CountDownLatch destroyed = new CountDownLatch(1);
        Object token = new Object();
        Object[] seen = new Object[1];
        ok(clSetMemObjectDestructorCallback(sub, (mem, userData) -> {
            seen[0] = userData;
            destroyed.countDown();
        }, token), "destructor");
        ok(clRetainMemObject(sub), "retain");
        ok(clReleaseMemObject(sub), "release (one reference left)");
        assertEquals(1, destroyed.getCount(), "not destroyed while referenced");
        ok(clReleaseMemObject(sub), "last release");
        assertTrue(destroyed.await(30, TimeUnit.SECONDS), "the destructor callback ran");
        assertEquals(token, seen[0]);
        assertEquals(2 * slot, Info.sizeT(memQ(p), CL_MEM_SIZE), "the parent lives on");
    }

    @Test
    void subBufferInfoOfAReadOnlySubBufferOfAUseHostPtrParent() {
        ByteBuffer host = direct((int) (4 * slot));
        cl_mem p = buffer(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, 4 * slot, Pointer.to(host));
        cl_mem sub = subBuffer(p, CL_MEM_READ_ONLY, 2 * slot, slot);
        Info.Query q = memQ(sub);
        assertEquals(CL_MEM_OBJECT_BUFFER, Info.uint(q, CL_MEM_TYPE));
        assertEquals(slot, Info.sizeT(q, CL_MEM_SIZE));
        assertEquals(2 * slot, Info.sizeT(q, CL_MEM_OFFSET));
        assertEquals(p.getNativePointer(), Info.pointer(q, CL_MEM_ASSOCIATED_MEMOBJECT));
        assertEquals(0, Info.uint(q, CL_MEM_MAP_COUNT));
        long flags = Info.ulong(q, CL_MEM_FLAGS);
        assertEquals(CL_MEM_READ_ONLY, flags & (CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY | CL_MEM_READ_WRITE));
        assertNotEquals(0, Info.pointer(q, CL_MEM_HOST_PTR), "a sub-buffer of a USE_HOST_PTR buffer has a host_ptr");
    }
}
