package io.omnicl.backend.jocl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.suite.CompileLinkContract;

class CompileLinkTest extends CompileLinkContract {

    @Override
    protected Backend backend() {
        return new JoclBackend();
    }
}
