package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** clCreateKernel, clSetKernelArg, clGetKernelInfo, clGetKernelWorkGroupInfo, clGetKernelArgInfo, retain, release. */
@SuppressWarnings("deprecation") // OpenCL 1.2 entry points that JOCL marks deprecated for 2.0
class KernelTest extends ClTestBase {

    private static final String SOURCE = ""
            + "kernel void reverse_in_group(global int* out, local int* scratch, int base) {\n"
            + "  size_t l = get_local_id(0); size_t n = get_local_size(0);\n"
            + "  scratch[l] = (int) get_global_id(0) + base;\n"
            + "  barrier(CLK_LOCAL_MEM_FENCE);\n"
            + "  out[get_global_id(0)] = scratch[n - 1 - l];\n"
            + "}\n"
            + "kernel void scalars(global long* out, float a, int b, long c, uchar d, short e) {\n"
            + "  out[0] = (long) (a * 4.0f); out[1] = b; out[2] = c; out[3] = d; out[4] = e;\n"
            + "}\n"
            + "kernel __attribute__((reqd_work_group_size(4, 2, 1))) void fixed(global int* out) {\n"
            + "  out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = (int) get_local_id(1);\n"
            + "}\n"
            + "kernel void static_local(global int* out) {\n"
            + "  local int tmp[64];\n"
            + "  tmp[get_local_id(0) % 64] = (int) get_global_id(0);\n"
            + "  barrier(CLK_LOCAL_MEM_FENCE);\n"
            + "  out[get_global_id(0)] = tmp[get_local_id(0) % 64] * 2;\n"
            + "}\n"
            + "kernel void add_constant(global int* data, int k) { data[get_global_id(0)] += k; }\n";

    private static final int UNKNOWN_KERNEL_PARAM = 0x0AB6;

    private cl_program program;

    @BeforeAll
    void buildOnce() {
        program = program(SOURCE, "-cl-kernel-arg-info");
    }

    private long wgSizeT(cl_kernel k, int param) {
        return Info.sizeT(workGroupQ(k, device), param);
    }

    @Test
    void kernelInfoDescribesTheKernel() {
        cl_kernel k = kernel(program, "scalars");
        Info.Query q = kernelQ(k);
        assertEquals("scalars", Info.string(q, CL_KERNEL_FUNCTION_NAME));
        assertEquals(6, Info.uint(q, CL_KERNEL_NUM_ARGS));
        assertEquals(program, handleInfo(q, CL_KERNEL_PROGRAM, new cl_program()));
        assertEquals(context, handleInfo(q, CL_KERNEL_CONTEXT, new cl_context()));
        assertTrue(Info.uint(q, CL_KERNEL_REFERENCE_COUNT) >= 1);
        Info.string(q, CL_KERNEL_ATTRIBUTES); // a string, possibly empty
    }

    @Test
    void unknownKernelNameIsInvalidKernelName() {
        int[] e = err();
        clCreateKernel(program, "no_such_kernel", e);
        assertStatus(CL_INVALID_KERNEL_NAME, e[0]);
    }

    @Test
    void nullKernelNameIsInvalidValue() {
        int[] e = err();
        clCreateKernel(program, null, e);
        assertStatus(CL_INVALID_VALUE, e[0]);
    }

    @Test
    void nullProgramIsInvalidProgram() {
        for (cl_program p : new cl_program[] {null, new cl_program()}) {
            int[] e = err();
            clCreateKernel(p, "scalars", e);
            assertStatus(CL_INVALID_PROGRAM, e[0], p == null ? "null" : "new cl_program()");
        }
    }

