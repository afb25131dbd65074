package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_INVALID_MEM_OBJECT;
import static org.lwjgl.opencl.CL10.CL_MEM_READ_WRITE;
import static org.lwjgl.opencl.CL11.CL_BUFFER_CREATE_TYPE_REGION;
import static org.lwjgl.opencl.CL11.nclCreateSubBuffer;
import static org.lwjgl.system.MemoryStack.stackPush;

import java.util.concurrent.atomic.AtomicLong;
import io.omnicl.spi.RealBuffer;
import org.lwjgl.PointerBuffer;
import org.lwjgl.opencl.CL10;
import org.lwjgl.system.MemoryStack;

/** A buffer or sub-buffer. OpenCL itself refuses a region of a region (CL_INVALID_MEM_OBJECT). */
final class LwjglBuffer extends LwjglObject implements RealBuffer {

    private final long size;

    LwjglBuffer(long buffer, long size, AtomicLong live) {
        super(buffer, CL_INVALID_MEM_OBJECT, CL10::clReleaseMemObject, live);
        this.size = size;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public RealBuffer region(long offset, long size) {
        long buffer = handle();
        try (MemoryStack stack = stackPush()) {
            PointerBuffer bufferRegion = stack.pointers(offset, size); // {origin, size}
            long region = ClCalls.create(status -> nclCreateSubBuffer(
                buffer, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, bufferRegion.address(), status), "clCreateSubBuffer");
            return new LwjglBuffer(region, size, live());
        }
    }
}
