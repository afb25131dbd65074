package io.omnicl.driver;

import java.util.List;

public interface ClProgram extends ClObject, Counted {

    ClContext context();

    /**
     * Builds for {@code devices} (all of the context's when empty), each real device in parallel. Without
     * a callback it blocks and throws {@code CL_BUILD_PROGRAM_FAILURE} when no real device built it;
     * with one it returns at once and calls back when done.
     */
    void build(List<ClDevice> devices, String options, Runnable callback);

    InfoValue buildInfo(ClDevice device, int param);

    /** @throws ClError {@code CL_INVALID_KERNEL_NAME}, {@code CL_INVALID_PROGRAM_EXECUTABLE} */
    ClKernel createKernel(String name);

    /** One kernel for every kernel function of the built program. */
    List<ClKernel> createKernels();
}
