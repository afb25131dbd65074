import org.jocl.*;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.jocl.CL.*;

/**
 * A server-style program: one context and program shared by a pool of Java threads, each job creating its own
 * queue, kernel and buffers, running a small pipeline (write, two kernels, read) and checking its own result.
 * Results are printed in job order after all jobs are done.
 */
public class ThreadedHost {

    private static final String SOURCE =
            "#pragma OPENCL FP_CONTRACT OFF\n" // a * x + b rounded twice, as Java does
          + "__kernel void affine(__global float *x, float a, float b) { int i = get_global_id(0); x[i] = a * x[i] + b; }\n"
          + "__kernel void square(__global float *x) { int i = get_global_id(0); x[i] = x[i] * x[i]; }\n";

    public static void main(String[] args) throws Exception {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);

        int jobs = 12;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<String>> results = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            final int job = j;
            results.add(pool.submit(() -> runJob(context, devices[0], program, job)));
        }
        for (int j = 0; j < jobs; j++) {
            System.out.println(results.get(j).get(120, TimeUnit.SECONDS));
        }
        pool.shutdown();
        System.out.println("pool ended: " + pool.awaitTermination(10, TimeUnit.SECONDS));
        clReleaseProgram(program);
        clReleaseContext(context);
    }

    static String runJob(cl_context context, cl_device_id device, cl_program program, int job) {
        int n = 2048 + 256 * job;
        float[] data = new float[n];
        for (int i = 0; i < n; i++) {
            data[i] = (i + job) % 50 / 10f;
        }
        cl_command_queue queue = clCreateCommandQueue(context, device, 0, null);
        cl_kernel affine = clCreateKernel(program, "affine", null);
        cl_kernel square = clCreateKernel(program, "square", null);
        cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 4L * n, null, null);
        clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, 4L * n, Pointer.to(data), 0, null, null);
        float a = 1 + job * 0.5f;
        float b = -job;
        clSetKernelArg(affine, 0, Sizeof.cl_mem, Pointer.to(buffer));
        clSetKernelArg(affine, 1, Sizeof.cl_float, Pointer.to(new float[] {a}));
        clSetKernelArg(affine, 2, Sizeof.cl_float, Pointer.to(new float[] {b}));
        clSetKernelArg(square, 0, Sizeof.cl_mem, Pointer.to(buffer));
        for (int round = 0; round < 3; round++) {
            clEnqueueNDRangeKernel(queue, affine, 1, null, new long[] {n}, null, 0, null, null);
            clEnqueueNDRangeKernel(queue, square, 1, null, new long[] {n}, null, 0, null, null);
        }
        float[] result = new float[n];
        clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 4L * n, Pointer.to(result), 0, null, null);
        int wrong = 0;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            float x = data[i];
            for (int round = 0; round < 3; round++) {
                x = a * x + b;
                x = x * x;
            }
            if (result[i] != x) {
                wrong++;
            }
            sum += result[i];
        }
        clReleaseMemObject(buffer);
        clReleaseKernel(affine);
        clReleaseKernel(square);
        clReleaseCommandQueue(queue);
        return String.format("job %2d: %d elements, wrong %d, sum %.6e", job, n, wrong, sum);
    }
}
