// What a clCreateBuffer with CL_MEM_COPY_HOST_PTR costs the program's thread (docs/benchmarks.md): -Dn buffers of
// -Dmb MB each from one direct buffer, on a context of device -Ddev (0: the virtual device); prints the median and
// the quartiles of the calls' times, after -Dwarm rounds. Run with omnicl.jar in place of the JOCL jar.
import org.jocl.*;
import java.nio.*;
import java.util.Arrays;
import static org.jocl.CL.*;
public class Create {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    int n = Integer.getInteger("n", 32);
    long bytes = Long.getLong("mb", 2) << 20;
    ByteBuffer host = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder());
    for (int round = 0, rounds = Integer.getInteger("warm", 5) + 1; round < rounds; round++) {
      long[] nanos = new long[n];
      cl_mem[] made = new cl_mem[n];
      for (int i = 0; i < n; i++) {
        long t = System.nanoTime();
        made[i] = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(host), null);
        nanos[i] = System.nanoTime() - t;
      }
      for (cl_mem m : made) clReleaseMemObject(m);
      Arrays.sort(nanos);
      System.out.printf("round %d: %d x %d MB, median %.3f ms, quartiles %.3f-%.3f ms%n", round, n, bytes >> 20,
          nanos[n / 2] / 1e6, nanos[n / 4] / 1e6, nanos[3 * n / 4] / 1e6);
    }
  }
}
