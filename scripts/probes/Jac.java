// The Jacobi probe of docs/benchmarks.md: the bench's Jacobi run (-Dn grid, -Diters iterations, -Dreps runs) on one
// device, each run timed in phases: creating the two buffers, enqueueing the write, enqueueing the kernels,
// enqueueing the read, finishing, releasing. -Dsample=true: a stack sampling (Sampler) of the second half.
// Same use as Chain.java: -Dplatform=NVIDIA -Ddev=0 on the real JOCL jar, -Dplatform=OmniCL -Ddev=1 on omnicl.jar.
import org.jocl.*;
import java.nio.*;
import static org.jocl.CL.*;
public class Jac {
  /** The bench's Jacobi kernel. */
  static final String SOURCE = "__kernel void jacobi(__global const float* src, __global float* dst, const int n) { int x = get_global_id(0); int y = get_global_id(1); int i = y * n + x;"
    + " if (x == 0 || y == 0 || x == n - 1 || y == n - 1) dst[i] = src[i]; else dst[i] = 0.25f * ((src[i - 1] + src[i + 1]) + (src[i - n] + src[i + n])); }";
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    int n = Integer.getInteger("n", 1024), iters = Integer.getInteger("iters", 200), reps = Integer.getInteger("reps", 10);
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{SOURCE}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    long bytes = 4L * n * n;
    FloatBuffer init = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder()).asFloatBuffer();
    for (int x = 0; x < n; x++) init.put(x, 1f);
    FloatBuffer res = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder()).asFloatBuffer();
    Sampler sampler = null;
    for (int r = 0; r < reps; r++) {
      if (r == reps / 2 && Boolean.getBoolean("sample")) { sampler = new Sampler(); sampler.start(); }
      long t0 = System.nanoTime();
      cl_mem even = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, null, null);
      cl_mem odd = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, null, null);
      long t1 = System.nanoTime();
      cl_event prev = new cl_event();
      clEnqueueWriteBuffer(q, even, false, 0, bytes, Pointer.to(init), 0, null, prev);
      long t2 = System.nanoTime();
      cl_kernel[] ks = new cl_kernel[2];
      for (int i = 0; i < 2; i++) { ks[i] = clCreateKernel(prog, "jacobi", null);
        clSetKernelArg(ks[i], 0, Sizeof.cl_mem, Pointer.to(i == 0 ? even : odd)); clSetKernelArg(ks[i], 1, Sizeof.cl_mem, Pointer.to(i == 0 ? odd : even));
        clSetKernelArg(ks[i], 2, Sizeof.cl_int, Pointer.to(new int[]{n})); }
      for (int t = 0; t < iters; t++) {
        cl_event e = new cl_event();
        clEnqueueNDRangeKernel(q, ks[t % 2], 2, null, new long[]{n, n}, null, 1, new cl_event[]{prev}, e);
        clReleaseEvent(prev); prev = e;
      }
      long t3 = System.nanoTime();
      cl_event rd = new cl_event();
      clEnqueueReadBuffer(q, iters % 2 == 0 ? even : odd, false, 0, bytes, Pointer.to(res), 1, new cl_event[]{prev}, rd);
      long t4 = System.nanoTime();
      clFinish(q);
      long t5 = System.nanoTime();
      clReleaseEvent(prev); clReleaseEvent(rd);
      for (cl_kernel k : ks) clReleaseKernel(k);
      clReleaseMemObject(even); clReleaseMemObject(odd);
      long t6 = System.nanoTime();
      System.out.printf("total %.2f ms: create %.2f write %.2f kernels %.2f read %.2f finish %.2f release %.2f  r=%f%n", (t5-t0)/1e6, (t1-t0)/1e6, (t2-t1)/1e6, (t3-t2)/1e6, (t4-t3)/1e6, (t5-t4)/1e6, (t6-t5)/1e6, res.get(n+1));
    }
    if (sampler != null) sampler.print();
  }
}
