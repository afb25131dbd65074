package io.omnicl.conformance;

import static org.jocl.CL.*;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;

/**
 * Bad input (see {@link BadInputTestBase}) to the program entry points: create from source, binary or
 * built-in kernels, build, compile and link, retain and release, info and build info.
 */
class BadInputProgramTest extends BadInputTestBase {

    private static final String POCL_NULL_ARRAY = "PoCL dereferences the null array: SIGSEGV";

    /** A program compiled, not linked, for clLinkProgram's rows. */
    private cl_program compiled;

    @BeforeAll
    void compileProgram() {
        int[] e = err();
        compiled = keep(clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, e));
        ok(e[0], "clCreateProgramWithSource");
        ok(clCompileProgram(compiled, 1, new cl_device_id[] {device}, null, 0, null, null, null, null),
                "clCompileProgram");
    }

    @Override
    protected void addRows(Table t) {
        programs(t);
    }

    private int createWithSource(cl_context c, int count, String[] strings) {
        int[] e = err();
        return status(e, clCreateProgramWithSource(c, count, strings, null, e));
    }

    private int createWithBinary(cl_context c, int n, cl_device_id[] devices, long[] lengths, byte[][] binaries) {
        int[] e = err();
        return status(e, clCreateProgramWithBinary(c, n, devices, lengths, binaries, null, e));
    }

    private int createWithBuiltIns(cl_context c, int n, cl_device_id[] devices, String names) {
        int[] e = err();
        return status(e, clCreateProgramWithBuiltInKernels(c, n, devices, names, e));
    }

    private int link(cl_context c, int n, cl_device_id[] devices, String options, int count, cl_program[] inputs,
                     Object userData) {
        int[] e = err();
        return status(e, clLinkProgram(c, n, devices, options, count, inputs, null, userData, e));
    }

    private void programs(Table t) {
        String[] source = {SOURCE};
        cl_device_id[] none = null;
        String e0 = "clCreateProgramWithSource";
        t.call(e0, "null context", () -> createWithSource(null, 1, source), CL_INVALID_CONTEXT);
        t.add(e0, "released context", () -> {
            cl_context c = releasedContext();
            return () -> createWithSource(c, 1, source);
        }, CL_INVALID_CONTEXT).skipOnReference(RELEASED);
        t.call(e0, "count 0", () -> createWithSource(context, 0, source), CL_INVALID_VALUE);
        t.call(e0, "strings null", () -> createWithSource(context, 1, null), CL_INVALID_VALUE)
                .skipOnReference(POCL_NULL_ARRAY);
        t.call(e0, "null entry in strings", () -> createWithSource(context, 1, new String[] {null}), CL_INVALID_VALUE);

        String e1 = "clCreateProgramWithBinary";
        t.add(e1, "null context", () -> {
            byte[] b = binary();
            return () -> createWithBinary(null, 1, new cl_device_id[] {device}, new long[] {b.length},
                    new byte[][] {b});
        }, CL_INVALID_CONTEXT);
        t.add(e1, "device_list null", () -> {
            byte[] b = binary();
            return () -> createWithBinary(context, 1, none, new long[] {b.length}, new byte[][] {b});
        }, CL_INVALID_VALUE);
        t.add(e1, "num_devices 0", () -> {
            byte[] b = binary();
            return () -> createWithBinary(context, 0, new cl_device_id[] {device}, new long[] {b.length},
                    new byte[][] {b});
        }, CL_INVALID_VALUE);
        t.add(e1, "lengths null", () -> {
            byte[] b = binary();
            return () -> createWithBinary(context, 1, new cl_device_id[] {device}, null, new byte[][] {b});
        }, CL_INVALID_VALUE);
        t.add(e1, "binaries null", () -> {
            byte[] b = binary();
            return () -> createWithBinary(context, 1, new cl_device_id[] {device}, new long[] {b.length}, null);
        }, CL_INVALID_VALUE).skipOnReference(POCL_NULL_ARRAY);
        t.add(e1, "a length of 0", () -> {
            byte[] b = binary();
            return () -> createWithBinary(context, 1, new cl_device_id[] {device}, new long[] {0}, new byte[][] {b});
        }, CL_INVALID_VALUE);
        t.add(e1, "device not in the context", () -> {
            byte[] b = binary();
            cl_device_id d = foreignDevice();
            return () -> createWithBinary(context, 1, new cl_device_id[] {d}, new long[] {b.length},
                    new byte[][] {b});
        }, CL_INVALID_DEVICE).reference(POCL_SUBDEVICE, CL_SUCCESS);
        t.add(e1, "a binary of no device", () -> {
            byte[] garbage = bytes(64, 7);
            return () -> createWithBinary(context, 1, new cl_device_id[] {device}, new long[] {garbage.length},
                    new byte[][] {garbage});
        }, CL_INVALID_BINARY);

        String e2 = "clCreateProgramWithBuiltInKernels";
        t.call(e2, "null context", () -> createWithBuiltIns(null, 1, new cl_device_id[] {device}, "k"),
                CL_INVALID_CONTEXT);
        t.call(e2, "device_list null", () -> createWithBuiltIns(context, 1, none, "k"), CL_INVALID_VALUE);
        t.call(e2, "num_devices 0", () -> createWithBuiltIns(context, 0, new cl_device_id[] {device}, "k"),
                CL_INVALID_VALUE);
        t.call(e2, "kernel_names null", () -> createWithBuiltIns(context, 1, new cl_device_id[] {device}, null),
                CL_INVALID_VALUE);
        t.call(e2, "a kernel name no device has", () -> createWithBuiltIns(context, 1, new cl_device_id[] {device},
                "omnicl_no_such_builtin"), CL_INVALID_VALUE);

        refRows(t, "clRetainProgram", "program", CL_INVALID_PROGRAM, CL::clRetainProgram, this::releasedProgram);
        refRows(t, "clReleaseProgram", "program", CL_INVALID_PROGRAM, CL::clReleaseProgram, this::releasedProgram);

        String e3 = "clBuildProgram";
        t.call(e3, "null program", () -> clBuildProgram(null, 0, null, null, null, null), CL_INVALID_PROGRAM);
        t.add(e3, "released program", () -> {
            cl_program p = releasedProgram();
            return () -> clBuildProgram(p, 0, null, null, null, null);
        }, CL_INVALID_PROGRAM).skipOnReference(RELEASED);
        t.add(e3, "num_devices > 0, device_list null", () -> {
            cl_program p = sourceProgram();
            return () -> clBuildProgram(p, 1, null, null, null, null);
        }, CL_INVALID_VALUE);
        t.add(e3, "device_list with num_devices 0", () -> {
            cl_program p = sourceProgram();
            return () -> clBuildProgram(p, 0, new cl_device_id[] {device}, null, null, null);
        }, CL_INVALID_VALUE);
        t.add(e3, "null device in the list", () -> {
            cl_program p = sourceProgram();
            return () -> clBuildProgram(p, 1, new cl_device_id[] {null}, null, null, null);
        }, CL_INVALID_DEVICE).referenceThrows(NullPointerException.class, JOCL_NPE);
        t.add(e3, "device not in the context", () -> {
            cl_program p = sourceProgram();
            cl_device_id d = foreignDevice();
            return () -> clBuildProgram(p, 1, new cl_device_id[] {d}, null, null, null);
        }, CL_INVALID_DEVICE).reference(POCL_SUBDEVICE, CL_SUCCESS);
        t.add(e3, "user_data without pfn_notify", () -> {
            cl_program p = sourceProgram();
            return () -> clBuildProgram(p, 0, null, null, null, "data");
        }, CL_INVALID_VALUE).reference(JOCL_USER_DATA, CL_SUCCESS);
        t.add(e3, "unknown build option", () -> {
            cl_program p = sourceProgram();
            return () -> clBuildProgram(p, 0, null, "-cl-omnicl-no-such-option", null, null);
        }, CL_INVALID_BUILD_OPTIONS);
        t.add(e3, "kernels attached to the program", () -> {
            cl_program p = builtProgram();
            kernel(p, "fill");
            return () -> clBuildProgram(p, 0, null, null, null, null);
        }, CL_INVALID_OPERATION);

        String e4 = "clCompileProgram";
        t.call(e4, "null program", () -> clCompileProgram(null, 0, null, null, 0, null, null, null, null),
                CL_INVALID_PROGRAM);
        t.add(e4, "released program", () -> {
            cl_program p = releasedProgram();
            return () -> clCompileProgram(p, 0, null, null, 0, null, null, null, null);
        }, CL_INVALID_PROGRAM).skipOnReference(RELEASED);
        t.add(e4, "num_devices > 0, device_list null", () -> {
            cl_program p = sourceProgram();
            return () -> clCompileProgram(p, 1, null, null, 0, null, null, null, null);
        }, CL_INVALID_VALUE);
        t.add(e4, "null device in the list", () -> {
            cl_program p = sourceProgram();
            return () -> clCompileProgram(p, 1, new cl_device_id[] {null}, null, 0, null, null, null, null);
        }, CL_INVALID_DEVICE).referenceThrows(NullPointerException.class, JOCL_NPE);
        t.add(e4, "num_input_headers > 0, input_headers null", () -> {
            cl_program p = sourceProgram();
            return () -> clCompileProgram(p, 0, null, null, 1, null, new String[] {"h.h"}, null, null);
        }, CL_INVALID_VALUE).skipOnReference(POCL_NULL_ARRAY);
        t.add(e4, "num_input_headers > 0, header_include_names null", () -> {
            cl_program p = sourceProgram();
            cl_program h = sourceProgram();
            return () -> clCompileProgram(p, 0, null, null, 1, new cl_program[] {h}, null, null, null);
        }, CL_INVALID_VALUE).skipOnReference(POCL_NULL_ARRAY);
        t.add(e4, "user_data without pfn_notify", () -> {
            cl_program p = sourceProgram();
            return () -> clCompileProgram(p, 0, null, null, 0, null, null, null, "data");
        }, CL_INVALID_VALUE).reference(JOCL_USER_DATA, CL_SUCCESS);
        t.add(e4, "unknown compile option", () -> {
            cl_program p = sourceProgram();
            return () -> clCompileProgram(p, 0, null, "-cl-omnicl-no-such-option", 0, null, null, null, null);
        }, CL_INVALID_COMPILER_OPTIONS);
        t.add(e4, "program created from a binary (no source)", () -> {
            cl_program p = binaryProgram();
            return () -> clCompileProgram(p, 0, null, null, 0, null, null, null, null);
        }, CL_INVALID_OPERATION);

        String e5 = "clLinkProgram";
        t.call(e5, "null context", () -> link(null, 0, null, null, 1, new cl_program[] {compiled}, null),
                CL_INVALID_CONTEXT);
        t.call(e5, "num_input_programs 0", () -> link(context, 0, null, null, 0, new cl_program[] {compiled}, null),
                CL_INVALID_VALUE);
        t.call(e5, "input_programs null", () -> link(context, 0, null, null, 1, null, null), CL_INVALID_VALUE);
        t.call(e5, "null input program", () -> link(context, 0, null, null, 1, new cl_program[] {null}, null),
                CL_INVALID_PROGRAM).referenceThrows(NullPointerException.class, JOCL_NPE);
        t.add(e5, "released input program", () -> {
            cl_program p = releasedProgram();
            return () -> link(context, 0, null, null, 1, new cl_program[] {p}, null);
        }, CL_INVALID_PROGRAM).skipOnReference(RELEASED);
        t.call(e5, "num_devices > 0, device_list null",
                () -> link(context, 1, null, null, 1, new cl_program[] {compiled}, null), CL_INVALID_VALUE);
        t.call(e5, "user_data without pfn_notify",
                () -> link(context, 0, null, null, 1, new cl_program[] {compiled}, "data"), CL_INVALID_VALUE)
                .reference(JOCL_USER_DATA, CL_SUCCESS);
        t.add(e5, "an input that was never compiled", () -> {
            cl_program p = sourceProgram();
            return () -> link(context, 0, null, null, 1, new cl_program[] {p}, null);
        }, CL_INVALID_OPERATION);
        t.call(e5, "unknown link option", () -> link(context, 0, null, "-cl-omnicl-no-such-option", 1,
                new cl_program[] {compiled}, null), CL_INVALID_LINKER_OPTIONS);

        t.call("clUnloadPlatformCompiler", "null platform", () -> clUnloadPlatformCompiler(null), CL_INVALID_PLATFORM)
                .reference("the ICD loader answers a null platform itself, with CL_SUCCESS", CL_SUCCESS);

        String e6 = "clGetProgramInfo";
        infoRows(t, e6, "program", CL_INVALID_PROGRAM, () -> program, this::releasedProgram, CL_PROGRAM_NUM_DEVICES,
                (p, param, size, value, ret) -> clGetProgramInfo(p, param, size, value, ret));
        t.add(e6, "CL_PROGRAM_NUM_KERNELS before a build", () -> {
            cl_program p = sourceProgram();
            return () -> clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, Sizeof.size_t, Pointer.to(new long[1]), null);
        }, CL_INVALID_PROGRAM_EXECUTABLE);

        String e7 = "clGetProgramBuildInfo";
        infoRows(t, e7, "program", CL_INVALID_PROGRAM, () -> program, this::releasedProgram, CL_PROGRAM_BUILD_STATUS,
                (p, param, size, value, ret) -> clGetProgramBuildInfo(p, device, param, size, value, ret));
        t.call(e7, "null device", () -> clGetProgramBuildInfo(program, null, CL_PROGRAM_BUILD_STATUS, Sizeof.cl_int,
                Pointer.to(new int[1]), null), CL_INVALID_DEVICE);
        t.add(e7, "device not in the program's context", () -> {
            cl_device_id d = foreignDevice();
            return () -> clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_STATUS, Sizeof.cl_int,
                    Pointer.to(new int[1]), null);
        }, CL_INVALID_DEVICE).reference(POCL_SUBDEVICE, CL_SUCCESS);
    }

    private cl_program builtProgram() {
        return program(SOURCE, null);
    }

    private byte[] binary() {
        long[] sizes = new long[1];
        ok(clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, Sizeof.size_t, Pointer.to(sizes), null), "sizes");
        byte[] binary = new byte[(int) sizes[0]];
        ok(clGetProgramInfo(program, CL_PROGRAM_BINARIES, Sizeof.POINTER, Pointer.to(Pointer.to(binary)), null),
                "binaries");
        return binary;
    }

    private cl_program binaryProgram() {
        byte[] b = binary();
        int[] e = err();
        cl_program p = clCreateProgramWithBinary(context, 1, new cl_device_id[] {device}, new long[] {b.length},
                new byte[][] {b}, null, e);
        ok(e[0], "clCreateProgramWithBinary");
        return track(p);
    }
}
