package io.omnicl.backend.lwjgl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.suite.SharedContextContract;

class SharedContextTest extends SharedContextContract {

    @Override
    protected Backend backend() {
        return new LwjglBackend();
    }
}
