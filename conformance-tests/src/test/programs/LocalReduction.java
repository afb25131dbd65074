import org.jocl.*;

import static org.jocl.CL.*;

/**
 * A parallel sum: each work-group reduces its part in __local scratch memory (given as a kernel argument of
 * size local*8 with a null pointer) with barriers between the steps, writes one partial sum per group, and
 * the host adds the partial sums. Integers, so the result is exact; also a float max reduction with a
 * __local array declared in the kernel.
 */
public class LocalReduction {

    private static final String SOURCE =
            "__kernel void reduce_sum(__global const int *in, __global long *partial, __local long *scratch, int n) {\n"
          + "    size_t lid = get_local_id(0);\n"
          + "    size_t gid = get_global_id(0);\n"
          + "    size_t size = get_local_size(0);\n"
          + "    scratch[lid] = gid < n ? in[gid] : 0;\n"
          + "    barrier(CLK_LOCAL_MEM_FENCE);\n"
          + "    for (size_t s = size / 2; s > 0; s >>= 1) {\n"
          + "        if (lid < s) scratch[lid] += scratch[lid + s];\n"
          + "        barrier(CLK_LOCAL_MEM_FENCE);\n"
          + "    }\n"
          + "    if (lid == 0) partial[get_group_id(0)] = scratch[0];\n"
          + "}\n"
          + "#define WG 128\n"
          + "__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))\n"
          + "void reduce_max(__global const float *in, __global float *partial, int n) {\n"
          + "    __local float tile[WG];\n"
          + "    int lid = get_local_id(0);\n"
          + "    int gid = get_global_id(0);\n"
          + "    tile[lid] = gid < n ? in[gid] : -INFINITY;\n"
          + "    barrier(CLK_LOCAL_MEM_FENCE);\n"
          + "    for (int s = WG / 2; s > 0; s >>= 1) {\n"
          + "        if (lid < s) tile[lid] = fmax(tile[lid], tile[lid + s]);\n"
          + "        barrier(CLK_LOCAL_MEM_FENCE);\n"
          + "    }\n"
          + "    if (lid == 0) partial[get_group_id(0)] = tile[0];\n"
          + "}\n";

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_device_id device = devices[0];
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, device, 0, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);

        int n = 1_000_000;
        int[] input = new int[n];
        long expected = 0;
        for (int i = 0; i < n; i++) {
            input[i] = (i * 7919) % 10007 - 5000;
            expected += input[i];
        }

        cl_kernel sum = clCreateKernel(program, "reduce_sum", null);
        long[] maxWg = new long[1];
        clGetKernelWorkGroupInfo(sum, device, CL_KERNEL_WORK_GROUP_SIZE, Sizeof.size_t, Pointer.to(maxWg), null);
        long local = 64; // a fixed size, so the partial sums are the same everywhere
        System.out.println("~ kernel work-group size limit: " + maxWg[0]);
        System.out.println("work-group size >= 64: " + (maxWg[0] >= 64));
        long[] localMemory = new long[1];
        clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, Sizeof.cl_ulong, Pointer.to(localMemory), null);
        System.out.println("scratch fits in local memory: " + (local * 8 <= localMemory[0]));
        long groups = (n + local - 1) / local;
        cl_mem in = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * n, Pointer.to(input), null);
        cl_mem partial = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 8L * groups, null, null);
        clSetKernelArg(sum, 0, Sizeof.cl_mem, Pointer.to(in));
        clSetKernelArg(sum, 1, Sizeof.cl_mem, Pointer.to(partial));
        clSetKernelArg(sum, 2, 8L * local, null);
        clSetKernelArg(sum, 3, Sizeof.cl_int, Pointer.to(new int[] {n}));
        clEnqueueNDRangeKernel(queue, sum, 1, null, new long[] {groups * local}, new long[] {local}, 0, null, null);
        long[] partials = new long[(int) groups];
        clEnqueueReadBuffer(queue, partial, CL_TRUE, 0, 8L * groups, Pointer.to(partials), 0, null, null);
        long total = 0;
        for (long p : partials) {
            total += p;
        }
        System.out.println("groups: " + groups + " of " + local);
        System.out.println("partial[0] = " + partials[0] + ", partial[last] = " + partials[partials.length - 1]);
        System.out.println("sum: " + total + ", expected: " + expected + (total == expected ? " (ok)" : " (WRONG)"));

        cl_kernel max = clCreateKernel(program, "reduce_max", null);
        long[] required = new long[3];
        clGetKernelWorkGroupInfo(max, device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, 3 * Sizeof.size_t, Pointer.to(required), null);
        System.out.println("reduce_max compile work-group size: " + required[0] + " " + required[1] + " " + required[2]);
        long[] localUse = new long[1];
        clGetKernelWorkGroupInfo(max, device, CL_KERNEL_LOCAL_MEM_SIZE, Sizeof.cl_ulong, Pointer.to(localUse), null);
        System.out.println("~ reduce_max local memory: " + localUse[0]);
        float[] values = new float[n];
        float expectedMax = -Float.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            values[i] = (float) Math.sin(i * 0.001) * (i % 977);
            expectedMax = Math.max(expectedMax, values[i]);
        }
        long wg = required[0];
        long maxGroups = (n + wg - 1) / wg;
        cl_mem fin = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * n, Pointer.to(values), null);
        cl_mem fpartial = clCreateBuffer(context, CL_MEM_READ_WRITE, 4L * maxGroups, null, null);
        clSetKernelArg(max, 0, Sizeof.cl_mem, Pointer.to(fin));
        clSetKernelArg(max, 1, Sizeof.cl_mem, Pointer.to(fpartial));
        clSetKernelArg(max, 2, Sizeof.cl_int, Pointer.to(new int[] {n}));
        clEnqueueNDRangeKernel(queue, max, 1, null, new long[] {maxGroups * wg}, new long[] {wg}, 0, null, null);
        float[] fpartials = new float[(int) maxGroups];
        clEnqueueReadBuffer(queue, fpartial, CL_TRUE, 0, 4L * maxGroups, Pointer.to(fpartials), 0, null, null);
        float found = -Float.MAX_VALUE;
        for (float f : fpartials) {
            found = Math.max(found, f);
        }
        System.out.println("max: " + found + ", expected: " + expectedMax + (found == expectedMax ? " (ok)" : " (WRONG)"));

        // a local size other than the required one is refused
        try {
            clEnqueueNDRangeKernel(queue, max, 1, null, new long[] {maxGroups * wg}, new long[] {wg / 2}, 0, null, null);
            System.out.println("local size " + wg / 2 + ": accepted");
        } catch (CLException e) {
            System.out.println("local size " + wg / 2 + ": " + CL.stringFor_errorCode(e.getStatus()));
        }
        clFinish(queue);

        clReleaseMemObject(in);
        clReleaseMemObject(partial);
        clReleaseMemObject(fin);
        clReleaseMemObject(fpartial);
        clReleaseKernel(sum);
        clReleaseKernel(max);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }
}
