package io.omnicl.spi;

/** An image format: {@code CL_R}, {@code CL_RGBA}, ... and {@code CL_UNORM_INT8}, {@code CL_FLOAT}, .... */
public record ImageFormat(int channelOrder, int channelType) {
}
