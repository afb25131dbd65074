package io.omnicl.backend.lwjgl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.suite.CompileLinkContract;

class CompileLinkTest extends CompileLinkContract {

    @Override
    protected Backend backend() {
        return new LwjglBackend();
    }
}
