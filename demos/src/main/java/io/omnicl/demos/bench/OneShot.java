package io.omnicl.demos.bench;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;

import static org.jocl.CL.*;

/**
 * A whole program as many small JOCL programs are: a platform's first device (or the one named), a context
 * and a queue, a program built, one vector add of 1M floats given from Java arrays, a blocking read into a
 * Java array, everything released, the end of {@code main}. {@code omnicl bench oneshot} times it from the
 * JVM's start to its exit, on the real JOCL and on OmniCL; it depends on {@code org.jocl} and
 * {@link ClQueries} only, which the real JOCL's class path gets a copy of.
 *
 * <pre>OneShot [platform name part [device index]]    (default: the first platform, its first device)</pre>
 *
 * Prints {@code ONESHOT ok <platform> / <device>}; a wrong sum prints {@code ONESHOT WRONG ...} and exits with 1.
 */
public final class OneShot {

    /** The first word of the line the run prints. */
    public static final String TAG = "ONESHOT";

    private static final String SOURCE = String.join("\n",
            "__kernel void add(__global const float* a, __global const float* b, __global float* c) {",
            "    int i = get_global_id(0);",
            "    c[i] = a[i] + b[i];",
            "}");

    private static final int N = 1 << 20;

    private OneShot() {
    }

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        // every name contains the empty one: the first platform
        cl_platform_id platform = ClQueries.platformNamed(args.length > 0 ? args[0] : "");
        cl_device_id device = ClQueries.devices(platform)[args.length > 1 ? Integer.parseInt(args[1]) : 0];
        float[] a = new float[N];
        float[] b = new float[N];
        float[] c = new float[N];
        for (int i = 0; i < N; i++) {
            a[i] = i;
            b[i] = 0.5f * i;
        }
        cl_context_properties properties = new cl_context_properties();
        properties.addProperty(CL_CONTEXT_PLATFORM, platform);
        cl_context context = clCreateContext(properties, 1, new cl_device_id[] {device}, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, device, 0, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        cl_kernel kernel = clCreateKernel(program, "add", null);
        long bytes = (long) Sizeof.cl_float * N;
        cl_mem as = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(a), null);
        cl_mem bs = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(b), null);
        cl_mem cs = clCreateBuffer(context, CL_MEM_WRITE_ONLY, bytes, null, null);
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(as));
        clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(bs));
        clSetKernelArg(kernel, 2, Sizeof.cl_mem, Pointer.to(cs));
        clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {N}, null, 0, null, null);
        clEnqueueReadBuffer(queue, cs, CL_TRUE, 0, bytes, Pointer.to(c), 0, null, null);
        clReleaseMemObject(as);
        clReleaseMemObject(bs);
        clReleaseMemObject(cs);
        clReleaseKernel(kernel);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
        int wrong = 0;
        for (int i = 0; i < N; i++) {
            if (c[i] != a[i] + b[i]) {
                wrong++;
            }
        }
        String where = ClQueries.platformName(platform) + " / " + ClQueries.deviceString(device, CL_DEVICE_NAME);
        if (wrong > 0) {
            System.out.println(TAG + " WRONG " + wrong + " of " + N + " sums, on " + where);
            System.exit(1);
        }
        System.out.println(TAG + " ok " + where);
    }
}
