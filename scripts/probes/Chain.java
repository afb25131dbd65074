// The launch-cost probe of docs/benchmarks.md: 10,000 dependent launches of a tiny kernel on one device of the
// platform whose name contains -Dplatform, device -Ddev; -Dprof=true: a profiling queue; -Dnowait=true: an
// event per launch without a wait list; -Dnoevent=true: no event at all; -Dsync=true: each launch's event waited
// for before the next launch (a round trip each, so use a smaller -Dn); default: an event per launch waiting
// for the previous one; -Dn: launches per run (10,000). Each run also prints the CPU time of the main thread and of
// OmniCL's device threads. -Dsample=true prints a stack sampling (Sampler) of the second half of -Dreps runs.
// Runs on the real JOCL jar or with omnicl.jar in its place:
//   javac -cp jocl-2.0.5.jar Chain.java Sampler.java && java -cp jocl-2.0.5.jar:. -Dplatform=NVIDIA -Ddev=0 Chain
import org.jocl.*;
import static org.jocl.CL.*;
public class Chain {
  public static void main(String[] a) {
    cl_device_id d = device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, Boolean.getBoolean("prof") ? CL_QUEUE_PROFILING_ENABLE : 0, null);
    boolean nowait = Boolean.getBoolean("nowait");
    Kernels ks = Kernels.make(ctx);
    cl_mem even = ks.even();
    cl_kernel k0 = ks.k0(), k1 = ks.k1();
    float[] start = new float[1024];
    Sampler sampler = null;
    int reps = Integer.parseInt(System.getProperty("reps", "5"));
    for (int r = 0; r < reps; r++) {
      if (r == reps / 2 && Boolean.getBoolean("sample")) { sampler = new Sampler(); sampler.start(); }
      long t0 = System.nanoTime();
      long[] c0 = cpu();
      cl_event prev = new cl_event();
      clEnqueueWriteBuffer(q, even, true, 0, 4096, Pointer.to(start), 0, null, prev);
      for (int t = 0; t < Integer.getInteger("n", 10000); t++) {
        if (Boolean.getBoolean("noevent")) { clEnqueueNDRangeKernel(q, t % 2 == 0 ? k0 : k1, 1, null, new long[]{1024}, null, 0, null, null); continue; }
        cl_event e = new cl_event();
        if (nowait) clEnqueueNDRangeKernel(q, t % 2 == 0 ? k0 : k1, 1, null, new long[]{1024}, null, 0, null, e);
        else clEnqueueNDRangeKernel(q, t % 2 == 0 ? k0 : k1, 1, null, new long[]{1024}, null, 1, new cl_event[]{prev}, e);
        if (Boolean.getBoolean("sync")) clWaitForEvents(1, new cl_event[]{e});
        clReleaseEvent(prev);
        prev = e;
      }
      float[] res = new float[1024];
      clEnqueueReadBuffer(q, even, true, 0, 4096, Pointer.to(res), 1, new cl_event[]{prev}, null);
      clReleaseEvent(prev);
      clFinish(q);
      long[] c1 = cpu();
      System.out.printf("%s %.1f ms  res=%f  cpu main %.1f device %.1f ms%n", platformName, (System.nanoTime()-t0)/1e6,
          res[0], (c1[0]-c0[0])/1e6, (c1[1]-c0[1])/1e6);
    }
    if (sampler != null) sampler.print();
  }
  /** The tiny kernel, twice: k0 adds one to each of 1024 floats of even into odd, k1 from odd into even. */
  record Kernels(cl_program program, cl_mem even, cl_mem odd, cl_kernel k0, cl_kernel k1) {
    static Kernels make(cl_context ctx) {
      String src = "__kernel void stp(__global const float* a, __global float* b) { int i = get_global_id(0); b[i] = a[i] + 1.0f; }";
      cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
      clBuildProgram(prog, 0, null, null, null, null);
      cl_mem even = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096, null, null);
      cl_mem odd = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096, null, null);
      cl_kernel k0 = clCreateKernel(prog, "stp", null), k1 = clCreateKernel(prog, "stp", null);
      clSetKernelArg(k0, 0, Sizeof.cl_mem, Pointer.to(even)); clSetKernelArg(k0, 1, Sizeof.cl_mem, Pointer.to(odd));
      clSetKernelArg(k1, 0, Sizeof.cl_mem, Pointer.to(odd)); clSetKernelArg(k1, 1, Sizeof.cl_mem, Pointer.to(even));
      return new Kernels(prog, even, odd, k0, k1);
    }
    void release() {
      clReleaseKernel(k0); clReleaseKernel(k1); clReleaseMemObject(even); clReleaseMemObject(odd); clReleaseProgram(program);
    }
  }
  static String platformName = "";
  /** CPU nanoseconds so far of the main thread and of OmniCL's device threads (less noisy than wall time). */
  static long[] cpu() {
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
    long main = 0, dev = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      long c = mx.getThreadCpuTime(t.getId());
      if (t.getName().equals("main")) main += c; else if (t.getName().startsWith("omnicl-device")) dev += c;
    }
    return new long[]{main, dev};
  }
  /** Device -Ddev (default 1) of the platform whose name contains -Dplatform; exceptions enabled. */
  static cl_device_id device() {
    CL.setExceptionsEnabled(true);
    cl_platform_id[] ps = new cl_platform_id[4]; int[] n = new int[1];
    clGetPlatformIDs(4, ps, n);
    cl_platform_id p = ps[0];
    for (int i = 0; i < n[0]; i++) if (clGetPlatformInfoName(ps[i]).contains(System.getProperty("platform", ""))) { p = ps[i]; break; }
    platformName = clGetPlatformInfoName(p);
    cl_device_id[] ds = new cl_device_id[4];
    clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 4, ds, n);
    return ds[Math.min(Integer.getInteger("dev", 1), n[0] - 1)];
  }
  static { Runtime.getRuntime().addShutdownHook(new Thread(() -> {})); }
  static String clGetPlatformInfoName(cl_platform_id p) {
    long[] size = new long[1]; clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, null, size);
    byte[] b = new byte[(int) size[0]]; clGetPlatformInfo(p, CL_PLATFORM_NAME, b.length, Pointer.to(b), null);
    return new String(b, 0, b.length - 1);
  }
}
