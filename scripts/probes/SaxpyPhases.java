// The bench's saxpy program (docs/benchmarks.md), timed phase by phase: the buffer made from x (CL_MEM_COPY_HOST_PTR),
// y written by a blocking write, -Dlaunches launches enqueued, clFinish, y read by a blocking read. -Dreps runs in one
// JVM, each with buffers of its own. Same use as Chain.java: -Dplatform=NVIDIA -Ddev=0 on the real JOCL jar,
// -Dplatform=OmniCL -Ddev=0 (the virtual device) or -Ddev=1 (its first real device alone) on omnicl.jar.
import org.jocl.*;
import static org.jocl.CL.*;
public class SaxpyPhases {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    int n = Integer.getInteger("n", 1 << 25), launches = Integer.getInteger("launches", 50);
    int reps = Integer.getInteger("reps", 6);
    String src = "__kernel void saxpy(const float a, __global const float* x, __global float* y) { int i = get_global_id(0); y[i] = a * x[i] + y[i]; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    float[] x = new float[n], y = new float[n];
    for (int i = 0; i < n; i++) x[i] = (i % 1024) * 0.25f;
    long bytes = 4L * n;
    for (int r = 0; r < reps; r++) {
      for (int i = 0; i < n; i++) y[i] = (i % 100) - 50f;
      long t0 = System.nanoTime();
      cl_mem xs = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(x), null);
      long t1 = System.nanoTime();
      cl_mem ys = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, null, null);
      clEnqueueWriteBuffer(q, ys, CL_TRUE, 0, bytes, Pointer.to(y), 0, null, null);
      long t2 = System.nanoTime();
      cl_kernel k = clCreateKernel(prog, "saxpy", null);
      clSetKernelArg(k, 0, Sizeof.cl_float, Pointer.to(new float[]{2f}));
      clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(xs));
      clSetKernelArg(k, 2, Sizeof.cl_mem, Pointer.to(ys));
      for (int t = 0; t < launches; t++) clEnqueueNDRangeKernel(q, k, 1, null, new long[]{n}, null, 0, null, null);
      long t3 = System.nanoTime();
      clFinish(q);
      long t4 = System.nanoTime();
      clEnqueueReadBuffer(q, ys, CL_TRUE, 0, bytes, Pointer.to(y), 0, null, null);
      long t5 = System.nanoTime();
      System.out.printf("run %d: %.1f ms: x %.1f, y %.1f, enqueue %.1f, finish %.1f, read %.1f; y[%d] %.1f%n", r, (t5 - t0) / 1e6,
          (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6, (t5 - t4) / 1e6, n / 2 + 7, y[n / 2 + 7]);
      clReleaseKernel(k); clReleaseMemObject(xs); clReleaseMemObject(ys);
    }
  }
}
