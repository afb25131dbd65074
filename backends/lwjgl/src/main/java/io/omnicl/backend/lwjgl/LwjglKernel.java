package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_INVALID_ARG_VALUE;
import static org.lwjgl.opencl.CL10.CL_INVALID_KERNEL;
import static org.lwjgl.opencl.CL10.CL_INVALID_SAMPLER;
import static org.lwjgl.opencl.CL12.CL_KERNEL_ATTRIBUTES;
import static org.lwjgl.opencl.CL10.CL_KERNEL_NUM_ARGS;
import static org.lwjgl.opencl.CL10.nclGetKernelInfo;
import static org.lwjgl.opencl.CL10.nclGetKernelWorkGroupInfo;
import static org.lwjgl.opencl.CL10.nclSetKernelArg;
import static org.lwjgl.opencl.CL12.nclGetKernelArgInfo;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;
import static org.lwjgl.system.MemoryUtil.memPutAddress;
import static org.lwjgl.system.Pointer.POINTER_SIZE;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.InfoReader;
import io.omnicl.spi.KernelArgInfo;
import io.omnicl.spi.KernelWorkGroupInfo;
import io.omnicl.spi.RealMem;
import io.omnicl.spi.RealSampler;
import io.omnicl.spi.RealKernel;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicLong;
import org.lwjgl.opencl.CL10;

/**
 * A kernel object. Not thread-safe, by the SPI's contract: one thread at a time sets its arguments and
 * launches it, so nothing here locks.
 */
final class LwjglKernel extends LwjglObject implements RealKernel {

    private final String name;
    private final long device;
    /** Where a memory object's or sampler's handle is put for {@code clSetKernelArg}, which copies it at once. */
    private final ByteBuffer handleArg = ByteBuffer.allocateDirect(POINTER_SIZE).order(ByteOrder.nativeOrder());
    private final long handleArgAddress = memAddress(handleArg);

    LwjglKernel(long kernel, String name, long device, AtomicLong live) {
        super(kernel, CL_INVALID_KERNEL, CL10::clReleaseKernel, live);
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
        long kernel = handle();
        return ClCalls.reader((param, size, value, sizeReturned) ->
            nclGetKernelInfo(kernel, param, size, value, sizeReturned), "clGetKernelInfo");
    }

    @Override
    public KernelArgInfo argInfo(int index) {
        long kernel = handle();
        return ClCalls.reader((param, size, value, sizeReturned) ->
            nclGetKernelArgInfo(kernel, index, param, size, value, sizeReturned), "clGetKernelArgInfo(" + index + ")")
            .kernelArgInfo();
    }

    @Override
    public KernelWorkGroupInfo workGroupInfo() {
        long kernel = handle();
        return ClCalls.reader((param, size, value, sizeReturned) ->
            nclGetKernelWorkGroupInfo(kernel, device, param, size, value, sizeReturned), "clGetKernelWorkGroupInfo")
            .kernelWorkGroupInfo(POINTER_SIZE);
    }

    @Override
    public void setArg(int index, RealMem memory) {
        setHandleArg(index, LwjglObject.memHandleOf(memory));
    }

    @Override
    public void setArg(int index, RealSampler sampler) {
        setHandleArg(index, LwjglObject.handleOf(sampler, LwjglSampler.class, CL_INVALID_SAMPLER));
    }

    private void setHandleArg(int index, long handle) {
        memPutAddress(handleArgAddress, handle);
        ClCalls.check(nclSetKernelArg(handle(), index, POINTER_SIZE, handleArgAddress), "clSetKernelArg", index);
    }

    @Override
    public void setArg(int index, ByteBuffer value) {
        long kernel = handle();
        if (value == null || !value.isDirect()) {
            throw new BackendException(CL_INVALID_ARG_VALUE, "an argument value must be a direct ByteBuffer: " + value);
        }
        ClCalls.check(nclSetKernelArg(kernel, index, value.remaining(), memAddress(value)), "clSetKernelArg", index);
    }

    @Override
    public void setLocalArg(int index, long size) {
        ClCalls.check(nclSetKernelArg(handle(), index, size, NULL), "clSetKernelArg", index);
    }
}
