import org.jocl.*;

import static org.jocl.CL.*;

/**
 * One buffer cut into sub-buffers (clCreateSubBuffer with CL_BUFFER_CREATE_TYPE_REGION, origins aligned to
 * CL_DEVICE_MEM_BASE_ADDR_ALIGN): a kernel runs on each part with its own factor, a write goes into one part,
 * and the parent is read in one piece. Also the sub-buffers' info (size, offset, associated object) and a
 * misaligned origin, which is refused.
 */
public class SubBuffers {

    private static final String SOURCE =
            "__kernel void scale(__global float *part, float factor) {\n"
          + "    size_t i = get_global_id(0);\n"
          + "    part[i] = part[i] * factor + (float) i;\n"
          + "}\n";

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        cl_kernel kernel = clCreateKernel(program, "scale", null);

        int[] alignBits = new int[1];
        clGetDeviceInfo(devices[0], CL_DEVICE_MEM_BASE_ADDR_ALIGN, Sizeof.cl_uint, Pointer.to(alignBits), null);
        int align = alignBits[0] / 8;
        System.out.println("~ base address alignment: " + align + " bytes");
        // parts of a fixed size that is a multiple of every alignment we expect (4 KB)
        int partFloats = 1024;
        int parts = 4;
        int n = partFloats * parts;
        System.out.println("part size is a multiple of the alignment: " + ((partFloats * 4) % align == 0));

        float[] data = new float[n];
        for (int i = 0; i < n; i++) {
            data[i] = i;
        }
        cl_mem parent = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4L * n, Pointer.to(data), null);
        cl_mem[] subs = new cl_mem[parts];
        for (int p = 0; p < parts; p++) {
            cl_buffer_region region = new cl_buffer_region(4L * partFloats * p, 4L * partFloats);
            subs[p] = clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, region, null);
            long[] size = new long[1];
            long[] offset = new long[1];
            clGetMemObjectInfo(subs[p], CL_MEM_SIZE, Sizeof.size_t, Pointer.to(size), null);
            clGetMemObjectInfo(subs[p], CL_MEM_OFFSET, Sizeof.size_t, Pointer.to(offset), null);
            cl_mem[] associated = new cl_mem[1];
            clGetMemObjectInfo(subs[p], CL_MEM_ASSOCIATED_MEMOBJECT, Sizeof.cl_mem, Pointer.to(associated), null);
            System.out.println("sub-buffer " + p + ": size " + size[0] + ", offset " + offset[0] + ", parent is the buffer: " + parent.equals(associated[0]));
        }

        for (int p = 0; p < parts; p++) {
            clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(subs[p]));
            clSetKernelArg(kernel, 1, Sizeof.cl_float, Pointer.to(new float[] {p + 1}));
            clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {partFloats}, null, 0, null, null);
        }
        // overwrite the first 16 floats of part 2 through the sub-buffer
        float[] patch = new float[16];
        java.util.Arrays.fill(patch, -1f);
        clEnqueueWriteBuffer(queue, subs[2], CL_TRUE, 0, 4L * patch.length, Pointer.to(patch), 0, null, null);
        clFinish(queue);

        float[] result = new float[n];
        clEnqueueReadBuffer(queue, parent, CL_TRUE, 0, 4L * n, Pointer.to(result), 0, null, null);
        int wrong = 0;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            int p = i / partFloats;
            int j = i % partFloats;
            float expected = (p == 2 && j < 16) ? -1f : data[i] * (p + 1) + j;
            if (result[i] != expected) {
                wrong++;
            }
            sum += result[i];
        }
        System.out.println("parent: wrong " + wrong + " of " + n + ", sum " + sum);
        System.out.println("parent[1024] = " + result[1024] + ", parent[2048] = " + result[2048] + ", parent[2064] = " + result[2064] + ", parent[4095] = " + result[4095]);

        // reading one part through its sub-buffer
        float[] part3 = new float[partFloats];
        clEnqueueReadBuffer(queue, subs[3], CL_TRUE, 0, 4L * partFloats, Pointer.to(part3), 0, null, null);
        System.out.println("sub-buffer 3 [0] = " + part3[0] + ", [1023] = " + part3[1023]);

        // an origin that is not aligned
        try {
            clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(4, 64), null);
            System.out.println("misaligned origin: accepted");
        } catch (CLException e) {
            System.out.println("misaligned origin: " + CL.stringFor_errorCode(e.getStatus()));
        }
        // a region beyond the parent
        try {
            clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, 4L * n + 4), null);
            System.out.println("region beyond the end: accepted");
        } catch (CLException e) {
            System.out.println("region beyond the end: " + CL.stringFor_errorCode(e.getStatus()));
        }

        for (cl_mem s : subs) {
            clReleaseMemObject(s);
        }
        clReleaseMemObject(parent);
        clReleaseKernel(kernel);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }
}
