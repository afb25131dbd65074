// Where a cold run's time goes (docs/benchmarks.md): a Mandelbrot frame of -Dblocks row blocks (default 32, 1024x768,
// 2000 iterations) as the bench's workload makes it, -Druns times in one JVM, each run's time split into the program
// thread's phases: making buffers, kernels and arguments; enqueueing the kernels; enqueueing the reads; clFinish;
// releasing. Also the CPU time of the main thread and of OmniCL's device threads per run. Platform and device as Chain.
import org.jocl.*;
import static org.jocl.CL.*;
public class Phases {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    String src = io.omnicl.demos.bench.MandelbrotWorkload.SOURCE;
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    int w = Integer.getInteger("width", 1024), h = Integer.getInteger("height", 768), blocks = Integer.getInteger("blocks", 32);
    int rows = h / blocks; long bytes = 4L * w * rows;
    java.nio.ByteBuffer image = java.nio.ByteBuffer.allocateDirect(4 * w * h);
    for (int r = 0; r < Integer.getInteger("runs", 30); r++) {
      long[] c0 = Chain.cpu();
      long t0 = System.nanoTime(), make = 0, launch = 0;
      cl_mem[] out = new cl_mem[blocks]; cl_kernel[] k = new cl_kernel[blocks]; cl_event[] ev = new cl_event[2 * blocks];
      for (int b = 0; b < blocks; b++) {
        long s = System.nanoTime();
        out[b] = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, bytes, null, null);
        k[b] = clCreateKernel(prog, "mandelbrot", null);
        clSetKernelArg(k[b], 0, Sizeof.cl_mem, Pointer.to(out[b]));
        clSetKernelArg(k[b], 1, Sizeof.cl_int, Pointer.to(new int[]{w}));
        clSetKernelArg(k[b], 2, Sizeof.cl_int, Pointer.to(new int[]{b * rows}));
        clSetKernelArg(k[b], 3, Sizeof.cl_float, Pointer.to(new float[]{-2.25f}));
        clSetKernelArg(k[b], 4, Sizeof.cl_float, Pointer.to(new float[]{-1.5f * h / w}));
        clSetKernelArg(k[b], 5, Sizeof.cl_float, Pointer.to(new float[]{3.0f / w}));
        clSetKernelArg(k[b], 6, Sizeof.cl_int, Pointer.to(new int[]{Integer.getInteger("iter", 2000)}));
        long m = System.nanoTime(); make += m - s;
        ev[b] = new cl_event();
        clEnqueueNDRangeKernel(q, k[b], 2, null, new long[]{w, rows}, null, 0, null, ev[b]);
        launch += System.nanoTime() - m;
      }
      long t1 = System.nanoTime();
      for (int b = 0; b < blocks; b++) {
        ev[blocks + b] = new cl_event();
        clEnqueueReadBuffer(q, out[b], CL_FALSE, 0, bytes, Pointer.to(image).withByteOffset(b * bytes), 1, new cl_event[]{ev[b]}, ev[blocks + b]);
      }
      long t2 = System.nanoTime();
      clFinish(q);
      long t3 = System.nanoTime();
      for (cl_event e : ev) clReleaseEvent(e);
      for (int b = 0; b < blocks; b++) { clReleaseKernel(k[b]); clReleaseMemObject(out[b]); }
      long t4 = System.nanoTime();
      long[] c1 = Chain.cpu();
      System.out.printf("%s run %2d: %6.2f ms = make %5.2f + launch %5.2f + reads %5.2f + finish %5.2f; release %5.2f; cpu main %5.2f device %5.2f%n",
          Chain.platformName.substring(0, 6), r, (t3 - t0) / 1e6, make / 1e6, launch / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6,
          (c1[0] - c0[0]) / 1e6, (c1[1] - c0[1]) / 1e6);
    }
    System.exit(0);
  }
}
