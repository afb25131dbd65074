import static org.jocl.CL.*;
import org.jocl.*;
import io.omnicl.OmniCL;

/**
 * Launches that ask their geometry along the dimension a virtual device cuts them along, checked work-item by
 * work-item: a 2D launch writing get_global_size, get_global_offset, get_group_id and get_num_groups of its rows, and
 * (with the build option -cl-std=CL3.0 as first argument) a 1D launch writing get_global_linear_id. Prints the
 * wrong work-items of each (0 expected) and OmniCL's launch counts. Run with OMNICL_SPLIT=always to cut them.
 */
public class VariantProbe {
    public static void main(String[] a) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] p = new cl_platform_id[1];
        clGetPlatformIDs(1, p, null);
        cl_device_id[] d = new cl_device_id[1];
        clGetDeviceIDs(p[0], CL_DEVICE_TYPE_ALL, 1, d, null);
        cl_context c = clCreateContext(null, 1, d, null, null, null);
        cl_command_queue q = clCreateCommandQueue(c, d[0], 0, null);
        String src = "kernel void whereRows(global int* out, int w) {\n"
            + "  int i = 4 * ((get_global_id(1) - get_global_offset(1)) * w + get_global_id(0));\n"
            + "  out[i] = get_global_size(1); out[i + 1] = get_global_offset(1);\n"
            + "  out[i + 2] = get_group_id(1); out[i + 3] = get_num_groups(1);\n"
            + "}\n"
            + "kernel void lin(global int* out) { out[get_global_id(0)] = get_global_linear_id(); }\n";
        cl_program prog = clCreateProgramWithSource(c, 1, new String[] {src}, null, null);
        clBuildProgram(prog, 0, null, a.length > 0 ? a[0] : null, null, null);
        int w = 64, h = 4096;
        cl_mem out = clCreateBuffer(c, CL_MEM_READ_WRITE, 4L * 4 * w * h, null, null);
        cl_kernel k = clCreateKernel(prog, "whereRows", null);
        clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(out));
        clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[] {w}));
        clEnqueueNDRangeKernel(q, k, 2, new long[] {0, 6}, new long[] {w, h}, new long[] {16, 4}, 0, null, null);
        int[] got = new int[4 * w * h];
        clEnqueueReadBuffer(q, out, true, 0, 4L * got.length, Pointer.to(got), 0, null, null);
        int bad = 0;
        for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) {
            int i = 4 * (y * w + x);
            if (got[i] != h || got[i + 1] != 6 || got[i + 2] != y / 4 || got[i + 3] != h / 4) bad++;
        }
        System.out.println("whereRows bad=" + bad);
        if (a.length > 0) {
            int n = 1 << 20;
            cl_mem o2 = clCreateBuffer(c, CL_MEM_READ_WRITE, 4L * (n + 100), null, null);
            cl_kernel l = clCreateKernel(prog, "lin", null);
            clSetKernelArg(l, 0, Sizeof.cl_mem, Pointer.to(o2));
            clEnqueueNDRangeKernel(q, l, 1, new long[] {100}, new long[] {n}, new long[] {256}, 0, null, null);
            int[] g2 = new int[n + 100];
            clEnqueueReadBuffer(q, o2, true, 0, 4L * (n + 100), Pointer.to(g2), 0, null, null);
            // the kernel writes at get_global_id, which starts at 100: the first 100 are unwritten
            int bad2 = 0;
            for (int i = 100; i < n + 100; i++) if (g2[i] != i - 100) bad2++;
            System.out.println("lin bad=" + bad2);
        }
        System.out.println(OmniCL.launchSplits());
    }
}
