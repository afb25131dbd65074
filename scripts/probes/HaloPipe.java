// The halo probe of docs/benchmarks.md: can a stencil cut over two GPUs of separate contexts beat one GPU when its
// halo rows move through the host? Plain JOCL, no OmniCL. The bench's Jacobi kernel (Jac.SOURCE) on an -Dn grid,
// -Dsweeps sweeps on resident data, -Dreps runs of each -Dmodes (comma-separated):
//   whole     one GPU, each sweep one launch over the grid;
//   host      two GPUs, each its half of the rows; after each sweep the host waits for both GPUs' edge rows to
//             reach pinned host memory, then enqueues the next sweep with those rows uploaded first;
//   ahead     as host, but each GPU's inner rows of the next sweep are enqueued before the host waits: the GPU computes
//             them while the edge rows move;
//   callback  as host, but nothing waits: each GPU runs its inner rows, then uploads the halo row, then its edge
//             row, then downloads its edge row; the upload waits for a user event that a callback of the other
//             GPU's download completes (a driver thread, no program thread in the way);
//   shared    one context of both GPUs, each with its own buffers; the halo row goes by clEnqueueCopyBuffer from
//             the other GPU's buffer, waiting for that GPU's edge launch;
//   chained   one context of both GPUs, each with its own buffers; each GPU reads its edge row into pinned host
//             memory behind its edge launch, and the other GPU's upload of it waits for that read's event: the
//             driver orders the exchange, no program thread waits (per sweep and GPU: upload, edge, read, inner);
//   chained2  as chained, each sweep's inner rows first (inner, upload, edge, read);
//   chainedhalf as chained, each GPU's half of the rows one launch (upload, half, read): a sweep's pieces as OmniCL
//             cuts them;
//   chainedtwo as chained, each GPU with a second queue for the exchange (upload, edge, read) beside its inner rows,
//             each waiting for the other's launch of the sweep before.
//   halfthreads as chainedhalf, each GPU's enqueues made by a host thread of its own (one context, two threads);
//   relaythreads as halfthreads, but as OmniCL relays: a GPU's thread has the other GPU read the halo row on a second
//             queue of that GPU, waiting for the event of the other's half, then uploads it on its own queue waiting
//             for that read, then its half (upload, half per GPU; the reads on the other GPU's second queue);
//   threads   two GPUs (or CPU devices) of separate contexts, each driven by a host thread of its own: per sweep its
//             half as one launch, waited for, its edge row read, the two threads meet, the other's edge row written
//             (PoCL's CPU devices run a command in the thread that waits for it: the ceiling of a cut sweep there);
//   spin      as threads, the two threads meeting by spinning rather than parking.
// Each run prints microseconds per sweep and a checksum of the final grid (equal in every mode).
//   javac -cp jocl-2.0.5.jar HaloPipe.java Jac.java && java -cp jocl-2.0.5.jar:. HaloPipe
import org.jocl.*;
import java.nio.*;
import java.util.*;
import static org.jocl.CL.*;

public class HaloPipe {
  static int n = Integer.getInteger("n", 8192), sweeps = Integer.getInteger("sweeps", 1000);
  static long row = 4L * n, bytes = 4L * n * n;
  /** The cut, GPU 0 taking rows [0, h): each GPU's edge row, the row it reads from the other, its inner rows. */
  static final int h = n / 2;
  static final int[] edge = {h - 1, h}, halo = {h, h - 1}, innerFrom = {0, h + 1}, innerTo = {h - 1, n};
  static cl_platform_id platform;
  static cl_device_id[] gpus;
  static FloatBuffer init;

