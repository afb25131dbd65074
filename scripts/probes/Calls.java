// What one small transfer costs on a device by the way it is made (issue 22's round trip): -Dn times 4 KB written
// and read back, blocking without an event, or non-blocking with an event then waited for (from pageable memory, and
// from pinned memory where -Dpinned=true), and a launch with and without an event. Medians in us. Run on the real
// JOCL jar, platform and device as Chain; -Dprofiling=true on a queue with profiling.
import org.jocl.*;
import java.nio.*;
import java.util.Arrays;
import static org.jocl.CL.*;
public class Calls {
  interface Op { void run(); }
  static double median(Op op, int n) {
    long[] t = new long[n];
    for (int i = 0; i < n; i++) { long s = System.nanoTime(); op.run(); t[i] = System.nanoTime() - s; }
    Arrays.sort(t); return t[n / 2] / 1e3;
  }
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, Boolean.getBoolean("profiling") ? CL_QUEUE_PROFILING_ENABLE : 0, null);
    int bytes = 4096;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, null, null);
    cl_mem pin = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, bytes, null, null);
    ByteBuffer pinned = clEnqueueMapBuffer(q, pin, true, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, null, null, null);
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes);
    int[] array = new int[bytes / 4];
    String src = "__kernel void k(__global int* a) { a[get_global_id(0)]++; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    cl_kernel k = clCreateKernel(prog, "k", null);
    clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(m));
    int n = Integer.getInteger("n", 5000);
    for (int round = 0; round < 2; round++) {
      System.out.printf("write blocking array %.1f, direct %.1f, pinned %.1f%n",
          median(() -> clEnqueueWriteBuffer(q, m, true, 0, bytes, Pointer.to(array), 0, null, null), n),
          median(() -> clEnqueueWriteBuffer(q, m, true, 0, bytes, Pointer.to(direct), 0, null, null), n),
          median(() -> clEnqueueWriteBuffer(q, m, true, 0, bytes, Pointer.to(pinned), 0, null, null), n));
      System.out.printf("write event+wait direct %.1f, pinned %.1f; +flush before wait %.1f%n",
          median(() -> { cl_event e = new cl_event(); clEnqueueWriteBuffer(q, m, false, 0, bytes, Pointer.to(direct), 0, null, e); clWaitForEvents(1, new cl_event[]{e}); clReleaseEvent(e); }, n),
          median(() -> { cl_event e = new cl_event(); clEnqueueWriteBuffer(q, m, false, 0, bytes, Pointer.to(pinned), 0, null, e); clWaitForEvents(1, new cl_event[]{e}); clReleaseEvent(e); }, n),
          median(() -> { cl_event e = new cl_event(); clEnqueueWriteBuffer(q, m, false, 0, bytes, Pointer.to(pinned), 0, null, e); clFlush(q); clWaitForEvents(1, new cl_event[]{e}); clReleaseEvent(e); }, n));
      System.out.printf("read blocking array %.1f, direct %.1f, pinned %.1f; event+wait direct %.1f, pinned %.1f%n",
          median(() -> clEnqueueReadBuffer(q, m, true, 0, bytes, Pointer.to(array), 0, null, null), n),
          median(() -> clEnqueueReadBuffer(q, m, true, 0, bytes, Pointer.to(direct), 0, null, null), n),
          median(() -> clEnqueueReadBuffer(q, m, true, 0, bytes, Pointer.to(pinned), 0, null, null), n),
          median(() -> { cl_event e = new cl_event(); clEnqueueReadBuffer(q, m, false, 0, bytes, Pointer.to(direct), 0, null, e); clWaitForEvents(1, new cl_event[]{e}); clReleaseEvent(e); }, n),
          median(() -> { cl_event e = new cl_event(); clEnqueueReadBuffer(q, m, false, 0, bytes, Pointer.to(pinned), 0, null, e); clWaitForEvents(1, new cl_event[]{e}); clReleaseEvent(e); }, n));
      System.out.printf("launch no event %.1f, with event %.1f; launch+blocking read pinned %.1f; launch(event)+read(event)+wait read %.1f; launch, read pinned with event, finish %.1f%n",
          median(() -> clEnqueueNDRangeKernel(q, k, 1, null, new long[]{1024}, null, 0, null, null), n),
          median(() -> { cl_event e = new cl_event(); clEnqueueNDRangeKernel(q, k, 1, null, new long[]{1024}, null, 0, null, e); clReleaseEvent(e); }, n),
          median(() -> { clEnqueueNDRangeKernel(q, k, 1, null, new long[]{1024}, null, 0, null, null); clEnqueueReadBuffer(q, m, true, 0, bytes, Pointer.to(pinned), 0, null, null); }, n),
          median(() -> { cl_event e = new cl_event(), r = new cl_event(); clEnqueueNDRangeKernel(q, k, 1, null, new long[]{1024}, null, 0, null, e); clEnqueueReadBuffer(q, m, false, 0, bytes, Pointer.to(pinned), 0, null, r); clFlush(q); clWaitForEvents(1, new cl_event[]{r}); clReleaseEvent(e); clReleaseEvent(r); }, n),
          median(() -> { cl_event r = new cl_event(); clEnqueueNDRangeKernel(q, k, 1, null, new long[]{1024}, null, 0, null, null); clEnqueueReadBuffer(q, m, false, 0, bytes, Pointer.to(pinned), 0, null, r); clFinish(q); clReleaseEvent(r); }, n));
      clFinish(q);
    }
  }
}
