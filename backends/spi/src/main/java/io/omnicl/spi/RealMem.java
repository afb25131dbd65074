package io.omnicl.spi;

/** A memory object on one real device: a buffer or an image. */
public interface RealMem {

    /** Frees it (a region or an image over a buffer releases only itself). Idempotent. */
    void release();
}
