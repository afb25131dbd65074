package io.omnicl.conformance;

import static org.jocl.CL.*;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;

/**
 * Bad input (see {@link BadInputTestBase}) to the kernel entry points: create, retain and release, set
 * arguments, info, argument info and work-group info.
 */
class BadInputKernelTest extends BadInputTestBase {

    private static final String IMAGE_SOURCE = ""
            + "kernel void sample(read_only image2d_t img, sampler_t s, global uint4* out) {\n"
            + "  out[0] = read_imageui(img, s, (int2)(0, 0));\n"
            + "}\n";

    /** A program with an image and a sampler argument, where the device supports images. */
    private cl_program imageProgram;

    @BeforeAll
    void buildImageProgram() {
        // program() releases what it builds after the class when called here
        if (imageSupport()) {
            imageProgram = program(IMAGE_SOURCE, null);
        }
    }

    @Override
    protected void addRows(Table t) {
        kernels(t);
    }

    private int createKernel(cl_program p, String name) {
        int[] e = err();
        return status(e, clCreateKernel(p, name, e));
    }

    private void kernels(Table t) {
        String e0 = "clCreateKernel";
        t.call(e0, "null program", () -> createKernel(null, "fill"), CL_INVALID_PROGRAM);
        t.add(e0, "released program", () -> {
            cl_program p = releasedProgram();
            return () -> createKernel(p, "fill");
        }, CL_INVALID_PROGRAM).skipOnReference(RELEASED);
        t.add(e0, "program not built", () -> {
            cl_program p = sourceProgram();
            return () -> createKernel(p, "fill");
        }, CL_INVALID_PROGRAM_EXECUTABLE);
        t.call(e0, "a name the program does not define", () -> createKernel(program, "no_such_kernel"),
                CL_INVALID_KERNEL_NAME);
        t.call(e0, "kernel_name null", () -> createKernel(program, null), CL_INVALID_VALUE);

        String e1 = "clCreateKernelsInProgram";
        t.call(e1, "null program", () -> clCreateKernelsInProgram(null, 0, null, new int[1]), CL_INVALID_PROGRAM);
        t.add(e1, "released program", () -> {
            cl_program p = releasedProgram();
            return () -> clCreateKernelsInProgram(p, 0, null, new int[1]);
        }, CL_INVALID_PROGRAM).skipOnReference(RELEASED);
        t.add(e1, "program not built", () -> {
            cl_program p = sourceProgram();
            return () -> clCreateKernelsInProgram(p, 0, null, new int[1]);
        }, CL_INVALID_PROGRAM_EXECUTABLE);
        t.call(e1, "num_kernels below the program's kernels", () -> {
            cl_kernel[] ks = new cl_kernel[3];
            int rc = clCreateKernelsInProgram(program, 1, ks, null);
            for (cl_kernel k : ks) {
                if (k != null && k.getNativePointer() != 0) {
                    track(k);
                }
            }
            return rc;
        }, CL_INVALID_VALUE);

        refRows(t, "clRetainKernel", "kernel", CL_INVALID_KERNEL, CL::clRetainKernel, this::releasedKernel);
        refRows(t, "clReleaseKernel", "kernel", CL_INVALID_KERNEL, CL::clReleaseKernel, this::releasedKernel);

        String e2 = "clSetKernelArg";
        t.call(e2, "null kernel", () -> clSetKernelArg(null, 1, Sizeof.cl_int, Pointer.to(new int[1])),
                CL_INVALID_KERNEL);
        t.add(e2, "released kernel", () -> {
            cl_kernel k = releasedKernel();
            return () -> clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[1]));
        }, CL_INVALID_KERNEL).skipOnReference(RELEASED);
        t.add(e2, "arg_index = number of arguments", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[1]));
        }, CL_INVALID_ARG_INDEX);
        t.add(e2, "arg_index -1 (huge as cl_uint)", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, -1, Sizeof.cl_int, Pointer.to(new int[1]));
        }, CL_INVALID_ARG_INDEX);
        t.add(e2, "int argument with arg_size 8", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_long, Pointer.to(new long[1]));
        }, CL_INVALID_ARG_SIZE);
        t.add(e2, "int argument with arg_size 2", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_short, Pointer.to(new short[1]));
        }, CL_INVALID_ARG_SIZE);
        t.add(e2, "int argument, arg_value null", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_int, null);
        }, CL_INVALID_ARG_VALUE);
        t.add(e2, "int argument, Pointer holds less than arg_size", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new byte[2]));
        }, CL_INVALID_ARG_VALUE).skipOnReference(SMALL_READ);
        t.add(e2, "buffer argument with arg_size 4", () -> {
            cl_kernel k = kernelOf(program, "fill");
            cl_mem m = guarded();
            return () -> clSetKernelArg(k, 0, Sizeof.cl_int, Pointer.to(m));
        }, CL_INVALID_ARG_SIZE);
        t.add(e2, "buffer argument, a released buffer", () -> {
            cl_kernel k = kernelOf(program, "fill");
            cl_mem m = releasedBuffer();
            return () -> clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(m));
        }, CL_INVALID_MEM_OBJECT).skipOnReference(RELEASED);
        t.add(e2, "local argument with arg_size 0", () -> {
            cl_kernel k = kernelOf(program, "scratch");
            return () -> clSetKernelArg(k, 1, 0, null);
        }, CL_INVALID_ARG_SIZE);
        t.add(e2, "local argument with an arg_value", () -> {
            cl_kernel k = kernelOf(program, "scratch");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[1]));
        }, CL_INVALID_ARG_VALUE);
        t.add(e2, "sampler argument, arg_value null", () -> {
            cl_kernel k = kernelOf(imageProgram, "sample");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_sampler, null);
        }, CL_INVALID_SAMPLER, CL_INVALID_ARG_VALUE).images(); // null is no sampler, and no valid value

        String e3 = "clGetKernelInfo";
        infoRows(t, e3, "kernel", CL_INVALID_KERNEL, () -> kernelOf(program, "fill"), this::releasedKernel,
                CL_KERNEL_NUM_ARGS, (k, param, size, value, ret) -> clGetKernelInfo(k, param, size, value, ret));

        String e4 = "clGetKernelArgInfo";
        infoRows(t, e4, "kernel", CL_INVALID_KERNEL, () -> kernelOf(program, "fill"), this::releasedKernel,
                CL_KERNEL_ARG_ADDRESS_QUALIFIER,
                (k, param, size, value, ret) -> clGetKernelArgInfo(k, 0, param, size, value, ret));
        t.add(e4, "arg_indx = number of arguments", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER, Sizeof.cl_int,
                    Pointer.to(new int[1]), null);
        }, CL_INVALID_ARG_INDEX);

        String e5 = "clGetKernelWorkGroupInfo";
        infoRows(t, e5, "kernel", CL_INVALID_KERNEL, () -> kernelOf(program, "fill"), this::releasedKernel,
                CL_KERNEL_WORK_GROUP_SIZE,
                (k, param, size, value, ret) -> clGetKernelWorkGroupInfo(k, device, param, size, value, ret));
        t.add(e5, "device not in the kernel's context", () -> {
            cl_kernel k = kernelOf(program, "fill");
            cl_device_id d = foreignDevice();
            return () -> clGetKernelWorkGroupInfo(k, d, CL_KERNEL_WORK_GROUP_SIZE, Sizeof.size_t,
                    Pointer.to(new long[1]), null);
        }, CL_INVALID_DEVICE).reference(POCL_SUBDEVICE, CL_SUCCESS);
        t.add(e5, "CL_KERNEL_GLOBAL_WORK_SIZE of a kernel that is not built-in", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clGetKernelWorkGroupInfo(k, device, CL_KERNEL_GLOBAL_WORK_SIZE, 3 * Sizeof.size_t,
                    Pointer.to(new long[3]), null);
        }, CL_INVALID_VALUE);
    }
}
