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

    /**
     * Compiles the source for {@code devices} (all when empty) without linking; each header is a program
     * whose source is included under the name at the same index. Blocking and callback as {@link #build}.
     *
     * @throws ClError {@code CL_INVALID_OPERATION} for a program without source,
     *         {@code CL_COMPILE_PROGRAM_FAILURE} when no real device compiled it
     */
    void compile(List<ClDevice> devices, String options, List<ClProgram> headers, List<String> headerNames,
                 Runnable callback);

    InfoValue buildInfo(ClDevice device, int param);

    /** @throws ClError {@code CL_INVALID_KERNEL_NAME}, {@code CL_INVALID_PROGRAM_EXECUTABLE} */
    ClKernel createKernel(String name);

    /** One kernel for every kernel function of the built program. */
    List<ClKernel> createKernels();
}
