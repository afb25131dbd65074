package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * CL_MEM_HOST_READ_ONLY, CL_MEM_HOST_WRITE_ONLY and CL_MEM_HOST_NO_ACCESS (CTS mem_host_flags): which host
 * operations answer CL_INVALID_OPERATION, which succeed, that the device side is not restricted, and that
 * sub-buffers inherit the restriction.
 */
class HostAccessFlagsTest extends ClTestBase {

    private static final int N = 64;
    private static final long BYTES = N * Sizeof.cl_int;

    /** The three host access flags, and what each allows. */
    enum Host {
        READ_ONLY(CL_MEM_HOST_READ_ONLY, true, false),
        WRITE_ONLY(CL_MEM_HOST_WRITE_ONLY, false, true),
        NO_ACCESS(CL_MEM_HOST_NO_ACCESS, false, false);

        final long flag;
        final boolean mayRead;
        final boolean mayWrite;

        Host(long flag, boolean mayRead, boolean mayWrite) {
            this.flag = flag;
            this.mayRead = mayRead;
            this.mayWrite = mayWrite;
        }

        int readCode() {
            return mayRead ? CL_SUCCESS : CL_INVALID_OPERATION;
        }

        int writeCode() {
            return mayWrite ? CL_SUCCESS : CL_INVALID_OPERATION;
        }
    }

