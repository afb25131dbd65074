package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;

import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.Test;

/**
 * clCreateProgramWithBinary from the CL_PROGRAM_BINARIES of a built program (CTS api/binary_create): the
 * program builds and runs; binary_status values; a bad binary, a missing length or binary, and bad handles are
 * rejected with the specified codes. A null entry in binaries is left out: with JOCL over PoCL 3.1 it crashes
 * the JVM at random (inside clCreateProgramWithBinary) instead of answering CL_INVALID_VALUE.
 */
class ProgramBinaryTest extends ClTestBase {

    private static final String SOURCE = ""
            + "kernel void affine(global int* a) { size_t i = get_global_id(0); a[i] = (int) i * SCALE + 7; }\n"
            + "kernel void negate(global int* a) { size_t i = get_global_id(0); a[i] = -a[i]; }\n";
    private static final int N = 200;

    /** The binary of a program built for {@link #device}. */
    private byte[] binaryOf(cl_program p) {
        long[] sizes = Info.sizeTArray(programQ(p), CL_PROGRAM_BINARY_SIZES);
        assertEquals(1, sizes.length, "one binary per device");
        assertTrue(sizes[0] > 0, "a built program has a binary");
        byte[] binary = new byte[(int) sizes[0]];
        ok(clGetProgramInfo(p, CL_PROGRAM_BINARIES, org.jocl.Sizeof.POINTER, Pointer.to(Pointer.to(binary)), null),
                "CL_PROGRAM_BINARIES");
        return binary;
    }

    private cl_program fromBinary(byte[] binary, int[] binaryStatus) {
        int[] e = err();
        cl_program p = clCreateProgramWithBinary(context, 1, new cl_device_id[] {device}, new long[] {binary.length},
                new byte[][] {binary}, binaryStatus, e);
        ok(e[0], "clCreateProgramWithBinary");
        return track(p);
    }

