package io.omnicl.backend.lwjgl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.suite.DeviceDiscoveryContract;

class DeviceDiscoveryTest extends DeviceDiscoveryContract {

    @Override
    protected Backend backend() {
        return new LwjglBackend();
    }

    @Override
    protected String expectedName() {
        return "lwjgl";
    }
}
