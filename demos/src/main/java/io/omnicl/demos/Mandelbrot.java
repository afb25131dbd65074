package io.omnicl.demos;

import io.omnicl.OmniCL;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.jocl.CL.*;

/**
 * The Mandelbrot set, cut into blocks of rows: one kernel object and one output buffer per block. The
 * {@code virtual} mode enqueues every block on one queue of the virtual device and lets OmniCL place them;
 * {@code single} runs all on the first real device; {@code block} and {@code cyclic} split them by hand over
 * the pinned devices (contiguous halves, or round robin).
 */
public final class Mandelbrot {

    /** Without contraction into FMA, every conforming device computes the same bits. */
    static final String SOURCE = String.join("\n",
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

    /** How blocks are placed. */
    public enum Mode { VIRTUAL, SINGLE, BLOCK, CYCLIC }

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

        int rowsPerBlock() {
            return height / blocks;
        }
    }

    /**
     * A rendered frame: iteration counts per pixel, the time from first enqueue to last result, and how many
     * blocks each real device ran.
     */
    public record Result(int[] iterations, long nanos, long[] blocksPerDevice) {
    }

    private Mandelbrot() {
    }

    /** Renders {@code frame} on the OmniCL platform, placing blocks as {@code mode} says. */
    public static Result render(Frame frame, Mode mode) {
        CL.setExceptionsEnabled(true);
        cl_platform_id platform = Platforms.omnicl();
        cl_device_id[] all = Platforms.devices(platform);
        cl_device_id[] pinned = Arrays.copyOfRange(all, 1, all.length);
        cl_device_id[] used = mode == Mode.VIRTUAL ? new cl_device_id[] {all[0]}
                : mode == Mode.SINGLE ? new cl_device_id[] {pinned[0]} : pinned;
        cl_context context = clCreateContext(null, used.length, used, null, null, null);
        List<cl_command_queue> queues = new ArrayList<>();
        for (cl_device_id d : used) {
            queues.add(clCreateCommandQueue(context, d, 0, null));
        }
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        int rows = frame.rowsPerBlock();
        IntBuffer image = ByteBuffer.allocateDirect(Sizeof.cl_int * frame.width() * frame.height())
                .order(ByteOrder.nativeOrder()).asIntBuffer();
        cl_mem[] outputs = new cl_mem[frame.blocks()];
        cl_kernel[] kernels = new cl_kernel[frame.blocks()];
        float step = 3.0f / frame.width();
        long[] before = OmniCL.kernelsPerDevice();
        long start = System.nanoTime();
        for (int b = 0; b < frame.blocks(); b++) {
            outputs[b] = clCreateBuffer(context, CL_MEM_WRITE_ONLY, (long) Sizeof.cl_int * frame.width() * rows, null, null);
            kernels[b] = clCreateKernel(program, "mandelbrot", null);
            setArgs(kernels[b], outputs[b], frame, b * rows, step);
            cl_command_queue q = queues.get(queueFor(mode, b, frame.blocks(), queues.size()));
            clEnqueueNDRangeKernel(q, kernels[b], 2, null, new long[] {frame.width(), rows}, null, 0, null, null);
        }
        for (int b = 0; b < frame.blocks(); b++) {
            cl_command_queue q = queues.get(queueFor(mode, b, frame.blocks(), queues.size()));
            clEnqueueReadBuffer(q, outputs[b], false, 0, (long) Sizeof.cl_int * frame.width() * rows,
                    Pointer.to(image).withByteOffset((long) Sizeof.cl_int * b * rows * frame.width()), 0, null,
                    null);
        }
        for (cl_command_queue q : queues) {
            clFinish(q);
        }
        long nanos = System.nanoTime() - start;
        long[] after = OmniCL.kernelsPerDevice();
        for (int i = 0; i < after.length; i++) {
            after[i] -= before[i];
        }
        for (int b = 0; b < frame.blocks(); b++) {
            clReleaseKernel(kernels[b]);
            clReleaseMemObject(outputs[b]);
        }
        clReleaseProgram(program);
        queues.forEach(CL::clReleaseCommandQueue);
        clReleaseContext(context);
        int[] iterations = new int[image.capacity()];
        image.get(iterations);
        return new Result(iterations, nanos, after);
    }

    private static int queueFor(Mode mode, int block, int blocks, int queues) {
        switch (mode) {
            case BLOCK:
                return block * queues / blocks;
            case CYCLIC:
                return block % queues;
            default:
                return 0;
        }
    }

    private static void setArgs(cl_kernel k, cl_mem out, Frame frame, int firstRow, float step) {
        clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(out));
        clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[] {frame.width()}));
        clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[] {firstRow}));
        clSetKernelArg(k, 3, Sizeof.cl_float, Pointer.to(new float[] {-2.25f}));
        clSetKernelArg(k, 4, Sizeof.cl_float, Pointer.to(new float[] {-1.5f * frame.height() / frame.width()}));
        clSetKernelArg(k, 5, Sizeof.cl_float, Pointer.to(new float[] {step}));
        clSetKernelArg(k, 6, Sizeof.cl_int, Pointer.to(new int[] {frame.maxIterations()}));
    }

    /** Writes the iteration counts as a PNG: the set in black, the outside shaded by escape time. */
    public static void writePng(int[] iterations, Frame frame, File file) throws IOException {
        BufferedImage img = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < frame.height(); y++) {
            for (int x = 0; x < frame.width(); x++) {
                int n = iterations[y * frame.width() + x];
                int rgb = 0;
                if (n < frame.maxIterations()) {
                    double t = Math.sqrt((double) n / frame.maxIterations());
                    int r = (int) (255 * Math.min(1, 3 * t));
                    int g = (int) (255 * Math.min(1, Math.max(0, 3 * t - 1)));
                    int b = (int) (255 * Math.min(1, Math.max(0, 3 * t - 2) + 0.3 * (1 - t)));
                    rgb = (r << 16) | (g << 8) | b;
                }
                img.setRGB(x, y, rgb);
            }
        }
        ImageIO.write(img, "png", file);
    }
}
