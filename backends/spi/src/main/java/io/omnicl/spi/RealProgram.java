package io.omnicl.spi;

import java.util.List;

/** A program on one real device. */
public interface RealProgram {

    /**
     * Builds the program for the session's device. Blocks until done.
     *
     * @return whether the build succeeded; {@link #buildLog()} tells why not
     * @throws BackendException with {@code CL_INVALID_BUILD_OPTIONS} or {@code CL_INVALID_BINARY}
     */
    boolean build(String options);

    /**
     * Compiles the program's source without linking. Each header is the source of a program of the same
     * session, included under its name. Blocks until done.
     *
     * @return whether the compilation succeeded; {@link #buildLog()} tells why not
     * @throws BackendException with {@code CL_INVALID_COMPILER_OPTIONS} and the like
     */
    boolean compile(String options, List<RealProgram> headers, List<String> headerNames);

    /** The device's build log; empty when it has none. */
    String buildLog();

    /** The device's program binary after a successful build. */
    byte[] binary();

    /** Names of the kernels of the built program. */
    List<String> kernelNames();

    /**
     * A new kernel object.
     *
     * @throws BackendException with {@code CL_INVALID_KERNEL_NAME} or {@code CL_INVALID_KERNEL_DEFINITION}
     */
    RealKernel createKernel(String name);

    /** Idempotent. */
    void release();
}
