import org.jocl.*;

import static org.jocl.CL.*;

/**
 * An out-of-order queue ordered by barriers and markers instead of wait lists: fills, kernels and copies in
 * stages separated by clEnqueueBarrierWithWaitList, a marker that the host waits on, and a final read; also
 * clEnqueueFillBuffer with 1-, 4- and 16-byte patterns and clEnqueueCopyBuffer between offsets.
 */
public class OutOfOrderQueue {

    private static final String SOURCE =
            "__kernel void add_into(__global int *dst, __global const int *src) { int i = get_global_id(0); dst[i] += src[i]; }\n"
          + "__kernel void times(__global int *x, int k) { int i = get_global_id(0); x[i] *= k; }\n";

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        long[] supported = new long[1];
        clGetDeviceInfo(devices[0], CL_DEVICE_QUEUE_PROPERTIES, Sizeof.cl_ulong, Pointer.to(supported), null);
        boolean ooo = (supported[0] & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
        System.out.println("out-of-order queues supported: " + ooo);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], ooo ? CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE : 0, null);
        long[] props = new long[1];
        clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, Sizeof.cl_ulong, Pointer.to(props), null);
        System.out.println("queue properties: 0x" + Long.toHexString(props[0]));
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        cl_kernel addInto = clCreateKernel(program, "add_into", null);
        cl_kernel times = clCreateKernel(program, "times", null);

        int n = 8192;
        int buffers = 4;
        cl_mem[] b = new cl_mem[buffers];
        for (int i = 0; i < buffers; i++) {
            b[i] = clCreateBuffer(context, CL_MEM_READ_WRITE, 4L * n, null, null);
        }
        // stage 1: fills, independent of each other
        clEnqueueFillBuffer(queue, b[0], Pointer.to(new int[] {1}), 4, 0, 4L * n, 0, null, null);
        clEnqueueFillBuffer(queue, b[1], Pointer.to(new byte[] {2}), 1, 0, 4L * n, 0, null, null);
        clEnqueueFillBuffer(queue, b[2], Pointer.to(new int[] {3, 4, 5, 6}), 16, 0, 4L * n, 0, null, null);
        clEnqueueFillBuffer(queue, b[3], Pointer.to(new int[] {0}), 4, 0, 4L * n, 0, null, null);
        clEnqueueBarrierWithWaitList(queue, 0, null, null);
        // stage 2: b3 += b0, b3 += b1 must not race: a barrier between them
        clSetKernelArg(addInto, 0, Sizeof.cl_mem, Pointer.to(b[3]));
        clSetKernelArg(addInto, 1, Sizeof.cl_mem, Pointer.to(b[0]));
        clEnqueueNDRangeKernel(queue, addInto, 1, null, new long[] {n}, null, 0, null, null);
        clEnqueueBarrierWithWaitList(queue, 0, null, null);
        clSetKernelArg(addInto, 1, Sizeof.cl_mem, Pointer.to(b[1]));
        clEnqueueNDRangeKernel(queue, addInto, 1, null, new long[] {n}, null, 0, null, null);
        // meanwhile b2 *= 10, independent of the b3 work
        clSetKernelArg(times, 0, Sizeof.cl_mem, Pointer.to(b[2]));
        clSetKernelArg(times, 1, Sizeof.cl_int, Pointer.to(new int[] {10}));
        clEnqueueNDRangeKernel(queue, times, 1, null, new long[] {n}, null, 0, null, null);
        cl_event stage2 = new cl_event();
        clEnqueueMarkerWithWaitList(queue, 0, null, stage2);
        clWaitForEvents(1, new cl_event[] {stage2});
        int[] type = new int[1];
        clGetEventInfo(stage2, CL_EVENT_COMMAND_TYPE, Sizeof.cl_uint, Pointer.to(type), null);
        System.out.println("marker event: " + CL.stringFor_cl_command_type(type[0]));
        // stage 3: copy the second half of b2 over the first half of b3, then b3 += b2
        clEnqueueCopyBuffer(queue, b[2], b[3], 4L * n / 2, 0, 4L * n / 2, 0, null, null);
        clEnqueueBarrierWithWaitList(queue, 0, null, null);
        clSetKernelArg(addInto, 1, Sizeof.cl_mem, Pointer.to(b[2]));
        clEnqueueNDRangeKernel(queue, addInto, 1, null, new long[] {n}, null, 0, null, null);
        clEnqueueBarrierWithWaitList(queue, 0, null, null);
        int[] result = new int[n];
        clEnqueueReadBuffer(queue, b[3], CL_TRUE, 0, 4L * n, Pointer.to(result), 0, null, null);

        int wrong = 0;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            int b2 = (3 + i % 4) * 10;
            int b3 = i < n / 2 ? b2 : 1 + 0x02020202;
            int expected = b3 + b2;
            if (result[i] != expected) {
                wrong++;
            }
            sum += result[i];
        }
        System.out.println("result[0..5] = " + result[0] + " " + result[1] + " " + result[2] + " " + result[3] + " " + result[4] + " " + result[5]);
        System.out.println("result[n-1] = " + result[n - 1] + ", sum " + sum + ", wrong " + wrong);

        clFinish(queue);
        clReleaseEvent(stage2);
        for (cl_mem m : b) {
            clReleaseMemObject(m);
        }
        clReleaseKernel(addInto);
        clReleaseKernel(times);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }
}
