package io.omnicl.demos.bench;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;

import static org.jocl.CL.*;

/**
 * The runtime's cost per command: a chain of tiny kernels, each adding one to a few integers the previous
 * one wrote (two buffers, alternately), each enqueued after the previous one's event. The kernels do
 * next to nothing, so the time per kernel is what the runtime spends per dependent command.
 */
public final class KernelChainWorkload implements Workload {

    static final String SOURCE = String.join("\n",
            "__kernel void increment(__global const int* in, __global int* out) {",
            "    int i = get_global_id(0);",
            "    out[i] = in[i] + 1;",
            "}");

    private final int kernels;
    private final int items;

    /** A chain of {@code kernels} kernels over {@code items} integers. */
    public KernelChainWorkload(int kernels, int items) {
        if (kernels <= 0 || items <= 0) {
            throw new IllegalArgumentException("need a positive kernel count and item count");
        }
        this.kernels = kernels;
        this.items = items;
    }

    @Override
    public String name() {
        return "overhead";
    }

    @Override
    public String description() {
        return String.format("a chain of %d dependent kernels over %d ints", kernels, items);
    }

    @Override
    public boolean parallel() {
        return false;
    }

    @Override
    public int tasks() {
        return kernels;
    }

    @Override
    public String source() {
        return SOURCE;
    }

    @Override
    public Outcome run(Target target, cl_program program) {
        long bytes = (long) Sizeof.cl_int * items;
        IntBuffer start = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < items; i++) {
            start.put(i, i);
        }
        IntBuffer result = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder()).asIntBuffer();
        long begin = System.nanoTime();
        cl_mem even = target.buffer(CL_MEM_READ_WRITE, bytes, null);
        cl_mem odd = target.buffer(CL_MEM_READ_WRITE, bytes, null);
        // a write, not CL_MEM_COPY_HOST_PTR: SOCL 1.3 loses the host data of a read-write buffer given so
        cl_event previous = target.write(0, kernels, even, bytes, Pointer.to(start));
        // kernel t reads the buffer of parity t and writes the other
        cl_kernel[] steps = {step(program, even, odd), step(program, odd, even)};
        for (int t = 0; t < kernels; t++) {
            cl_event done = target.kernel(t, kernels, steps[t % 2], new long[] {items}, previous);
            Target.release(previous);
            previous = done;
        }
        cl_event read = target.read(kernels - 1, kernels, kernels % 2 == 0 ? even : odd, bytes, Pointer.to(result),
                previous);
        target.finish();
        long nanos = System.nanoTime() - begin;
        Target.release(previous, read);
        for (cl_kernel k : steps) {
            clReleaseKernel(k);
        }
        clReleaseMemObject(even);
        clReleaseMemObject(odd);
        int wrong = 0;
        for (int i = 0; i < items; i++) {
            if (result.get(i) != i + kernels) {
                wrong++;
            }
        }
        return new Outcome(nanos, wrong == 0 ? null : wrong + " of " + items + " integers are not start + "
                + kernels);
    }

    private static cl_kernel step(cl_program program, cl_mem in, cl_mem out) {
        cl_kernel k = clCreateKernel(program, "increment", null);
        clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(in));
        clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(out));
        return k;
    }
}
