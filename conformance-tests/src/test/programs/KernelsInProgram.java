import org.jocl.*;

import java.util.Map;
import java.util.TreeMap;

import static org.jocl.CL.*;

/**
 * All kernels of a program at once with clCreateKernelsInProgram (count first, then the kernels), looked up by
 * their CL_KERNEL_FUNCTION_NAME, and run as a pipeline: init, then saxpy, then a prefix-free histogram.
 * The program's own info (number of kernels, kernel names, source, reference count) is printed too.
 */
public class KernelsInProgram {

    private static final String SOURCE =
            "__kernel void init(__global float *x, __global float *y) {\n"
          + "    int i = get_global_id(0);\n"
          + "    x[i] = (float) (i % 10);\n"
          + "    y[i] = (float) (i % 3);\n"
          + "}\n"
          + "__kernel void saxpy(float a, __global const float *x, __global float *y) {\n"
          + "    int i = get_global_id(0);\n"
          + "    y[i] = a * x[i] + y[i];\n"
          + "}\n"
          + "__kernel void histogram(__global const float *y, __global int *bins, int nbins) {\n"
          + "    int i = get_global_id(0);\n"
          + "    int b = ((int) y[i]) % nbins;\n"
          + "    atomic_inc(&bins[b]);\n"
          + "}\n";

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, new long[] {SOURCE.length()}, null);

        int[] count = new int[1];
        try {
            clCreateKernelsInProgram(program, 0, null, count);
            System.out.println("kernels before the build: " + count[0]);
        } catch (CLException e) {
            System.out.println("kernels before the build: " + CL.stringFor_errorCode(e.getStatus()));
        }
        clBuildProgram(program, 0, null, "-Werror", null, null);
        clCreateKernelsInProgram(program, 0, null, count);
        System.out.println("kernels in the program: " + count[0]);
        cl_kernel[] kernels = new cl_kernel[count[0]];
        clCreateKernelsInProgram(program, kernels.length, kernels, null);
        try {
            clCreateKernelsInProgram(program, 1, new cl_kernel[1], null);
            System.out.println("room for 1 kernel: accepted");
        } catch (CLException e) {
            System.out.println("room for 1 kernel: " + CL.stringFor_errorCode(e.getStatus()));
        }

        Map<String, cl_kernel> byName = new TreeMap<>();
        StringBuilder order = new StringBuilder();
        for (cl_kernel k : kernels) {
            String name = string(k);
            int[] numArgs = new int[1];
            clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, Sizeof.cl_uint, Pointer.to(numArgs), null);
            cl_program[] owner = new cl_program[1];
            clGetKernelInfo(k, CL_KERNEL_PROGRAM, Sizeof.cl_program, Pointer.to(owner), null);
            byName.put(name, k);
            order.append(' ').append(name);
            System.out.println("~ kernel " + name + " (" + numArgs[0] + " arguments)");
        }
        System.out.println("~ returned order:" + order);
        for (Map.Entry<String, cl_kernel> e : byName.entrySet()) {
            int[] numArgs = new int[1];
            clGetKernelInfo(e.getValue(), CL_KERNEL_NUM_ARGS, Sizeof.cl_uint, Pointer.to(numArgs), null);
            System.out.println("kernel " + e.getKey() + ": " + numArgs[0] + " arguments");
        }
        long[] numKernels = new long[1];
        clGetProgramInfo(program, CL_PROGRAM_NUM_KERNELS, Sizeof.size_t, Pointer.to(numKernels), null);
        System.out.println("CL_PROGRAM_NUM_KERNELS: " + numKernels[0]);
        long[] size = new long[1];
        clGetProgramInfo(program, CL_PROGRAM_SOURCE, 0, null, size);
        byte[] source = new byte[(int) size[0]];
        clGetProgramInfo(program, CL_PROGRAM_SOURCE, source.length, Pointer.to(source), null);
        System.out.println("CL_PROGRAM_SOURCE is the source: " + new String(source, 0, source.length - 1).equals(SOURCE));
        int[] refs = new int[1];
        clGetProgramInfo(program, CL_PROGRAM_REFERENCE_COUNT, Sizeof.cl_uint, Pointer.to(refs), null);
        System.out.println("~ program reference count: " + refs[0]); // kernels may hold references

        int n = 3000;
        int nbins = 7;
        cl_mem x = clCreateBuffer(context, CL_MEM_READ_WRITE, 4L * n, null, null);
        cl_mem y = clCreateBuffer(context, CL_MEM_READ_WRITE, 4L * n, null, null);
        cl_mem bins = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4L * nbins, Pointer.to(new int[nbins]), null);
        cl_kernel init = byName.get("init");
        clSetKernelArg(init, 0, Sizeof.cl_mem, Pointer.to(x));
        clSetKernelArg(init, 1, Sizeof.cl_mem, Pointer.to(y));
        cl_kernel saxpy = byName.get("saxpy");
        clSetKernelArg(saxpy, 0, Sizeof.cl_float, Pointer.to(new float[] {2.5f}));
        clSetKernelArg(saxpy, 1, Sizeof.cl_mem, Pointer.to(x));
        clSetKernelArg(saxpy, 2, Sizeof.cl_mem, Pointer.to(y));
        cl_kernel histogram = byName.get("histogram");
        clSetKernelArg(histogram, 0, Sizeof.cl_mem, Pointer.to(y));
        clSetKernelArg(histogram, 1, Sizeof.cl_mem, Pointer.to(bins));
        clSetKernelArg(histogram, 2, Sizeof.cl_int, Pointer.to(new int[] {nbins}));
        for (cl_kernel k : new cl_kernel[] {init, saxpy, histogram}) {
            clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {n}, null, 0, null, null);
        }
        int[] result = new int[nbins];
        clEnqueueReadBuffer(queue, bins, CL_TRUE, 0, 4L * nbins, Pointer.to(result), 0, null, null);
        int[] expected = new int[nbins];
        for (int i = 0; i < n; i++) {
            float yi = 2.5f * (i % 10) + (i % 3);
            expected[((int) yi) % nbins]++;
        }
        System.out.println("histogram: " + java.util.Arrays.toString(result));
        System.out.println("expected:  " + java.util.Arrays.toString(expected));

        try {
            clReleaseProgram(program);
            System.out.println("program released while its kernels live: ok");
        } catch (CLException e) {
            System.out.println("program released while its kernels live: " + CL.stringFor_errorCode(e.getStatus()));
        }
        for (cl_kernel k : kernels) {
            clReleaseKernel(k);
        }
        clReleaseMemObject(x);
        clReleaseMemObject(y);
        clReleaseMemObject(bins);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }

    static String string(cl_kernel kernel) {
        long[] size = new long[1];
        clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetKernelInfo(kernel, CL_KERNEL_FUNCTION_NAME, b.length, Pointer.to(b), null);
        return new String(b, 0, b.length - 1);
    }
}
