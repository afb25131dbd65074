package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_INVALID_ARG_VALUE;
import static org.jocl.CL.CL_INVALID_KERNEL;
import static org.jocl.CL.CL_INVALID_SAMPLER;
import static org.jocl.CL.CL_KERNEL_ATTRIBUTES;
import static org.jocl.CL.CL_KERNEL_NUM_ARGS;
import static org.jocl.CL.clGetKernelArgInfo;
import static org.jocl.CL.clGetKernelInfo;
import static org.jocl.CL.clGetKernelWorkGroupInfo;
import static org.jocl.CL.clSetKernelArg;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.InfoReader;
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
final class JoclKernel extends JoclObject<cl_kernel> implements RealKernel {

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
        return kernelInfo().string(CL_KERNEL_ATTRIBUTES);
    }

    @Override
    public int argCount() {
        return (int) kernelInfo().number(CL_KERNEL_NUM_ARGS, Integer.BYTES);
    }

    private InfoReader kernelInfo() {
        cl_kernel kernel = handle();
        return ClCalls.reader((param, size, value, sizeReturned) ->
            clGetKernelInfo(kernel, param, size, value, sizeReturned), "clGetKernelInfo");
    }

    @Override
    public KernelArgInfo argInfo(int index) {
        cl_kernel kernel = handle();
        return ClCalls.reader((param, size, value, sizeReturned) ->
            clGetKernelArgInfo(kernel, index, param, size, value, sizeReturned), "clGetKernelArgInfo(" + index + ")")
            .kernelArgInfo();
    }

    @Override
    public KernelWorkGroupInfo workGroupInfo() {
        cl_kernel kernel = handle();
        return ClCalls.reader((param, size, value, sizeReturned) ->
            clGetKernelWorkGroupInfo(kernel, device, param, size, value, sizeReturned), "clGetKernelWorkGroupInfo")
            .kernelWorkGroupInfo(Sizeof.size_t);
    }

    @Override
    public void setArg(int index, RealMem memory) {
        cl_mem handle = JoclObject.memHandleOf(memory);
        set(index, Sizeof.cl_mem, handle == null ? Pointer.to(NULL_MEM) : Pointer.to(handle));
    }

    @Override
    public void setArg(int index, RealSampler sampler) {
        set(index, Sizeof.cl_sampler,
            Pointer.to(JoclObject.handleOf(sampler, JoclSampler.class, CL_INVALID_SAMPLER)));
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
