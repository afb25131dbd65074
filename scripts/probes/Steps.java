// What a queue's kind costs a chain of launches (issue 22, Jacobi's 200 steps): -Dsteps launches of a 1024x1024
// stencil ping-ponging between two buffers, then clFinish, on a queue without and with profiling, and with an event
// every -Devery launches; -Dreps runs each, medians in ms. Run on the real JOCL jar, platform and device as Chain.
import org.jocl.*;
import java.util.Arrays;
import static org.jocl.CL.*;
public class Steps {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    String src = "__kernel void k(__global const float* a, __global float* b, int n) { int x = get_global_id(0), y = get_global_id(1);"
        + " b[y * n + x] = 0.25f * (a[y * n + (x + 1) % n] + a[y * n + (x + n - 1) % n] + a[((y + 1) % n) * n + x] + a[((y + n - 1) % n) * n + x]); }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    cl_kernel k = clCreateKernel(prog, "k", null);
    int n = 1024;
    cl_mem[] m = {clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4L * n * n, null, null), clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4L * n * n, null, null)};
    clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[] {n}));
    int steps = Integer.getInteger("steps", 200), every = Integer.getInteger("every", 8), reps = Integer.getInteger("reps", 20);
    for (int round = 0; round < 2; round++) {
      for (String kind : new String[] {"plain", "profiling", "profiling+events"}) {
        cl_command_queue q = clCreateCommandQueue(ctx, d, kind.equals("plain") ? 0 : CL_QUEUE_PROFILING_ENABLE, null);
        double[] t = new double[reps];
        for (int r = 0; r < reps; r++) {
          long s = System.nanoTime();
          for (int i = 0; i < steps; i++) {
            clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(m[i % 2]));
            clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(m[1 - i % 2]));
            cl_event e = kind.endsWith("events") && i % every == 0 ? new cl_event() : null;
            clEnqueueNDRangeKernel(q, k, 2, null, new long[] {n, n}, null, 0, null, e);
            if (e != null) clReleaseEvent(e);
          }
          clFinish(q);
          t[r] = (System.nanoTime() - s) / 1e6;
        }
        Arrays.sort(t);
        System.out.printf("%s: %.2f ms%n", kind, t[reps / 2]);
        clReleaseCommandQueue(q);
      }
    }
  }
}
