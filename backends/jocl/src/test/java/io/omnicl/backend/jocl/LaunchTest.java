package io.omnicl.backend.jocl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.suite.LaunchContract;

class LaunchTest extends LaunchContract {

    @Override
    protected Backend backend() {
        return new JoclBackend();
    }
}
