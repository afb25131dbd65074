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
import java.util.Random;
import java.util.stream.IntStream;

import static org.jocl.CL.*;

/**
 * C = A·B for square float matrices, as SOCL's paper cuts it: each task is a block of rows of A and of C
 * with the whole of B, so B goes to every device that takes a task. One kernel object and one pair of
 * buffers per block; B is one buffer shared by all. Checked element by element against the product
 * computed on the host in double, within the rounding a float sum of n products may make.
 */
public final class MatMulWorkload implements Workload {

    static final String SOURCE = String.join("\n",
            "__kernel void matmul(__global const float* a, __global const float* b, __global float* c,",
            "                     const int n) {",
            "    int j = get_global_id(0);",
            "    int i = get_global_id(1);",
            "    float sum = 0.0f;",
            "    for (int k = 0; k < n; k++) {",
            "        sum += a[i * n + k] * b[k * n + j];",
            "    }",
            "    c[i * n + j] = sum;",
            "}");

    /** The float unit roundoff. */
    private static final double ROUNDOFF = Math.ulp(1.0f) / 2;

    private final int n;
    private final int blocks;
    private final FloatBuffer a;
    private final FloatBuffer b;
    private double[] reference;

    /** An {@code n}×{@code n} product in {@code blocks} blocks of rows; the inputs are random in [-1, 1). */
    public MatMulWorkload(int n, int blocks) {
        if (n <= 0 || blocks <= 0 || n % blocks != 0) {
            throw new IllegalArgumentException("need a positive size, a multiple of the positive block count");
        }
        this.n = n;
        this.blocks = blocks;
        Random random = new Random(42);
        this.a = randomMatrix(n, random);
        this.b = randomMatrix(n, random);
    }

    private static FloatBuffer randomMatrix(int n, Random random) {
        FloatBuffer m = ByteBuffer.allocateDirect(Sizeof.cl_float * n * n).order(ByteOrder.nativeOrder())
                .asFloatBuffer();
        for (int i = 0; i < n * n; i++) {
            m.put(i, random.nextFloat() * 2 - 1);
        }
        return m;
    }

    @Override
    public String name() {
        return "matmul";
    }

    @Override
    public String description() {
        return String.format("%dx%d floats, %d row blocks", n, n, blocks);
    }

    @Override
    public boolean parallel() {
        return true;
    }

    @Override
    public int tasks() {
        return blocks;
    }

    @Override
    public String source() {
        return SOURCE;
    }

    @Override
    public Outcome run(Target target, cl_program program) {
        int rows = n / blocks;
        long blockBytes = (long) Sizeof.cl_float * rows * n;
        long matrixBytes = (long) Sizeof.cl_float * n * n;
        FloatBuffer c = ByteBuffer.allocateDirect((int) matrixBytes).order(ByteOrder.nativeOrder()).asFloatBuffer();
        cl_mem[] aBlocks = new cl_mem[blocks];
        cl_mem[] cBlocks = new cl_mem[blocks];
        cl_kernel[] kernels = new cl_kernel[blocks];
        cl_event[] events = new cl_event[2 * blocks];
        long start = System.nanoTime();
        cl_mem bAll = target.buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, matrixBytes, Pointer.to(b));
        for (int k = 0; k < blocks; k++) {
            aBlocks[k] = target.buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, blockBytes,
                    Pointer.to(a).withByteOffset(k * blockBytes));
            cBlocks[k] = target.buffer(CL_MEM_WRITE_ONLY, blockBytes, null);
            kernels[k] = clCreateKernel(program, "matmul", null);
            clSetKernelArg(kernels[k], 0, Sizeof.cl_mem, Pointer.to(aBlocks[k]));
            clSetKernelArg(kernels[k], 1, Sizeof.cl_mem, Pointer.to(bAll));
            clSetKernelArg(kernels[k], 2, Sizeof.cl_mem, Pointer.to(cBlocks[k]));
            clSetKernelArg(kernels[k], 3, Sizeof.cl_int, Pointer.to(new int[] {n}));
            events[k] = target.kernel(k, blocks, kernels[k], new long[] {n, rows});
        }
        target.readBlocks(cBlocks, blockBytes, Pointer.to(c), events);
        target.finish();
        long nanos = System.nanoTime() - start;
        Target.release(events);
        for (int k = 0; k < blocks; k++) {
            clReleaseKernel(kernels[k]);
            clReleaseMemObject(aBlocks[k]);
            clReleaseMemObject(cBlocks[k]);
        }
        clReleaseMemObject(bAll);
        return new Outcome(nanos, check(c));
    }

    /** Null when every element is within rounding of the host's product, else what is wrong. */
    String check(FloatBuffer c) {
        double[] expected = reference();
        // a float sum of n products of magnitude <= 1 errs by about u * sqrt(n) * |partial sums|; allow far more
        double tolerance = 4 * ROUNDOFF * n * Math.sqrt(n);
        int wrong = 0;
        double worst = 0;
        for (int i = 0; i < expected.length; i++) {
            double error = Math.abs(c.get(i) - expected[i]);
            if (!(error <= tolerance)) {
                wrong++;
                worst = Math.max(worst, Double.isNaN(error) ? Double.POSITIVE_INFINITY : error);
            }
        }
        return wrong == 0 ? null : String.format("%d elements differ from the host's product (worst by %.3g, "
                + "allowed %.3g)", wrong, worst, tolerance);
    }

    /** A·B in double on the host, row by row (i-k-j order, so the inner loop runs along rows), once. */
    private double[] reference() {
        if (reference == null) {
            float[] aHost = new float[n * n];
            float[] bHost = new float[n * n];
            a.get(0, aHost);
            b.get(0, bHost);
            double[] out = new double[n * n];
            // rows in parallel: a 4096³ product takes tens of seconds on one core, each child anew
            IntStream.range(0, n).parallel().forEach(i -> {
                double[] row = new double[n];
                for (int k = 0; k < n; k++) {
                    double aik = aHost[i * n + k];
                    int bRow = k * n;
                    for (int j = 0; j < n; j++) {
                        row[j] += aik * bHost[bRow + j];
                    }
                }
                System.arraycopy(row, 0, out, i * n, n);
            });
            reference = out;
        }
        return reference;
    }
}
