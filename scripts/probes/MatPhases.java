// Where a matmul run's time goes (docs/benchmarks.md): the bench's matmul (-Dn, default 4096, -Dblocks, default 32)
// -Druns times on device -Ddev of the platform named by -Dplatform (as Chain; -Ddev=0 on OmniCL: the virtual
// device), each run split into the program thread's phases: creating B, the loop over blocks (A block, C block,
// kernel, arguments, launch), enqueueing the reads, clFinish, releasing.
import org.jocl.*;
import java.nio.*;
import static org.jocl.CL.*;
public class MatPhases {
  public static void main(String[] x) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{io.omnicl.demos.bench.Workloads.create("matmul", io.omnicl.demos.bench.Options.parse(new String[0])).source()}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    int n = Integer.getInteger("n", 4096), blocks = Integer.getInteger("blocks", 32), rows = n / blocks;
    long blockBytes = 4L * rows * n, matrixBytes = 4L * n * n;
    ByteBuffer a = ByteBuffer.allocateDirect((int) matrixBytes), b = ByteBuffer.allocateDirect((int) matrixBytes);
    for (int r = 0; r < Integer.getInteger("runs", 20); r++) {
      ByteBuffer c = ByteBuffer.allocateDirect((int) matrixBytes);
      cl_mem[] as = new cl_mem[blocks], cs = new cl_mem[blocks]; cl_kernel[] ks = new cl_kernel[blocks]; cl_event[] ev = new cl_event[2 * blocks];
      long t0 = System.nanoTime();
      cl_mem bAll = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, matrixBytes, Pointer.to(b), null);
      long t1 = System.nanoTime();
      for (int k = 0; k < blocks; k++) {
        as[k] = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, blockBytes, Pointer.to(a).withByteOffset(k * blockBytes), null);
        cs[k] = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, blockBytes, null, null);
        ks[k] = clCreateKernel(prog, "matmul", null);
        clSetKernelArg(ks[k], 0, Sizeof.cl_mem, Pointer.to(as[k]));
        clSetKernelArg(ks[k], 1, Sizeof.cl_mem, Pointer.to(bAll));
        clSetKernelArg(ks[k], 2, Sizeof.cl_mem, Pointer.to(cs[k]));
        clSetKernelArg(ks[k], 3, Sizeof.cl_int, Pointer.to(new int[]{n}));
        ev[k] = new cl_event();
        clEnqueueNDRangeKernel(q, ks[k], 2, null, new long[]{n, rows}, null, 0, null, ev[k]);
      }
      long t2 = System.nanoTime();
      for (int k = 0; k < blocks; k++) {
        ev[blocks + k] = new cl_event();
        clEnqueueReadBuffer(q, cs[k], CL_FALSE, 0, blockBytes, Pointer.to(c).withByteOffset(k * blockBytes), 1, new cl_event[]{ev[k]}, ev[blocks + k]);
      }
      long t3 = System.nanoTime();
      clFinish(q);
      long t4 = System.nanoTime();
      for (cl_event e : ev) clReleaseEvent(e);
      for (int k = 0; k < blocks; k++) { clReleaseKernel(ks[k]); clReleaseMemObject(as[k]); clReleaseMemObject(cs[k]); }
      clReleaseMemObject(bAll);
      long t5 = System.nanoTime();
      System.out.printf("%s run %2d: %6.2f ms = create B %5.2f + blocks %5.2f + reads %5.2f + finish %5.2f; release %5.2f%n",
          Chain.platformName.substring(0, 6), r, (t4 - t0) / 1e6, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6, (t5 - t4) / 1e6);
    }
    System.exit(0);
  }
}
