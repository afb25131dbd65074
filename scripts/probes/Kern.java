// The kernel-creation probe of docs/benchmarks.md: creates a kernel, sets its five arguments and releases it, 200
// times a run (-Dreps runs), and prints the cost of one. Same use as Chain.java.
import org.jocl.*;
import static org.jocl.CL.*;
public class Kern {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    String src = "__kernel void k(__global int* out, const int w, const float x0, const float y0, const int it) { out[get_global_id(0)] = w + it; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096, null, null);
    for (int r = 0; r < Integer.getInteger("reps", 8); r++) {
      long t0 = System.nanoTime();
      for (int i = 0; i < 200; i++) {
        cl_kernel k = clCreateKernel(prog, "k", null);
        clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(m));
        clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[]{1}));
        clSetKernelArg(k, 2, Sizeof.cl_float, Pointer.to(new float[]{1}));
        clSetKernelArg(k, 3, Sizeof.cl_float, Pointer.to(new float[]{1}));
        clSetKernelArg(k, 4, Sizeof.cl_int, Pointer.to(new int[]{1}));
        clReleaseKernel(k);
      }
      System.out.printf("%.1f us per create+set+release%n", (System.nanoTime() - t0) / 200e3);
    }
  }
}
