import org.jocl.*;

import static org.jocl.CL.*;

/**
 * A plain JOCL program, compiled against the real jocl-2.0.5.jar: it takes the first device of the first
 * platform, squares 64 independent blocks of numbers with one kernel and buffer per block on one in-order
 * queue, reads them back and prints a checksum.
 */
public class BlockSum {
    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);
        String source = "__kernel void square(__global const float* in, __global float* out) {"
                + " int i = get_global_id(0); float s = in[i];"
                + " for (int r = 0; r < 2000; r++) { s = s * 0.999f + 0.001f * in[i] * in[i]; }"
                + " out[i] = s; }";
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {source}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        int blocks = 64;
        int n = 1 << 14;
        cl_mem[] outputs = new cl_mem[blocks];
        cl_kernel[] kernels = new cl_kernel[blocks];
        for (int b = 0; b < blocks; b++) {
            float[] in = new float[n];
            for (int i = 0; i < n; i++) {
                in[i] = (b * n + i) % 1000 / 1000f;
            }
            cl_mem input = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * n, Pointer.to(in), null);
            outputs[b] = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 4L * n, null, null);
            kernels[b] = clCreateKernel(program, "square", null);
            clSetKernelArg(kernels[b], 0, Sizeof.cl_mem, Pointer.to(input));
            clSetKernelArg(kernels[b], 1, Sizeof.cl_mem, Pointer.to(outputs[b]));
            clEnqueueNDRangeKernel(queue, kernels[b], 1, null, new long[] {n}, null, 0, null, null);
            clReleaseMemObject(input);
        }
        double sum = 0;
        float[] out = new float[n];
        for (int b = 0; b < blocks; b++) {
            clEnqueueReadBuffer(queue, outputs[b], true, 0, 4L * n, Pointer.to(out), 0, null, null);
            for (float v : out) {
                sum += v;
            }
            clReleaseKernel(kernels[b]);
            clReleaseMemObject(outputs[b]);
        }
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
        System.out.printf("blocks %d checksum %.6f%n", blocks, sum);
    }
}
