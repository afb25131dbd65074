import org.jocl.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.jocl.CL.*;

/**
 * An event chain with profiling: a non-blocking write, a chain of kernels each waiting for the one before,
 * and a read waiting for the last, first on an in-order queue, then on an out-of-order queue where only the
 * wait lists order them. Prints the result, each event's command type and status, whether the profiling
 * times are ordered (within each command and along the chain) and whether each kernel took time (as a
 * program that divides work by time needs), never the times themselves.
 */
public class EventProfiling {

    private static final String SOURCE =
            "__kernel void scale_add(__global float *x, float k) {\n"
          + "    int i = get_global_id(0);\n"
          + "    x[i] = x[i] * k + 1.0f;\n"
          + "}\n";

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_DEFAULT, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, "-cl-fast-relaxed-math", null, null);
        cl_kernel kernel = clCreateKernel(program, "scale_add", null);

        long[] queueProperties = {CL_QUEUE_PROFILING_ENABLE, CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE};
        String[] names = {"in-order", "out-of-order"};
        for (int q = 0; q < 2; q++) {
            long[] supported = new long[1];
            clGetDeviceInfo(devices[0], CL_DEVICE_QUEUE_PROPERTIES, Sizeof.cl_ulong, Pointer.to(supported), null);
            if ((supported[0] & queueProperties[q]) != queueProperties[q]) {
                System.out.println(names[q] + " queue with profiling: not supported");
                continue;
            }
            cl_command_queue queue = clCreateCommandQueue(context, devices[0], queueProperties[q], null);
            run(names[q], context, queue, kernel);
            clReleaseCommandQueue(queue);
        }
        clReleaseKernel(kernel);
        clReleaseProgram(program);
        clReleaseContext(context);
    }

    static void run(String name, cl_context context, cl_command_queue queue, cl_kernel kernel) {
        System.out.println("== " + name + " queue");
        int n = 4096;
        int steps = 8;
        // non-blocking transfers need memory that does not move: direct buffers
        FloatBuffer data = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asFloatBuffer();
        for (int i = 0; i < n; i++) {
            data.put(i, i % 17);
        }
        cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 4L * n, null, null);
        List<cl_event> chain = new ArrayList<>();
        cl_event write = new cl_event();
        clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, 4L * n, Pointer.to(data), 0, null, write);
        chain.add(write);
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(buffer));
        for (int s = 0; s < steps; s++) {
            clSetKernelArg(kernel, 1, Sizeof.cl_float, Pointer.to(new float[] {s % 2 == 0 ? 2f : 0.5f}));
            cl_event e = new cl_event();
            clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {n}, null, 1, new cl_event[] {chain.get(chain.size() - 1)}, e);
            chain.add(e);
        }
        FloatBuffer result = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder()).asFloatBuffer();
        cl_event read = new cl_event();
        clEnqueueReadBuffer(queue, buffer, CL_FALSE, 0, 4L * n, Pointer.to(result), 1, new cl_event[] {chain.get(chain.size() - 1)}, read);
        chain.add(read);
        clFlush(queue);
        clWaitForEvents(1, new cl_event[] {read});

        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += result.get(i);
        }
        System.out.printf("result sum: %.2f, result[5] = %.2f%n", sum, result.get(5));

        int complete = 0;
        int orderedWithin = 0;
        int orderedAlong = 0;
        int kernels = 0;
        int kernelsWithDuration = 0;
        long previousEnd = -1;
        StringBuilder types = new StringBuilder();
        for (cl_event e : chain) {
            int[] status = new int[1];
            clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, Sizeof.cl_int, Pointer.to(status), null);
            if (status[0] == CL_COMPLETE) {
                complete++;
            }
            int[] type = new int[1];
            clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, Sizeof.cl_uint, Pointer.to(type), null);
            types.append(types.length() == 0 ? "" : " ").append(CL.stringFor_cl_command_type(type[0]));
            cl_command_queue[] owner = new cl_command_queue[1];
            clGetEventInfo(e, CL_EVENT_COMMAND_QUEUE, Sizeof.cl_command_queue, Pointer.to(owner), null);
            if (!owner[0].equals(queue)) {
                System.out.println("event of another queue!");
            }
            long queued = time(e, CL_PROFILING_COMMAND_QUEUED);
            long submit = time(e, CL_PROFILING_COMMAND_SUBMIT);
            long start = time(e, CL_PROFILING_COMMAND_START);
            long end = time(e, CL_PROFILING_COMMAND_END);
            System.out.println("~ " + CL.stringFor_cl_command_type(type[0]) + " took " + (end - start) + " ns");
            if (queued <= submit && submit <= start && start <= end) {
                orderedWithin++;
            }
            if (type[0] == CL_COMMAND_NDRANGE_KERNEL) {
                kernels++;
                // each kernel touches 4096 floats: it takes some time, however fast the device
                if (end > start) {
                    kernelsWithDuration++;
                }
            }
            if (start >= previousEnd) {
                orderedAlong++;
            }
            previousEnd = end;
        }
        System.out.println("command types: " + types);
        System.out.println("events: " + chain.size() + ", complete: " + complete);
        System.out.println("queued <= submit <= start <= end: " + orderedWithin + " of " + chain.size());
        System.out.println("each starts after the previous ended: " + orderedAlong + " of " + chain.size());
        System.out.println("kernels that took time (end > start): " + kernelsWithDuration + " of " + kernels);
        for (cl_event e : chain) {
            clReleaseEvent(e);
        }
        clReleaseMemObject(buffer);
    }

    static long time(cl_event event, int param) {
        long[] value = new long[1];
        clGetEventProfilingInfo(event, param, Sizeof.cl_ulong, Pointer.to(value), null);
        return value[0];
    }
}
