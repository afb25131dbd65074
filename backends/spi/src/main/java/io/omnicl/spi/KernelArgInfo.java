package io.omnicl.spi;

/**
 * One kernel argument as {@code clGetKernelArgInfo} describes it.
 *
 * @param addressQualifier {@code CL_KERNEL_ARG_ADDRESS_GLOBAL}, {@code _LOCAL}, {@code _CONSTANT} or {@code _PRIVATE}
 * @param accessQualifier  {@code CL_KERNEL_ARG_ACCESS_*} (images), {@code NONE} otherwise
 * @param typeName         the type as written, e.g. {@code float*}
 * @param typeQualifier    {@code CL_KERNEL_ARG_TYPE_CONST | _RESTRICT | _VOLATILE} bits
 * @param name             the argument's name
 */
public record KernelArgInfo(int addressQualifier, int accessQualifier, String typeName, long typeQualifier,
                            String name) {
}
