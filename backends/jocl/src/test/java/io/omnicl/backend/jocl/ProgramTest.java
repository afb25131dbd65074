package io.omnicl.backend.jocl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.suite.ProgramContract;

class ProgramTest extends ProgramContract {

    @Override
    protected Backend backend() {
        return new JoclBackend();
    }
}
