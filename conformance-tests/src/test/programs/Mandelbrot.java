import org.jocl.*;

import static org.jocl.CL.*;

/**
 * A Mandelbrot set rendered in row blocks, one kernel launch per block on one in-order queue (as an
 * interactive viewer does), into one buffer of iteration counts; prints a histogram, a checksum and a small
 * ASCII preview.
 */
public class Mandelbrot {

    private static final String SOURCE =
            "__kernel void mandel(__global int *out, int width, int height, int firstRow, float x0, float y0, float step, int maxIter) {\n"
          + "    int px = get_global_id(0);\n"
          + "    int py = get_global_id(1) + firstRow;\n"
          + "    float cr = x0 + px * step;\n"
          + "    float ci = y0 + py * step;\n"
          + "    float zr = 0.0f, zi = 0.0f;\n"
          + "    int it = 0;\n"
          + "    while (it < maxIter && zr * zr + zi * zi <= 4.0f) {\n"
          + "        float t = zr * zr - zi * zi + cr;\n"
          + "        zi = 2.0f * zr * zi + ci;\n"
          + "        zr = t;\n"
          + "        it++;\n"
          + "    }\n"
          + "    out[py * width + px] = it;\n"
          + "}\n";

    public static void main(String[] args) {
        int width = 320;
        int height = 240;
        int maxIter = 256;
        int blockRows = 16;
        float step = 3.0f / width;
        float x0 = -2.1f;
        float y0 = -step * height / 2;

        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        cl_kernel kernel = clCreateKernel(program, "mandel", null);

        cl_mem image = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 4L * width * height, null, null);
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(image));
        clSetKernelArg(kernel, 1, Sizeof.cl_int, Pointer.to(new int[] {width}));
        clSetKernelArg(kernel, 2, Sizeof.cl_int, Pointer.to(new int[] {height}));
        clSetKernelArg(kernel, 4, Sizeof.cl_float, Pointer.to(new float[] {x0}));
        clSetKernelArg(kernel, 5, Sizeof.cl_float, Pointer.to(new float[] {y0}));
        clSetKernelArg(kernel, 6, Sizeof.cl_float, Pointer.to(new float[] {step}));
        clSetKernelArg(kernel, 7, Sizeof.cl_int, Pointer.to(new int[] {maxIter}));
        int launches = 0;
        for (int row = 0; row < height; row += blockRows) {
            clSetKernelArg(kernel, 3, Sizeof.cl_int, Pointer.to(new int[] {row}));
            clEnqueueNDRangeKernel(queue, kernel, 2, null, new long[] {width, blockRows}, null, 0, null, null);
            launches++;
        }
        int[] iterations = new int[width * height];
        clEnqueueReadBuffer(queue, image, CL_TRUE, 0, 4L * iterations.length, Pointer.to(iterations), 0, null, null);

        long sum = 0;
        long hash = 1125899906842597L;
        int inside = 0;
        int[] histogram = new int[9];
        for (int v : iterations) {
            sum += v;
            hash = 31 * hash + v;
            if (v == maxIter) {
                inside++;
            }
            histogram[Math.min(8, 32 - Integer.numberOfLeadingZeros(v))]++;
        }
        System.out.println("image " + width + " x " + height + ", " + launches + " launches of " + blockRows + " rows");
        System.out.println("iterations: sum " + sum + ", inside the set " + inside + ", hash " + Long.toHexString(hash));
        System.out.println("histogram by bit length: " + java.util.Arrays.toString(histogram));
        String shades = " .:-=+*#%@";
        for (int y = 0; y < height; y += 20) {
            StringBuilder line = new StringBuilder("|");
            for (int x = 0; x < width; x += 5) {
                int v = iterations[y * width + x];
                line.append(v == maxIter ? '@' : shades.charAt(Math.min(8, v / 4)));
            }
            System.out.println(line.append('|'));
        }
        clReleaseMemObject(image);
        clReleaseKernel(kernel);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }
}
