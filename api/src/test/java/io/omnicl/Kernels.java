package io.omnicl;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import static org.jocl.CL.clCreateKernel;
import static org.jocl.CL.clSetKernelArg;

/** Kernels for the tests of this package, made with their arguments in one call. */
final class Kernels {

    private Kernels() {
    }

    /** Kernel {@code name} of {@code program}, its arguments set in order: buffers, {@code Float}s and {@code Integer}s. */
    static cl_kernel create(cl_program program, String name, Object... args) {
        cl_kernel k = clCreateKernel(program, name, null);
        for (int i = 0; i < args.length; i++) {
            if (args[i] instanceof cl_mem m) {
                clSetKernelArg(k, i, Sizeof.cl_mem, Pointer.to(m));
            } else if (args[i] instanceof Float f) {
                clSetKernelArg(k, i, Sizeof.cl_float, Pointer.to(new float[] {f}));
            } else {
                clSetKernelArg(k, i, Sizeof.cl_int, Pointer.to(new int[] {(Integer) args[i]}));
            }
        }
        return k;
    }
}
