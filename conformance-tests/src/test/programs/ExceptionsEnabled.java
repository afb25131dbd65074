import org.jocl.*;

import java.nio.ByteBuffer;

import static org.jocl.CL.*;

/**
 * Error handling with CL.setExceptionsEnabled(true): a series of deliberate mistakes, each caught as a
 * CLException (status and message printed) or, for JOCL's own argument checks, as the Java exception JOCL
 * throws; a build error with its log; and the same mistake with exceptions disabled again, as an error code.
 */
public class ExceptionsEnabled {

    interface Call {
        void run();
    }

    static void attempt(String what, Call call) {
        try {
            call.run();
            System.out.println(what + ": no exception");
        } catch (CLException e) {
            // JOCL puts the build logs after the first line of a build failure's message
            String[] lines = e.getMessage().split("\n");
            System.out.println(what + ": CLException status " + CL.stringFor_errorCode(e.getStatus()) + ", message '" + lines[0] + "'");
            if (lines.length > 1) {
                System.out.println("  the message goes on: " + lines[1]);
                System.out.println("  it names the undeclared identifier: " + e.getMessage().contains("undefined_variable"));
                for (int i = 2; i < lines.length; i++) {
                    System.out.println("~   " + lines[i]);
                }
            }
        } catch (RuntimeException e) {
            System.out.println(what + ": " + e.getClass().getName() + " '" + e.getMessage() + "'");
        }
    }

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);

        attempt("buffer of 0 bytes", () -> clCreateBuffer(context, CL_MEM_READ_WRITE, 0, null, null));
        attempt("COPY_HOST_PTR without a pointer", () -> clCreateBuffer(context, CL_MEM_COPY_HOST_PTR, 64, null, null));
        attempt("READ_ONLY | WRITE_ONLY", () -> clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, null, null));
        cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 256, null, null);
        attempt("read beyond the end", () -> clEnqueueReadBuffer(queue, buffer, CL_TRUE, 128, 256, Pointer.to(new byte[256]), 0, null, null));
        attempt("non-blocking write from a Java array", () -> clEnqueueWriteBuffer(queue, buffer, CL_FALSE, 0, 16, Pointer.to(new byte[16]), 0, null, null));
        attempt("non-blocking read into a Java array", () -> clEnqueueReadBuffer(queue, buffer, CL_FALSE, 0, 16, Pointer.to(new byte[16]), 0, null, null));
        attempt("queue with unknown properties", () -> clCreateCommandQueue(context, devices[0], 1L << 40, null));
        attempt("device info with a short buffer", () -> clGetDeviceInfo(devices[0], CL_DEVICE_NAME, 2, Pointer.to(new byte[2]), null));
        attempt("unknown device info", () -> clGetDeviceInfo(devices[0], 0x7fff, 8, Pointer.to(new long[1]), null));
        attempt("wait for no events", () -> clWaitForEvents(0, new cl_event[0]));
        attempt("map with no flags beyond the end", () -> clEnqueueMapBuffer(queue, buffer, CL_TRUE, CL_MAP_READ, 200, 100, 0, null, null, null));

        // a program that does not compile
        String broken = "__kernel void broken(__global int *x) { x[0] = undefined_variable; }";
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {broken}, null, null);
        attempt("build a broken program", () -> clBuildProgram(program, 0, null, null, null, null));
        int[] status = new int[1];
        clGetProgramBuildInfo(program, devices[0], CL_PROGRAM_BUILD_STATUS, Sizeof.cl_int, Pointer.to(status), null);
        System.out.println("build status: " + CL.stringFor_cl_build_status(status[0]));
        long[] size = new long[1];
        clGetProgramBuildInfo(program, devices[0], CL_PROGRAM_BUILD_LOG, 0, null, size);
        byte[] log = new byte[(int) size[0]];
        clGetProgramBuildInfo(program, devices[0], CL_PROGRAM_BUILD_LOG, log.length, Pointer.to(log), null);
        String text = new String(log, 0, Math.max(0, log.length - 1));
        for (String line : text.split("\n")) {
            System.out.println("~ log: " + line);
        }
        System.out.println("the log names the undeclared identifier: " + text.contains("undefined_variable"));
        attempt("kernel of a program that did not build", () -> clCreateKernel(program, "broken", null));

        cl_program good = clCreateProgramWithSource(context, 1, new String[] {"__kernel void k(__global int *x, int v) { x[get_global_id(0)] = v; }"}, null, null);
        clBuildProgram(good, 0, null, null, null, null);
        attempt("a kernel that is not there", () -> clCreateKernel(good, "no_such_kernel", null));
        cl_kernel kernel = clCreateKernel(good, "k", null);
        attempt("argument index 2 of 2", () -> clSetKernelArg(kernel, 2, Sizeof.cl_int, Pointer.to(new int[] {1})));
        attempt("launch before the arguments are set", () -> clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {4}, null, 0, null, null));
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(buffer));
        clSetKernelArg(kernel, 1, Sizeof.cl_int, Pointer.to(new int[] {42}));
        attempt("4 work dimensions", () -> clEnqueueNDRangeKernel(queue, kernel, 4, null, new long[] {1, 1, 1, 1}, null, 0, null, null));
        attempt("local size that does not divide the global size", () -> clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {10}, new long[] {4}, 0, null, null));
        attempt("a good launch", () -> clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {64}, null, 0, null, null));
        int[] back = new int[64];
        clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 256, Pointer.to(back), 0, null, null);
        System.out.println("after the good launch: back[0] = " + back[0] + ", back[63] = " + back[63]);

        CL.setExceptionsEnabled(false);
        int[] error = new int[1];
        cl_mem none = clCreateBuffer(context, CL_MEM_READ_WRITE, 0, null, error);
        System.out.println("exceptions disabled, buffer of 0 bytes: " + CL.stringFor_errorCode(error[0]) + ", result null: " + (none == null));
        System.out.println("exceptions disabled, kernel that is not there: " + codeOf(() -> clCreateKernel(good, "nope", error), error));
        System.out.println("exceptions disabled, read beyond the end: "
                + CL.stringFor_errorCode(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 128, 256, Pointer.to(new byte[256]), 0, null, null)));

        clReleaseKernel(kernel);
        clReleaseProgram(good);
        clReleaseProgram(program);
        clReleaseMemObject(buffer);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }

    static String codeOf(Call call, int[] error) {
        call.run();
        return CL.stringFor_errorCode(error[0]);
    }
}
