package io.omnicl.spi;

/**
 * What an image is, as {@code cl_image_desc} says, without host memory (the runtime transfers data itself).
 *
 * @param type   {@code CL_MEM_OBJECT_IMAGE1D}, ..., {@code CL_MEM_OBJECT_IMAGE3D}
 * @param buffer for {@code CL_MEM_OBJECT_IMAGE1D_BUFFER}, the buffer the image reads; else null
 */
public record ImageDesc(int type, long width, long height, long depth, long arraySize, RealBuffer buffer) {
}
