package io.omnicl.demos.bench;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import static org.jocl.CL.*;

/**
 * Small round trips as many JOCL programs make them: a blocking write of a few integers from an
 * {@code int[]}, one small kernel, a blocking read into another {@code int[]}, again and again on one queue
 * without events. Each round's input differs, so a stale read shows; every output is checked on the host.
 */
public final class RoundTripWorkload implements ProgramStyleWorkload {

    private final int rounds;
    private final int items;

    /** {@code rounds} round trips of {@code items} integers each way. */
    public RoundTripWorkload(int rounds, int items) {
        if (rounds <= 0 || items <= 0) {
            throw new IllegalArgumentException("need a positive round count and item count");
        }
        this.rounds = rounds;
        this.items = items;
    }

    @Override
    public String name() {
        return "roundtrip";
    }

    @Override
    public String description() {
        return String.format("%d round trips of a blocking write, a kernel and a blocking read of %d ints "
                + "(%d bytes) each way, int[] arrays", rounds, items, Sizeof.cl_int * items);
    }

    @Override
    public int tasks() {
        return rounds;
    }

    @Override
    public String source() {
        return KernelChainWorkload.SOURCE;
    }

    @Override
    public Outcome run(Target target, cl_program program) {
        int[] input = new int[items];
        int[] output = new int[items];
        long bytes = (long) Sizeof.cl_int * items;
        cl_command_queue queue = target.firstQueue();
        long wrong = 0;
        long start = System.nanoTime();
        cl_mem in = clCreateBuffer(target.context(), CL_MEM_READ_ONLY, bytes, null, null);
        cl_mem out = clCreateBuffer(target.context(), CL_MEM_WRITE_ONLY, bytes, null, null);
        cl_kernel kernel = clCreateKernel(program, "increment", null);
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(in));
        clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(out));
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < items; i++) {
                input[i] = r + i;
            }
            clEnqueueWriteBuffer(queue, in, CL_TRUE, 0, bytes, Pointer.to(input), 0, null, null);
            clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {items}, null, 0, null, null);
            clEnqueueReadBuffer(queue, out, CL_TRUE, 0, bytes, Pointer.to(output), 0, null, null);
            for (int i = 0; i < items; i++) {
                if (output[i] != input[i] + 1) {
                    wrong++;
                }
            }
        }
        long nanos = System.nanoTime() - start;
        clReleaseKernel(kernel);
        clReleaseMemObject(in);
        clReleaseMemObject(out);
        target.countOnFirstQueue(rounds, rounds * bytes, rounds * bytes);
        return new Outcome(nanos, wrong == 0 ? null : wrong + " of " + (long) rounds * items
                + " integers read back are not the round's input + 1");
    }
}
