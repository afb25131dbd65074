package io.omnicl.differential;

import static io.omnicl.differential.ClChecks.check;
import static io.omnicl.differential.ClChecks.err;
import static org.jocl.CL.CL_CONTEXT_PLATFORM;
import static org.jocl.CL.CL_DEVICE_MEM_BASE_ADDR_ALIGN;
import static org.jocl.CL.CL_PROGRAM_BUILD_LOG;
import static org.jocl.CL.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
import static org.jocl.CL.CL_SUCCESS;
import static org.jocl.CL.clBuildProgram;
import static org.jocl.CL.clCreateCommandQueue;
import static org.jocl.CL.clCreateContext;
import static org.jocl.CL.clCreateKernel;
import static org.jocl.CL.clCreateProgramWithSource;
import static org.jocl.CL.clGetDeviceInfo;
import static org.jocl.CL.clGetProgramBuildInfo;
import static org.jocl.CL.clReleaseContext;
import static org.jocl.CL.clReleaseKernel;
import static org.jocl.CL.clReleaseProgram;

import io.omnicl.conformance.Info;

import java.util.EnumMap;
import java.util.Map;

import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;

/**
 * A context over one device with the kernels of {@link KernelKind} built, shared by every program a JVM
 * runs on that device (building is the slow part).
 */
final class ClSession implements AutoCloseable {

    final cl_device_id device;
    final cl_context context;
    private final cl_program program;
    private final Map<KernelKind, cl_kernel> kernels = new EnumMap<>(KernelKind.class);

    ClSession(cl_platform_id platform, cl_device_id device) {
        this.device = device;
        cl_context_properties properties = new cl_context_properties();
        properties.addProperty(CL_CONTEXT_PLATFORM, platform);
        int[] e = err();
        context = clCreateContext(properties, 1, new cl_device_id[] {device}, null, null, e);
        check(e[0], "clCreateContext");
        program = clCreateProgramWithSource(context, 1, new String[] {KernelKind.SOURCE}, null, e);
        check(e[0], "clCreateProgramWithSource");
        int built = clBuildProgram(program, 1, new cl_device_id[] {device}, null, null, null);
        if (built != CL_SUCCESS) {
            String log = Info.string((p, size, value, ret) -> clGetProgramBuildInfo(program, device, p, size, value,
                    ret), CL_PROGRAM_BUILD_LOG);
            check(built, "clBuildProgram: " + log);
        }
        for (KernelKind k : KernelKind.values()) {
            kernels.put(k, clCreateKernel(program, k.functionName, e));
            check(e[0], "clCreateKernel(" + k.functionName + ")");
        }
    }

    cl_kernel kernel(KernelKind kind) {
        return kernels.get(kind);
    }

    /** A new queue on the session's device; the caller releases it. */
    cl_command_queue newQueue(boolean outOfOrder) {
        int[] e = err();
        cl_command_queue q = clCreateCommandQueue(context, device,
                outOfOrder ? CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE : 0, e);
        check(e[0], "clCreateCommandQueue");
        return q;
    }

    /** CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes: sub-buffer origins must be multiples of it. */
    int subBufferAlignment() {
        int bits = Info.uint((p, size, value, ret) -> clGetDeviceInfo(device, p, size, value, ret),
                CL_DEVICE_MEM_BASE_ADDR_ALIGN);
        return bits / 8;
    }

    @Override
    public void close() {
        for (cl_kernel k : kernels.values()) {
            check(clReleaseKernel(k), "clReleaseKernel");
        }
        check(clReleaseProgram(program), "clReleaseProgram");
        check(clReleaseContext(context), "clReleaseContext");
    }
}
