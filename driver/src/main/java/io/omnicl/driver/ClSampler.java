package io.omnicl.driver;

/** A sampler. */
public interface ClSampler extends ClObject, Counted {

    ClContext context();
}
