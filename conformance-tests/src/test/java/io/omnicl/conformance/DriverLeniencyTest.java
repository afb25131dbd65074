package io.omnicl.conformance;

import static org.jocl.CL.CL_DEVICE_MAX_WORK_GROUP_SIZE;
import static org.jocl.CL.CL_MEM_COPY_HOST_PTR;
import static org.jocl.CL.CL_MEM_READ_ONLY;
import static org.jocl.CL.CL_SUCCESS;
import static org.jocl.CL.clEnqueueNDRangeKernel;
import static org.jocl.CL.clGetDeviceInfo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.stream.IntStream;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.Test;

/**
 * What every driver accepts beyond the OpenCL specification, and published JOCL programs rely on: OmniCL
 * gives the drivers' result.
 */
class DriverLeniencyTest extends ClTestBase {

    private static final String TWICE = "__kernel void twice(__global int* a) { int i = get_global_id(0); a[i] *= 2; }";
    private static final int N = 256;

    @Test
    void aKernelWritesABufferCreatedReadOnly() {
        int[] data = IntStream.range(0, N).toArray();
        cl_mem m = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * N, Pointer.to(data));
        cl_program p = program(TWICE, "");
        cl_kernel k = kernel(p, "twice");
        argMem(k, 0, m);
        for (int launch = 0; launch < 2; launch++) {
            ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {N}, null, 0, null, null), "launch");
        }
        assertArrayEquals(IntStream.range(0, N).map(i -> 4 * i).toArray(), readInts(m, N),
                "the writes of both launches, as every driver keeps them");
    }

    @Test
    void aSizeTAskedIntoAnIntArrayGivesItsLowBytes() {
        long[] whole = new long[1];
        ok(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, Sizeof.size_t, Pointer.to(whole), null), "as size_t");
        int[] low = new int[1];
        assertEquals(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, Sizeof.size_t,
                Pointer.to(low), null));
        assertEquals((int) whole[0], low[0]);
    }

    @Test
    void anAnswerLargerThanItsBufferIsWrittenOnlyAsFarAsTheBufferGoes() {
        assumeTrue(Target.isOmniCL(), "the real JOCL hands the driver the address, and the driver writes the"
                + " whole value past a smaller buffer");
        ByteBuffer memory = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
        for (int i = 0; i < 16; i++) {
            memory.put(i, (byte) 0x5A);
        }
        ByteBuffer first4 = memory.slice(0, 4).order(ByteOrder.nativeOrder());
        long[] whole = new long[1];
        ok(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, Sizeof.size_t, Pointer.to(whole), null), "as size_t");
        assertEquals(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, Sizeof.size_t,
                Pointer.to(first4), null));
        assertEquals((int) whole[0], first4.getInt(0));
        for (int i = 4; i < 16; i++) {
            assertEquals((byte) 0x5A, memory.get(i), "byte " + i + " past the buffer");
        }
    }
}
