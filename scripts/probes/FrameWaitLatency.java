import org.jocl.*;
import java.util.concurrent.locks.LockSupport;
import static org.jocl.CL.*;

/**
 * How soon a program learns that a launch of ~10 ms (Mandelbrot 4096², 10,000 iterations) has ended on a GPU, by each
 * way of waiting for it, on plain JOCL: clFinish and clWaitForEvents on the program's thread; clWaitForEvents on
 * another thread that then unparks the program's (as a device's worker of OmniCL does); the program polling the
 * event's status. Each way in turn, -Druns= rounds; prints each way's times from the enqueue to the program knowing.
 * -Dplatform= picks the platform by a part of its name. (WaitLatency times kernels of a few milliseconds launched one
 * after the other, waited for on the program's own thread only.)
 */
public class FrameWaitLatency {
  public static void main(String[] a) throws Exception {
    CL.setExceptionsEnabled(true);
    String want = System.getProperty("platform", "NVIDIA");
    int[] np = new int[1]; clGetPlatformIDs(0, null, np);
    cl_platform_id[] ps = new cl_platform_id[np[0]]; clGetPlatformIDs(np[0], ps, null);
    cl_platform_id p = null;
    for (cl_platform_id c : ps) {
      long[] size = new long[1]; clGetPlatformInfo(c, CL_PLATFORM_NAME, 0, null, size);
      byte[] b = new byte[(int) size[0]]; clGetPlatformInfo(c, CL_PLATFORM_NAME, b.length, Pointer.to(b), null);
      if (p == null && new String(b).contains(want)) { p = c; }
    }
    cl_device_id[] d = new cl_device_id[1]; clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, d, null);
    cl_context ctx = clCreateContext(null, 1, d, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d[0], 0, null);
    String src = "__kernel void m(__global int* out, const int width, const int maxIter) { int x = get_global_id(0); int y = get_global_id(1);"
      + " float cr = -2.0f + x * (3.0f / width); float ci = -1.5f + y * (3.0f / width); float zr = 0, zi = 0; int n = 0;"
      + " while (n < maxIter && zr*zr + zi*zi <= 4.0f) { float t = zr*zr - zi*zi + cr; zi = 2*zr*zi + ci; zr = t; n++; } out[y*width+x] = n; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    int w = 4096;
    cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 4L * w * w, null, null);
    cl_kernel k = clCreateKernel(prog, "m", null);
    clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(out));
    clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[]{w}));
    clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[]{10000}));
    String[] ways = {"finish", "waitEvent", "otherThread", "poll"};
    int runs = Integer.getInteger("runs", 20);
    double[][] t = new double[ways.length][runs];
    Thread main = Thread.currentThread();
    for (int r = -3; r < runs; r++) {
      for (int i = 0; i < ways.length; i++) {
        cl_event e = new cl_event();
        long t0 = System.nanoTime();
        clEnqueueNDRangeKernel(q, k, 2, null, new long[]{w, w}, null, 0, null, e);
        clFlush(q);
        switch (ways[i]) {
          case "finish" -> clFinish(q);
          case "waitEvent" -> clWaitForEvents(1, new cl_event[]{e});
          case "otherThread" -> {
            boolean[] done = {false};
            Thread waiter = new Thread(() -> { clWaitForEvents(1, new cl_event[]{e}); synchronized (done) { done[0] = true; } LockSupport.unpark(main); });
            waiter.start();
            while (true) { synchronized (done) { if (done[0]) break; } LockSupport.park(); }
          }
          default -> {
            int[] st = {1};
            while (st[0] != CL_COMPLETE) { clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, Sizeof.cl_int, Pointer.to(st), null); Thread.onSpinWait(); }
          }
        }
        long t1 = System.nanoTime();
        long[] s = new long[1], en = new long[1];
        clReleaseEvent(e);
        if (r >= 0) t[i][r] = (t1 - t0) / 1e6;
      }
    }
    for (int i = 0; i < ways.length; i++) {
      double[] v = t[i].clone(); java.util.Arrays.sort(v);
      System.out.printf("%-12s median %.3f ms, min %.3f, max %.3f%n", ways[i], v[runs / 2], v[0], v[runs - 1]);
    }
  }
}
