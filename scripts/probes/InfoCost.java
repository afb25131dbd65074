// What each device info query costs on a platform's devices, in the order OmniCL reads them at discovery (stop 37):
// plain JOCL on the classpath with omnicl.jar's io.omnicl.spi.DeviceParam; the platform whose name holds -Dplatform
// (NVIDIA by default); for each device, every parameter's clGetDeviceInfo (size query then value) timed, the slowest
// printed, and the whole.
import org.jocl.*;
import io.omnicl.spi.DeviceParam;
import static org.jocl.CL.*;

public class InfoCost {
  public static void main(String[] a) {
    long start = System.nanoTime();
    String want = System.getProperty("platform", "NVIDIA");
    int[] n = new int[1];
    clGetPlatformIDs(0, null, n);
    cl_platform_id[] ps = new cl_platform_id[n[0]];
    clGetPlatformIDs(n[0], ps, null);
    System.out.printf("platforms %.1f ms%n", (System.nanoTime() - start) / 1e6);
    for (cl_platform_id p : ps) {
      long[] size = new long[1];
      clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, null, size);
      byte[] b = new byte[(int) size[0]];
      clGetPlatformInfo(p, CL_PLATFORM_NAME, b.length, Pointer.to(b), null);
      if (!new String(b).contains(want)) continue;
      clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, null, n);
      cl_device_id[] ds = new cl_device_id[n[0]];
      clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n[0], ds, null);
      for (int d = 0; d < ds.length; d++) {
        long t0 = System.nanoTime();
        StringBuilder slow = new StringBuilder();
        for (DeviceParam param : DeviceParam.values()) {
          long q0 = System.nanoTime();
          long[] sz = new long[1];
          int st = clGetDeviceInfo(ds[d], param.code(), 0, null, sz);
          if (st == CL_SUCCESS && sz[0] > 0) {
            byte[] v = new byte[(int) sz[0]];
            clGetDeviceInfo(ds[d], param.code(), v.length, Pointer.to(v), null);
          }
          double ms = (System.nanoTime() - q0) / 1e6;
          if (ms > 1) slow.append(String.format(" %s %.1f ms;", param, ms));
        }
        System.out.printf("device %d: all parameters %.1f ms;%s%n", d, (System.nanoTime() - t0) / 1e6, slow);
      }
    }
  }
}
