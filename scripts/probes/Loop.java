// What the matmul bench's loop costs the program's thread per block (docs/benchmarks.md), part by part: making an
// input buffer from a direct buffer, an output buffer, a kernel, its four arguments, the launch. -Dn blocks of
// -Dkb KB per round, -Drounds rounds (the first ones run colder code); prints each part's median per round, in us.
// Run with -Dplatform=OmniCL and omnicl.jar, or on the real JOCL jar.
import org.jocl.*;
import java.nio.*;
import java.util.Arrays;
import static org.jocl.CL.*;
public class Loop {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    String src = "__kernel void k(__global const float* a, __global const float* b, __global float* c, int n) {"
        + " int i = get_global_id(0); c[i] = a[i] + b[i % n]; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    int n = Integer.getInteger("n", 32);
    long bytes = Long.getLong("kb", 64) << 10;
    ByteBuffer host = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder());
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(host), null);
    String[] parts = {"input", "output", "kernel", "args", "launch"};
    for (int round = 0, rounds = Integer.getInteger("rounds", 6); round < rounds; round++) {
      long[][] t = new long[parts.length][n];
      cl_mem[] in = new cl_mem[n], out = new cl_mem[n];
      cl_kernel[] ks = new cl_kernel[n];
      for (int i = 0; i < n; i++) {
        long t0 = System.nanoTime();
        in[i] = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(host), null);
        long t1 = System.nanoTime();
        out[i] = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, bytes, null, null);
        long t2 = System.nanoTime();
        ks[i] = clCreateKernel(prog, "k", null);
        long t3 = System.nanoTime();
        clSetKernelArg(ks[i], 0, Sizeof.cl_mem, Pointer.to(in[i]));
        clSetKernelArg(ks[i], 1, Sizeof.cl_mem, Pointer.to(b));
        clSetKernelArg(ks[i], 2, Sizeof.cl_mem, Pointer.to(out[i]));
        clSetKernelArg(ks[i], 3, Sizeof.cl_int, Pointer.to(new int[] {(int) (bytes / 4)}));
        long t4 = System.nanoTime();
        clEnqueueNDRangeKernel(q, ks[i], 1, null, new long[] {bytes / 4}, null, 0, null, null);
        long t5 = System.nanoTime();
        long[] at = {t0, t1, t2, t3, t4, t5};
        for (int p = 0; p < parts.length; p++) t[p][i] = at[p + 1] - at[p];
      }
      clFinish(q);
      for (int i = 0; i < n; i++) { clReleaseKernel(ks[i]); clReleaseMemObject(in[i]); clReleaseMemObject(out[i]); }
      StringBuilder sb = new StringBuilder("round " + round + ":");
      for (int p = 0; p < parts.length; p++) { Arrays.sort(t[p]); sb.append(String.format(" %s %.0f", parts[p], t[p][n / 2] / 1e3)); }
      System.out.println(sb);
    }
  }
}