    /** A buffer with the host flag, initialised through COPY_HOST_PTR (allowed whatever the flag). */
    private cl_mem restricted(Host h, int[] data) {
        return buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR | h.flag, BYTES, Pointer.to(data));
    }

    private int mapStatus(cl_mem m, long flags) {
        int[] e = err();
        ByteBuffer b = clEnqueueMapBuffer(queue, m, CL_TRUE, flags, 0, BYTES, 0, null, null, e);
        if (e[0] == CL_SUCCESS) {
            ok(clEnqueueUnmapMemObject(queue, m, b, 0, null, null), "unmap");
            finish(queue);
        }
        return e[0];
    }

    /** The buffer's contents, read by the device into an unrestricted buffer and from there by the host. */
    private int[] contentsViaCopy(cl_mem m) {
        cl_mem plain = intBuffer(N);
        ok(clEnqueueCopyBuffer(queue, m, plain, 0, 0, BYTES, 0, null, null), "copy out");
        return readInts(plain, N);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Host.class)
    void readBufferIsAllowedOnlyForHostReadable(Host h) {
        int[] data = ramp(N, 3, 1);
        cl_mem m = restricted(h, data);
        int[] out = new int[N];
        assertStatus(h.readCode(), clEnqueueReadBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(out), 0, null, null));
        if (h.mayRead) {
            assertArrayEquals(data, out);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Host.class)
    void writeBufferIsAllowedOnlyForHostWritable(Host h) {
        int[] data = ramp(N, 3, 1);
        cl_mem m = restricted(h, data);
        int[] patch = ramp(N, -1, 77);
        assertStatus(h.writeCode(),
                clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, BYTES, Pointer.to(patch), 0, null, null));
        assertArrayEquals(h.mayWrite ? patch : data, contentsViaCopy(m), "the contents after the write");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Host.class)
    void readRectIsAllowedOnlyForHostReadable(Host h) {
        cl_mem m = restricted(h, ramp(N, 1, 0));
        byte[] out = new byte[64];
        assertStatus(h.readCode(), clEnqueueReadBufferRect(queue, m, CL_TRUE, new long[3], new long[3],
                new long[] {8, 4, 1}, 16, 0, 0, 0, Pointer.to(out), 0, null, null));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Host.class)
    void writeRectIsAllowedOnlyForHostWritable(Host h) {
        cl_mem m = restricted(h, ramp(N, 1, 0));
        byte[] in = bytes(64, 3);
        assertStatus(h.writeCode(), clEnqueueWriteBufferRect(queue, m, CL_TRUE, new long[3], new long[3],
                new long[] {8, 4, 1}, 16, 0, 0, 0, Pointer.to(in), 0, null, null));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Host.class)
    void mapForReadingIsAllowedOnlyForHostReadable(Host h) {
        cl_mem m = restricted(h, ramp(N, 1, 0));
        assertStatus(h.readCode(), mapStatus(m, CL_MAP_READ));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Host.class)
    void mapForWritingIsAllowedOnlyForHostWritable(Host h) {
        cl_mem m = restricted(h, ramp(N, 1, 0));
        assertStatus(h.writeCode(), mapStatus(m, CL_MAP_WRITE), "CL_MAP_WRITE");
        assertStatus(h.writeCode(), mapStatus(m, CL_MAP_WRITE_INVALIDATE_REGION), "CL_MAP_WRITE_INVALIDATE_REGION");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Host.class)
    void mapForReadingAndWritingNeedsBoth(Host h) {
        cl_mem m = restricted(h, ramp(N, 1, 0));
        assertStatus(CL_INVALID_OPERATION, mapStatus(m, CL_MAP_READ | CL_MAP_WRITE));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Host.class)
    void deviceSideCopyFillAndKernelsAreNotRestricted(Host h) {
        int[] data = ramp(N, 2, 5);
        cl_mem m = restricted(h, data);
        assertArrayEquals(data, contentsViaCopy(m), "copy out of the buffer");
        ok(clEnqueueFillBuffer(queue, m, Pointer.to(new int[] {-4}), Sizeof.cl_int, 0, BYTES / 2, 0, null, null),
                "fill");
        cl_kernel k = kernel(program("kernel void add2(global int* a) { a[get_global_id(0)] += 2; }", null), "add2");
        argMem(k, 0, m);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {N}, null, 0, null, null), "kernel");
        int[] expected = data.clone();
        Arrays.fill(expected, 0, N / 2, -4);
        for (int i = 0; i < N; i++) {
            expected[i] += 2;
        }
        assertArrayEquals(expected, contentsViaCopy(m));
        cl_mem source = intBuffer(ramp(N, 9, 9));
        ok(clEnqueueCopyBuffer(queue, source, m, 0, 0, BYTES, 0, null, null), "copy into the buffer");
        assertArrayEquals(ramp(N, 9, 9), contentsViaCopy(m));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Host.class)
    void subBufferWithoutHostFlagsInheritsTheRestriction(Host h) {
        long size = Math.max(BYTES, 2 * baseAlignBytes(device));
        cl_mem parent = buffer(CL_MEM_READ_WRITE | h.flag, size, null);
        cl_mem sub = subBuffer(parent, CL_MEM_READ_WRITE, 0, BYTES);
        int[] host = new int[N];
        assertStatus(h.readCode(), clEnqueueReadBuffer(queue, sub, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null,
                null), "read through the sub-buffer");
        assertStatus(h.writeCode(), clEnqueueWriteBuffer(queue, sub, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null,
                null), "write through the sub-buffer");
        assertStatus(h.readCode(), mapStatus(sub, CL_MAP_READ), "map the sub-buffer for reading");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Host.class)
    void subBufferMayAddARestrictionToAnUnrestrictedParent(Host h) {
        int[] data = ramp(N, 5, 0);
        cl_mem parent = intBuffer(data);
        cl_mem sub = subBuffer(parent, h.flag, 0, BYTES);
        int[] host = new int[N];
        assertStatus(h.readCode(), clEnqueueReadBuffer(queue, sub, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null,
                null), "read through the restricted sub-buffer");
        assertArrayEquals(data, readInts(parent, N), "the parent itself stays readable");
    }

    @Test
    void hostReadOnlyBufferFilledByAKernelIsReadable() {
        cl_mem m = buffer(CL_MEM_WRITE_ONLY | CL_MEM_HOST_READ_ONLY, BYTES, null);
        cl_kernel k = kernel(program("kernel void iota(global int* a) { a[get_global_id(0)] = 3 * get_global_id(0); }",
                null), "iota");
        argMem(k, 0, m);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {N}, null, 0, null, null), "kernel");
        assertArrayEquals(ramp(N, 3, 0), readInts(m, N));
    }

    @Test
    void hostWriteOnlyBufferWrittenByTheHostFeedsAKernel() {
        cl_mem in = buffer(CL_MEM_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, BYTES, null);
        cl_mem out = intBuffer(N);
        int[] data = ramp(N, -2, 50);
        ok(clEnqueueWriteBuffer(queue, in, CL_TRUE, 0, BYTES, Pointer.to(data), 0, null, null), "write");
        cl_kernel k = kernel(program("kernel void dbl(global const int* a, global int* b) {"
                + " size_t i = get_global_id(0); b[i] = 2 * a[i]; }", null), "dbl");
        argMem(k, 0, in);
        argMem(k, 1, out);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {N}, null, 0, null, null), "kernel");
        assertArrayEquals(ramp(N, -4, 100), readInts(out, N));
    }
}
