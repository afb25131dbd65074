package io.omnicl.demos.bench;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import static org.jocl.CL.*;

/**
 * {@code y = a*x + y} as most JOCL programs write it: {@code float[]} arrays handed over at buffer creation
 * ({@code x}) and by a blocking write ({@code y}), launches over all of the data one after the other on one
 * queue without events, then a blocking read back into the {@code float[]}. Memory-bound: each launch reads
 * both arrays and writes one. Checked at sample points against the same arithmetic on the host.
 */
public final class SaxpyWorkload implements ProgramStyleWorkload {

    static final String SOURCE = String.join("\n",
            "#pragma OPENCL FP_CONTRACT OFF",
            "__kernel void saxpy(const float a, __global const float* x, __global float* y) {",
            "    int i = get_global_id(0);",
            "    y[i] = a * x[i] + y[i];",
            "}");

    private static final float A = 0.5f;
    private static final int SAMPLES = 65536;

    private final int n;
    private final int launches;
    /** The arrays, made at the first run (the parent JVM, which only names the workload, never needs them). */
    private float[] x;
    private float[] y;

    /** {@code launches} launches over arrays of {@code n} floats each. */
    public SaxpyWorkload(int n, int launches) {
        if (n <= 0 || launches <= 0) {
            throw new IllegalArgumentException("need a positive array length and launch count");
        }
        this.n = n;
        this.launches = launches;
    }

    @Override
    public String name() {
        return "saxpy";
    }

    @Override
    public String description() {
        return String.format("y = a*x + y over 2 x %d floats (%d MB), %d launches, float[] arrays", n,
                2L * Sizeof.cl_float * n / (1 << 20), launches);
    }

    @Override
    public int tasks() {
        return launches;
    }

    @Override
    public String source() {
        return SOURCE;
    }

    @Override
    public Outcome run(Target target, cl_program program) {
        if (x == null) {
            x = new float[n];
            y = new float[n];
            for (int i = 0; i < n; i++) {
                x[i] = xAt(i);
            }
        }
        for (int i = 0; i < n; i++) {
            y[i] = yAt(i);
        }
        long bytes = (long) Sizeof.cl_float * n;
        cl_command_queue queue = target.firstQueue();
        long start = System.nanoTime();
        cl_mem xs = clCreateBuffer(target.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(x),
                null);
        cl_mem ys = clCreateBuffer(target.context(), CL_MEM_READ_WRITE, bytes, null, null);
        clEnqueueWriteBuffer(queue, ys, CL_TRUE, 0, bytes, Pointer.to(y), 0, null, null);
        cl_kernel kernel = clCreateKernel(program, "saxpy", null);
        clSetKernelArg(kernel, 0, Sizeof.cl_float, Pointer.to(new float[] {A}));
        clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(xs));
        clSetKernelArg(kernel, 2, Sizeof.cl_mem, Pointer.to(ys));
        for (int t = 0; t < launches; t++) {
            clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {n}, null, 0, null, null);
        }
        clEnqueueReadBuffer(queue, ys, CL_TRUE, 0, bytes, Pointer.to(y), 0, null, null);
        long nanos = System.nanoTime() - start;
        clReleaseKernel(kernel);
        clReleaseMemObject(xs);
        clReleaseMemObject(ys);
        target.countOnFirstQueue(launches, 2 * bytes, bytes);
        return new Outcome(nanos, check(y));
    }

    private static float xAt(int i) {
        return (i % 1024) * 0.25f;
    }

    private static float yAt(int i) {
        return (i % 100) - 50.0f;
    }

    /** Null when the sample points of {@code result} match the host's. */
    String check(float[] result) {
        int[] samples = Samples.spread(n, SAMPLES);
        int wrong = 0;
        for (int i : samples) {
            float expected = yAt(i);
            for (int t = 0; t < launches; t++) {
                expected = A * xAt(i) + expected;
            }
            if (result[i] != expected) {
                wrong++;
            }
        }
        return wrong == 0 ? null : wrong + " of " + samples.length + " sample floats differ from the host's";
    }
}
