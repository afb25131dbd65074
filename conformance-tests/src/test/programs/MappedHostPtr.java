import org.jocl.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;

import static org.jocl.CL.*;

/**
 * A buffer over the program's own direct memory (CL_MEM_USE_HOST_PTR): a kernel works on it, the program
 * maps it to read the result (through the mapped buffer and through its own memory, which a map of a
 * CL_MEM_USE_HOST_PTR buffer brings up to date), writes new input through a write map, and reads the
 * final result with clEnqueueReadBuffer.
 */
public class MappedHostPtr {

    private static final String SOURCE =
            "__kernel void square_plus(__global int *data, int add) {\n"
          + "    size_t i = get_global_id(0);\n"
          + "    data[i] = data[i] * data[i] + add;\n"
          + "}\n";

    public static void main(String[] args) {
        int n = 1 << 16;
        ByteBuffer host = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder());
        IntBuffer hostInts = host.asIntBuffer();
        for (int i = 0; i < n; i++) {
            hostInts.put(i, i % 1000);
        }

        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        cl_kernel kernel = clCreateKernel(program, "square_plus", null);

        cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, 4L * n, Pointer.to(host), null);
        long[] flags = new long[1];
        clGetMemObjectInfo(buffer, CL_MEM_FLAGS, Sizeof.cl_ulong, Pointer.to(flags), null);
        System.out.println("flags: READ_WRITE " + ((flags[0] & CL_MEM_READ_WRITE) != 0) + ", USE_HOST_PTR " + ((flags[0] & CL_MEM_USE_HOST_PTR) != 0));

        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(buffer));
        clSetKernelArg(kernel, 1, Sizeof.cl_int, Pointer.to(new int[] {7}));
        clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {n}, null, 0, null, null);

        // 1. map for reading
        ByteBuffer mapped = clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_READ, 0, 4L * n, 0, null, null, null);
        System.out.println("mapped capacity: " + mapped.capacity());
        IntBuffer mappedInts = mapped.order(ByteOrder.nativeOrder()).asIntBuffer();
        int wrongMapped = 0;
        int wrongHost = 0;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            int expected = (i % 1000) * (i % 1000) + 7;
            if (mappedInts.get(i) != expected) {
                wrongMapped++;
            }
            if (hostInts.get(i) != expected) {
                wrongHost++;
            }
            sum += mappedInts.get(i);
        }
        System.out.println("after kernel, wrong through the map: " + wrongMapped + ", wrong in host memory: " + wrongHost + ", sum " + sum);
        int[] mapCount = new int[1];
        clGetMemObjectInfo(buffer, CL_MEM_MAP_COUNT, Sizeof.cl_uint, Pointer.to(mapCount), null);
        System.out.println("map count while mapped: " + mapCount[0]);
        clEnqueueUnmapMemObject(queue, buffer, mapped, 0, null, null);
        clFinish(queue);
        clGetMemObjectInfo(buffer, CL_MEM_MAP_COUNT, Sizeof.cl_uint, Pointer.to(mapCount), null);
        System.out.println("map count after unmap: " + mapCount[0]);

        // 2. map a part for writing, new input there
        int offset = 1024;
        int count = 4096;
        cl_event mapEvent = new cl_event();
        ByteBuffer part = clEnqueueMapBuffer(queue, buffer, CL_FALSE, CL_MAP_WRITE, 4L * offset, 4L * count, 0, null, mapEvent, null);
        clWaitForEvents(1, new cl_event[] {mapEvent});
        System.out.println("write map capacity: " + part.capacity());
        IntBuffer partInts = part.order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < count; i++) {
            partInts.put(i, -i);
        }
        clEnqueueUnmapMemObject(queue, buffer, part, 0, null, null);
        clSetKernelArg(kernel, 1, Sizeof.cl_int, Pointer.to(new int[] {1}));
        clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {n}, null, 0, null, null);

        int[] result = new int[n];
        clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 4L * n, Pointer.to(result), 0, null, null);
        int wrong = 0;
        long checksum = 0;
        for (int i = 0; i < n; i++) {
            long before;
            if (i >= offset && i < offset + count) {
                before = -(i - offset);
            } else {
                before = (i % 1000) * (i % 1000) + 7;
            }
            int expected = (int) (before * before + 1);
            if (result[i] != expected) {
                wrong++;
            }
            checksum = checksum * 31 + result[i];
        }
        System.out.println("after the second kernel, wrong: " + wrong + ", checksum " + checksum);
        System.out.println("result[" + offset + "] = " + result[offset] + ", result[" + (offset + 5) + "] = " + result[offset + 5] + ", result[0] = " + result[0]);
        System.out.println(wrong == 0 && wrongMapped == 0 ? "PASSED" : "FAILED");

        clReleaseEvent(mapEvent);
        clReleaseMemObject(buffer);
        clReleaseKernel(kernel);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }
}
