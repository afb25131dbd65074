// The round trip of issue 22 part by part: -Drounds rounds of a blocking write of -Dkb KB from an int[], a kernel, a
// blocking read into an int[], on device -Ddev of the platform named -Dplatform (Chain.device); prints the median
// of each part in us, and the whole. Run with omnicl.jar or the real JOCL jar on the class path.
import org.jocl.*;
import java.util.Arrays;
import static org.jocl.CL.*;
public class Trip {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    String src = "__kernel void k(__global const int* a, __global int* b) { int i = get_global_id(0); b[i] = a[i] + 1; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    int n = Integer.getInteger("kb", 4) * 256;
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_ONLY, 4L * n, null, null);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 4L * n, null, null);
    cl_kernel k = clCreateKernel(prog, "k", null);
    clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(in));
    clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(out));
    int[] input = new int[n], output = new int[n];
    int rounds = Integer.getInteger("rounds", 1000);
    for (int rep = 0; rep < Integer.getInteger("reps", 5); rep++) {
      long[][] t = new long[3][rounds];
      long start = System.nanoTime();
      for (int r = 0; r < rounds; r++) {
        input[0] = r;
        long t0 = System.nanoTime();
        clEnqueueWriteBuffer(q, in, CL_TRUE, 0, 4L * n, Pointer.to(input), 0, null, null);
        long t1 = System.nanoTime();
        clEnqueueNDRangeKernel(q, k, 1, null, new long[] {n}, null, 0, null, null);
        long t2 = System.nanoTime();
        clEnqueueReadBuffer(q, out, CL_TRUE, 0, 4L * n, Pointer.to(output), 0, null, null);
        long t3 = System.nanoTime();
        if (output[0] != r + 1) throw new AssertionError("round " + r + ": " + output[0]);
        t[0][r] = t1 - t0; t[1][r] = t2 - t1; t[2][r] = t3 - t2;
      }
      long all = System.nanoTime() - start;
      for (long[] x : t) Arrays.sort(x);
      System.out.printf("rep %d: %.1f ms; median write %.1f us, kernel %.1f, read %.1f%n", rep, all / 1e6,
          t[0][rounds / 2] / 1e3, t[1][rounds / 2] / 1e3, t[2][rounds / 2] / 1e3);
    }
  }
}
