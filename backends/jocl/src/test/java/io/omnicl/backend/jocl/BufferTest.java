package io.omnicl.backend.jocl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.suite.BufferContract;

class BufferTest extends BufferContract {

    @Override
    protected Backend backend() {
        return new JoclBackend();
    }
}
