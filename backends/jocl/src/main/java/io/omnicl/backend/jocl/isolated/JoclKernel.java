package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_INVALID_ARG_VALUE;
import static org.jocl.CL.CL_INVALID_KERNEL;
import static org.jocl.CL.CL_INVALID_SAMPLER;
import static org.jocl.CL.CL_KERNEL_ATTRIBUTES;
import static org.jocl.CL.CL_KERNEL_ARG_ACCESS_QUALIFIER;
import static org.jocl.CL.CL_KERNEL_ARG_ADDRESS_QUALIFIER;
import static org.jocl.CL.CL_KERNEL_ARG_NAME;
import static org.jocl.CL.CL_KERNEL_ARG_TYPE_NAME;
import static org.jocl.CL.CL_KERNEL_ARG_TYPE_QUALIFIER;
import static org.jocl.CL.CL_KERNEL_COMPILE_WORK_GROUP_SIZE;
import static org.jocl.CL.CL_KERNEL_LOCAL_MEM_SIZE;
import static org.jocl.CL.CL_KERNEL_NUM_ARGS;
import static org.jocl.CL.CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE;
import static org.jocl.CL.CL_KERNEL_PRIVATE_MEM_SIZE;
import static org.jocl.CL.CL_KERNEL_WORK_GROUP_SIZE;
import static org.jocl.CL.clGetKernelArgInfo;
import static org.jocl.CL.clGetKernelInfo;
import static org.jocl.CL.clGetKernelWorkGroupInfo;
import static org.jocl.CL.clSetKernelArg;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.KernelArgInfo;
import io.omnicl.spi.KernelWorkGroupInfo;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealMem;
import io.omnicl.spi.RealSampler;
import java.nio.ByteBuffer;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;

/**
 * A kernel object. Not thread-safe, by the SPI's contract: one thread at a time sets its arguments and
 * launches it, so nothing here locks.
 */
final class JoclKernel extends ClObject<cl_kernel> implements RealKernel {

    /** The value of a null buffer argument: a NULL {@code cl_mem}. */
    private static final long[] NULL_MEM = {0};

    private final String name;
    private final cl_device_id device;

    JoclKernel(cl_kernel kernel, String name, cl_device_id device) {
        super(kernel, CL_INVALID_KERNEL, CL::clReleaseKernel);
        this.name = name;
        this.device = device;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String attributes() {
        cl_kernel kernel = handle();
        return ClCalls.string((size, value, sizeReturned) ->
            clGetKernelInfo(kernel, CL_KERNEL_ATTRIBUTES, size, value, sizeReturned), "clGetKernelInfo");
    }

    @Override
    public int argCount() {
        cl_kernel kernel = handle();
        return (int) ClCalls.number((size, value, sizeReturned) ->
            clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, size, value, sizeReturned), Integer.BYTES, "clGetKernelInfo");
    }

    @Override
    public KernelArgInfo argInfo(int index) {
        cl_kernel kernel = handle();
        ClCalls.ParamQuery param = (info, size, value, sizeReturned) ->
            clGetKernelArgInfo(kernel, index, info, size, value, sizeReturned);
        String call = "clGetKernelArgInfo(" + index + ")";
        return new KernelArgInfo(
            (int) ClCalls.number(param.of(CL_KERNEL_ARG_ADDRESS_QUALIFIER), Integer.BYTES, call),
            (int) ClCalls.number(param.of(CL_KERNEL_ARG_ACCESS_QUALIFIER), Integer.BYTES, call),
            ClCalls.string(param.of(CL_KERNEL_ARG_TYPE_NAME), call),
            ClCalls.number(param.of(CL_KERNEL_ARG_TYPE_QUALIFIER), Long.BYTES, call),
            ClCalls.string(param.of(CL_KERNEL_ARG_NAME), call));
    }

    @Override
    public KernelWorkGroupInfo workGroupInfo() {
        cl_kernel kernel = handle();
        ClCalls.ParamQuery param = (info, size, value, sizeReturned) ->
            clGetKernelWorkGroupInfo(kernel, device, info, size, value, sizeReturned);
        String call = "clGetKernelWorkGroupInfo";
        return new KernelWorkGroupInfo(
            ClCalls.number(param.of(CL_KERNEL_WORK_GROUP_SIZE), Sizeof.size_t, call),
            ClCalls.numbers(param.of(CL_KERNEL_COMPILE_WORK_GROUP_SIZE), Sizeof.size_t, call),
            ClCalls.number(param.of(CL_KERNEL_LOCAL_MEM_SIZE), Long.BYTES, call),
            ClCalls.number(param.of(CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE), Sizeof.size_t, call),
            ClCalls.number(param.of(CL_KERNEL_PRIVATE_MEM_SIZE), Long.BYTES, call));
    }

    @Override
    public void setArg(int index, RealMem memory) {
        cl_mem handle = ClObject.memHandleOf(memory);
        set(index, Sizeof.cl_mem, handle == null ? Pointer.to(NULL_MEM) : Pointer.to(handle));
    }

    @Override
    public void setArg(int index, RealSampler sampler) {
        set(index, Sizeof.cl_sampler,
            Pointer.to(ClObject.handleOf(sampler, JoclSampler.class, CL_INVALID_SAMPLER)));
    }

    @Override
    public void setArg(int index, ByteBuffer value) {
        cl_kernel kernel = handle();
        if (value == null || !value.isDirect()) {
            throw new BackendException(CL_INVALID_ARG_VALUE, "an argument value must be a direct ByteBuffer: " + value);
        }
        // a slice starts at the position, where JOCL's Pointer.to(Buffer) would start at 0
        ClCalls.check(clSetKernelArg(kernel, index, value.remaining(), Pointer.to(value.slice())),
            "clSetKernelArg(" + index + ")");
    }

    @Override
    public void setLocalArg(int index, long size) {
        set(index, size, null);
    }

    private void set(int index, long size, Pointer value) {
        ClCalls.check(clSetKernelArg(handle(), index, size, value), "clSetKernelArg(" + index + ")");
    }
}
