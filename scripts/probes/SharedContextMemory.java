// Where NVIDIA's driver places a buffer of a context that holds two GPUs (issue 23: a context shared by the GPUs lets
// one GPU's upload wait for the other's read by event, docs/benchmarks.md). Plain JOCL: one context of both GPUs, a
// 16 GiB buffer made, filled on GPU 0's queue, then a second one filled on GPU 1's; each GPU's memory in use (from
// nvidia-smi) after each step; then what a fill of 1, 4 and 16 GiB leaves, in such a context and in one of GPU 0 alone.
//   javac -cp jocl-2.0.5.jar SharedContextMemory.java && java -cp jocl-2.0.5.jar:. SharedContextMemory
import org.jocl.*;
import java.io.*;
import static org.jocl.CL.*;

public class SharedContextMemory {
  public static void main(String[] a) throws Exception {
    CL.setExceptionsEnabled(true);
    cl_platform_id[] ps = new cl_platform_id[8]; int[] np = new int[1];
    clGetPlatformIDs(8, ps, np);
    cl_platform_id platform = null;
    for (int i = 0; i < np[0]; i++) {
      byte[] b = new byte[256]; clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, 256, Pointer.to(b), null);
      if (new String(b).contains("NVIDIA")) platform = ps[i];
    }
    cl_device_id[] gpus = new cl_device_id[2];
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 2, gpus, null);
    long size = Long.getLong("gib", 16) << 30;
    used("before the context");
    cl_context ctx = clCreateContext(null, 2, gpus, null, null, null);
    cl_command_queue[] q = {clCreateCommandQueue(ctx, gpus[0], 0, null), clCreateCommandQueue(ctx, gpus[1], 0, null)};
    used("context of both GPUs made");
    cl_mem[] m = new cl_mem[2];
    for (int g = 0; g < 2; g++) {
      m[g] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, size, null, null);
      used("buffer " + g + " made");
      clEnqueueFillBuffer(q[g], m[g], Pointer.to(new int[]{g + 1}), 4, 0, size, 0, null, null);
      clFinish(q[g]);
      used("buffer " + g + " filled on GPU " + g + "'s queue");
    }
    int[] back = new int[1];
    clEnqueueReadBuffer(q[0], m[0], true, size - 4, 4, Pointer.to(back), 0, null, null);
    used("buffer 0 read on GPU 0's queue: " + back[0]);
    for (cl_mem x : m) clReleaseMemObject(x);
    clReleaseContext(ctx);
    // what a fill leaves, read back at its first, middle and last int: one context of both GPUs, then GPU 0 alone
    for (int shared = 1; shared >= 0; shared--) {
      cl_context c = clCreateContext(null, shared == 1 ? 2 : 1, gpus, null, null, null);
      cl_command_queue cq = clCreateCommandQueue(c, gpus[0], 0, null);
      for (long gib : new long[]{1, 4, 16}) {
        long bytes = gib << 30;
        cl_mem x = clCreateBuffer(c, CL_MEM_READ_WRITE, bytes, null, null);
        clEnqueueFillBuffer(cq, x, Pointer.to(new int[]{7}), 4, 0, bytes, 0, null, null);
        int[] first = new int[1], middle = new int[1], last = new int[1];
        clEnqueueReadBuffer(cq, x, true, 0, 4, Pointer.to(first), 0, null, null);
        clEnqueueReadBuffer(cq, x, true, bytes / 2, 4, Pointer.to(middle), 0, null, null);
        clEnqueueReadBuffer(cq, x, true, bytes - 4, 4, Pointer.to(last), 0, null, null);
        System.out.printf("%s, %d GiB filled with 7: first %d, middle %d, last %d%n",
            shared == 1 ? "context of both GPUs" : "context of GPU 0", gib, first[0], middle[0], last[0]);
        clReleaseMemObject(x);
      }
      clReleaseContext(c);
    }
  }

  static void used(String when) throws Exception {
    Process p = new ProcessBuilder("nvidia-smi", "--query-gpu=index,memory.used", "--format=csv,noheader")
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes()).trim().replace('\n', ';');
    p.waitFor();
    System.out.println(when + ": " + out);
  }
}
