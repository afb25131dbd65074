package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.Test;

/**
 * clCompileProgram and clLinkProgram (OpenCL 1.2; CTS compiler tests): headers through input_headers and
 * header_include_names, two compilation units linked into one program, libraries, CL_PROGRAM_BINARY_TYPE at each
 * stage, build options, builds with a callback, clCreateKernelsInProgram on a linked program,
 * clUnloadPlatformCompiler, and the specified errors.
 */
class CompileLinkTest extends ClTestBase {

    private static final int N = 128;
    /** A header: a macro and the declaration of a function another unit defines. */
    private static final String HEADER = "#define OFFSET 11\nint helper(int x);\n";
    /** Uses the header by name, and calls the function of the other unit. */
    private static final String USER = "#include \"helper.h\"\n"
            + "kernel void use(global int* a) { size_t i = get_global_id(0); a[i] = helper((int) i) + OFFSET; }\n";
    /** Defines the function (with the macro of the same header). */
    private static final String PROVIDER = "#include \"helper.h\"\nint helper(int x) { return 3 * x - OFFSET; }\n"
            + "kernel void provided(global int* a) { size_t i = get_global_id(0); a[i] = helper(a[i]); }\n";
    private static final String SIMPLE = "kernel void twice(global int* a) { a[get_global_id(0)] *= 2; }\n";

    private cl_program source(String text) {
        int[] e = err();
        cl_program p = clCreateProgramWithSource(context, 1, new String[] {text}, null, e);
        ok(e[0], "clCreateProgramWithSource");
        return track(p);
    }

    private cl_program compiled(String text, String options, cl_program[] headers, String[] names) {
        cl_program p = source(text);
        ok(clCompileProgram(p, 1, new cl_device_id[] {device}, options, headers == null ? 0 : headers.length,
                headers, names, null, null), "clCompileProgram");
        return p;
    }

    private cl_program header() {
        return source(HEADER);
    }

    private cl_program link(String options, cl_program... inputs) {
        int[] e = err();
        cl_program p = clLinkProgram(context, 1, new cl_device_id[] {device}, options, inputs.length, inputs, null,
                null, e);
        ok(e[0], "clLinkProgram");
        return track(p);
    }

    private int linkStatus(cl_program... inputs) {
        int[] e = err();
        cl_program p = clLinkProgram(context, 1, new cl_device_id[] {device}, null, inputs.length, inputs, null, null,
                e);
        return status(e, p);
    }

