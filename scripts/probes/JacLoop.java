// The bench's jacobi1 program (two buffers, the first made from a float[], one kernel whose buffer arguments are swapped
// before each of -Diters launches, no events, one blocking read into a float[]), -Dreps runs in one JVM, each timed from
// the buffers' creation to the read's return: the steady state that the bench's fresh JVMs do not reach. Compiled with
// Chain.java and Jac.java; -Dplatform=OmniCL -Ddev=0 on omnicl.jar (the virtual device), -Dplatform=Portable -Ddev=0 on
// the real JOCL jar for PoCL's first device.
import org.jocl.*;
import java.nio.*;
import static org.jocl.CL.*;
public class JacLoop {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    int n = Integer.getInteger("n", 1024), iters = Integer.getInteger("iters", 200), reps = Integer.getInteger("reps", 5);
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{Jac.SOURCE}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    float[] init = new float[n * n];
    for (int x = 0; x < n; x++) init[x] = 1f;
    float[] res = new float[n * n];
    for (int r = 0; r < reps; r++) {
      long t0 = System.nanoTime();
      cl_mem even = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4L * n * n, Pointer.to(init), null);
      cl_mem odd = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4L * n * n, null, null);
      cl_kernel k = clCreateKernel(prog, "jacobi", null);
      clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[]{n}));
      for (int t = 0; t < iters; t++) {
        clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(t % 2 == 0 ? even : odd));
        clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(t % 2 == 0 ? odd : even));
        clEnqueueNDRangeKernel(q, k, 2, null, new long[]{n, n}, null, 0, null, null);
      }
      clEnqueueReadBuffer(q, iters % 2 == 0 ? even : odd, CL_TRUE, 0, 4L * n * n, Pointer.to(res), 0, null, null);
      long t1 = System.nanoTime();
      System.out.printf("run %d: %.2f ms  r=%f%n", r, (t1 - t0) / 1e6, res[n * 2 + 5]);
      clReleaseKernel(k); clReleaseMemObject(even); clReleaseMemObject(odd);
    }
  }
}
