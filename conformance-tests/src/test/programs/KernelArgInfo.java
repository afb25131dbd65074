import org.jocl.*;

import static org.jocl.CL.*;

/**
 * Kernel introspection, as a program that binds arguments by name does: clGetKernelInfo (name, argument
 * count, attributes) and, for a program built with -cl-kernel-arg-info, clGetKernelArgInfo of every argument
 * (name, type name, address, access and type qualifiers); then binds the arguments by name and runs it.
 */
public class KernelArgInfo {

    private static final String SOURCE =
            "typedef struct { float scale; int shift; } params_t;\n"
          + "__kernel void weigh(__global const float * restrict input,\n"
          + "                  __global float4 *output,\n"
          + "                  __local int *scratch,\n"
          + "                  __constant float *weights,\n"
          + "                  const int count,\n"
          + "                  uint flags,\n"
          + "                  float2 offset,\n"
          + "                  volatile __global int *counter,\n"
          + "                  params_t params) {\n"
          + "    int i = get_global_id(0);\n"
          + "    scratch[get_local_id(0)] = i;\n"
          + "    barrier(CLK_LOCAL_MEM_FENCE);\n"
          + "    if (i < count) {\n"
          + "        float v = input[i] * weights[i % 4] * params.scale + offset.x + offset.y;\n"
          + "        output[i] = (float4)(v, (float) scratch[get_local_id(0)], (float) (flags + params.shift), 1.0f);\n"
          + "        atomic_inc(counter);\n"
          + "    }\n"
          + "}\n"
          + "__kernel __attribute__((reqd_work_group_size(8, 1, 1))) void fixed(__global int *x) { x[get_global_id(0)] += 1; }\n";

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, "-cl-kernel-arg-info", null, null);

        long[] numKernels = new long[1];
        clGetProgramInfo(program, CL_PROGRAM_NUM_KERNELS, Sizeof.size_t, Pointer.to(numKernels), null);
        System.out.println("kernels in the program: " + numKernels[0]);
        System.out.println("kernel names: " + programString(program, CL_PROGRAM_KERNEL_NAMES));

        cl_kernel kernel = clCreateKernel(program, "weigh", null);
        System.out.println("function name: " + kernelString(kernel, CL_KERNEL_FUNCTION_NAME));
        int[] numArgs = new int[1];
        clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, Sizeof.cl_uint, Pointer.to(numArgs), null);
        System.out.println("arguments: " + numArgs[0]);
        System.out.println("attributes: '" + kernelString(kernel, CL_KERNEL_ATTRIBUTES) + "'");
        cl_kernel fixed = clCreateKernel(program, "fixed", null);
        System.out.println("attributes of fixed: '" + kernelString(fixed, CL_KERNEL_ATTRIBUTES) + "'");

        java.util.Map<String, Integer> byName = new java.util.HashMap<>();
        for (int a = 0; a < numArgs[0]; a++) {
            String name = argString(kernel, a, CL_KERNEL_ARG_NAME);
            String type = argString(kernel, a, CL_KERNEL_ARG_TYPE_NAME);
            int[] address = new int[1];
            clGetKernelArgInfo(kernel, a, CL_KERNEL_ARG_ADDRESS_QUALIFIER, Sizeof.cl_uint, Pointer.to(address), null);
            int[] access = new int[1];
            clGetKernelArgInfo(kernel, a, CL_KERNEL_ARG_ACCESS_QUALIFIER, Sizeof.cl_uint, Pointer.to(access), null);
            long[] typeQualifier = new long[1];
            clGetKernelArgInfo(kernel, a, CL_KERNEL_ARG_TYPE_QUALIFIER, Sizeof.cl_ulong, Pointer.to(typeQualifier), null);
            System.out.println("arg " + a + ": " + name + " type '" + type + "' "
                    + CL.stringFor_cl_kernel_arg_address_qualifier(address[0]) + " "
                    + CL.stringFor_cl_kernel_arg_access_qualifier(access[0]) + " "
                    + typeQualifiers(typeQualifier[0]));
            byName.put(name, a);
        }
        try {
            clGetKernelArgInfo(kernel, numArgs[0], CL_KERNEL_ARG_NAME, 0, null, new long[1]);
            System.out.println("arg index " + numArgs[0] + ": accepted");
        } catch (CLException e) {
            System.out.println("arg index " + numArgs[0] + ": " + CL.stringFor_errorCode(e.getStatus()));
        }

        // bind by name and run
        int n = 64;
        float[] input = new float[n];
        for (int i = 0; i < n; i++) {
            input[i] = i;
        }
        cl_mem in = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * n, Pointer.to(input), null);
        cl_mem out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 16L * n, null, null);
        cl_mem weights = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 16, Pointer.to(new float[] {1, 2, 3, 4}), null);
        cl_mem counter = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, Pointer.to(new int[] {0}), null);
        clSetKernelArg(kernel, byName.get("input"), Sizeof.cl_mem, Pointer.to(in));
        clSetKernelArg(kernel, byName.get("output"), Sizeof.cl_mem, Pointer.to(out));
        clSetKernelArg(kernel, byName.get("scratch"), 4L * 16, null);
        clSetKernelArg(kernel, byName.get("weights"), Sizeof.cl_mem, Pointer.to(weights));
        clSetKernelArg(kernel, byName.get("count"), Sizeof.cl_int, Pointer.to(new int[] {n - 3}));
        clSetKernelArg(kernel, byName.get("flags"), Sizeof.cl_uint, Pointer.to(new int[] {5}));
        clSetKernelArg(kernel, byName.get("offset"), Sizeof.cl_float2, Pointer.to(new float[] {0.25f, 0.5f}));
        clSetKernelArg(kernel, byName.get("counter"), Sizeof.cl_mem, Pointer.to(counter));
        java.nio.ByteBuffer params = java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.nativeOrder());
        params.putFloat(0, 0.5f).putInt(4, 100);
        clSetKernelArg(kernel, byName.get("params"), 8, Pointer.to(params));
        clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {n}, new long[] {16}, 0, null, null);
        float[] result = new float[4 * n];
        clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 16L * n, Pointer.to(result), 0, null, null);
        int[] count = new int[1];
        clEnqueueReadBuffer(queue, counter, CL_TRUE, 0, 4, Pointer.to(count), 0, null, null);
        double sum = 0;
        for (int i = 0; i < 4 * (n - 3); i++) {
            sum += result[i];
        }
        System.out.println("output[5] = (" + result[20] + ", " + result[21] + ", " + result[22] + ", " + result[23] + ")");
        System.out.println("sum of written outputs: " + sum + ", counter: " + count[0]);

        // a wrong argument size is refused
        try {
            clSetKernelArg(kernel, byName.get("count"), Sizeof.cl_long, Pointer.to(new long[] {1}));
            System.out.println("8 bytes for an int: accepted");
        } catch (CLException e) {
            System.out.println("8 bytes for an int: " + CL.stringFor_errorCode(e.getStatus()));
        }

        clReleaseMemObject(in);
        clReleaseMemObject(out);
        clReleaseMemObject(weights);
        clReleaseMemObject(counter);
        clReleaseKernel(kernel);
        clReleaseKernel(fixed);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }

    static String typeQualifiers(long q) {
        if (q == CL_KERNEL_ARG_TYPE_NONE) {
            return "NONE";
        }
        StringBuilder s = new StringBuilder();
        if ((q & CL_KERNEL_ARG_TYPE_CONST) != 0) s.append("CONST ");
        if ((q & CL_KERNEL_ARG_TYPE_RESTRICT) != 0) s.append("RESTRICT ");
        if ((q & CL_KERNEL_ARG_TYPE_VOLATILE) != 0) s.append("VOLATILE ");
        return s.toString().trim();
    }

    static String argString(cl_kernel kernel, int index, int param) {
        long[] size = new long[1];
        clGetKernelArgInfo(kernel, index, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetKernelArgInfo(kernel, index, param, b.length, Pointer.to(b), null);
        return new String(b, 0, b.length - 1);
    }

    static String kernelString(cl_kernel kernel, int param) {
        long[] size = new long[1];
        clGetKernelInfo(kernel, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetKernelInfo(kernel, param, b.length, Pointer.to(b), null);
        return new String(b, 0, b.length - 1);
    }

    static String programString(cl_program program, int param) {
        long[] size = new long[1];
        clGetProgramInfo(program, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetProgramInfo(program, param, b.length, Pointer.to(b), null);
        return new String(b, 0, b.length - 1);
    }
}
