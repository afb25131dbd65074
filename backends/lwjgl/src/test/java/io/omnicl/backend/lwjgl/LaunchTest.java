package io.omnicl.backend.lwjgl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.suite.LaunchContract;

class LaunchTest extends LaunchContract {

    @Override
    protected Backend backend() {
        return new LwjglBackend();
    }
}
