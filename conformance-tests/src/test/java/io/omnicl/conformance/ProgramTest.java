package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.Test;

/** clCreateProgramWithSource, clBuildProgram, clGetProgramInfo, clGetProgramBuildInfo, retain and release. */
class ProgramTest extends ClTestBase {

    static final String TWO_KERNELS = ""
            + "kernel void add_one(global int* a) { size_t i = get_global_id(0); a[i] = a[i] + 1; }\n"
            + "kernel void times(global int* a, int f) { size_t i = get_global_id(0); a[i] = a[i] * f; }\n";
    static final String BROKEN = "kernel void broken(global int* a) { a[0] = this_name_is_not_declared; }\n";
    static final String SCALED = "kernel void scaled(global int* a) { size_t i = get_global_id(0); "
            + "a[i] = (int) i * SCALE + OFFSET; }\n";

    private static final int UNKNOWN_PROGRAM_PARAM = 0x0AB5;

    private cl_program unbuilt(String... sources) {
        int[] e = err();
        cl_program p = clCreateProgramWithSource(context, sources.length, sources, null, e);
        ok(e[0], "clCreateProgramWithSource");
        return track(p);
    }

    private int build(cl_program p, String options) {
        return clBuildProgram(p, 1, new cl_device_id[] {device}, options, null, null);
    }

    private static Set<String> kernelNames(cl_program p) {
        return new HashSet<>(Arrays.asList(Info.string(programQ(p), CL_PROGRAM_KERNEL_NAMES).split(";")));
    }

    @Test
    void successfulBuildReportsSuccess() {
        cl_program p = unbuilt(TWO_KERNELS);
        ok(build(p, null), "clBuildProgram");
        assertEquals(CL_BUILD_SUCCESS, Info.uint(buildQ(p, device), CL_PROGRAM_BUILD_STATUS));
        Info.string(buildQ(p, device), CL_PROGRAM_BUILD_LOG); // a log exists (it may be empty)
    }

    @Test
    void programInfoAfterBuild() {
        cl_program p = unbuilt(TWO_KERNELS);
        ok(build(p, null), "build");
        Info.Query q = programQ(p);
        assertEquals(TWO_KERNELS, Info.string(q, CL_PROGRAM_SOURCE));
        assertEquals(1, Info.uint(q, CL_PROGRAM_NUM_DEVICES));
        cl_device_id[] devices = {new cl_device_id()};
        assertEquals(Sizeof.cl_device_id, Info.size(q, CL_PROGRAM_DEVICES));
        ok(clGetProgramInfo(p, CL_PROGRAM_DEVICES, Sizeof.cl_device_id, Pointer.to(devices), null), "DEVICES");
        assertEquals(device, devices[0]);
        assertEquals(context, handleInfo(q, CL_PROGRAM_CONTEXT, new cl_context()));
        assertEquals(2, Info.sizeT(q, CL_PROGRAM_NUM_KERNELS));
        assertEquals(new HashSet<>(Arrays.asList("add_one", "times")), kernelNames(p));
        assertTrue(Info.uint(q, CL_PROGRAM_REFERENCE_COUNT) >= 1);
        long[] binarySizes = Info.sizeTArray(q, CL_PROGRAM_BINARY_SIZES);
        assertEquals(1, binarySizes.length, "one binary size per device");
    }

    @Test
    void sourceOfSeveralStringsIsTheirConcatenation() {
        String a = "kernel void first(global int* x) { x[0] = 1; }\n";
        String b = "kernel void second(global int* x) { x[0] = 2; }\n";
        cl_program p = unbuilt(a, b);
        assertEquals(a + b, Info.string(programQ(p), CL_PROGRAM_SOURCE));
        ok(build(p, null), "build");
        assertEquals(new HashSet<>(Arrays.asList("first", "second")), kernelNames(p));
    }

    @Test
    void sourceWithExplicitLengthsUsesOnlyThosePrefixes() {
        String a = "kernel void only(global int* x) { x[0] = 3; }\n";
        String junk = "this is not OpenCL C";
        int[] e = err();
        cl_program p = clCreateProgramWithSource(context, 2, new String[] {a + junk, ""},
                new long[] {a.length(), 0}, e);
        ok(e[0], "clCreateProgramWithSource with lengths");
        track(p);
        assertEquals(a, Info.string(programQ(p), CL_PROGRAM_SOURCE));
        ok(build(p, null), "build");
        assertEquals(new HashSet<>(Arrays.asList("only")), kernelNames(p));
    }

