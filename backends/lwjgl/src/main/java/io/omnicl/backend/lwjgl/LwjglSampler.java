package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_INVALID_SAMPLER;

import java.util.concurrent.atomic.AtomicLong;
import io.omnicl.spi.RealSampler;
import org.lwjgl.opencl.CL10;

/** A sampler of a session's context. */
final class LwjglSampler extends LwjglObject implements RealSampler {

    LwjglSampler(long sampler, AtomicLong live) {
        super(sampler, CL_INVALID_SAMPLER, CL10::clReleaseSampler, live);
    }
}
