package io.omnicl.runtime.coherence;

import io.omnicl.driver.ImageSpec;
import io.omnicl.spi.ImageDesc;
import io.omnicl.spi.ImageFormat;
import io.omnicl.spi.RealBuffer;

/** An image as the backend takes it: its format, and its description over an optional buffer. */
public final class RealImages {

    private RealImages() {
    }

    public static ImageFormat format(ImageSpec spec) {
        return new ImageFormat(spec.channelOrder(), spec.channelType());
    }

    public static ImageDesc desc(ImageSpec spec, RealBuffer buffer) {
        return new ImageDesc(spec.type(), spec.width(), spec.height(), spec.depth(), spec.arraySize(), buffer);
    }
}
