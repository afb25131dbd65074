package io.omnicl.spi.suite;

import io.omnicl.spi.Backend;
import io.omnicl.spi.RealDevice;

/**
 * What every contract of this suite needs from a backend module: its backend. A module runs a contract by
 * extending it with a class that names its backend, and nothing else unless the backend needs something of its
 * own (as {@link ReleaseContract} does).
 */
public abstract class BackendContract {

    /** A new instance of the backend under test. */
    protected abstract Backend backend();

    /** The backend's PoCL device {@code index} (0 or 1), the same object in every test of the JVM. */
    protected final RealDevice device(int index) {
        return Pocl.device(backend(), index);
    }
}
