import org.jocl.*;

import static org.jocl.CL.*;

/**
 * The classic first JOCL program: c = a + b over float arrays, inputs given with CL_MEM_COPY_HOST_PTR,
 * the result read back with a blocking read.
 */
public class VectorAdd {

    private static final String SOURCE =
            "__kernel void add(__global const float *a, __global const float *b, __global float *c, int n) {\n"
          + "    int gid = get_global_id(0);\n"
          + "    if (gid < n) c[gid] = a[gid] + b[gid];\n"
          + "}\n";

    public static void main(String[] args) {
        int n = 100_003;
        float[] a = new float[n];
        float[] b = new float[n];
        float[] c = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5f;
            b[i] = (n - i) * 0.25f;
        }

        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_context_properties properties = new cl_context_properties();
        properties.addProperty(CL_CONTEXT_PLATFORM, platforms[0]);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(properties, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);

        cl_mem memA = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) Sizeof.cl_float * n, Pointer.to(a), null);
        cl_mem memB = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) Sizeof.cl_float * n, Pointer.to(b), null);
        cl_mem memC = clCreateBuffer(context, CL_MEM_WRITE_ONLY, (long) Sizeof.cl_float * n, null, null);

        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        cl_kernel kernel = clCreateKernel(program, "add", null);
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(memA));
        clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(memB));
        clSetKernelArg(kernel, 2, Sizeof.cl_mem, Pointer.to(memC));
        clSetKernelArg(kernel, 3, Sizeof.cl_int, Pointer.to(new int[] {n}));

        long localSize = 64;
        long globalSize = (n + localSize - 1) / localSize * localSize;
        clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {globalSize}, new long[] {localSize}, 0, null, null);
        clEnqueueReadBuffer(queue, memC, CL_TRUE, 0, (long) Sizeof.cl_float * n, Pointer.to(c), 0, null, null);

        int wrong = 0;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            if (c[i] != a[i] + b[i]) {
                wrong++;
            }
            sum += c[i];
        }
        System.out.println("elements: " + n);
        System.out.println("global size: " + globalSize + ", local size: " + localSize);
        System.out.println("c[0] = " + c[0] + ", c[1] = " + c[1] + ", c[n-1] = " + c[n - 1]);
        System.out.printf("sum: %.3f%n", sum);
        System.out.println("wrong elements: " + wrong);
        System.out.println(wrong == 0 ? "PASSED" : "FAILED");

        long[] size = new long[1];
        clGetMemObjectInfo(memC, CL_MEM_SIZE, Sizeof.size_t, Pointer.to(size), null);
        System.out.println("CL_MEM_SIZE of c: " + size[0]);

        clReleaseKernel(kernel);
        clReleaseProgram(program);
        clReleaseMemObject(memA);
        clReleaseMemObject(memB);
        clReleaseMemObject(memC);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }
}
