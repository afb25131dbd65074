package org.jocl;

import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClProgram;

import java.util.List;

import static org.jocl.CL.*;

/** Kernels. */
final class KernelCalls {

    private KernelCalls() {
    }

    static cl_kernel clCreateKernel(cl_program program, String kernel_name, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClProgram p = Handles.program(program);
            ClError.require(kernel_name != null, CL_INVALID_VALUE, "no kernel name");
            return Handles.bind(new cl_kernel(), p.createKernel(kernel_name));
        });
    }

    static int clCreateKernelsInProgram(cl_program program, int num_kernels, cl_kernel[] kernels,
                                        int[] num_kernels_ret) {
        return Status.run(() -> {
            ClProgram p = Handles.program(program);
            ClError.require(kernels == null || kernels.length >= num_kernels, CL_INVALID_VALUE, "kernels is short");
            List<ClKernel> all = p.createKernels();
            if (kernels != null && num_kernels < all.size()) {
                all.forEach(ClKernel::release);
                throw new ClError(CL_INVALID_VALUE, "num_kernels is less than the number of kernels");
            }
            if (kernels != null) {
                for (int i = 0; i < all.size(); i++) {
                    kernels[i] = Handles.bind(kernels[i] == null ? new cl_kernel() : kernels[i], all.get(i));
                }
            } else {
                all.forEach(ClKernel::release);
            }
            if (num_kernels_ret != null && num_kernels_ret.length > 0) {
                num_kernels_ret[0] = all.size();
            }
            return CL_SUCCESS;
        });
    }

    static int clRetainKernel(cl_kernel kernel) {
        return Status.run(() -> {
            Handles.kernel(kernel).retain();
            return CL_SUCCESS;
        });
    }

    static int clReleaseKernel(cl_kernel kernel) {
        return Status.run(() -> {
            Handles.kernel(kernel).release();
            return CL_SUCCESS;
        });
    }

    /**
     * The argument as the kernel receives it: a memory object (or null) for a pointer to a handle or no
     * pointer; otherwise the {@code arg_size} bytes the pointer holds.
     */
    static int clSetKernelArg(cl_kernel kernel, int arg_index, long arg_size, Pointer arg_value) {
        return Status.run(() -> {
            ClKernel k = Handles.kernel(kernel);
            Object value;
            if (arg_value == null) {
                value = null;
            } else if (Marshal.handles(arg_value) != null) {
                NativePointerObject[] handles = Marshal.handles(arg_value);
                value = handles.length == 0 || handles[0] == null ? null : handles[0].target();
            } else {
                value = PointerMemory.of(arg_value, arg_size, CL_INVALID_ARG_VALUE).toArray();
            }
            k.setArg(arg_index, arg_size, value);
            return CL_SUCCESS;
        });
    }

    static int clSetKernelExecInfo(cl_kernel kernel, int param_name, long param_value_size, Pointer param_value) {
        return Status.unsupported();
    }

    static int clGetKernelInfo(cl_kernel kernel, int param_name, long param_value_size, Pointer param_value,
                               long[] param_value_size_ret) {
        return Info.query(() -> Handles.kernel(kernel).info(param_name), param_value_size, param_value,
                param_value_size_ret);
    }

    static int clGetKernelArgInfo(cl_kernel kernel, int arg_indx, int param_name, long param_value_size,
                                  Pointer param_value, long[] param_value_size_ret) {
        return Info.query(() -> Handles.kernel(kernel).argInfo(arg_indx, param_name), param_value_size,
                param_value, param_value_size_ret);
    }

    /** A null device means the kernel's only device. */
    static int clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device, int param_name, long param_value_size,
                                        Pointer param_value, long[] param_value_size_ret) {
        return Info.query(() -> {
            ClKernel k = Handles.kernel(kernel);
            ClDevice d;
            if (device == null) {
                List<ClDevice> all = k.context().devices();
                ClError.require(all.size() == 1, CL_INVALID_DEVICE, "the kernel has several devices; name one");
                d = all.get(0);
            } else {
                d = Handles.device(device);
            }
            return k.workGroupInfo(d, param_name);
        }, param_value_size, param_value, param_value_size_ret);
    }
}
