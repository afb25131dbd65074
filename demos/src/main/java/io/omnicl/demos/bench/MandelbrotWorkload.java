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
import java.util.stream.IntStream;

import static org.jocl.CL.*;

/**
 * The Mandelbrot set cut into blocks of rows: one kernel object and one output buffer per block, each
 * block read back after its kernel. Blocks near the set take far longer than others, so a static split
 * is unbalanced. The result is checked pixel for pixel against the same arithmetic on the host.
 */
public final class MandelbrotWorkload implements Workload {

    /** Without contraction into FMA, every conforming device (and Java) computes the same bits. */
    public static final String SOURCE = String.join("\n",
            "#pragma OPENCL FP_CONTRACT OFF",
            "__kernel void mandelbrot(__global int* out, const int width, const int firstRow,",
            "                         const float x0, const float y0, const float step, const int maxIter) {",
            "    int x = get_global_id(0);",
            "    int y = get_global_id(1);",
            "    float cr = x0 + x * step;",
            "    float ci = y0 + (firstRow + y) * step;",
            "    float zr = 0.0f, zi = 0.0f;",
            "    int n = 0;",
            "    while (n < maxIter && zr * zr + zi * zi <= 4.0f) {",
            "        float t = zr * zr - zi * zi + cr;",
            "        zi = 2.0f * zr * zi + ci;",
            "        zr = t;",
            "        n++;",
            "    }",
            "    out[y * width + x] = n;",
            "}");

    /**
     * One frame's parameters.
     *
     * @param blocks number of row blocks (height must be a multiple)
     */
    public record Frame(int width, int height, int blocks, int maxIterations) {
        public Frame {
            if (width <= 0 || height <= 0 || blocks <= 0 || height % blocks != 0 || maxIterations <= 0) {
                throw new IllegalArgumentException("need positive sizes and height a multiple of blocks");
            }
        }

        public int rowsPerBlock() {
            return height / blocks;
        }

        /** The left edge of the view. */
        float x0() {
            return -2.25f;
        }

        /** The top edge of the view, centred on the real axis. */
        float y0() {
            return -1.5f * height / width;
        }

        /** The width of a pixel. */
        float step() {
            return 3.0f / width;
        }
    }

    /** A rendered frame: iteration counts per pixel, and the time from first enqueue to last result. */
    public record Rendered(int[] iterations, long nanos) {
    }

    private final Frame frame;
    private int[] reference;

    public MandelbrotWorkload(Frame frame) {
        this.frame = frame;
    }

    public Frame frame() {
        return frame;
    }

    @Override
    public String name() {
        return "mandelbrot";
    }

    @Override
    public String description() {
        return String.format("%dx%d pixels, %d row blocks, %d iterations", frame.width(), frame.height(),
                frame.blocks(), frame.maxIterations());
    }

    @Override
    public boolean parallel() {
        return true;
    }

    @Override
    public int tasks() {
        return frame.blocks();
    }

    @Override
    public String source() {
        return SOURCE;
    }

    @Override
    public Outcome run(Target target, cl_program program) {
        Rendered r = render(target, program);
        int[] expected = reference();
        int wrong = 0;
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != r.iterations()[i]) {
                wrong++;
            }
        }
        return new Outcome(r.nanos(), wrong == 0 ? null : wrong + " pixels differ from the host's");
    }

    /** Renders the frame, each block a task of {@code target}. */
    public Rendered render(Target target, cl_program program) {
        int blocks = frame.blocks();
        long blockBytes = (long) Sizeof.cl_int * frame.width() * frame.rowsPerBlock();
        IntBuffer image = ByteBuffer.allocateDirect(Sizeof.cl_int * frame.width() * frame.height())
                .order(ByteOrder.nativeOrder()).asIntBuffer();
        cl_mem[] outputs = new cl_mem[blocks];
        cl_kernel[] kernels = new cl_kernel[blocks];
        cl_event[] events = new cl_event[2 * blocks];
        long start = System.nanoTime();
        for (int b = 0; b < blocks; b++) {
            outputs[b] = target.buffer(CL_MEM_WRITE_ONLY, blockBytes, null);
            kernels[b] = clCreateKernel(program, "mandelbrot", null);
            setArgs(kernels[b], outputs[b], frame, b * frame.rowsPerBlock());
            events[b] = target.kernel(b, blocks, kernels[b], new long[] {frame.width(), frame.rowsPerBlock()});
        }
        target.readBlocks(outputs, blockBytes, Pointer.to(image), events);
        target.finish();
        long nanos = System.nanoTime() - start;
        Target.release(events);
        for (int b = 0; b < blocks; b++) {
            clReleaseKernel(kernels[b]);
            clReleaseMemObject(outputs[b]);
        }
        int[] iterations = new int[image.capacity()];
        image.get(iterations);
        return new Rendered(iterations, nanos);
    }

    /** The kernel's arguments for the rows of {@code frame} from {@code firstRow} into {@code out}. */
    static void setArgs(cl_kernel k, cl_mem out, Frame frame, int firstRow) {
        clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(out));
        clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[] {frame.width()}));
        clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[] {firstRow}));
        clSetKernelArg(k, 3, Sizeof.cl_float, Pointer.to(new float[] {frame.x0()}));
        clSetKernelArg(k, 4, Sizeof.cl_float, Pointer.to(new float[] {frame.y0()}));
        clSetKernelArg(k, 5, Sizeof.cl_float, Pointer.to(new float[] {frame.step()}));
        clSetKernelArg(k, 6, Sizeof.cl_int, Pointer.to(new int[] {frame.maxIterations()}));
    }

    /** The kernel's arithmetic on the host (Java floats are IEEE without contraction too), computed once. */
    int[] reference() {
        if (reference == null) {
            int[] out = new int[frame.width() * frame.height()];
            // rows in parallel: a 4096² frame takes tens of seconds on one core, each child anew
            IntStream.range(0, frame.height()).parallel().forEach(y -> {
                for (int x = 0; x < frame.width(); x++) {
                    out[y * frame.width() + x] = iterations(frame, x, y);
                }
            });
            reference = out;
        }
        return reference;
    }

    /** The kernel's arithmetic on the host for pixel (x, y) of {@code frame}. */
    static int iterations(Frame frame, int x, int y) {
        float cr = frame.x0() + x * frame.step();
        float ci = frame.y0() + y * frame.step();
        float zr = 0.0f;
        float zi = 0.0f;
        int n = 0;
        while (n < frame.maxIterations() && zr * zr + zi * zi <= 4.0f) {
            float t = zr * zr - zi * zi + cr;
            zi = 2.0f * zr * zi + ci;
            zr = t;
            n++;
        }
        return n;
    }
}