    private int[] run(cl_program p, String name, int[] data) {
        cl_kernel k = kernel(p, name);
        cl_mem m = intBuffer(data);
        argMem(k, 0, m);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {data.length}, null, 0, null, null), name);
        return readInts(m, data.length);
    }

    private int createStatus(long[] lengths, byte[][] binaries, int[] binaryStatus) {
        int[] e = err();
        cl_program p = clCreateProgramWithBinary(context, 1, new cl_device_id[] {device}, lengths, binaries,
                binaryStatus, e);
        return status(e, p);
    }

    @Test
    void programFromTheBinaryOfABuiltProgramBuildsAndRuns() {
        byte[] binary = binaryOf(program(SOURCE, "-DSCALE=3"));
        int[] status = {Integer.MIN_VALUE};
        cl_program p = fromBinary(binary, status);
        assertStatus(CL_SUCCESS, status[0], "binary_status");
        ok(clBuildProgram(p, 1, new cl_device_id[] {device}, null, null, null), "build from the binary");
        assertEquals(CL_BUILD_SUCCESS, Info.uint(buildQ(p, device), CL_PROGRAM_BUILD_STATUS));
        assertArrayEquals(ramp(N, 3, 7), run(p, "affine", new int[N]), "the define of the first build is kept");
        assertArrayEquals(ramp(N, -1, 0), run(p, "negate", ramp(N, 1, 0)));
    }

    @Test
    void programFromABinaryReportsItsKernelsAndDevice() {
        cl_program p = fromBinary(binaryOf(program(SOURCE, "-DSCALE=1")), null);
        ok(clBuildProgram(p, 0, null, null, null, null), "build");
        Info.Query q = programQ(p);
        assertEquals(2, Info.sizeT(q, CL_PROGRAM_NUM_KERNELS));
        assertEquals(new HashSet<>(Arrays.asList("affine", "negate")),
                new HashSet<>(Arrays.asList(Info.string(q, CL_PROGRAM_KERNEL_NAMES).split(";"))));
        assertEquals(1, Info.uint(q, CL_PROGRAM_NUM_DEVICES));
        assertEquals(context, handleInfo(q, CL_PROGRAM_CONTEXT, new cl_context()));
        assertEquals(CL_PROGRAM_BINARY_TYPE_EXECUTABLE, Info.uint(buildQ(p, device), CL_PROGRAM_BINARY_TYPE));
    }

    @Test
    void binaryOfAProgramBuiltFromABinaryRoundTripsAgain() {
        cl_program first = fromBinary(binaryOf(program(SOURCE, "-DSCALE=5")), null);
        ok(clBuildProgram(first, 0, null, null, null, null), "build the first copy");
        cl_program second = fromBinary(binaryOf(first), null);
        ok(clBuildProgram(second, 0, null, null, null, null), "build the second copy");
        assertArrayEquals(ramp(N, 5, 7), run(second, "affine", new int[N]));
    }

    @Test
    void garbageBinaryIsInvalidBinary() {
        byte[] garbage = "this is not a program binary of any device".getBytes(StandardCharsets.US_ASCII);
        int[] status = {Integer.MIN_VALUE};
        assertStatus(CL_INVALID_BINARY, createStatus(new long[] {garbage.length}, new byte[][] {garbage}, status),
                "errcode_ret");
        assertStatus(CL_INVALID_BINARY, status[0], "binary_status of the device");
    }

    @Test
    void missingLengthsOrAZeroLengthIsInvalidValue() {
        byte[] binary = binaryOf(program(SOURCE, "-DSCALE=1"));
        assertStatus(CL_INVALID_VALUE, createStatus(null, new byte[][] {binary}, null), "lengths NULL");
        assertStatus(CL_INVALID_VALUE, createStatus(new long[] {0}, new byte[][] {binary}, null), "length 0");
    }

    @Test
    void noDevicesIsInvalidValue() {
        byte[] binary = binaryOf(program(SOURCE, "-DSCALE=1"));
        int[] e = err();
        clCreateProgramWithBinary(context, 0, null, new long[] {binary.length}, new byte[][] {binary}, null, e);
        assertStatus(CL_INVALID_VALUE, e[0], "num_devices 0, device_list NULL");
        e = err();
        clCreateProgramWithBinary(context, 1, null, new long[] {binary.length}, new byte[][] {binary}, null, e);
        assertStatus(CL_INVALID_VALUE, e[0], "num_devices 1, device_list NULL");
    }

    @Test
    void deviceOutsideTheContextIsInvalidDevice() {
        byte[] binary = binaryOf(program(SOURCE, "-DSCALE=1"));
        cl_device_id other = otherDevice();
        org.junit.jupiter.api.Assumptions.assumeTrue(other != null, "the platform has a single device");
        int[] e = err();
        clCreateProgramWithBinary(context, 1, new cl_device_id[] {other}, new long[] {binary.length},
                new byte[][] {binary}, null, e);
        assertStatus(CL_INVALID_DEVICE, e[0]);
    }

    @Test
    void nullOrUnsetContextIsInvalidContext() {
        byte[] binary = binaryOf(program(SOURCE, "-DSCALE=1"));
        for (cl_context bad : new cl_context[] {null, new cl_context()}) {
            int[] e = err();
            clCreateProgramWithBinary(bad, 1, new cl_device_id[] {device}, new long[] {binary.length},
                    new byte[][] {binary}, null, e);
            assertStatus(CL_INVALID_CONTEXT, e[0], bad == null ? "null" : "unset");
        }
    }

    @Test
    void garbageBinaryThrowsWhenExceptionsAreEnabled() {
        byte[] garbage = new byte[64];
        Arrays.fill(garbage, (byte) 0x5A);
        CL.setExceptionsEnabled(true);
        try {
            CLException e = assertThrows(CLException.class, () -> clCreateProgramWithBinary(context, 1,
                    new cl_device_id[] {device}, new long[] {garbage.length}, new byte[][] {garbage}, null, null));
            assertStatus(CL_INVALID_BINARY, e.getStatus());
        } finally {
            CL.setExceptionsEnabled(false);
        }
    }
}
