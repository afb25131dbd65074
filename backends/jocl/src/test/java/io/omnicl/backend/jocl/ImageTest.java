package io.omnicl.backend.jocl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.suite.ImageContract;

class ImageTest extends ImageContract {

    @Override
    protected Backend backend() {
        return new JoclBackend();
    }
}
