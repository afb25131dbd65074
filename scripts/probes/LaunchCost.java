// What makes a driver's kernel launch cost more in OmniCL's device thread than in a plain JOCL program: 10,000
// event-less launches of a tiny kernel (as Chain.java), each variant in a fresh context with one of OmniCL's
// habits added: a profiling queue (prof), a flush and an event every 16 launches (ev16), a mapped 64 MB
// CL_MEM_ALLOC_HOST_PTR buffer (pinned), a second queue (queue2), launches from a thread of their own (thread);
// "all" has them all. Each run also shows the mean time a launch call took. -Dplatform, -Ddev as Chain.java; -Dreps runs per variant, the last 3 printed.
import org.jocl.*;
import java.util.concurrent.*;
import static org.jocl.CL.*;
public class LaunchCost {
  public static void main(String[] a) throws Exception {
    cl_device_id d = Chain.device();
    String[] variants = System.getProperty("variants", "plain,prof,ev16,pinned,queue2,thread,all,plain").split(",");
    int reps = Integer.getInteger("reps", 6), n = Integer.getInteger("n", 10000);
    ExecutorService other = Executors.newSingleThreadExecutor();
    for (String v : variants) {
      boolean all = v.equals("all");
      cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
      cl_command_queue q = clCreateCommandQueue(ctx, d, all || v.equals("prof") ? CL_QUEUE_PROFILING_ENABLE : 0, null);
      cl_command_queue q2 = all || v.equals("queue2") ? clCreateCommandQueue(ctx, d, 0, null) : null;
      cl_mem pinned = null;
      if (all || v.equals("pinned")) {
        pinned = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 64 << 20, null, null);
        cl_command_queue mq = clCreateCommandQueue(ctx, d, 0, null);
        clEnqueueMapBuffer(mq, pinned, true, CL_MAP_READ | CL_MAP_WRITE, 0, 64 << 20, 0, null, null, null);
        clReleaseCommandQueue(mq);
      }
      boolean ev16 = all || v.equals("ev16");
      Chain.Kernels ks = Chain.Kernels.make(ctx);
      cl_kernel k0 = ks.k0(), k1 = ks.k1();
      long[] inLaunch = {0};
      Callable<Long> run = () -> {
        long t0 = System.nanoTime();
        cl_event pending = null;
        for (int t = 0; t < n; t++) {
          boolean withEvent = ev16 && t % 16 == 15;
          cl_event e = withEvent ? new cl_event() : null;
          long l0 = System.nanoTime();
          clEnqueueNDRangeKernel(q, t % 2 == 0 ? k0 : k1, 1, null, new long[]{1024}, null, 0, null, e);
          inLaunch[0] += System.nanoTime() - l0;
          if (withEvent) {
            clFlush(q);
            if (pending != null) { clWaitForEvents(1, new cl_event[]{pending}); clReleaseEvent(pending); }
            pending = e;
          }
        }
        clFinish(q);
        if (pending != null) clReleaseEvent(pending);
        return System.nanoTime() - t0;
      };
      StringBuilder out = new StringBuilder(String.format("%-8s", v));
      for (int r = 0; r < reps; r++) {
        long ns = all || v.equals("thread") ? other.submit(run).get() : run.call();
        if (r >= reps - 3) out.append(String.format(" %7.1f (%.2f us/launch)", ns / 1e6, inLaunch[0] / 1e3 / n));
        inLaunch[0] = 0;
      }
      System.out.println(out + " ms");
      ks.release();
      if (pinned != null) clReleaseMemObject(pinned);
      if (q2 != null) clReleaseCommandQueue(q2);
      clReleaseCommandQueue(q); clReleaseContext(ctx);
    }
    other.shutdown();
  }
}
