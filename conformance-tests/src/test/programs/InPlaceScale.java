import org.jocl.*;

import static org.jocl.CL.*;

/**
 * Written the way many small JOCL programs are: the work-group size asked for as a size_t into an int[1], a
 * buffer made CL_MEM_READ_ONLY and yet scaled in place by the kernel (every driver keeps such writes), and a
 * loop of blocking write, launch, blocking read with Java arrays.
 */
public class InPlaceScale {

    private static final String SOURCE =
            "__kernel void scale(__global float *v, float by, int n) {\n"
          + "    int i = get_global_id(0);\n"
          + "    if (i < n) v[i] = v[i] * by + 1.0f;\n"
          + "}\n";

    public static void main(String[] args) {
        int n = 4099;
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);

        int[] maxGroup = new int[1];
        clGetDeviceInfo(devices[0], CL_DEVICE_MAX_WORK_GROUP_SIZE, Sizeof.size_t, Pointer.to(maxGroup), null);
        System.out.println("~max work-group size: " + maxGroup[0]);
        long local = Math.min(64, maxGroup[0]);
        System.out.println("work-group size asked for: " + (maxGroup[0] > 0 ? "ok" : "none"));

        float[] data = new float[n];
        for (int i = 0; i < n; i++) {
            data[i] = i % 97;
        }
        cl_mem v = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) Sizeof.cl_float * n,
                Pointer.to(data), null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        cl_kernel kernel = clCreateKernel(program, "scale", null);
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(v));
        clSetKernelArg(kernel, 2, Sizeof.cl_int, Pointer.to(new int[] {n}));
        long global = (n + local - 1) / local * local;

        float[] back = new float[n];
        for (int round = 0; round < 5; round++) {
            clSetKernelArg(kernel, 1, Sizeof.cl_float, Pointer.to(new float[] {0.5f + round}));
            clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {global}, null, 0, null, null);
            clEnqueueReadBuffer(queue, v, CL_TRUE, 0, (long) Sizeof.cl_float * n, Pointer.to(back), 0, null, null);
            double sum = 0;
            for (float f : back) {
                sum += f;
            }
            System.out.printf("round %d: v[0] = %.4f, v[n-1] = %.4f, sum = %.2f%n", round, back[0], back[n - 1], sum);
            if (round == 2) {
                // the program puts its own values back in between, as a write-kernel-read loop does
                clEnqueueWriteBuffer(queue, v, CL_TRUE, 0, (long) Sizeof.cl_float * n, Pointer.to(data), 0, null, null);
                System.out.println("rewritten");
            }
        }

        clReleaseKernel(kernel);
        clReleaseProgram(program);
        clReleaseMemObject(v);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }
}
