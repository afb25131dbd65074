import org.jocl.*;

import static org.jocl.CL.*;

/**
 * Context creation the way portable programs do it: clCreateContextFromType for a GPU first, then a CPU,
 * then any device (ALL, DEFAULT), printing why each attempt failed; then what the context holds and a small
 * kernel on its first device. Also the types no device has (ACCELERATOR, CUSTOM).
 */
public class ContextFromType {

    public static void main(String[] args) {
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_context_properties properties = new cl_context_properties();
        properties.addProperty(CL_CONTEXT_PLATFORM, platforms[0]);

        long[] preference = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_ALL};
        cl_context context = null;
        String chosen = null;
        for (long type : preference) {
            int[] error = new int[1];
            cl_context c = clCreateContextFromType(properties, type, null, null, error);
            System.out.println("context for " + CL.stringFor_cl_device_type(type).trim() + ": " + CL.stringFor_errorCode(error[0]));
            // what printing the returned object shows (JOCL's toString has the native handle)
            System.out.println("  returned: " + (c == null ? "null" : c.toString().replaceAll("0x[0-9a-f]+", "0x..")));
            if (error[0] == CL_SUCCESS) {
                context = c;
                chosen = CL.stringFor_cl_device_type(type).trim();
                break;
            }
        }
        System.out.println("using a " + chosen + " context");
        describe(context);
        runOn(context);
        clReleaseContext(context);

        for (long type : new long[] {CL_DEVICE_TYPE_ALL, CL_DEVICE_TYPE_DEFAULT, CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_CUSTOM}) {
            int[] error = new int[1];
            cl_context c = clCreateContextFromType(properties, type, null, null, error);
            System.out.println("context for type 0x" + Long.toHexString(type) + ": " + CL.stringFor_errorCode(error[0]));
            if (error[0] == CL_SUCCESS) {
                int[] n = new int[1];
                clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, Sizeof.cl_uint, Pointer.to(n), null);
                System.out.println("~ devices in it: " + n[0]);
                cl_device_id[] ds = new cl_device_id[n[0]];
                clGetContextInfo(c, CL_CONTEXT_DEVICES, (long) Sizeof.cl_device_id * n[0], Pointer.to(ds), null);
                boolean typeMatches = true;
                for (cl_device_id d : ds) {
                    long[] t = new long[1];
                    clGetDeviceInfo(d, CL_DEVICE_TYPE, Sizeof.cl_ulong, Pointer.to(t), null);
                    if (type != CL_DEVICE_TYPE_ALL && type != CL_DEVICE_TYPE_DEFAULT && (t[0] & type) == 0) {
                        typeMatches = false;
                    }
                    if (type == CL_DEVICE_TYPE_DEFAULT && (t[0] & CL_DEVICE_TYPE_DEFAULT) == 0) {
                        System.out.println("~ a device of the DEFAULT context does not report CL_DEVICE_TYPE_DEFAULT");
                    }
                }
                System.out.println("at least one device, of the type asked for: " + (n[0] >= 1 && typeMatches));
                clReleaseContext(c);
            }
        }
    }

    static void describe(cl_context context) {
        int[] numDevices = new int[1];
        clGetContextInfo(context, CL_CONTEXT_NUM_DEVICES, Sizeof.cl_uint, Pointer.to(numDevices), null);
        long[] size = new long[1];
        clGetContextInfo(context, CL_CONTEXT_DEVICES, 0, null, size);
        System.out.println("~ devices in the context: " + numDevices[0]);
        System.out.println("CL_CONTEXT_DEVICES size matches CL_CONTEXT_NUM_DEVICES: " + (size[0] == (long) numDevices[0] * Sizeof.cl_device_id));
        clGetContextInfo(context, CL_CONTEXT_PROPERTIES, 0, null, size);
        long[] props = new long[(int) (size[0] / 8)];
        clGetContextInfo(context, CL_CONTEXT_PROPERTIES, size[0], Pointer.to(props), null);
        System.out.println("CL_CONTEXT_PROPERTIES: " + props.length + " values, first " + CL.stringFor_cl_context_properties((int) props[0]) + ", last " + props[props.length - 1]);
        int[] refs = new int[1];
        clGetContextInfo(context, CL_CONTEXT_REFERENCE_COUNT, Sizeof.cl_uint, Pointer.to(refs), null);
        System.out.println("~ reference count: " + refs[0]);
    }

    static void runOn(cl_context context) {
        long[] size = new long[1];
        clGetContextInfo(context, CL_CONTEXT_DEVICES, 0, null, size);
        cl_device_id[] devices = new cl_device_id[(int) (size[0] / Sizeof.cl_device_id)];
        clGetContextInfo(context, CL_CONTEXT_DEVICES, size[0], Pointer.to(devices), null);
        int[] error = new int[1];
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, error);
        System.out.println("queue on the first device: " + CL.stringFor_errorCode(error[0]));
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {
                "__kernel void iota(__global int *x) { x[get_global_id(0)] = get_global_id(0) * 3; }"}, null, error);
        int status = clBuildProgram(program, 0, null, null, null, null);
        System.out.println("build for every device of the context: " + CL.stringFor_errorCode(status));
        cl_kernel kernel = clCreateKernel(program, "iota", error);
        cl_mem out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 4 * 100, null, error);
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(out));
        status = clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {100}, null, 0, null, null);
        System.out.println("kernel: " + CL.stringFor_errorCode(status));
        int[] result = new int[100];
        status = clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 400, Pointer.to(result), 0, null, null);
        long sum = 0;
        for (int v : result) {
            sum += v;
        }
        System.out.println("read: " + CL.stringFor_errorCode(status) + ", sum " + sum);
        clReleaseMemObject(out);
        clReleaseKernel(kernel);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
    }
}
