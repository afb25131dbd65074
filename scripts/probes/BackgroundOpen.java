// Whether a second GPU's context and build, made on a thread of its own, hold up a one-shot program's work on the
// first GPU (plain JOCL): -Dmode=one (the first GPU only), seq (both GPUs' contexts and builds first, one after the
// other, then the work), bg (the second GPU's on a thread of its own beside the work; the program then exits
// without waiting for it), bgwait (as bg, and the program waits for that thread before it exits).
// Prints each step's end in ms since the JVM started. java -cp <jocl jar>:. BackgroundOpen
import org.jocl.*;
import java.lang.management.ManagementFactory;
import static org.jocl.CL.*;
public class BackgroundOpen {
  static final long START = ManagementFactory.getRuntimeMXBean().getStartTime();
  static final String SRC = "__kernel void add(__global const float* a, __global const float* b, __global float* c) {\n"
      + " int i = get_global_id(0);\n c[i] = a[i] + b[i];\n}";
  static synchronized void mark(String what) {
    System.out.printf("%-28s %8d ms%n", what, System.currentTimeMillis() - START);
  }
  static cl_context open(cl_platform_id platform, cl_device_id device, String who) {
    cl_context_properties properties = new cl_context_properties();
    properties.addProperty(CL_CONTEXT_PLATFORM, platform);
    cl_context context = clCreateContext(properties, 1, new cl_device_id[] {device}, null, null, null);
    mark(who + " context");
    cl_program program = clCreateProgramWithSource(context, 1, new String[] {SRC}, null, null);
    clBuildProgram(program, 0, null, null, null, null);
    mark(who + " build");
    return context;
  }
  public static void main(String[] args) throws Exception {
    String mode = System.getProperty("mode", "one");
    CL.setExceptionsEnabled(true);
    int[] n = new int[1];
    clGetPlatformIDs(0, null, n);
    cl_platform_id[] ps = new cl_platform_id[n[0]];
    clGetPlatformIDs(n[0], ps, null);
    cl_platform_id platform = null;
    for (cl_platform_id p : ps) {
      long[] size = new long[1];
      clGetPlatformInfo(p, CL_PLATFORM_NAME, 0, null, size);
      byte[] b = new byte[(int) size[0]];
      clGetPlatformInfo(p, CL_PLATFORM_NAME, b.length, Pointer.to(b), null);
      if (new String(b).contains("NVIDIA")) platform = p;
    }
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 0, null, n);
    cl_device_id[] ds = new cl_device_id[n[0]];
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, n[0], ds, null);
    mark("platforms and devices");
    final cl_platform_id pf = platform;
    Thread second = null;
    if (mode.equals("seq")) {
      open(pf, ds[0], "gpu0");
      open(pf, ds[1], "gpu1");
    } else if (mode.startsWith("bg")) {
      second = new Thread(() -> open(pf, ds[1], "gpu1 (thread)"));
      second.setDaemon(true);
      second.start();
    }
    cl_context context = open(pf, ds[0], "gpu0 (program)");
    cl_command_queue queue = clCreateCommandQueue(context, ds[0], 0, null);
    cl_program program = clCreateProgramWithSource(context, 1, new String[] {SRC}, null, null);
    clBuildProgram(program, 0, null, null, null, null);
    cl_kernel kernel = clCreateKernel(program, "add", null);
    int N = 1 << 20;
    float[] a = new float[N], b = new float[N], c = new float[N];
    for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0.5f * i; }
    long bytes = (long) Sizeof.cl_float * N;
    cl_mem as = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(a), null);
    cl_mem bs = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, Pointer.to(b), null);
    cl_mem cs = clCreateBuffer(context, CL_MEM_WRITE_ONLY, bytes, null, null);
    clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(as));
    clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(bs));
    clSetKernelArg(kernel, 2, Sizeof.cl_mem, Pointer.to(cs));
    clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {N}, null, 0, null, null);
    clEnqueueReadBuffer(queue, cs, CL_TRUE, 0, bytes, Pointer.to(c), 0, null, null);
    mark("work read back");
    boolean ok = true;
    for (int i = 0; i < N; i++) ok &= c[i] == 1.5f * i;
    mark("correct " + ok + (second != null ? ", thread alive " + second.isAlive() : ""));
    if (mode.equals("bgwait")) {
      second.join();
      mark("thread joined");
    }
  }
}
