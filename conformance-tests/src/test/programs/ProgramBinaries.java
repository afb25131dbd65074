import org.jocl.*;

import java.util.Arrays;

import static org.jocl.CL.*;

/**
 * The program binary round trip that programs use as a build cache: build from source, fetch
 * CL_PROGRAM_BINARY_SIZES and CL_PROGRAM_BINARIES, create a new program from the binary, build it, and run
 * the same kernel from both; the results must be equal. Also the binary type and a corrupted binary.
 */
public class ProgramBinaries {

    private static final String SOURCE =
            "#define ROUNDS 16\n"
          + "__kernel void hash(__global const uint *in, __global uint *out) {\n"
          + "    int i = get_global_id(0);\n"
          + "    uint h = in[i] ^ 0x9e3779b9u;\n"
          + "    for (int r = 0; r < ROUNDS; r++) { h ^= h << 13; h ^= h >> 17; h ^= h << 5; h += (uint) r; }\n"
          + "    out[i] = h;\n"
          + "}\n";

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);

        cl_program fromSource = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(fromSource, 0, null, "-cl-mad-enable", null, null);
        System.out.println("source build options: " + buildString(fromSource, devices[0], CL_PROGRAM_BUILD_OPTIONS));
        int[] binaryType = new int[1];
        clGetProgramBuildInfo(fromSource, devices[0], CL_PROGRAM_BINARY_TYPE, Sizeof.cl_uint, Pointer.to(binaryType), null);
        System.out.println("binary type after the build: " + CL.stringFor_cl_program_binary_type(binaryType[0]));

        int[] numDevices = new int[1];
        clGetProgramInfo(fromSource, CL_PROGRAM_NUM_DEVICES, Sizeof.cl_uint, Pointer.to(numDevices), null);
        System.out.println("program devices: " + numDevices[0]);
        long[] sizes = new long[numDevices[0]];
        clGetProgramInfo(fromSource, CL_PROGRAM_BINARY_SIZES, (long) Sizeof.size_t * sizes.length, Pointer.to(sizes), null);
        System.out.println("~ binary size: " + sizes[0]);
        System.out.println("binary size > 0: " + (sizes[0] > 0));
        byte[][] binaries = new byte[numDevices[0]][];
        Pointer[] pointers = new Pointer[numDevices[0]];
        for (int i = 0; i < binaries.length; i++) {
            binaries[i] = new byte[(int) sizes[i]];
            pointers[i] = Pointer.to(binaries[i]);
        }
        clGetProgramInfo(fromSource, CL_PROGRAM_BINARIES, (long) Sizeof.POINTER * pointers.length, Pointer.to(pointers), null);
        boolean allZero = true;
        for (byte b : binaries[0]) {
            if (b != 0) {
                allZero = false;
                break;
            }
        }
        System.out.println("binary filled in: " + !allZero);

        int[] binaryStatus = new int[1];
        cl_program fromBinary = clCreateProgramWithBinary(context, 1, devices, new long[] {binaries[0].length}, new byte[][] {binaries[0]}, binaryStatus, null);
        System.out.println("binary status: " + CL.stringFor_errorCode(binaryStatus[0]));
        clGetProgramBuildInfo(fromBinary, devices[0], CL_PROGRAM_BINARY_TYPE, Sizeof.cl_uint, Pointer.to(binaryType), null);
        System.out.println("binary type before the build: " + CL.stringFor_cl_program_binary_type(binaryType[0]));
        clBuildProgram(fromBinary, 0, null, null, null, null);
        int[] status = new int[1];
        clGetProgramBuildInfo(fromBinary, devices[0], CL_PROGRAM_BUILD_STATUS, Sizeof.cl_int, Pointer.to(status), null);
        System.out.println("build from binary: " + CL.stringFor_cl_build_status(status[0]));
        long[] kernelCount = new long[1];
        clGetProgramInfo(fromBinary, CL_PROGRAM_NUM_KERNELS, Sizeof.size_t, Pointer.to(kernelCount), null);
        System.out.println("kernels in the program from binary: " + kernelCount[0] + " (" + programString(fromBinary, CL_PROGRAM_KERNEL_NAMES) + ")");

        int n = 10000;
        int[] input = new int[n];
        for (int i = 0; i < n; i++) {
            input[i] = (int) (i * 2654435761L);
        }
        int[] a = run(context, queue, fromSource, input);
        int[] b = run(context, queue, fromBinary, input);
        long checksum = 0;
        for (int v : a) {
            checksum = checksum * 1_000_003 + (v & 0xffffffffL);
        }
        System.out.println("results equal: " + Arrays.equals(a, b) + ", checksum " + checksum + ", out[1] = " + Integer.toUnsignedString(a[1]));

        // a corrupted binary is refused, when it is created or when it is built
        byte[] corrupted = binaries[0].clone();
        for (int i = 0; i < Math.min(64, corrupted.length); i++) {
            corrupted[i] = (byte) 0xA5;
        }
        String outcome;
        try {
            cl_program bad = clCreateProgramWithBinary(context, 1, devices, new long[] {corrupted.length}, new byte[][] {corrupted}, binaryStatus, null);
            try {
                clBuildProgram(bad, 0, null, null, null, null);
                outcome = "accepted";
            } catch (CLException e) {
                outcome = "build fails";
            }
            clReleaseProgram(bad);
        } catch (CLException e) {
            outcome = "creation fails with " + CL.stringFor_errorCode(e.getStatus()) + ", binary status " + CL.stringFor_errorCode(binaryStatus[0]);
        }
        System.out.println("corrupted binary: " + (outcome.equals("accepted") ? "accepted" : "refused"));
        System.out.println("~ corrupted binary: " + outcome);

        clReleaseProgram(fromSource);
        clReleaseProgram(fromBinary);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }

    static int[] run(cl_context context, cl_command_queue queue, cl_program program, int[] input) {
        cl_kernel kernel = clCreateKernel(program, "hash", null);
        cl_mem in = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 4L * input.length, Pointer.to(input), null);
        cl_mem out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 4L * input.length, null, null);
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(in));
        clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(out));
        clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {input.length}, null, 0, null, null);
        int[] result = new int[input.length];
        clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 4L * input.length, Pointer.to(result), 0, null, null);
        clReleaseMemObject(in);
        clReleaseMemObject(out);
        clReleaseKernel(kernel);
        return result;
    }

    static String buildString(cl_program program, cl_device_id device, int param) {
        long[] size = new long[1];
        clGetProgramBuildInfo(program, device, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetProgramBuildInfo(program, device, param, b.length, Pointer.to(b), null);
        return new String(b, 0, Math.max(0, b.length - 1));
    }

    static String programString(cl_program program, int param) {
        long[] size = new long[1];
        clGetProgramInfo(program, param, 0, null, size);
        byte[] b = new byte[(int) size[0]];
        clGetProgramInfo(program, param, b.length, Pointer.to(b), null);
        return new String(b, 0, b.length - 1);
    }
}
