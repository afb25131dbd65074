package io.omnicl.demos.bench;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import static org.jocl.CL.*;

/**
 * The Mandelbrot set as most JOCL programs render it: one 2D kernel over the whole image, then one blocking
 * read of all of it into an {@code int[]}, on one queue, without events. The result is checked at sample
 * pixels against the same arithmetic on the host.
 */
public final class FrameWorkload implements ProgramStyleWorkload {

    /** Pixels checked per run: each costs the host up to the iteration count. */
    private static final int SAMPLES = 4096;

    private final MandelbrotWorkload.Frame frame;

    public FrameWorkload(int width, int height, int maxIterations) {
        this.frame = new MandelbrotWorkload.Frame(width, height, 1, maxIterations);
    }

    @Override
    public String name() {
        return "frame";
    }

    @Override
    public String description() {
        return String.format("%dx%d pixels in one kernel, %d iterations, one blocking read into an int[]",
                frame.width(), frame.height(), frame.maxIterations());
    }

    @Override
    public int tasks() {
        return 1;
    }

    @Override
    public String source() {
        return MandelbrotWorkload.SOURCE;
    }

    @Override
    public Outcome run(Target target, cl_program program) {
        int[] image = new int[frame.width() * frame.height()];
        long bytes = (long) Sizeof.cl_int * image.length;
        cl_command_queue queue = target.firstQueue();
        long start = System.nanoTime();
        cl_mem output = clCreateBuffer(target.context(), CL_MEM_WRITE_ONLY, bytes, null, null);
        cl_kernel kernel = clCreateKernel(program, "mandelbrot", null);
        MandelbrotWorkload.setArgs(kernel, output, frame, 0);
        clEnqueueNDRangeKernel(queue, kernel, 2, null, new long[] {frame.width(), frame.height()}, null, 0, null,
                null);
        clEnqueueReadBuffer(queue, output, CL_TRUE, 0, bytes, Pointer.to(image), 0, null, null);
        long nanos = System.nanoTime() - start;
        clReleaseKernel(kernel);
        clReleaseMemObject(output);
        target.countOnFirstQueue(1, 0, bytes);
        return new Outcome(nanos, check(image));
    }

    /** Null when the sample pixels match the host's. */
    String check(int[] image) {
        int[] samples = Samples.spread(image.length, SAMPLES);
        int wrong = 0;
        for (int p : samples) {
            if (image[p] != MandelbrotWorkload.iterations(frame, p % frame.width(), p / frame.width())) {
                wrong++;
            }
        }
        return wrong == 0 ? null : wrong + " of " + samples.length + " sample pixels differ from the host's";
    }
}