  public static void main(String[] a) throws Exception {
    CL.setExceptionsEnabled(true);
    cl_platform_id[] ps = new cl_platform_id[8]; int[] np = new int[1];
    clGetPlatformIDs(8, ps, np);
    for (int i = 0; i < np[0]; i++) {
      byte[] b = new byte[256]; clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, 256, Pointer.to(b), null);
      if (new String(b).contains(System.getProperty("platform", "NVIDIA"))) platform = ps[i];
    }
    cl_device_id[] ds = new cl_device_id[8]; int[] nd = new int[1];
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 8, ds, nd);
    gpus = Arrays.copyOf(ds, nd[0]);
    init = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder()).asFloatBuffer();
    for (int x = 0; x < n; x++) init.put(x, 1f);
    int reps = Integer.getInteger("reps", 3);
    for (String mode : System.getProperty("modes", "whole,host,callback,shared").split(",")) {
      for (int r = 0; r < reps; r++) {
        double[] out = switch (mode) {
          case "whole" -> whole();
          case "host" -> split(false, false);
          case "ahead" -> split(false, true);
          case "callback" -> split(true, false);
          case "shared" -> shared();
          case "chained" -> chained(Order.EDGE_FIRST);
          case "chained2" -> chained(Order.INNER_FIRST);
          case "chainedhalf" -> chained(Order.HALF);
          case "chainedtwo" -> chainedTwo();
          case "halfthreads" -> chainedThreads(false);
          case "relaythreads" -> chainedThreads(true);
          case "threads" -> threads(false);
          case "spin" -> threads(true);
          default -> throw new IllegalArgumentException(mode);
        };
        System.out.printf("%-9s run %d: %.1f us a sweep, checksum %.6f%n", mode, r, out[0], out[1]);
      }
    }
    System.exit(0);
  }

  /** A GPU's context, queue, two grids and the kernels sweeping from grid p to grid 1 - p. */
  static final class Side {
    final cl_context ctx; final cl_command_queue q; final cl_mem[] grid = new cl_mem[2]; final cl_kernel[] k = new cl_kernel[2];
    Side(cl_context ctx, cl_device_id dev) {
      this.ctx = ctx;
      q = clCreateCommandQueue(ctx, dev, 0, null);
      cl_program p = clCreateProgramWithSource(ctx, 1, new String[]{Jac.SOURCE}, null, null);
      // a define of each device's own: PoCL 3.1's CPU devices otherwise share cache entries of a kernel and abort
      clBuildProgram(p, 1, new cl_device_id[]{dev}, "-DHALO_SIDE=" + Arrays.asList(gpus).indexOf(dev), null, null);
      for (int i = 0; i < 2; i++) grid[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, null, null);
      for (int i = 0; i < 2; i++) {
        k[i] = clCreateKernel(p, "jacobi", null);
        clSetKernelArg(k[i], 0, Sizeof.cl_mem, Pointer.to(grid[i]));
        clSetKernelArg(k[i], 1, Sizeof.cl_mem, Pointer.to(grid[1 - i]));
        clSetKernelArg(k[i], 2, Sizeof.cl_int, Pointer.to(new int[]{n}));
      }
      clEnqueueWriteBuffer(q, grid[0], true, 0, bytes, Pointer.to(init), 0, null, null);
    }
    /** Rows [from, to) of sweep from grid p. */
    void rows(int p, int from, int to, cl_event[] wait, cl_event done) {
      clEnqueueNDRangeKernel(q, k[p], 2, new long[]{0, from}, new long[]{n, to - from}, null,
          wait == null ? 0 : wait.length, wait, done);
    }
  }

  static double checksum(Side s, int p, int from, int to, double sum) {
    FloatBuffer f = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder()).asFloatBuffer();
    clEnqueueReadBuffer(s.q, s.grid[p], true, 0, bytes, Pointer.to(f), 0, null, null);
    for (long i = (long) from * n; i < (long) to * n; i++) sum += f.get((int) i) * (1 + i % 7);
    return sum;
  }

  /** The checksum of the final grid, each GPU's half from its own copy. */
  static double checksumOfHalves(Side[] s) {
    return checksum(s[1], sweeps % 2, h, n, checksum(s[0], sweeps % 2, 0, h, 0));
  }

  static double[] whole() {
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{gpus[0]}, null, null, null);
    Side s = new Side(ctx, gpus[0]);
    clFinish(s.q);
    long t0 = System.nanoTime();
    for (int t = 0; t < sweeps; t++) s.rows(t % 2, 0, n, null, null);
    clFinish(s.q);
    long t1 = System.nanoTime();
    double sum = checksum(s, sweeps % 2, 0, n, 0);
    clReleaseContext(ctx);
    return new double[]{(t1 - t0) / 1e3 / sweeps, sum};
  }

  /** Host memory of a context's pinned buffer, two rows (one per parity of the sweep that writes it). */
  static ByteBuffer pinned(Side s) {
    cl_mem m = clCreateBuffer(s.ctx, CL_MEM_ALLOC_HOST_PTR, 2 * row, null, null);
    return clEnqueueMapBuffer(s.q, m, true, CL_MAP_READ | CL_MAP_WRITE, 0, 2 * row, 0, null, null, null)
        .order(ByteOrder.nativeOrder());
  }

  static Pointer slot(ByteBuffer b, int parity) {
    return Pointer.to(b.duplicate().position((int) (parity * row)).slice());
  }

  static double[] split(boolean callbacks, boolean ahead) {
    Side[] s = new Side[2];
    for (int g = 0; g < 2; g++) s[g] = new Side(clCreateContext(null, 1, new cl_device_id[]{gpus[g]}, null, null, null), gpus[g]);
    ByteBuffer[] host = {pinned(s[0]), pinned(s[1])};
    for (Side x : s) clFinish(x.q);
    cl_event[][] user = new cl_event[2][sweeps + 1];
    List<cl_event> events = new ArrayList<>();
    long t0 = System.nanoTime();
    for (int t = 0; t < sweeps; t++) {
      int p = t % 2;
      cl_event[] down = new cl_event[2];
      for (int g = 0; g < 2; g++) {
        Side x = s[g];
        if (!ahead || t == 0) x.rows(p, innerFrom[g], innerTo[g], null, null);
        if (t > 0) {
          cl_event[] wait = callbacks ? new cl_event[]{user[g][t]} : null;
          clEnqueueWriteBuffer(x.q, x.grid[p], false, halo[g] * row, row, slot(host[1 - g], p), wait == null ? 0 : 1, wait, null);
        }
        x.rows(p, edge[g], edge[g] + 1, null, null);
        down[g] = new cl_event();
        clEnqueueReadBuffer(x.q, x.grid[1 - p], false, edge[g] * row, row, slot(host[g], 1 - p), 0, null, down[g]);
        events.add(down[g]);
        if (callbacks && t + 1 < sweeps) {
          cl_event u = clCreateUserEvent(s[1 - g].ctx, null);
          user[1 - g][t + 1] = u;
          events.add(u);
          clSetEventCallback(down[g], CL_COMPLETE, (e, status, data) -> clSetUserEventStatus(u, CL_COMPLETE), null);
        }
        if (ahead && t + 1 < sweeps) x.rows(1 - p, innerFrom[g], innerTo[g], null, null);
        clFlush(x.q);
      }
      if (!callbacks) for (cl_event d : down) clWaitForEvents(1, new cl_event[]{d});
    }
    double[] result = ended(s, events, t0);
    for (Side x : s) clReleaseContext(x.ctx);
    return result;
  }

  static double[] threads(boolean spin) throws Exception {
    Side[] s = new Side[2];
    for (int g = 0; g < 2; g++) s[g] = new Side(clCreateContext(null, 1, new cl_device_id[]{gpus[g]}, null, null, null), gpus[g]);
    for (Side x : s) clFinish(x.q);
    float[][][] edges = new float[2][2][n];
    java.util.concurrent.CyclicBarrier meet = new java.util.concurrent.CyclicBarrier(2);
    java.util.concurrent.atomic.AtomicInteger arrived = new java.util.concurrent.atomic.AtomicInteger();
    int[] from = {0, h}, to = {h, n};
    Thread[] drivers = new Thread[2];
    long t0 = System.nanoTime();
    for (int g = 0; g < 2; g++) {
      final int me = g;
      drivers[g] = new Thread(() -> {
        Side x = s[me];
        try {
          for (int t = 0; t < sweeps; t++) {
            int p = t % 2;
            if (t > 0) clEnqueueWriteBuffer(x.q, x.grid[p], true, halo[me] * row, row, Pointer.to(edges[1 - me][p]), 0, null, null);
            x.rows(p, from[me], to[me], null, null);
            clEnqueueReadBuffer(x.q, x.grid[1 - p], true, edge[me] * row, row, Pointer.to(edges[me][1 - p]), 0, null, null);
            if (!spin) {
              meet.await();
            } else {
              arrived.incrementAndGet();
              while (arrived.get() < 2 * (t + 1)) Thread.onSpinWait();
            }
          }
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      drivers[g].start();
    }
    for (Thread d : drivers) d.join();
    // the contexts are kept: PoCL 3.1 failed an assertion releasing them here
    return ended(s, List.of(), t0);
  }

  static double[] chainedThreads(boolean relay) throws Exception {
    Side[] s = inOneContext();
    ByteBuffer[] host = {pinned(s[0]), pinned(s[1])};
    cl_command_queue[] second = {clCreateCommandQueue(s[0].ctx, gpus[0], 0, null),
        clCreateCommandQueue(s[0].ctx, gpus[1], 0, null)};
    for (Side x : s) clFinish(x.q);
    // per GPU and sweep: the event the other GPU's upload of the next sweep waits for (its half's, or its read's)
    java.util.concurrent.atomic.AtomicReferenceArray<cl_event> published = new java.util.concurrent.atomic.AtomicReferenceArray<>(2 * sweeps);
    List<cl_event> events = java.util.Collections.synchronizedList(new ArrayList<>());
    int[] halfFrom = {0, h}, halfTo = {h, n};
    Thread[] drivers = new Thread[2];
    long t0 = System.nanoTime();
    for (int g = 0; g < 2; g++) {
      final int me = g, other = 1 - g;
      drivers[g] = new Thread(() -> {
        Side x = s[me];
        for (int t = 0; t < sweeps; t++) {
          int p = t % 2;
          if (t > 0) {
            cl_event theirs;
            while ((theirs = published.get(2 * (t - 1) + other)) == null) Thread.onSpinWait();
            Pointer landing = slot(host[other], p);
            if (relay) {
              cl_event read = new cl_event();
              clEnqueueReadBuffer(second[other], s[other].grid[p], false, edge[other] * row, row, landing, 1,
                  new cl_event[]{theirs}, read);
              events.add(read);
              theirs = read;
            }
            clEnqueueWriteBuffer(x.q, x.grid[p], false, halo[me] * row, row, landing, 1, new cl_event[]{theirs}, null);
          }
          cl_event done = new cl_event();
          x.rows(p, halfFrom[me], halfTo[me], null, done);
          events.add(done);
          if (!relay) {
            cl_event read = new cl_event();
            clEnqueueReadBuffer(x.q, x.grid[1 - p], false, edge[me] * row, row, slot(host[me], 1 - p), 0, null, read);
            events.add(read);
            done = read;
          }
          clFlush(x.q);
          published.set(2 * t + me, done);
        }
      });
      drivers[g].start();
    }
    for (Thread d : drivers) d.join();
    double[] result = ended(s, events, t0);
    clReleaseContext(s[0].ctx);
    return result;
  }

  /** Both GPUs' sides in one context of the two. */
  static Side[] inOneContext() {
    cl_context ctx = clCreateContext(null, 2, new cl_device_id[]{gpus[0], gpus[1]}, null, null, null);
    return new Side[]{new Side(ctx, gpus[0]), new Side(ctx, gpus[1])};
  }

  /** Once both GPUs' queues have ended: microseconds a sweep since t0, the halves' checksum; the events released. */
  static double[] ended(Side[] s, List<cl_event> events, long t0) {
    for (Side x : s) clFinish(x.q);
    long t1 = System.nanoTime();
    double sum = checksumOfHalves(s);
    for (cl_event e : events) clReleaseEvent(e);
    return new double[]{(t1 - t0) / 1e3 / sweeps, sum};
  }

  /** What each GPU enqueues per sweep in the chained modes, besides the halo's upload and the edge row's read. */
  enum Order {
    /** upload, edge row, read, inner rows */
    EDGE_FIRST,
    /** inner rows, upload, edge row, read */
    INNER_FIRST,
    /** upload, its half of the rows as one launch, read */
    HALF
  }

  static double[] chained(Order order) {
    Side[] s = inOneContext();
    ByteBuffer[] host = {pinned(s[0]), pinned(s[1])};
    for (Side x : s) clFinish(x.q);
    List<cl_event> events = new ArrayList<>();
    cl_event[] readDone = new cl_event[2];
    int[] halfFrom = {0, h}, halfTo = {h, n};
    long t0 = System.nanoTime();
    for (int t = 0; t < sweeps; t++) {
      int p = t % 2;
      cl_event[] now = new cl_event[2];
      for (int g = 0; g < 2; g++) {
        Side x = s[g];
        if (order == Order.INNER_FIRST) x.rows(p, innerFrom[g], innerTo[g], null, null);
        if (t > 0) {
          clEnqueueWriteBuffer(x.q, x.grid[p], false, halo[g] * row, row, slot(host[1 - g], p), 1,
              new cl_event[]{readDone[1 - g]}, null);
        }
        if (order == Order.HALF) {
          x.rows(p, halfFrom[g], halfTo[g], null, null);
        } else {
          x.rows(p, edge[g], edge[g] + 1, null, null);
        }
        now[g] = new cl_event();
        clEnqueueReadBuffer(x.q, x.grid[1 - p], false, edge[g] * row, row, slot(host[g], 1 - p), 0, null, now[g]);
        events.add(now[g]);
        if (order == Order.EDGE_FIRST) x.rows(p, innerFrom[g], innerTo[g], null, null);
        clFlush(x.q);
      }
      readDone = now;
    }
    double[] result = ended(s, events, t0);
    clReleaseContext(s[0].ctx);
    return result;
  }

  static double[] chainedTwo() {
    Side[] s = inOneContext();
    cl_command_queue[] ex = {clCreateCommandQueue(s[0].ctx, gpus[0], 0, null), clCreateCommandQueue(s[1].ctx, gpus[1], 0, null)};
    ByteBuffer[] host = {pinned(s[0]), pinned(s[1])};
    for (Side x : s) clFinish(x.q);
    List<cl_event> events = new ArrayList<>();
    cl_event[] readDone = new cl_event[2], innerDone = new cl_event[2], edgeDone = new cl_event[2];
    long t0 = System.nanoTime();
    for (int t = 0; t < sweeps; t++) {
      int p = t % 2;
      cl_event[] read = new cl_event[2], inner = new cl_event[2], edged = new cl_event[2];
      for (int g = 0; g < 2; g++) {
        Side x = s[g];
        inner[g] = new cl_event();
        clEnqueueNDRangeKernel(x.q, x.k[p], 2, new long[]{0, innerFrom[g]}, new long[]{n, innerTo[g] - innerFrom[g]}, null,
            t == 0 ? 0 : 1, t == 0 ? null : new cl_event[]{edgeDone[g]}, inner[g]);
        if (t > 0) {
          clEnqueueWriteBuffer(ex[g], x.grid[p], false, halo[g] * row, row, slot(host[1 - g], p), 1,
              new cl_event[]{readDone[1 - g]}, null);
        }
        edged[g] = new cl_event();
        clEnqueueNDRangeKernel(ex[g], x.k[p], 2, new long[]{0, edge[g]}, new long[]{n, 1}, null,
            t == 0 ? 0 : 1, t == 0 ? null : new cl_event[]{innerDone[g]}, edged[g]);
        read[g] = new cl_event();
        clEnqueueReadBuffer(ex[g], x.grid[1 - p], false, edge[g] * row, row, slot(host[g], 1 - p), 0, null, read[g]);
        events.add(read[g]); events.add(inner[g]); events.add(edged[g]);
        clFlush(x.q); clFlush(ex[g]);
      }
      readDone = read; innerDone = inner; edgeDone = edged;
    }
    for (cl_command_queue q : ex) clFinish(q);
    double[] result = ended(s, events, t0);
    clReleaseContext(s[0].ctx);
    return result;
  }

  static double[] shared() {
    Side[] s = inOneContext();
    for (Side x : s) clFinish(x.q);
    List<cl_event> events = new ArrayList<>();
    cl_event[] edgeDone = new cl_event[2];
    long t0 = System.nanoTime();
    for (int t = 0; t < sweeps; t++) {
      int p = t % 2;
      cl_event[] now = new cl_event[2];
      for (int g = 0; g < 2; g++) {
        Side x = s[g];
        x.rows(p, innerFrom[g], innerTo[g], null, null);
        if (t > 0) {
          clEnqueueCopyBuffer(x.q, s[1 - g].grid[p], x.grid[p], halo[g] * row, halo[g] * row, row, 1,
              new cl_event[]{edgeDone[1 - g]}, null);
        }
        now[g] = new cl_event();
        x.rows(p, edge[g], edge[g] + 1, null, now[g]);
        events.add(now[g]);
        clFlush(x.q);
      }
      edgeDone = now;
    }
    double[] result = ended(s, events, t0);
    clReleaseContext(s[0].ctx);
    return result;
  }
}
