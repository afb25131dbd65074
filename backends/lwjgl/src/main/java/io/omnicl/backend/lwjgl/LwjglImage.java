package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_INVALID_MEM_OBJECT;

import java.util.concurrent.atomic.AtomicLong;
import io.omnicl.spi.RealImage;
import org.lwjgl.opencl.CL10;

/** An image of a session's context. */
final class LwjglImage extends LwjglObject implements RealImage {

    LwjglImage(long image, AtomicLong live) {
        super(image, CL_INVALID_MEM_OBJECT, CL10::clReleaseMemObject, live);
    }
}
