package io.omnicl.spi;

import java.util.List;

/**
 * One way to reach the real OpenCL devices of the machine (LWJGL, JOCL, ...). Implementations are found
 * with {@link java.util.ServiceLoader} and must have a public no-argument constructor; nothing native
 * may happen before {@link #devices()} is called.
 */
public interface Backend {

    /** Short name used to choose this backend, e.g. {@code lwjgl}. */
    String name();

    /**
     * Every real device of every installed platform, in platform order then device order. An
     * empty list when no OpenCL library or platform is present.
     *
     * @throws BackendException when the OpenCL library is present but cannot be used
     */
    List<RealDevice> devices();
}
