import org.jocl.*;
import static org.jocl.CL.*;

/**
 * A program that draws Mandelbrot frames as existing JOCL programs do: each run makes a 4096² buffer and a kernel,
 * launches one NDRange over the frame, and reads the result into an int[]; the launch (to clFinish with
 * -Dfinish=true) and the read are timed apart. -Dplatform= picks the platform by a part of its name (OmniCL,
 * NVIDIA, Portable), -Ddev= its device (0 by default); -Dphases=true prints
 * the times of the buffer's and kernel's making, the enqueue and clFinish apart; -Dwidth=, -Diterations=, -Druns= set the rest. Issue 23's benchmarks (scripts/gpu-cut.sh).
 */
public class FrameProbe {
  public static void main(String[] a) {
    CL.setExceptionsEnabled(true);
    String want = System.getProperty("platform", "");
    int[] np = new int[1]; clGetPlatformIDs(0, null, np);
    cl_platform_id[] ps = new cl_platform_id[np[0]]; clGetPlatformIDs(np[0], ps, null);
    cl_platform_id p = null;
    for (cl_platform_id c : ps) {
      long[] size = new long[1]; clGetPlatformInfo(c, CL_PLATFORM_NAME, 0, null, size);
      byte[] b = new byte[(int) size[0]]; clGetPlatformInfo(c, CL_PLATFORM_NAME, b.length, Pointer.to(b), null);
      String name = new String(b, 0, b.length - 1);
      if (p == null && name.contains(want)) { p = c; System.out.println("platform " + name); }
    }
    int[] nd = new int[1]; clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, null, nd);
    cl_device_id[] all = new cl_device_id[nd[0]]; clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, nd[0], all, null);
    cl_device_id[] d = {all[Integer.getInteger("dev", 0)]};
    cl_context ctx = clCreateContext(null, 1, d, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d[0], 0, null);
    String src = "__kernel void m(__global int* out, const int width, const int maxIter) { int x = get_global_id(0); int y = get_global_id(1);"
      + " float cr = -2.0f + x * (3.0f / width); float ci = -1.5f + y * (3.0f / width); float zr = 0, zi = 0; int n = 0;"
      + " while (n < maxIter && zr*zr + zi*zi <= 4.0f) { float t = zr*zr - zi*zi + cr; zi = 2*zr*zi + ci; zr = t; n++; } out[y*width+x] = n; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    int w = Integer.getInteger("width", 4096); int[] img = new int[w*w];
    for (int r = 0; r < Integer.getInteger("runs", 8); r++) {
      long t0 = System.nanoTime();
      cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 4L*w*w, null, null);
      long tBuffer = System.nanoTime();
      cl_kernel k = clCreateKernel(prog, "m", null);
      clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(out));
      clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[]{w}));
      clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[]{Integer.getInteger("iterations", 10000)}));
      long tKernel = System.nanoTime();
      clEnqueueNDRangeKernel(q, k, 2, null, new long[]{w, w}, null, 0, null, null);
      long tEnqueue = System.nanoTime();
      if (Boolean.getBoolean("finish")) clFinish(q);
      long t1 = System.nanoTime();
      if (Boolean.getBoolean("phases")) System.out.printf("run %d phases: buffer %.3f, kernel and arguments %.3f, enqueue %.3f, finish %.3f ms%n",
          r, (tBuffer-t0)/1e6, (tKernel-tBuffer)/1e6, (tEnqueue-tKernel)/1e6, (t1-tEnqueue)/1e6);
      clEnqueueReadBuffer(q, out, true, 0, 4L*w*w, Pointer.to(img), 0, null, null);
      long t2 = System.nanoTime();
      System.out.printf("run %d: %.2f ms (kernel %.2f, read %.2f)%n", r, (t2-t0)/1e6, (t1-t0)/1e6, (t2-t1)/1e6);
      clReleaseKernel(k); clReleaseMemObject(out);
    }
  }
}
