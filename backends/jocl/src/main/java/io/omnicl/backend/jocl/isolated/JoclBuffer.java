package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_BUFFER_CREATE_TYPE_REGION;
import static org.jocl.CL.CL_MEM_READ_WRITE;
import static org.jocl.CL.clCreateSubBuffer;

import io.omnicl.spi.RealBuffer;
import org.jocl.cl_buffer_region;
import org.jocl.cl_mem;

/** A buffer or sub-buffer. OpenCL itself refuses a region of a region (CL_INVALID_MEM_OBJECT). */
final class JoclBuffer extends JoclMem implements RealBuffer {

    private final long size;

    JoclBuffer(cl_mem buffer, long size) {
        super(buffer);
        this.size = size;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public RealBuffer region(long offset, long size) {
        cl_mem buffer = handle();
        cl_buffer_region region = new cl_buffer_region(offset, size);
        cl_mem sub = ClCalls.create(status ->
            clCreateSubBuffer(buffer, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, region, status),
            "clCreateSubBuffer");
        return new JoclBuffer(sub, size);
    }
}
