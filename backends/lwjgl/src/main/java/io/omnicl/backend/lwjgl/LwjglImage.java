package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_INVALID_MEM_OBJECT;

import io.omnicl.spi.RealImage;
import org.lwjgl.opencl.CL10;

/** An image of a session's context. */
final class LwjglImage extends ClObject implements RealImage {

    LwjglImage(long image) {
        super(image, CL_INVALID_MEM_OBJECT, CL10::clReleaseMemObject);
    }
}
