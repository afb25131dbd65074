package io.omnicl.demos.bench;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.stream.IntStream;

import static org.jocl.CL.*;

/**
 * Jacobi relaxation of a square grid whose top edge is held at 1 and the other edges at 0: each
 * iteration is one kernel over the whole grid reading one buffer and writing the other, alternately, each
 * after the previous. The grid is given once at the start and read once at the end, so a runtime that
 * keeps data where it is used moves one grid each way whatever the iteration count. Checked against the
 * same arithmetic on the host.
 */
public final class JacobiWorkload implements Workload {

    static final String SOURCE = String.join("\n",
            "#pragma OPENCL FP_CONTRACT OFF",
            "__kernel void jacobi(__global const float* src, __global float* dst, const int n) {",
            "    int x = get_global_id(0);",
            "    int y = get_global_id(1);",
            "    int i = y * n + x;",
            "    if (x == 0 || y == 0 || x == n - 1 || y == n - 1) {",
            "        dst[i] = src[i];",
            "    } else {",
            "        dst[i] = 0.25f * ((src[i - 1] + src[i + 1]) + (src[i - n] + src[i + n]));",
            "    }",
            "}");

    private final int n;
    private final int iterations;
    private final FloatBuffer initial;
    private float[] reference;

    public JacobiWorkload(int n, int iterations) {
        if (n < 3 || iterations <= 0) {
            throw new IllegalArgumentException("need a grid of at least 3x3 and a positive iteration count");
        }
        this.n = n;
        this.iterations = iterations;
        this.initial = ByteBuffer.allocateDirect(Sizeof.cl_float * n * n).order(ByteOrder.nativeOrder())
                .asFloatBuffer();
        for (int x = 0; x < n; x++) {
            initial.put(x, 1.0f);
        }
    }

    /** The bytes of one grid: what a run should move each way. */
    public long gridBytes() {
        return (long) Sizeof.cl_float * n * n;
    }

    /** A copy of the grid a run starts from. */
    float[] initialGrid() {
        float[] grid = new float[n * n];
        initial.get(0, grid);
        return grid;
    }

    @Override
    public String name() {
        return "jacobi";
    }

    @Override
    public String description() {
        return String.format("%dx%d floats, %d iterations", n, n, iterations);
    }

    @Override
    public boolean parallel() {
        return false;
    }

    @Override
    public int tasks() {
        return iterations;
    }

    @Override
    public String source() {
        return SOURCE;
    }

    @Override
    public Outcome run(Target target, cl_program program) {
        FloatBuffer result = ByteBuffer.allocateDirect((int) gridBytes()).order(ByteOrder.nativeOrder())
                .asFloatBuffer();
        long start = System.nanoTime();
        cl_mem even = target.buffer(CL_MEM_READ_WRITE, gridBytes(), null);
        cl_mem odd = target.buffer(CL_MEM_READ_WRITE, gridBytes(), null);
        // a write, not CL_MEM_COPY_HOST_PTR: SOCL 1.3 loses the host data of a read-write buffer given so
        cl_event previous = target.write(0, iterations, even, gridBytes(), Pointer.to(initial));
        // iteration t reads the grid of parity t and writes the other
        cl_kernel[] kernels = {kernel(program, even, odd), kernel(program, odd, even)};
        for (int t = 0; t < iterations; t++) {
            cl_event done = target.kernel(t, iterations, kernels[t % 2], new long[] {n, n}, previous);
            Target.release(previous);
            previous = done;
        }
        cl_mem last = iterations % 2 == 0 ? even : odd;
        cl_event read = target.read(iterations - 1, iterations, last, gridBytes(), Pointer.to(result), previous);
        target.finish();
        long nanos = System.nanoTime() - start;
        Target.release(previous, read);
        for (cl_kernel k : kernels) {
            clReleaseKernel(k);
        }
        clReleaseMemObject(even);
        clReleaseMemObject(odd);
        return new Outcome(nanos, check(result));
    }

    private cl_kernel kernel(cl_program program, cl_mem src, cl_mem dst) {
        cl_kernel k = clCreateKernel(program, "jacobi", null);
        clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(src));
        clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(dst));
        clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[] {n}));
        return k;
    }

    /**
     * Null when the grid matches the host's; the tolerance only forgives devices that flush the tiny values
     * far from the hot edge to zero.
     */
    String check(FloatBuffer result) {
        float[] expected = reference();
        int wrong = 0;
        for (int i = 0; i < expected.length; i++) {
            float error = Math.abs(result.get(i) - expected[i]);
            if (!(error <= 1e-6f * Math.abs(expected[i]) + 1e-30f)) {
                wrong++;
            }
        }
        return wrong == 0 ? null : wrong + " grid points differ from the host's";
    }

    private float[] reference() {
        if (reference == null) {
            float[] src = initialGrid();
            float[] dst = new float[n * n];
            for (int t = 0; t < iterations; t++) {
                float[] from = src;
                float[] to = dst;
                // rows in parallel: a 4096² grid over 100 iterations takes seconds on one core
                IntStream.range(0, n).parallel().forEach(y -> {
                    for (int x = 0; x < n; x++) {
                        int i = y * n + x;
                        to[i] = x == 0 || y == 0 || x == n - 1 || y == n - 1 ? from[i]
                                : 0.25f * ((from[i - 1] + from[i + 1]) + (from[i - n] + from[i + n]));
                    }
                });
                float[] swap = src;
                src = dst;
                dst = swap;
            }
            reference = src;
        }
        return reference;
    }
}