    @Test
    void buildFailureIsBuildProgramFailureWithALog() {
        cl_program p = unbuilt(BROKEN);
        assertStatus(CL_BUILD_PROGRAM_FAILURE, build(p, null));
        assertEquals(CL_BUILD_ERROR, Info.uint(buildQ(p, device), CL_PROGRAM_BUILD_STATUS));
        String log = Info.string(buildQ(p, device), CL_PROGRAM_BUILD_LOG);
        assertFalse(log.trim().isEmpty(), "a failed build leaves a log");
    }

    @Test
    void kernelOfAFailedBuildIsInvalidProgramExecutable() {
        cl_program p = unbuilt(BROKEN);
        assertStatus(CL_BUILD_PROGRAM_FAILURE, build(p, null));
        int[] e = err();
        clCreateKernel(p, "broken", e);
        assertStatus(CL_INVALID_PROGRAM_EXECUTABLE, e[0]);
    }

    @Test
    void invalidBuildOptionIsInvalidBuildOptions() {
        cl_program p = unbuilt(TWO_KERNELS);
        assertStatus(CL_INVALID_BUILD_OPTIONS, build(p, "-cl-this-option-does-not-exist"));
    }

    @Test
    void buildOptionsDefineMacrosAndAreReported() {
        String options = "-D SCALE=3 -DOFFSET=-5";
        cl_program p = program(SCALED, options);
        assertEquals(options, Info.string(buildQ(p, device), CL_PROGRAM_BUILD_OPTIONS));
        cl_kernel k = kernel(p, "scaled");
        int n = 100;
        cl_mem m = intBuffer(n);
        argMem(k, 0, m);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {n}, null, 0, null, null), "run");
        assertArrayEquals(ramp(n, 3, -5), readInts(m, n));
    }

    @Test
    void infoBeforeBuild() {
        cl_program p = unbuilt(TWO_KERNELS);
        assertEquals(CL_BUILD_NONE, Info.uint(buildQ(p, device), CL_PROGRAM_BUILD_STATUS));
        assertEquals(TWO_KERNELS, Info.string(programQ(p), CL_PROGRAM_SOURCE));
        assertEquals(1, Info.uint(programQ(p), CL_PROGRAM_NUM_DEVICES), "a program has the context's devices");
        assertStatus(CL_INVALID_PROGRAM_EXECUTABLE,
                clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, Sizeof.size_t, Pointer.to(new long[1]), null),
                "NUM_KERNELS before a build");
        assertStatus(CL_INVALID_PROGRAM_EXECUTABLE,
                clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, 0, null, new long[1]), "KERNEL_NAMES before a build");
    }

    @Test
    void kernelBeforeBuildIsInvalidProgramExecutable() {
        cl_program p = unbuilt(TWO_KERNELS);
        int[] e = err();
        clCreateKernel(p, "add_one", e);
        assertStatus(CL_INVALID_PROGRAM_EXECUTABLE, e[0]);
    }

    @Test
    void rebuildWithoutKernelsSucceedsAndWithKernelsIsInvalidOperation() {
        cl_program p = unbuilt(SCALED);
        ok(build(p, "-DSCALE=1 -DOFFSET=0"), "first build");
        ok(build(p, "-DSCALE=2 -DOFFSET=0"), "rebuild while no kernel exists");
        kernel(p, "scaled");
        assertStatus(CL_INVALID_OPERATION, build(p, "-DSCALE=4 -DOFFSET=0"), "rebuild with a kernel attached");
    }

    @Test
    void buildForAllDevicesOfTheContext() {
        cl_program p = unbuilt(TWO_KERNELS);
        ok(clBuildProgram(p, 0, null, null, null, null), "device_list NULL builds for every device of the context");
        assertEquals(CL_BUILD_SUCCESS, Info.uint(buildQ(p, device), CL_PROGRAM_BUILD_STATUS));
    }

    @Test
    void deviceCountWithoutListIsInvalidValue() {
        cl_program p = unbuilt(TWO_KERNELS);
        assertStatus(CL_INVALID_VALUE, clBuildProgram(p, 1, null, null, null, null), "num_devices 1, list NULL");
    }

    @Test
    void emptySourceListIsInvalidValue() {
        int[] e = err();
        clCreateProgramWithSource(context, 0, null, null, e);
        assertStatus(CL_INVALID_VALUE, e[0], "count 0, strings NULL");
        e = err();
        clCreateProgramWithSource(context, 0, new String[] {TWO_KERNELS}, null, e);
        assertStatus(CL_INVALID_VALUE, e[0], "count 0");
    }

    @Test
    void nullSourceStringIsInvalidValue() {
        int[] e = err();
        clCreateProgramWithSource(context, 1, new String[] {null}, null, e);
        assertStatus(CL_INVALID_VALUE, e[0]);
    }

    @Test
    void nullContextIsInvalidContext() {
        for (cl_context c : new cl_context[] {null, new cl_context()}) {
            int[] e = err();
            clCreateProgramWithSource(c, 1, new String[] {TWO_KERNELS}, null, e);
            assertStatus(CL_INVALID_CONTEXT, e[0]);
        }
    }

    @Test
    void nullProgramIsInvalidProgram() {
        for (cl_program p : new cl_program[] {null, new cl_program()}) {
            String what = p == null ? "null" : "new cl_program()";
            assertStatus(CL_INVALID_PROGRAM, clBuildProgram(p, 0, null, null, null, null), "build " + what);
            assertStatus(CL_INVALID_PROGRAM, clGetProgramInfo(p, CL_PROGRAM_SOURCE, 0, null, new long[1]),
                    "info " + what);
            assertStatus(CL_INVALID_PROGRAM,
                    clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_STATUS, 0, null, new long[1]),
                    "build info " + what);
            assertStatus(CL_INVALID_PROGRAM, clRetainProgram(p), "retain " + what);
            assertStatus(CL_INVALID_PROGRAM, clReleaseProgram(p), "release " + what);
        }
    }

    @Test
    void buildInfoForANullDeviceIsInvalidDevice() {
        cl_program p = unbuilt(TWO_KERNELS);
        assertStatus(CL_INVALID_DEVICE,
                clGetProgramBuildInfo(p, new cl_device_id(), CL_PROGRAM_BUILD_STATUS, 0, null, new long[1]));
    }

    @Test
    void unknownParamsAreInvalidValue() {
        cl_program p = unbuilt(TWO_KERNELS);
        assertStatus(CL_INVALID_VALUE, clGetProgramInfo(p, UNKNOWN_PROGRAM_PARAM, 0, null, new long[1]), "info");
        assertStatus(CL_INVALID_VALUE,
                clGetProgramBuildInfo(p, device, UNKNOWN_PROGRAM_PARAM, 0, null, new long[1]), "build info");
        byte[] small = new byte[4];
        assertStatus(CL_INVALID_VALUE, clGetProgramInfo(p, CL_PROGRAM_SOURCE, 4, Pointer.to(small), null),
                "source into 4 bytes");
    }

    @Test
    void retainAndReleaseMoveTheReferenceCount() {
        cl_program p = unbuilt(TWO_KERNELS);
        int before = Info.uint(programQ(p), CL_PROGRAM_REFERENCE_COUNT);
        ok(clRetainProgram(p), "retain");
        assertEquals(before + 1, Info.uint(programQ(p), CL_PROGRAM_REFERENCE_COUNT));
        ok(clReleaseProgram(p), "release");
        assertEquals(before, Info.uint(programQ(p), CL_PROGRAM_REFERENCE_COUNT));
    }

    @Test
    void createKernelsInProgramMakesOneKernelPerFunction() {
        cl_program p = program(TWO_KERNELS, null);
        int[] count = new int[1];
        ok(clCreateKernelsInProgram(p, 0, null, count), "count");
        assertEquals(2, count[0]);
        cl_kernel[] kernels = new cl_kernel[count[0]];
        ok(clCreateKernelsInProgram(p, kernels.length, kernels, null), "create");
        Set<String> names = new HashSet<>();
        for (cl_kernel k : kernels) {
            track(k);
            names.add(Info.string(kernelQ(k), CL_KERNEL_FUNCTION_NAME));
        }
        assertEquals(new HashSet<>(Arrays.asList("add_one", "times")), names);
    }

    @Test
    void createKernelsInProgramWithTooSmallArrayIsInvalidValue() {
        cl_program p = program(TWO_KERNELS, null);
        cl_kernel[] one = new cl_kernel[1];
        assertStatus(CL_INVALID_VALUE, clCreateKernelsInProgram(p, 1, one, null));
    }
}
