package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_INVALID_MEM_OBJECT;
import static org.lwjgl.opencl.CL10.CL_MAP_READ;
import static org.lwjgl.opencl.CL10.CL_MAP_WRITE;
import static org.lwjgl.opencl.CL10.CL_MEM_ALLOC_HOST_PTR;
import static org.lwjgl.opencl.CL10.CL_MEM_READ_WRITE;
import static org.lwjgl.opencl.CL10.CL_TRUE;
import static org.lwjgl.opencl.CL10.nclCreateBuffer;
import static org.lwjgl.opencl.CL10.nclCreateCommandQueue;
import static org.lwjgl.opencl.CL10.nclEnqueueMapBuffer;
import static org.lwjgl.opencl.CL10.nclEnqueueUnmapMemObject;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;
import static org.lwjgl.system.MemoryUtil.memByteBuffer;

import io.omnicl.spi.PinnedMemory;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;
import org.lwjgl.opencl.CL10;

/**
 * A {@code CL_MEM_ALLOC_HOST_PTR} buffer mapped for as long as it lives: drivers of discrete GPUs give such
 * buffers page-locked memory, which transfers reach by DMA without a staging copy of the driver's own.
 */
final class LwjglPinned extends LwjglObject implements PinnedMemory {

    private final ByteBuffer memory;

    private LwjglPinned(long buffer, ByteBuffer memory, long context, long deviceId, AtomicLong live) {
        super(buffer, CL_INVALID_MEM_OBJECT, handle -> unmapAndRelease(handle, memory, context, deviceId), live);
        this.memory = memory;
    }

    static LwjglPinned allocate(long context, long deviceId, long size, AtomicLong live) {
        long buffer = ClCalls.create(status -> nclCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
            size, NULL, status), "clCreateBuffer");
        try {
            long address = onQueue(context, deviceId, queue -> ClCalls.create(status -> nclEnqueueMapBuffer(queue,
                buffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, size, 0, NULL, NULL, status), "clEnqueueMapBuffer"));
            return new LwjglPinned(buffer, memByteBuffer(address, Math.toIntExact(size)), context, deviceId, live);
        } catch (RuntimeException e) {
            CL10.clReleaseMemObject(buffer);
            throw e;
        }
    }

    @Override
    public ByteBuffer memory() {
        handle();
        return memory.duplicate().clear();
    }

    private static int unmapAndRelease(long buffer, ByteBuffer memory, long context, long deviceId) {
        try {
            onQueue(context, deviceId, queue -> {
                ClCalls.check(nclEnqueueUnmapMemObject(queue, buffer, memAddress(memory),
                    0, NULL, NULL), "clEnqueueUnmapMemObject");
                return (long) CL10.clFinish(queue);
            });
        } finally {
            CL10.clReleaseMemObject(buffer);
        }
        return 0;
    }

    /** Runs {@code call} on a queue made for it and released after. */
    private static long onQueue(long context, long deviceId, LongUnaryOperator call) {
        long queue = ClCalls.create(status -> nclCreateCommandQueue(context, deviceId, 0, status),
            "clCreateCommandQueue");
        try {
            return call.applyAsLong(queue);
        } finally {
            CL10.clReleaseCommandQueue(queue);
        }
    }
}
