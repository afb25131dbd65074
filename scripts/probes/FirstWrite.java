// Where the virtual device puts the first write of a buffer (docs/benchmarks.md): a 4 MB write from a direct buffer
// to a new buffer on device -Ddev (0: the virtual device), then one kernel that reads it; OmniCL's counters after each.
// With one device measured at 10x all the others together, the write should go to that device and the kernel move
// nothing more. Run with omnicl.jar in place of the JOCL jar, -Dplatform=OmniCL.
import io.omnicl.OmniCL;
import io.omnicl.driver.DeviceCounters;
import org.jocl.*;
import java.nio.*;
import static org.jocl.CL.*;
public class FirstWrite {
  public static void main(String[] a) {
    cl_device_id d = Chain.device();
    cl_context ctx = clCreateContext(null, 1, new cl_device_id[]{d}, null, null, null);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, null);
    int n = 1 << 20;
    String src = "__kernel void inc(__global float* b) { int i = get_global_id(0); b[i] += 1.0f; }";
    cl_program prog = clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
    clBuildProgram(prog, 0, null, null, null, null);
    cl_kernel k = clCreateKernel(prog, "inc", null);
    ByteBuffer host = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder());
    print("start");
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4L * n, null, null);
    clEnqueueWriteBuffer(q, m, false, 0, 4L * n, Pointer.to(host), 0, null, null);
    clFinish(q);
    print("after the write");
    clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(m));
    clEnqueueNDRangeKernel(q, k, 1, null, new long[]{n}, null, 0, null, null);
    clFinish(q);
    print("after the kernel");
  }
  static void print(String when) {
    StringBuilder sb = new StringBuilder(when + ":");
    for (DeviceCounters c : OmniCL.counters()) sb.append(String.format("  [%s] kernels %d, to device %d B, to host %d B", c.device(), c.kernels(), c.bytesToDevice(), c.bytesToHost()));
    System.out.println(sb);
  }
}
