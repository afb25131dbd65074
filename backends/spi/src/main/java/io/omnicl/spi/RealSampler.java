package io.omnicl.spi;

/** A sampler of one real device's context. */
public interface RealSampler {

    /** Idempotent. */
    void release();
}
