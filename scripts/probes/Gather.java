// A stencil's grids cut over the GPUs by its sweeps (-Dsweeps, -Dn² grid), then a launch the virtual device cannot cut
// (an indirect write) over one of them, which gathers it on one GPU: each step timed, -Dreps times in one JVM. Compiled
// with Chain.java and Jac.java; -Dplatform=OmniCL -Ddev=0 on omnicl.jar, -Dplatform=NVIDIA -Ddev=0 on the real JOCL jar.
import org.jocl.*;
import static org.jocl.CL.*;
public class Gather {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    int n = Integer.getInteger("n", 8192), sweeps = Integer.getInteger("sweeps", 100), reps = Integer.getInteger("reps", 4);
    String src = Jac.SOURCE + " __kernel void scatter(__global float* g, __global const int* at) { int i = get_global_id(0); g[at[i]] = g[at[i]] * 0.5f; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    float[] init = new float[n * n];
    for (int x = 0; x < n; x++) init[x] = 1f;
    int[] at = new int[n * n];
    for (int i = 0; i < at.length; i++) at[i] = at.length - 1 - i;
    cl_mem idx = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * n * n, Pointer.to(at), null);
    float[] res = new float[n * n];
    for (int r = 0; r < reps; r++) {
      cl_mem even = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4L * n * n, Pointer.to(init), null);
      cl_mem odd = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4L * n * n, null, null);
      cl_kernel k = clCreateKernel(prog, "jacobi", null);
      clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[]{n}));
      long t0 = System.nanoTime();
      for (int t = 0; t < sweeps; t++) {
        clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(t % 2 == 0 ? even : odd));
        clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(t % 2 == 0 ? odd : even));
        clEnqueueNDRangeKernel(q, k, 2, null, new long[]{n, n}, null, 0, null, null);
      }
      clFinish(q);
      long t1 = System.nanoTime();
      cl_kernel s = clCreateKernel(prog, "scatter", null);
      clSetKernelArg(s, 0, Sizeof.cl_mem, Pointer.to(sweeps % 2 == 0 ? even : odd));
      clSetKernelArg(s, 1, Sizeof.cl_mem, Pointer.to(idx));
      clEnqueueNDRangeKernel(q, s, 1, null, new long[]{(long) n * n}, null, 0, null, null);
      clFinish(q);
      long t2 = System.nanoTime();
      clEnqueueReadBuffer(q, sweeps % 2 == 0 ? even : odd, CL_TRUE, 0, 4L * n * n, Pointer.to(res), 0, null, null);
      long t3 = System.nanoTime();
      System.out.printf("run %d: sweeps %.2f ms, gathering launch %.2f ms, read %.2f ms  r=%f%n", r, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, res[n * n - 1 - (n * 2 + 5)]);
      clReleaseKernel(k); clReleaseKernel(s); clReleaseMemObject(even); clReleaseMemObject(odd);
    }
  }
}
