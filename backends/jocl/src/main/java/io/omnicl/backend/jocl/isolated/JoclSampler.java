package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_INVALID_SAMPLER;

import io.omnicl.spi.RealSampler;
import org.jocl.CL;
import org.jocl.cl_sampler;

/** A sampler of a session's context. */
final class JoclSampler extends JoclObject<cl_sampler> implements RealSampler {

    JoclSampler(cl_sampler sampler) {
        super(sampler, CL_INVALID_SAMPLER, CL::clReleaseSampler);
    }
}
