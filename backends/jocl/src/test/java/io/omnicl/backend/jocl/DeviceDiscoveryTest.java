package io.omnicl.backend.jocl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.suite.DeviceDiscoveryContract;

class DeviceDiscoveryTest extends DeviceDiscoveryContract {

    @Override
    protected Backend backend() {
        return new JoclBackend();
    }

    @Override
    protected String expectedName() {
        return "jocl";
    }
}
