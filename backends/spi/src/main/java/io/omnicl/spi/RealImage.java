package io.omnicl.spi;

/** An image in one real device's memory. */
public interface RealImage extends RealMem {
}
