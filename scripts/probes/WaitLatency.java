import org.jocl.*;
import java.util.concurrent.locks.LockSupport;
import static org.jocl.CL.*;

/**
 * How soon a thread learns that a kernel of a few milliseconds has ended on a GPU, by the way it waits: the driver's
 * clWaitForEvents, clFinish, a spin on the event's status, or short parks between looks at it. Each way runs -Druns=
 * kernels one after the other, each launched once the one before is seen to end; the gap per kernel is the wall time
 * less the kernels' profiled time (the launch, the GPU's start, and the wait's latency). Plain JOCL, the first GPU.
 */
public class WaitLatency {
  public static void main(String[] a) {
    CL.setExceptionsEnabled(true);
    int[] np = new int[1]; clGetPlatformIDs(0, null, np);
    cl_platform_id[] ps = new cl_platform_id[np[0]]; clGetPlatformIDs(np[0], ps, null);
    cl_device_id dev = null;
    for (cl_platform_id p : ps) {
      int[] nd = new int[1];
      try { clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 0, null, nd); } catch (CLException e) { continue; }
      cl_device_id[] d = new cl_device_id[1]; clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, d, null); dev = d[0]; break;
    }
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{dev}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, null);
    String src = "__kernel void spin(__global float* o, const int n) { int i = get_global_id(0); float x = i;"
      + " for (int k = 0; k < n; k++) x = x * 0.99999f + 0.5f; o[i] = x; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    cl_kernel k = clCreateKernel(prog, "spin", null);
    int items = 1 << 20;
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4L * items, null, null);
    clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(out));
    clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[]{Integer.getInteger("loop", 20000)}));
    int runs = Integer.getInteger("runs", 40);
    String[] ways = {"waitForEvents", "finish", "spin", "park20us", "waitForEvents", "finish", "spin", "park20us"};
    for (String way : ways) {
      long kernels = 0;
      long t0 = System.nanoTime();
      for (int r = 0; r < runs; r++) {
        cl_event e = new cl_event();
        clEnqueueNDRangeKernel(q, k, 1, null, new long[]{items}, null, 0, null, e);
        clFlush(q);
        switch (way) {
          case "waitForEvents": clWaitForEvents(1, new cl_event[]{e}); break;
          case "finish": clFinish(q); break;
          default:
            int[] st = new int[1];
            while (true) {
              clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, Sizeof.cl_int, Pointer.to(st), null);
              if (st[0] <= 0) break;
              if (way.equals("spin")) Thread.onSpinWait(); else LockSupport.parkNanos(20_000);
            }
        }
        long[] s = new long[1], en = new long[1];
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, Sizeof.cl_ulong, Pointer.to(s), null);
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, Sizeof.cl_ulong, Pointer.to(en), null);
        kernels += en[0] - s[0];
        clReleaseEvent(e);
      }
      long wall = System.nanoTime() - t0;
      System.out.printf("%-14s kernel %.3f ms, gap per kernel %.1f us%n", way, kernels / 1e6 / runs,
          (wall - kernels) / 1e3 / runs);
    }
  }
}
