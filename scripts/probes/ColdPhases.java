// Where a one-shot program's time goes (docs/benchmarks.md, "Cold start, stop 21"): the steps of the demos' OneShot,
// each printed with its own time and when it ended, in ms since the JVM started (read from RuntimeMXBean once all
// steps are done, so that the management beans do not count in the first step). -Ddev=N picks the device,
// -Dplatform=<part of a name> the platform (the first by default); -DbuffersFirst=true makes the buffers before the
// program, as JOCL's own sample does.
// Run with omnicl.jar or the real JOCL jar on the class path: java -cp <jar>:. ColdPhases
import org.jocl.*;
import java.lang.management.ManagementFactory;
import static org.jocl.CL.*;
public class ColdPhases {
  static long last = System.nanoTime();
  static final java.util.List<Object[]> marks = new java.util.ArrayList<>();
  static void mark(String what) {
    long now = System.nanoTime();
    marks.add(new Object[] {what, (now - last) / 1e6, System.currentTimeMillis()});
    last = System.nanoTime();
  }
  static String name(cl_platform_id p) {
    long[] size = new long[1];
    clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, null, size);
    byte[] b = new byte[(int) size[0]];
    clGetPlatformInfo(p, CL_PLATFORM_NAME, b.length, Pointer.to(b), null);
    return new String(b, 0, b.length - 1);
  }
  static cl_mem[] buffers(cl_context context, float[] a, float[] b, long bytes) {
    return new cl_mem[] {
      clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(a), null),
      clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(b), null),
      clCreateBuffer(context, CL_MEM_WRITE_ONLY, bytes, null, null)};
  }
  public static void main(String[] args) {
    mark("main");
    CL.setExceptionsEnabled(true);
    mark("CL init");
    int[] n = new int[1];
    clGetPlatformIDs(0, null, n);
    cl_platform_id[] ps = new cl_platform_id[n[0]];
    clGetPlatformIDs(n[0], ps, null);
    mark("platforms");
    cl_platform_id platform = ps[0];
    String wanted = System.getProperty("platform");
    for (cl_platform_id p : ps) {
      if (wanted != null && name(p).contains(wanted)) { platform = p; break; }
    }
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, n);
    cl_device_id[] ds = new cl_device_id[n[0]];
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, n[0], ds, null);
    cl_device_id device = ds[Integer.getInteger("dev", 0)];
    mark("devices");
    int N = 1 << 20;
    float[] a = new float[N], b = new float[N], c = new float[N];
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0.5f * i; }
    cl_context_properties properties = new cl_context_properties();
    properties.addProperty(CL_CONTEXT_PLATFORM, platform);
    cl_context context = clCreateContext(properties, 1, new cl_device_id[] {device}, null, null, null);
    mark("context");
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, null);
    mark("queue");
    long bytes = (long) Sizeof.cl_float * N;
    boolean buffersFirst = Boolean.getBoolean("buffersFirst");
    cl_mem[] buffers = buffersFirst ? buffers(context, a, b, bytes) : null;
    if (buffersFirst) mark("buffers");
    String src = "__kernel void add(__global const float* a, __global const float* b, __global float* c) {\n"
        + " int i = get_global_id(0);\n c[i] = a[i] + b[i];\n}";
    cl_program program = clCreateProgramWithSource(context, 1, new String[] {src}, null, null);
    clBuildProgram(program, 0, null, null, null, null);
    mark("build");
    cl_kernel kernel = clCreateKernel(program, "add", null);
    mark("kernel");
    if (!buffersFirst) {
      buffers = buffers(context, a, b, bytes);
      mark("buffers");
    }
    cl_mem as = buffers[0], bs = buffers[1], cs = buffers[2];
    clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(as));
    clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(bs));
    clSetKernelArg(kernel, 2, Sizeof.cl_mem, Pointer.to(cs));
    clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {N}, null, 0, null, null);
    mark("launch");
    clEnqueueReadBuffer(queue, cs, CL_TRUE, 0, bytes, Pointer.to(c), 0, null, null);
    mark("read");
    clReleaseMemObject(as); clReleaseMemObject(bs); clReleaseMemObject(cs);
    clReleaseKernel(kernel); clReleaseProgram(program); clReleaseCommandQueue(queue); clReleaseContext(context);
    mark("release");
    for (int i = 0; i < N; i++) if (c[i] != a[i] + b[i]) throw new AssertionError("wrong at " + i);
    long start = ManagementFactory.getRuntimeMXBean().getStartTime();
    for (Object[] m : marks) {
      System.out.printf("%-10s %7.1f ms   (at %d ms)%n", m[0], m[1], (Long) m[2] - start);
    }
  }
}
