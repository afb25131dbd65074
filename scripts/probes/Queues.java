import org.jocl.*;
import static org.jocl.CL.*;
// The queue probe of docs/benchmarks.md (issue 23, stop 25): whether kernels on two in-order queues of one NVIDIA
// device run at once. A 4096² Mandelbrot frame (10,000 iterations) as one launch, and as 10 row blocks (8, 8, 4, 4,
// 2, 2, 1, 1, 1, 1 of 32) on one queue and taken in turn by 2 and 3 queues of the device; 6 rounds. Runs on the real
// JOCL jar (scripts/gpu-cut.sh queues).
public class Queues {
  public static void main(String[] a) {
    CL.setExceptionsEnabled(true);
    cl_platform_id[] ps = new cl_platform_id[8]; int[] np = new int[1]; clGetPlatformIDs(8, ps, np);
    cl_platform_id p = null;
    for (int i = 0; i < np[0]; i++) { long[] sz = new long[1]; clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, 0, null, sz); byte[] b = new byte[(int) sz[0]]; clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, b.length, Pointer.to(b), null); if (new String(b).contains("NVIDIA")) p = ps[i]; }
    cl_device_id[] d = new cl_device_id[1]; clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, d, null);
    cl_context ctx = clCreateContext(null, 1, d, null, null, null);
    cl_command_queue[] qs = new cl_command_queue[3];
    for (int i = 0; i < 3; i++) qs[i] = clCreateCommandQueue(ctx, d[0], 0, null);
    int w = 4096, iters = 10000;
    String src = "__kernel void m(__global int* out, const int width, const int maxIter) { int x = get_global_id(0); int y = get_global_id(1);"
      + " float cr = -2.0f + x * (3.0f / width); float ci = -1.5f + y * (3.0f / width); float zr = 0, zi = 0; int n = 0;"
      + " while (n < maxIter && zr*zr + zi*zi <= 4.0f) { float t = zr*zr - zi*zi + cr; zi = 2*zr*zi + ci; zr = t; n++; } out[y*width+x] = n; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 4L * w * w, null, null);
    cl_kernel[] ks = new cl_kernel[3];
    for (int i = 0; i < 3; i++) { ks[i] = clCreateKernel(prog, "m", null); clSetKernelArg(ks[i], 0, Sizeof.cl_mem, Pointer.to(out)); clSetKernelArg(ks[i], 1, 4, Pointer.to(new int[]{w})); clSetKernelArg(ks[i], 2, 4, Pointer.to(new int[]{iters})); }
    // the shrinking blocks OmniCL deals two GPUs: rows in 32nds
    int[] blocks = {8, 8, 4, 4, 2, 2, 1, 1, 1, 1};
    for (int rep = 0; rep < 6; rep++) {
      for (int nq : new int[]{0, 1, 2, 3}) {
        for (cl_command_queue q : qs) clFinish(q);
        long t0 = System.nanoTime();
        if (nq == 0) {
          clEnqueueNDRangeKernel(qs[0], ks[0], 2, null, new long[]{w, w}, new long[]{16, 16}, 0, null, null);
        } else {
          int row = 0;
          for (int b = 0; b < blocks.length; b++) {
            long rows = (long) blocks[b] * w / 32;
            clEnqueueNDRangeKernel(qs[b % nq], ks[b % nq], 2, new long[]{0, row}, new long[]{w, rows}, new long[]{16, 16}, 0, null, null);
            row += rows;
          }
          for (int i = 0; i < nq; i++) clFlush(qs[i]);
        }
        for (cl_command_queue q : qs) clFinish(q);
        System.out.printf("%s %.2f ms  ", nq == 0 ? "whole" : nq + " queue(s)", (System.nanoTime() - t0) / 1e6);
      }
      System.out.println();
    }
  }
}
