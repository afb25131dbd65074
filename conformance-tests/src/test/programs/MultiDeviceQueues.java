import org.jocl.*;

import static org.jocl.CL.*;

/**
 * Work split across every device of the first platform: one context over all of them, one program built
 * for all, one command queue and one kernel per device, each device computing an equal share of the
 * elements (its first index given as a kernel argument), all queues running at once; the host collects
 * the shares and checks them.
 */
public class MultiDeviceQueues {

    private static final String SOURCE =
            "#pragma OPENCL FP_CONTRACT OFF\n" // rounded as Java rounds, so the host can check exactly
          + "__kernel void poly(__global const float *x, __global float *y, int first) {\n"
          + "    int i = get_global_id(0);\n"
          + "    float v = x[first + i];\n"
          + "    float r = 0.0f;\n"
          + "    for (int k = 0; k < 64; k++) r = r * 0.5f + v * (float) (k % 5);\n"
          + "    y[i] = r;\n"
          + "}\n";

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        int[] count = new int[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 0, null, count);
        cl_device_id[] devices = new cl_device_id[count[0]];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, devices.length, devices, null);
        System.out.println("~ devices: " + devices.length);

        cl_context context = clCreateContext(null, devices.length, devices, null, null, null);
        int[] contextDevices = new int[1];
        clGetContextInfo(context, CL_CONTEXT_NUM_DEVICES, Sizeof.cl_uint, Pointer.to(contextDevices), null);
        System.out.println("context holds every device: " + (contextDevices[0] == devices.length));
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, devices.length, devices, null, null, null);
        int built = 0;
        for (cl_device_id d : devices) {
            int[] status = new int[1];
            clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_STATUS, Sizeof.cl_int, Pointer.to(status), null);
            if (status[0] == CL_BUILD_SUCCESS) {
                built++;
            }
        }
        System.out.println("built for every device: " + (built == devices.length));

        int n = 12 * 8192; // divisible by 1, 2, 3 and 4 devices
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i % 100) / 100f;
        }
        cl_mem input = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * n, Pointer.to(x), null);
        int share = n / devices.length;
        cl_command_queue[] queues = new cl_command_queue[devices.length];
        cl_kernel[] kernels = new cl_kernel[devices.length];
        cl_mem[] outputs = new cl_mem[devices.length];
        cl_event[] done = new cl_event[devices.length];
        float[][] results = new float[devices.length][share];
        for (int d = 0; d < devices.length; d++) {
            queues[d] = clCreateCommandQueue(context, devices[d], 0, null);
            kernels[d] = clCreateKernel(program, "poly", null);
            outputs[d] = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 4L * share, null, null);
            clSetKernelArg(kernels[d], 0, Sizeof.cl_mem, Pointer.to(input));
            clSetKernelArg(kernels[d], 1, Sizeof.cl_mem, Pointer.to(outputs[d]));
            clSetKernelArg(kernels[d], 2, Sizeof.cl_int, Pointer.to(new int[] {d * share}));
            clEnqueueNDRangeKernel(queues[d], kernels[d], 1, null, new long[] {share}, null, 0, null, null);
            done[d] = new cl_event();
            clEnqueueMarker(queues[d], done[d]);
            clFlush(queues[d]);
        }
        clWaitForEvents(done.length, done);
        for (int d = 0; d < devices.length; d++) {
            clEnqueueReadBuffer(queues[d], outputs[d], CL_TRUE, 0, 4L * share, Pointer.to(results[d]), 0, null, null);
        }

        int wrong = 0;
        double checksum = 0;
        for (int d = 0; d < devices.length; d++) {
            double partSum = 0;
            for (int i = 0; i < share; i++) {
                float v = x[d * share + i];
                float r = 0f;
                for (int k = 0; k < 64; k++) {
                    r = r * 0.5f + v * (float) (k % 5);
                }
                if (results[d][i] != r) {
                    wrong++;
                }
                partSum += results[d][i];
                checksum += results[d][i];
            }
            System.out.printf("~ device %d (%s): %d elements, sum %.4f%n", d, deviceName(devices[d]), share, partSum);
        }
        System.out.println("elements computed: " + share * devices.length + " of " + n);
        System.out.printf("checksum: %.3f%n", checksum);
        System.out.println("wrong: " + wrong);

        for (int d = 0; d < devices.length; d++) {
            clReleaseEvent(done[d]);
            clReleaseMemObject(outputs[d]);
            clReleaseKernel(kernels[d]);
            clReleaseCommandQueue(queues[d]);
        }
        clReleaseMemObject(input);
        clReleaseProgram(program);
        clReleaseContext(context);
    }

    static String deviceName(cl_device_id device) {
        long[] size = new long[1];
        clGetDeviceInfo(device, CL_DEVICE_NAME, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetDeviceInfo(device, CL_DEVICE_NAME, b.length, Pointer.to(b), null);
        return new String(b, 0, b.length - 1);
    }
}
