package io.omnicl.backend.jocl.isolated;

import io.omnicl.spi.RealImage;
import org.jocl.cl_mem;

/** An image of a session's context. */
final class JoclImage extends JoclMem implements RealImage {

    JoclImage(cl_mem image) {
        super(image);
    }
}
