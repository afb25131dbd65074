package io.omnicl.spi;

/**
 * A kernel's {@code clGetKernelWorkGroupInfo} answers on one device.
 *
 * @param workGroupSize          {@code CL_KERNEL_WORK_GROUP_SIZE}
 * @param compileWorkGroupSize   {@code CL_KERNEL_COMPILE_WORK_GROUP_SIZE}, three entries
 * @param localMemSize           {@code CL_KERNEL_LOCAL_MEM_SIZE}
 * @param preferredSizeMultiple  {@code CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE}
 * @param privateMemSize         {@code CL_KERNEL_PRIVATE_MEM_SIZE}
 */
public record KernelWorkGroupInfo(long workGroupSize, long[] compileWorkGroupSize, long localMemSize,
                                  long preferredSizeMultiple, long privateMemSize) {
}
