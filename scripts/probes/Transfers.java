// Where a program's big transfers of Java arrays go (issue 22, saxpy and frame as programs write them): -Dmb MB of
// floats given to a new buffer with CL_MEM_COPY_HOST_PTR, written to another with a blocking write, -Dlaunches
// launches of y = a x + y, a blocking read back into the array; -Dreps runs, each call's time printed in ms.
// Platform and device as Chain (-Dplatform, -Ddev). Run with omnicl.jar or the real JOCL jar on the class path.
import org.jocl.*;
import static org.jocl.CL.*;
public class Transfers {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    String src = "__kernel void saxpy(float a, __global const float* x, __global float* y) {"
        + " int i = get_global_id(0); y[i] = a * x[i] + y[i]; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    cl_kernel k = clCreateKernel(prog, "saxpy", null);
    int n = Integer.getInteger("mb", 256) << 18;
    long bytes = 4L * n;
    float[] x = new float[n], y = new float[n];
    for (int i = 0; i < n; i++) { x[i] = i % 1000; }
    for (int rep = 0; rep < Integer.getInteger("reps", 6); rep++) {
      java.util.Arrays.fill(y, 1f);
      long t0 = System.nanoTime();
      cl_mem xs = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(x), null);
      cl_mem ys = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, null, null);
      long t1 = System.nanoTime();
      clEnqueueWriteBuffer(q, ys, CL_TRUE, 0, bytes, Pointer.to(y), 0, null, null);
      long t2 = System.nanoTime();
      clSetKernelArg(k, 0, Sizeof.cl_float, Pointer.to(new float[] {2f}));
      clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(xs));
      clSetKernelArg(k, 2, Sizeof.cl_mem, Pointer.to(ys));
      int launches = Integer.getInteger("launches", 50);
      for (int i = 0; i < launches; i++) clEnqueueNDRangeKernel(q, k, 1, null, new long[] {n}, null, 0, null, null);
      long t3 = System.nanoTime();
      clFinish(q);
      long t4 = System.nanoTime();
      clEnqueueReadBuffer(q, ys, CL_TRUE, 0, bytes, Pointer.to(y), 0, null, null);
      long t5 = System.nanoTime();
      clReleaseMemObject(xs); clReleaseMemObject(ys);
      long t6 = System.nanoTime();
      if (y[7] != 1 + 2f * launches * 7) throw new AssertionError("y[7] = " + y[7]);
      System.out.printf("rep %d: create %.1f, write %.1f, enqueue %.1f, finish %.1f, read %.1f, release %.1f; all %.1f ms%n", rep,
          (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6, (t5 - t4) / 1e6, (t6 - t5) / 1e6, (t6 - t0) / 1e6);
    }
  }
}