    @Test
    void localArgumentGivesEachGroupItsOwnScratch() {
        cl_kernel k = kernel(program, "reverse_in_group");
        int n = 256;
        int group = 16;
        int base = 1000;
        cl_mem out = intBuffer(n);
        argMem(k, 0, out);
        ok(clSetKernelArg(k, 1, (long) group * Sizeof.cl_int, null), "local arg: size, NULL value");
        argInt(k, 2, base);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {n}, new long[] {group}, 0, null, null), "run");
        int[] expected = new int[n];
        for (int g = 0; g < n; g++) {
            int start = g / group * group;
            expected[g] = start + (group - 1 - (g - start)) + base;
        }
        assertArrayEquals(expected, readInts(out, n));
    }

    @Test
    void scalarArgumentsOfEachSize() {
        cl_kernel k = kernel(program, "scalars");
        cl_mem out = buffer(CL_MEM_READ_WRITE, 5L * Sizeof.cl_long, null);
        float a = 2.75f;
        int b = -123456;
        long c = 0x1234_5678_9ABCL;
        byte d = (byte) 200;
        short e = -31000;
        argMem(k, 0, out);
        ok(clSetKernelArg(k, 1, Sizeof.cl_float, Pointer.to(new float[] {a})), "float");
        ok(clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[] {b})), "int");
        ok(clSetKernelArg(k, 3, Sizeof.cl_long, Pointer.to(new long[] {c})), "long");
        ok(clSetKernelArg(k, 4, Sizeof.cl_uchar, Pointer.to(new byte[] {d})), "uchar");
        ok(clSetKernelArg(k, 5, Sizeof.cl_short, Pointer.to(new short[] {e})), "short");
        ok(clEnqueueTask(queue, k, 0, null, null), "clEnqueueTask");
        long[] result = new long[5];
        ok(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 5L * Sizeof.cl_long, Pointer.to(result), 0, null, null),
                "read");
        assertArrayEquals(new long[] {(long) (a * 4.0f), b, c, d & 0xff, e}, result);
    }

    @Test
    void argumentIndexPastTheLastIsInvalidArgIndex() {
        cl_kernel k = kernel(program, "add_constant");
        assertStatus(CL_INVALID_ARG_INDEX, clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[] {1})));
        assertStatus(CL_INVALID_ARG_INDEX, clSetKernelArg(k, 100, Sizeof.cl_int, Pointer.to(new int[] {1})));
    }

    @Test
    void wrongScalarSizeIsInvalidArgSize() {
        cl_kernel k = kernel(program, "scalars");
        assertStatus(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 2, Sizeof.cl_long, Pointer.to(new long[] {1})),
                "int argument given 8 bytes");
        assertStatus(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 3, Sizeof.cl_int, Pointer.to(new int[] {1})),
                "long argument given 4 bytes");
        assertStatus(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 4, 2, Pointer.to(new byte[] {1, 2})),
                "uchar argument given 2 bytes");
    }

    @Test
    void wrongBufferArgumentSizeIsInvalidArgSize() {
        cl_kernel k = kernel(program, "add_constant");
        cl_mem m = intBuffer(4);
        assertStatus(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 0, Sizeof.cl_mem / 2, Pointer.to(m)));
    }

    @Test
    void localArgumentOfSizeZeroIsInvalidArgSize() {
        cl_kernel k = kernel(program, "reverse_in_group");
        assertStatus(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, 0, null));
    }

    @Test
    void localArgumentWithAValueIsInvalidArgValue() {
        cl_kernel k = kernel(program, "reverse_in_group");
        assertStatus(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[] {5})));
    }

    @Test
    void scalarArgumentWithoutAValueIsInvalidArgValue() {
        cl_kernel k = kernel(program, "add_constant");
        assertStatus(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 1, Sizeof.cl_int, null));
    }

    @Test
    void nullKernelIsInvalidKernel() {
        for (cl_kernel k : new cl_kernel[] {null, new cl_kernel()}) {
            String what = k == null ? "null" : "new cl_kernel()";
            assertStatus(CL_INVALID_KERNEL, clSetKernelArg(k, 0, Sizeof.cl_int, Pointer.to(new int[] {1})),
                    "set arg " + what);
            assertStatus(CL_INVALID_KERNEL, clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, 0, null, new long[1]),
                    "info " + what);
            assertStatus(CL_INVALID_KERNEL,
                    clGetKernelWorkGroupInfo(k, device, CL_KERNEL_WORK_GROUP_SIZE, 0, null, new long[1]),
                    "work-group info " + what);
            assertStatus(CL_INVALID_KERNEL, clRetainKernel(k), "retain " + what);
            assertStatus(CL_INVALID_KERNEL, clReleaseKernel(k), "release " + what);
        }
    }

    @Test
    void unknownParamsAreInvalidValue() {
        cl_kernel k = kernel(program, "add_constant");
        assertStatus(CL_INVALID_VALUE, clGetKernelInfo(k, UNKNOWN_KERNEL_PARAM, 0, null, new long[1]), "info");
        assertStatus(CL_INVALID_VALUE,
                clGetKernelWorkGroupInfo(k, device, UNKNOWN_KERNEL_PARAM, 0, null, new long[1]), "work-group info");
        byte[] small = new byte[2];
        assertStatus(CL_INVALID_VALUE,
                clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, 2, Pointer.to(small), null), "name into 2 bytes");
    }

    @Test
    void workGroupSizeIsWithinTheDeviceLimit() {
        cl_kernel k = kernel(program, "add_constant");
        long size = wgSizeT(k, CL_KERNEL_WORK_GROUP_SIZE);
        long max = Info.sizeT(deviceQ(device), CL_DEVICE_MAX_WORK_GROUP_SIZE);
        assertTrue(size >= 1 && size <= max, "1 <= " + size + " <= " + max);
        long multiple = wgSizeT(k, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE);
        assertTrue(multiple >= 1, "preferred multiple " + multiple);
        assertEquals(Sizeof.cl_ulong, Info.size(workGroupQ(k, device), CL_KERNEL_PRIVATE_MEM_SIZE));
        Info.ulong(workGroupQ(k, device), CL_KERNEL_PRIVATE_MEM_SIZE);
    }

    @Test
    void compileWorkGroupSizeReflectsTheAttribute() {
        cl_kernel plain = kernel(program, "add_constant");
        assertArrayEquals(new long[] {0, 0, 0}, Info.sizeTArray(workGroupQ(plain, device),
                CL_KERNEL_COMPILE_WORK_GROUP_SIZE));
        cl_kernel fixed = kernel(program, "fixed");
        assertArrayEquals(new long[] {4, 2, 1}, Info.sizeTArray(workGroupQ(fixed, device),
                CL_KERNEL_COMPILE_WORK_GROUP_SIZE));
    }

    @Test
    void localMemSizeCountsStaticAndArgumentLocalMemory() {
        cl_kernel stat = kernel(program, "static_local");
        long staticBytes = Info.ulong(workGroupQ(stat, device), CL_KERNEL_LOCAL_MEM_SIZE);
        assertTrue(staticBytes >= 64L * Sizeof.cl_int, "a local int[64] needs 256 bytes: " + staticBytes);
        cl_kernel dyn = kernel(program, "reverse_in_group");
        ok(clSetKernelArg(dyn, 1, 1024, null), "local arg of 1024 bytes");
        long dynBytes = Info.ulong(workGroupQ(dyn, device), CL_KERNEL_LOCAL_MEM_SIZE);
        assertTrue(dynBytes >= 1024, "a 1024-byte local argument counts: " + dynBytes);
    }

    @Test
    void workGroupInfoWithoutADeviceUsesTheOnlyDevice() {
        cl_kernel k = kernel(program, "add_constant");
        long[] viaNull = new long[1];
        ok(clGetKernelWorkGroupInfo(k, null, CL_KERNEL_WORK_GROUP_SIZE, Sizeof.size_t, Pointer.to(viaNull), null),
                "device NULL with a single-device program");
        assertEquals(wgSizeT(k, CL_KERNEL_WORK_GROUP_SIZE), viaNull[0]);
    }

    @Test
    void argInfoDescribesTheArguments() {
        cl_kernel k = kernel(program, "reverse_in_group");
        Info.Query arg0 = (param, size, value, ret) -> clGetKernelArgInfo(k, 0, param, size, value, ret);
        Info.Query arg1 = (param, size, value, ret) -> clGetKernelArgInfo(k, 1, param, size, value, ret);
        Info.Query arg2 = (param, size, value, ret) -> clGetKernelArgInfo(k, 2, param, size, value, ret);
        assertEquals("out", Info.string(arg0, CL_KERNEL_ARG_NAME));
        assertEquals(CL_KERNEL_ARG_ADDRESS_GLOBAL, Info.uint(arg0, CL_KERNEL_ARG_ADDRESS_QUALIFIER));
        assertEquals(CL_KERNEL_ARG_ADDRESS_LOCAL, Info.uint(arg1, CL_KERNEL_ARG_ADDRESS_QUALIFIER));
        assertEquals(CL_KERNEL_ARG_ADDRESS_PRIVATE, Info.uint(arg2, CL_KERNEL_ARG_ADDRESS_QUALIFIER));
        assertEquals("int*", Info.string(arg0, CL_KERNEL_ARG_TYPE_NAME).replace(" ", ""));
        assertEquals("int", Info.string(arg2, CL_KERNEL_ARG_TYPE_NAME).trim());
        assertEquals(CL_KERNEL_ARG_ACCESS_NONE, Info.uint(arg0, CL_KERNEL_ARG_ACCESS_QUALIFIER));
        assertStatus(CL_INVALID_ARG_INDEX, clGetKernelArgInfo(k, 3, CL_KERNEL_ARG_NAME, 0, null, new long[1]),
                "argument index past the last");
    }

    @Test
    void retainAndReleaseMoveTheReferenceCount() {
        cl_kernel k = kernel(program, "add_constant");
        int before = Info.uint(kernelQ(k), CL_KERNEL_REFERENCE_COUNT);
        ok(clRetainKernel(k), "retain");
        assertEquals(before + 1, Info.uint(kernelQ(k), CL_KERNEL_REFERENCE_COUNT));
        ok(clReleaseKernel(k), "release");
        assertEquals(before, Info.uint(kernelQ(k), CL_KERNEL_REFERENCE_COUNT));
    }

    @Test
    void kernelsOfOneFunctionKeepTheirOwnArguments() {
        cl_kernel a = kernel(program, "add_constant");
        cl_kernel b = kernel(program, "add_constant");
        int n = 64;
        cl_mem ma = intBuffer(ramp(n, 1, 0));
        cl_mem mb = intBuffer(ramp(n, 1, 0));
        argMem(a, 0, ma);
        argInt(a, 1, 5);
        argMem(b, 0, mb);
        argInt(b, 1, -9);
        ok(clEnqueueNDRangeKernel(queue, a, 1, null, new long[] {n}, null, 0, null, null), "run a");
        ok(clEnqueueNDRangeKernel(queue, b, 1, null, new long[] {n}, null, 0, null, null), "run b");
        assertArrayEquals(ramp(n, 1, 5), readInts(ma, n));
        assertArrayEquals(ramp(n, 1, -9), readInts(mb, n));
    }

    @Test
    void workGroupInfoForADeviceOutsideTheContextIsInvalidDevice() {
        cl_device_id other = null;
        for (cl_device_id d : Target.devicesOf(platform, CL_DEVICE_TYPE_ALL)) {
            if (!d.equals(device)) {
                other = d;
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(other != null, "the platform has a single device");
        cl_kernel k = kernel(program, "add_constant");
        assertStatus(CL_INVALID_DEVICE,
                clGetKernelWorkGroupInfo(k, other, CL_KERNEL_WORK_GROUP_SIZE, 0, null, new long[1]));
    }
}
