import org.jocl.*;

import static org.jocl.CL.*;

/**
 * C = A x B for square float matrices, twice: a naive kernel and a tiled kernel that stages 16x16 tiles of A
 * and B in __local memory with barriers, run over a 2D range with a 16x16 local size. Both are compared with
 * the host's product; the inputs are small integers so every sum is exact.
 */
public class MatrixMultiply {

    private static final String SOURCE =
            "#define TILE 16\n"
          + "__kernel void naive(__global const float *A, __global const float *B, __global float *C, int n) {\n"
          + "    int row = get_global_id(1), col = get_global_id(0);\n"
          + "    float acc = 0.0f;\n"
          + "    for (int k = 0; k < n; k++) acc += A[row * n + k] * B[k * n + col];\n"
          + "    C[row * n + col] = acc;\n"
          + "}\n"
          + "__kernel void tiled(__global const float *A, __global const float *B, __global float *C, int n) {\n"
          + "    __local float As[TILE][TILE];\n"
          + "    __local float Bs[TILE][TILE];\n"
          + "    int tx = get_local_id(0), ty = get_local_id(1);\n"
          + "    int row = get_global_id(1), col = get_global_id(0);\n"
          + "    float acc = 0.0f;\n"
          + "    for (int t = 0; t < n / TILE; t++) {\n"
          + "        As[ty][tx] = A[row * n + t * TILE + tx];\n"
          + "        Bs[ty][tx] = B[(t * TILE + ty) * n + col];\n"
          + "        barrier(CLK_LOCAL_MEM_FENCE);\n"
          + "        for (int k = 0; k < TILE; k++) acc += As[ty][k] * Bs[k][tx];\n"
          + "        barrier(CLK_LOCAL_MEM_FENCE);\n"
          + "    }\n"
          + "    C[row * n + col] = acc;\n"
          + "}\n";

    public static void main(String[] args) {
        int n = 192;
        float[] a = new float[n * n];
        float[] b = new float[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = (i * 7) % 11 - 5;
            b[i] = (i * 3) % 13 - 6;
        }
        float[] expected = new float[n * n];
        for (int r = 0; r < n; r++) {
            for (int k = 0; k < n; k++) {
                float ark = a[r * n + k];
                for (int c = 0; c < n; c++) {
                    expected[r * n + c] += ark * b[k * n + c];
                }
            }
        }

        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], CL_QUEUE_PROFILING_ENABLE, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);

        cl_mem memA = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * n * n, Pointer.to(a), null);
        cl_mem memB = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * n * n, Pointer.to(b), null);
        cl_mem memC = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 4L * n * n, null, null);
        for (String name : new String[] {"naive", "tiled"}) {
            cl_kernel kernel = clCreateKernel(program, name, null);
            clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(memA));
            clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(memB));
            clSetKernelArg(kernel, 2, Sizeof.cl_mem, Pointer.to(memC));
            clSetKernelArg(kernel, 3, Sizeof.cl_int, Pointer.to(new int[] {n}));
            long[] local = name.equals("tiled") ? new long[] {16, 16} : null;
            cl_event done = new cl_event();
            clEnqueueNDRangeKernel(queue, kernel, 2, null, new long[] {n, n}, local, 0, null, done);
            float[] c = new float[n * n];
            clEnqueueReadBuffer(queue, memC, CL_TRUE, 0, 4L * n * n, Pointer.to(c), 0, null, null);
            long[] start = new long[1];
            long[] end = new long[1];
            clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_START, Sizeof.cl_ulong, Pointer.to(start), null);
            clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, Sizeof.cl_ulong, Pointer.to(end), null);
            int wrong = 0;
            double trace = 0;
            double sum = 0;
            for (int i = 0; i < n * n; i++) {
                if (c[i] != expected[i]) {
                    wrong++;
                }
                sum += c[i];
            }
            for (int i = 0; i < n; i++) {
                trace += c[i * n + i];
            }
            System.out.println(name + ": " + n + "x" + n + ", wrong " + wrong + ", sum " + sum + ", trace " + trace + ", C[1][2] = " + c[n + 2]);
            System.out.printf("~ %s: %.3f ms, %.2f GFLOP/s%n", name, (end[0] - start[0]) / 1e6, 2.0 * n * n * n / (end[0] - start[0]));
            clReleaseEvent(done);
            clReleaseKernel(kernel);
        }
        clReleaseMemObject(memA);
        clReleaseMemObject(memB);
        clReleaseMemObject(memC);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }
}
