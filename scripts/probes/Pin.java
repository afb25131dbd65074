// Whether pinned host memory made in one OpenCL context is moved at pinned speed by another context's queue
// (docs/benchmarks.md): writes of -Dmb MB to device 1 from memory pinned in device 0's context, in a context of
// both devices, in device 1's own, and from pageable memory. Run on the real JOCL jar, platform -Dplatform.
import org.jocl.*;
import java.nio.*;
import static org.jocl.CL.*;
public class Pin {
  public static void main(String[] a) {
    CL.setExceptionsEnabled(true);
    cl_platform_id[] ps = new cl_platform_id[8]; int[] n = new int[1];
    clGetPlatformIDs(8, ps, n);
    cl_platform_id p = null;
    for (int i = 0; i < n[0]; i++) { byte[] b = new byte[256]; clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, 256, Pointer.to(b), null);
      if (new String(b).contains(System.getProperty("platform", "NVIDIA"))) p = ps[i]; }
    cl_device_id[] ds = new cl_device_id[2]; clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 2, ds, null);
    long bytes = Long.getLong("mb", 64) << 20;
    cl_context c0 = clCreateContext(null, 1, new cl_device_id[]{ds[0]}, null, null, null);
    cl_context c1 = clCreateContext(null, 1, new cl_device_id[]{ds[1]}, null, null, null);
    cl_context both = clCreateContext(null, 2, ds, null, null, null);
    cl_command_queue q0 = clCreateCommandQueue(c0, ds[0], 0, null), q1 = clCreateCommandQueue(c1, ds[1], 0, null);
    cl_command_queue qb = clCreateCommandQueue(both, ds[0], 0, null);
    cl_mem dst1 = clCreateBuffer(c1, CL_MEM_READ_WRITE, bytes, null, null);
    cl_mem dst0 = clCreateBuffer(c0, CL_MEM_READ_WRITE, bytes, null, null);
    ByteBuffer pin0 = pinned(c0, q0, bytes), pin1 = pinned(c1, q1, bytes), pinB = pinned(both, qb, bytes);
    ByteBuffer page = ByteBuffer.allocateDirect((int) bytes);
    for (int r = 0; r < 3; r++) {
      System.out.printf("to dev1: own ctx %.1f, dev0's ctx %.1f, both ctx %.1f, pageable %.1f GB/s; to dev0: own %.1f, dev1's %.1f%n",
          gbs(q1, dst1, pin1, bytes), gbs(q1, dst1, pin0, bytes), gbs(q1, dst1, pinB, bytes), gbs(q1, dst1, page, bytes),
          gbs(q0, dst0, pin0, bytes), gbs(q0, dst0, pin1, bytes));
    }
    // both devices at once from one pinned region
    for (int r = 0; r < 3; r++) {
      long t = System.nanoTime();
      clEnqueueWriteBuffer(q0, dst0, false, 0, bytes, Pointer.to(pin0), 0, null, null);
      clEnqueueWriteBuffer(q1, dst1, false, 0, bytes, Pointer.to(pin0), 0, null, null);
      clFinish(q0); clFinish(q1);
      System.out.printf("both devices from dev0's pinned: %.2f ms%n", (System.nanoTime() - t) / 1e6);
    }
    System.exit(0);
  }
  static ByteBuffer pinned(cl_context c, cl_command_queue q, long bytes) {
    cl_mem m = clCreateBuffer(c, CL_MEM_ALLOC_HOST_PTR, bytes, null, null);
    return clEnqueueMapBuffer(q, m, true, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, null, null, null);
  }
  static double gbs(cl_command_queue q, cl_mem dst, ByteBuffer src, long bytes) {
    double best = 0;
    for (int i = 0; i < 4; i++) {
      long t = System.nanoTime();
      clEnqueueWriteBuffer(q, dst, true, 0, bytes, Pointer.to(src), 0, null, null);
      best = Math.max(best, bytes / (double) (System.nanoTime() - t));
    }
    return best;
  }
}