    private int[] run(cl_program p, String name, int[] data) {
        cl_kernel k = kernel(p, name);
        cl_mem m = intBuffer(data);
        argMem(k, 0, m);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {data.length}, null, 0, null, null), name);
        return readInts(m, data.length);
    }

    private int binaryType(cl_program p) {
        return Info.uint(buildQ(p, device), CL_PROGRAM_BINARY_TYPE);
    }

    @Test
    void compiledAndLinkedProgramRuns() {
        cl_program obj = compiled(SIMPLE, null, null, null);
        cl_program exe = link(null, obj);
        assertArrayEquals(ramp(N, 2, 2), run(exe, "twice", ramp(N, 1, 1)));
    }

    @Test
    void twoUnitsSharingAHeaderLinkIntoOneProgram() {
        cl_program h = header();
        cl_program user = compiled(USER, null, new cl_program[] {h}, new String[] {"helper.h"});
        cl_program provider = compiled(PROVIDER, null, new cl_program[] {h}, new String[] {"helper.h"});
        cl_program exe = link(null, user, provider);
        // use: helper(i) + OFFSET = 3 i - 11 + 11 = 3 i
        assertArrayEquals(ramp(N, 3, 0), run(exe, "use", new int[N]));
        // provided: helper(a) = 3 a - 11
        assertArrayEquals(ramp(N, 3, -11), run(exe, "provided", ramp(N, 1, 0)));
        assertEquals(new HashSet<>(Arrays.asList("use", "provided")),
                new HashSet<>(Arrays.asList(Info.string(programQ(exe), CL_PROGRAM_KERNEL_NAMES).split(";"))));
    }

    @Test
    void headerIncludedThroughASubdirectoryName() {
        cl_program h = header();
        String user = USER.replace("\"helper.h\"", "\"inc/helper.h\"");
        String provider = PROVIDER.replace("\"helper.h\"", "\"inc/helper.h\"");
        cl_program a = compiled(user, null, new cl_program[] {h}, new String[] {"inc/helper.h"});
        cl_program b = compiled(provider, null, new cl_program[] {h}, new String[] {"inc/helper.h"});
        assertArrayEquals(ramp(N, 3, 0), run(link(null, a, b), "use", new int[N]));
    }

    @Test
    void binaryTypeFollowsEachStage() {
        cl_program p = source(SIMPLE);
        assertEquals(CL_PROGRAM_BINARY_TYPE_NONE, binaryType(p), "before compiling");
        ok(clCompileProgram(p, 1, new cl_device_id[] {device}, null, 0, null, null, null, null), "compile");
        assertEquals(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, binaryType(p), "after compiling");
        assertEquals(CL_BUILD_SUCCESS, Info.uint(buildQ(p, device), CL_PROGRAM_BUILD_STATUS));
        cl_program exe = link(null, p);
        assertEquals(CL_PROGRAM_BINARY_TYPE_EXECUTABLE, binaryType(exe), "after linking");
        cl_program built = program(SIMPLE, null);
        assertEquals(CL_PROGRAM_BINARY_TYPE_EXECUTABLE, binaryType(built), "after clBuildProgram");
    }

    @Test
    void libraryLinkedWithAnObjectGivesAnExecutable() {
        cl_program h = header();
        cl_program provider = compiled(PROVIDER, null, new cl_program[] {h}, new String[] {"helper.h"});
        cl_program library = link("-create-library", provider);
        assertEquals(CL_PROGRAM_BINARY_TYPE_LIBRARY, binaryType(library));
        cl_program user = compiled(USER, null, new cl_program[] {h}, new String[] {"helper.h"});
        cl_program exe = link(null, user, library);
        assertEquals(CL_PROGRAM_BINARY_TYPE_EXECUTABLE, binaryType(exe));
        assertArrayEquals(ramp(N, 3, 0), run(exe, "use", new int[N]));
    }

    @Test
    void compileOptionsDefineMacros() {
        String text = "kernel void k(global int* a) { size_t i = get_global_id(0); a[i] = (int) i * MUL + ADD; }\n";
        cl_program obj = compiled(text, "-D MUL=4 -DADD=-2", null, null);
        assertArrayEquals(ramp(N, 4, -2), run(link(null, obj), "k", new int[N]));
    }

    @Test
    void clStd12IsAcceptedByBuildAndCompile() {
        cl_program built = program(SIMPLE, "-cl-std=CL1.2");
        assertTrue(Info.string(buildQ(built, device), CL_PROGRAM_BUILD_OPTIONS).contains("-cl-std=CL1.2"),
                "the options are reported");
        assertArrayEquals(ramp(N, 2, 0), run(built, "twice", ramp(N, 1, 0)));
        cl_program obj = compiled(SIMPLE, "-cl-std=CL1.2", null, null);
        assertArrayEquals(ramp(N, 2, 0), run(link(null, obj), "twice", ramp(N, 1, 0)));
    }

    @Test
    void buildWithACallbackGivesItTheProgramAndUserData() throws InterruptedException {
        cl_program p = source(SIMPLE);
        CountDownLatch called = new CountDownLatch(1);
        AtomicReference<cl_program> seen = new AtomicReference<>();
        AtomicReference<Object> seenData = new AtomicReference<>();
        Object token = new Object();
        ok(clBuildProgram(p, 1, new cl_device_id[] {device}, null, (program, data) -> {
            seen.set(program);
            seenData.set(data);
            called.countDown();
        }, token), "clBuildProgram with a callback");
        assertTrue(called.await(60, TimeUnit.SECONDS), "the build callback ran");
        assertEquals(p.getNativePointer(), seen.get().getNativePointer(), "the callback gets the program");
        assertSame(token, seenData.get(), "the callback gets the user data");
        assertEquals(CL_BUILD_SUCCESS, Info.uint(buildQ(p, device), CL_PROGRAM_BUILD_STATUS));
        assertArrayEquals(ramp(N, 2, 0), run(p, "twice", ramp(N, 1, 0)));
    }

    @Test
    void failingBuildWithACallbackStillCallsIt() throws InterruptedException {
        cl_program p = source(ProgramTest.BROKEN);
        CountDownLatch called = new CountDownLatch(1);
        int rc = clBuildProgram(p, 1, new cl_device_id[] {device}, null, (program, data) -> called.countDown(), null);
        assertTrue(called.await(60, TimeUnit.SECONDS), "the build callback ran");
        // with a callback the call may return before the build ends; either way the status ends in an error
        assertTrue(rc == CL_SUCCESS || rc == CL_BUILD_PROGRAM_FAILURE, "returned " + stringFor_errorCode(rc));
        assertEquals(CL_BUILD_ERROR, Info.uint(buildQ(p, device), CL_PROGRAM_BUILD_STATUS));
    }

    @Test
    void compileAndLinkWithCallbacks() throws InterruptedException {
        cl_program p = source(SIMPLE);
        CountDownLatch compiledLatch = new CountDownLatch(1);
        ok(clCompileProgram(p, 1, new cl_device_id[] {device}, null, 0, null, null,
                (program, data) -> compiledLatch.countDown(), null), "compile with a callback");
        assertTrue(compiledLatch.await(60, TimeUnit.SECONDS), "the compile callback ran");
        assertEquals(CL_BUILD_SUCCESS, Info.uint(buildQ(p, device), CL_PROGRAM_BUILD_STATUS));
        CountDownLatch linked = new CountDownLatch(1);
        AtomicReference<Object> seenData = new AtomicReference<>();
        int[] e = err();
        cl_program exe = clLinkProgram(context, 1, new cl_device_id[] {device}, null, 1, new cl_program[] {p},
                (program, data) -> {
                    seenData.set(data);
                    linked.countDown();
                }, "link data", e);
        ok(e[0], "link with a callback");
        track(exe);
        assertTrue(linked.await(60, TimeUnit.SECONDS), "the link callback ran");
        assertEquals("link data", seenData.get());
        assertArrayEquals(ramp(N, 2, 0), run(exe, "twice", ramp(N, 1, 0)));
    }

    @Test
    void compileErrorIsCompileProgramFailureWithALog() {
        cl_program p = source(ProgramTest.BROKEN);
        assertStatus(CL_COMPILE_PROGRAM_FAILURE,
                clCompileProgram(p, 1, new cl_device_id[] {device}, null, 0, null, null, null, null));
        assertEquals(CL_BUILD_ERROR, Info.uint(buildQ(p, device), CL_PROGRAM_BUILD_STATUS));
        assertFalse(Info.string(buildQ(p, device), CL_PROGRAM_BUILD_LOG).trim().isEmpty(), "a log");
    }

    @Test
    void missingHeaderIsCompileProgramFailure() {
        cl_program p = source(USER);
        assertStatus(CL_COMPILE_PROGRAM_FAILURE,
                clCompileProgram(p, 1, new cl_device_id[] {device}, null, 0, null, null, null, null));
    }

    @Test
    void unresolvedSymbolIsLinkProgramFailure() {
        cl_program h = header();
        cl_program user = compiled(USER, null, new cl_program[] {h}, new String[] {"helper.h"});
        assertStatus(CL_LINK_PROGRAM_FAILURE, linkStatus(user), "helper() is defined nowhere");
    }

    @Test
    void linkOfAProgramThatWasNotCompiledIsInvalidOperation() {
        assertStatus(CL_INVALID_OPERATION, linkStatus(source(SIMPLE)));
    }

    @Test
    void linkWithoutInputsIsInvalidValue() {
        int[] e = err();
        clLinkProgram(context, 1, new cl_device_id[] {device}, null, 0, null, null, null, e);
        assertStatus(CL_INVALID_VALUE, e[0], "0 inputs, NULL list");
        e = err();
        clLinkProgram(context, 1, new cl_device_id[] {device}, null, 1, null, null, null, e);
        assertStatus(CL_INVALID_VALUE, e[0], "1 input, NULL list");
        cl_program obj = compiled(SIMPLE, null, null, null);
        e = err();
        clLinkProgram(context, 0, new cl_device_id[] {device}, null, 1, new cl_program[] {obj}, null, null, e);
        assertStatus(CL_INVALID_VALUE, e[0], "0 devices with a device list");
        e = err();
        clLinkProgram(context, 1, null, null, 1, new cl_program[] {obj}, null, null, e);
        assertStatus(CL_INVALID_VALUE, e[0], "1 device without a device list");
    }

    @Test
    void linkWithANullOrUnsetContextIsInvalidContext() {
        cl_program obj = compiled(SIMPLE, null, null, null);
        for (cl_context bad : new cl_context[] {null, new cl_context()}) {
            int[] e = err();
            clLinkProgram(bad, 1, new cl_device_id[] {device}, null, 1, new cl_program[] {obj}, null, null, e);
            assertStatus(CL_INVALID_CONTEXT, e[0], bad == null ? "null" : "unset");
        }
    }

    /**
     * Only the device list is checked here: PoCL 3.1 does not check num_input_headers against input_headers and
     * header_include_names (a NULL list with a count crashes it), where the specification says CL_INVALID_VALUE.
     */
    @Test
    void deviceCountWithoutAListIsInvalidValue() {
        cl_program p = source(SIMPLE);
        assertStatus(CL_INVALID_VALUE, clCompileProgram(p, 1, null, null, 0, null, null, null, null),
                "compile: one device, device list NULL");
        assertStatus(CL_INVALID_VALUE, clCompileProgram(p, 0, new cl_device_id[] {device}, null, 0, null, null, null,
                null), "compile: no devices, but a device list");
    }

    @Test
    void compileOfAProgramWithoutSourceIsInvalidOperation() {
        cl_program built = program(SIMPLE, null);
        long[] sizes = Info.sizeTArray(programQ(built), CL_PROGRAM_BINARY_SIZES);
        byte[] binary = new byte[(int) sizes[0]];
        ok(clGetProgramInfo(built, CL_PROGRAM_BINARIES, org.jocl.Sizeof.POINTER,
                org.jocl.Pointer.to(org.jocl.Pointer.to(binary)), null), "binary");
        int[] e = err();
        cl_program fromBinary = track(clCreateProgramWithBinary(context, 1, new cl_device_id[] {device},
                new long[] {binary.length}, new byte[][] {binary}, null, e));
        ok(e[0], "program from the binary");
        assertStatus(CL_INVALID_OPERATION, clCompileProgram(fromBinary, 1, new cl_device_id[] {device}, null, 0, null,
                null, null, null));
    }

    @Test
    void compileWhileKernelsExistIsInvalidOperation() {
        cl_program built = program(SIMPLE, null);
        kernel(built, "twice");
        assertStatus(CL_INVALID_OPERATION, clCompileProgram(built, 1, new cl_device_id[] {device}, null, 0, null,
                null, null, null));
    }

    @Test
    void compileOfANullOrUnsetProgramIsInvalidProgram() {
        for (cl_program bad : new cl_program[] {null, new cl_program()}) {
            assertStatus(CL_INVALID_PROGRAM, clCompileProgram(bad, 0, null, null, 0, null, null, null, null),
                    bad == null ? "null" : "unset");
        }
    }

    @Test
    void invalidCompileOptionIsInvalidCompilerOptions() {
        cl_program p = source(SIMPLE);
        assertStatus(CL_INVALID_COMPILER_OPTIONS, clCompileProgram(p, 1, new cl_device_id[] {device},
                "-cl-no-such-option", 0, null, null, null, null));
    }

    @Test
    void createKernelsInALinkedProgramGivesEveryKernelOfEveryUnit() {
        cl_program h = header();
        cl_program a = compiled(USER, null, new cl_program[] {h}, new String[] {"helper.h"});
        cl_program b = compiled(PROVIDER, null, new cl_program[] {h}, new String[] {"helper.h"});
        cl_program c = compiled(SIMPLE, null, null, null);
        cl_program exe = link(null, a, b, c);
        int[] count = new int[1];
        ok(clCreateKernelsInProgram(exe, 0, null, count), "count");
        assertEquals(3, count[0]);
        cl_kernel[] kernels = new cl_kernel[3];
        int[] created = new int[1];
        ok(clCreateKernelsInProgram(exe, 3, kernels, created), "create");
        assertEquals(3, created[0], "num_kernels_ret");
        Set<String> names = new HashSet<>();
        for (cl_kernel k : kernels) {
            track(k);
            names.add(Info.string(kernelQ(k), CL_KERNEL_FUNCTION_NAME));
        }
        assertEquals(new HashSet<>(Arrays.asList("use", "provided", "twice")), names);
    }

    @Test
    void createKernelsInProgramOfAnUnbuiltOrNullProgramIsRejected() {
        int[] count = new int[1];
        assertStatus(CL_INVALID_PROGRAM_EXECUTABLE, clCreateKernelsInProgram(source(SIMPLE), 0, null, count),
                "not built");
        assertStatus(CL_INVALID_PROGRAM, clCreateKernelsInProgram(new cl_program(), 0, null, count), "unset");
    }

    @Test
    void unloadPlatformCompilerThenBuildAgain() {
        ok(clUnloadPlatformCompiler(platform), "clUnloadPlatformCompiler");
        // the compiler comes back on demand
        assertArrayEquals(ramp(N, 2, 0), run(program(SIMPLE, null), "twice", ramp(N, 1, 0)));
        ok(clUnloadPlatformCompiler(platform), "a second unload");
    }
}
