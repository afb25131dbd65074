package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_INVALID_MEM_OBJECT;

import io.omnicl.spi.RealMem;
import org.jocl.CL;
import org.jocl.cl_mem;

/** A buffer or an image: both are {@code cl_mem}, and kernels take either. */
abstract class JoclMem extends JoclObject<cl_mem> implements RealMem {

    JoclMem(cl_mem memory) {
        super(memory, CL_INVALID_MEM_OBJECT, CL::clReleaseMemObject);
    }
}
