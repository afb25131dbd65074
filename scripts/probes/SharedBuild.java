// What a driver lets a program of a context of several devices do when it is built for one of them (stop 37,
// the branch wip/shared-context): the first platform whose name holds -Dplatform (NVIDIA by default) with two devices or more,
// one context of its first two; programs made for one device (built, compiled and linked, from a binary; for the first
// device, then for each device on two threads at once and one after the other) and one built for both, each asked for
// its devices, its kernel names and a kernel. Runs on omnicl.jar (LWJGL inside).
import org.lwjgl.PointerBuffer;
import org.lwjgl.opencl.CL;
import org.lwjgl.system.MemoryStack;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import static org.lwjgl.opencl.CL10.*;
import static org.lwjgl.opencl.CL12.*;
import static org.lwjgl.system.MemoryUtil.*;

public class SharedBuild {
  static final String SRC = "__kernel void add(__global float* a) { a[get_global_id(0)] += 1.0f; }";

  public static void main(String[] args) {
    String want = System.getProperty("platform", "NVIDIA");
    try (MemoryStack s = MemoryStack.stackPush()) {
      IntBuffer n = s.mallocInt(1);
      clGetPlatformIDs(null, n);
      PointerBuffer ps = s.mallocPointer(n.get(0));
      clGetPlatformIDs(ps, (IntBuffer) null);
      long platform = 0;
      for (int i = 0; i < ps.capacity(); i++) {
        PointerBuffer size = s.mallocPointer(1);
        clGetPlatformInfo(ps.get(i), CL_PLATFORM_NAME, (ByteBuffer) null, size);
        ByteBuffer name = s.malloc((int) size.get(0));
        clGetPlatformInfo(ps.get(i), CL_PLATFORM_NAME, name, null);
        if (memUTF8(name, name.remaining() - 1).contains(want)) { platform = ps.get(i); break; }
      }
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, null, n);
      PointerBuffer ds = s.mallocPointer(n.get(0));
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, ds, (IntBuffer) null);
      System.out.println("devices " + n.get(0));
      long d0 = ds.get(0), d1 = ds.get(1);
      PointerBuffer props = s.pointers(CL_CONTEXT_PLATFORM, platform, 0);
      IntBuffer err = s.mallocInt(1);
      long ctx = clCreateContext(props, s.pointers(d0, d1), null, NULL, err);
      System.out.println("context " + err.get(0));
      // A: built for the first device alone
      long a = source(ctx, s);
      System.out.println("A build for d0: " + clBuildProgram(a, s.pointers(d0), "", null, NULL));
      report("A", a, s);
      // B: compiled for the first device, linked for it
      long b = source(ctx, s);
      System.out.println("B compile for d0: " + clCompileProgram(b, s.pointers(d0), "", null, null, null, NULL));
      long linked = clLinkProgram(ctx, s.pointers(d0), "", s.pointers(b), null, NULL, err);
      System.out.println("B link for d0: " + err.get(0));
      report("B", linked, s);
      // C: built for both
      long c = source(ctx, s);
      System.out.println("C build for all: " + clBuildProgram(c, (PointerBuffer) null, "", null, NULL));
      report("C", c, s);
      // D: from C's binary for the first device
      PointerBuffer sizes = s.mallocPointer(2);
      clGetProgramInfo(c, CL_PROGRAM_BINARY_SIZES, sizes, null);
      ByteBuffer bin = memAlloc((int) sizes.get(0));
      PointerBuffer bins = s.callocPointer(2);
      bins.put(0, bin);
      bins.put(1, memAlloc((int) Math.max(1, sizes.get(1))));
      System.out.println("C binary: " + nclGetProgramInfo(c, CL_PROGRAM_BINARIES, 2L * org.lwjgl.system.Pointer.POINTER_SIZE, bins.address(), NULL));
      long dprog = clCreateProgramWithBinary(ctx, s.pointers(d0), bin, null, err);
      System.out.println("D from binary: " + err.get(0) + ", build " + clBuildProgram(dprog, s.pointers(d0), "", null, NULL));
      report("D", dprog, s);
      // E: a program per device, each compiled and linked for its own device, both at once on two threads
      long[] progs = new long[2];
      Thread[] ts = new Thread[2];
      long[] devs = {d0, d1};
      for (int t = 0; t < 2; t++) {
        final int i = t;
        ts[t] = new Thread(() -> {
          try (MemoryStack st = MemoryStack.stackPush()) {
            long src = source(ctx, st);
            int c1 = clCompileProgram(src, st.pointers(devs[i]), "", null, null, null, NULL);
            IntBuffer e = st.mallocInt(1);
            progs[i] = clLinkProgram(ctx, st.pointers(devs[i]), "", st.pointers(src), null, NULL, e);
            System.out.println("E" + i + " compile " + c1 + ", link " + e.get(0));
          }
        });
        ts[t].start();
      }
      for (Thread t : ts) { try { t.join(); } catch (InterruptedException x) { } }
      report("E0", progs[0], s);
      report("E1", progs[1], s);
      // F: the same one after the other
      for (int i = 0; i < 2; i++) {
        long src = source(ctx, s);
        int c1 = clCompileProgram(src, s.pointers(devs[i]), "", null, null, null, NULL);
        long l = clLinkProgram(ctx, s.pointers(devs[i]), "", s.pointers(src), null, NULL, err);
        System.out.println("F" + i + " compile " + c1 + ", link " + err.get(0));
        report("F" + i, l, s);
      }
      // G: built for its own device each, at once
      for (int t = 0; t < 2; t++) {
        final int i = t;
        ts[t] = new Thread(() -> {
          try (MemoryStack st = MemoryStack.stackPush()) {
            progs[i] = source(ctx, st);
            System.out.println("G" + i + " build " + clBuildProgram(progs[i], st.pointers(devs[i]), "", null, NULL));
          }
        });
        ts[t].start();
      }
      for (Thread t : ts) { try { t.join(); } catch (InterruptedException x) { } }
      report("G0", progs[0], s);
      report("G1", progs[1], s);
    }
  }

  static long source(long ctx, MemoryStack s) {
    IntBuffer err = s.mallocInt(1);
    long p = clCreateProgramWithSource(ctx, SRC, err);
    return p;
  }

  static void report(String what, long p, MemoryStack s) {
    IntBuffer num = s.mallocInt(1);
    int st = clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, num, null);
    PointerBuffer size = s.mallocPointer(1);
    int names = clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, (ByteBuffer) null, size);
    IntBuffer err = s.mallocInt(1);
    long k = clCreateKernel(p, "add", err);
    System.out.println(what + ": devices " + (st == 0 ? num.get(0) : st) + ", kernel names " + names + ", kernel " + err.get(0));
  }
}
