package io.omnicl.demos.bench;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import java.nio.FloatBuffer;

import static org.jocl.CL.*;

/**
 * {@link JacobiWorkload}'s relaxation as most JOCL programs write it: the grid given from a {@code float[]}
 * at buffer creation, one kernel whose two buffer arguments are swapped before each launch, the launches on
 * one queue without events or wait lists (the queue's order is the only dependency), then one blocking read
 * into a {@code float[]}. Checked against the host's grid, as {@link JacobiWorkload} checks its own.
 */
public final class PlainJacobiWorkload implements ProgramStyleWorkload {

    /** The same relaxation, for its kernel, starting grid and check. */
    private final JacobiWorkload jacobi;
    private final int n;
    private final int iterations;

    public PlainJacobiWorkload(int n, int iterations) {
        this.jacobi = new JacobiWorkload(n, iterations);
        this.n = n;
        this.iterations = iterations;
    }

    @Override
    public String name() {
        return "jacobi1";
    }

    @Override
    public String description() {
        return String.format("%dx%d floats, %d iterations, no events, float[] arrays", n, n, iterations);
    }

    @Override
    public int tasks() {
        return iterations;
    }

    @Override
    public String source() {
        return jacobi.source();
    }

    @Override
    public Outcome run(Target target, cl_program program) {
        float[] grid = jacobi.initialGrid();
        float[] result = new float[n * n];
        long bytes = jacobi.gridBytes();
        cl_command_queue queue = target.firstQueue();
        long start = System.nanoTime();
        cl_mem src = clCreateBuffer(target.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes,
                Pointer.to(grid), null);
        cl_mem dst = clCreateBuffer(target.context(), CL_MEM_READ_WRITE, bytes, null, null);
        cl_kernel kernel = clCreateKernel(program, "jacobi", null);
        clSetKernelArg(kernel, 2, Sizeof.cl_int, Pointer.to(new int[] {n}));
        for (int t = 0; t < iterations; t++) {
            clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(src));
            clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(dst));
            clEnqueueNDRangeKernel(queue, kernel, 2, null, new long[] {n, n}, null, 0, null, null);
            cl_mem written = dst;
            dst = src;
            src = written;
        }
        clEnqueueReadBuffer(queue, src, CL_TRUE, 0, bytes, Pointer.to(result), 0, null, null);
        long nanos = System.nanoTime() - start;
        clReleaseKernel(kernel);
        clReleaseMemObject(src);
        clReleaseMemObject(dst);
        target.countOnFirstQueue(iterations, bytes, bytes);
        return new Outcome(nanos, jacobi.check(FloatBuffer.wrap(result)));
    }
}
