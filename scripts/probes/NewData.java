import org.jocl.*;
import static org.jocl.CL.*;

/**
 * What a program's new data costs: -Druns= times, a buffer of -Dmb= MB made from a float[] (CL_MEM_COPY_HOST_PTR),
 * then a blocking write of a float[] into a second buffer of that size, each timed; both released after. The
 * platform is picked by a part of its name (-Dplatform=OmniCL, NVIDIA), the device by -Ddevice= (0: the first).
 */
public class NewData {
  public static void main(String[] a) {
    CL.setExceptionsEnabled(true);
    String want = System.getProperty("platform", "");
    int[] np = new int[1]; clGetPlatformIDs(0, null, np);
    cl_platform_id[] ps = new cl_platform_id[np[0]]; clGetPlatformIDs(np[0], ps, null);
    cl_platform_id p = null;
    for (cl_platform_id c : ps) {
      long[] size = new long[1]; clGetPlatformInfo(c, CL_PLATFORM_NAME, 0, null, size);
      byte[] b = new byte[(int) size[0]]; clGetPlatformInfo(c, CL_PLATFORM_NAME, b.length, Pointer.to(b), null);
      if (p == null && new String(b, 0, b.length - 1).contains(want)) { p = c; }
    }
    int index = Integer.getInteger("device", 0);
    cl_device_id[] d = new cl_device_id[index + 1]; clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, index + 1, d, null);
    byte[] name = new byte[256]; clGetDeviceInfo(d[index], CL_DEVICE_NAME, 256, Pointer.to(name), null);
    System.out.println("device " + new String(name).trim());
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d[index]}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d[index], 0, null);
    int floats = Integer.getInteger("mb", 128) << 18;
    float[] x = new float[floats];
    for (int i = 0; i < floats; i++) x[i] = i;
    for (int r = 0; r < Integer.getInteger("runs", 8); r++) {
      long t0 = System.nanoTime();
      cl_mem made = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * floats, Pointer.to(x), null);
      long t1 = System.nanoTime();
      cl_mem written = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4L * floats, null, null);
      clEnqueueWriteBuffer(q, written, true, 0, 4L * floats, Pointer.to(x), 0, null, null);
      long t2 = System.nanoTime();
      System.out.printf("run %d: made from the array %.2f ms, written blocking %.2f ms%n", r, (t1 - t0) / 1e6, (t2 - t1) / 1e6);
      clReleaseMemObject(made); clReleaseMemObject(written);
    }
  }
}
