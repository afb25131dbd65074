package io.omnicl.spi;

/** The C type of an info parameter's value, which says how to read and encode it. */
public enum InfoType {
    /** {@code cl_uint} (4 bytes), carried as a {@code Long}. */
    UINT(4),
    /** {@code cl_ulong} (8 bytes), carried as a {@code Long}. */
    ULONG(8),
    /** {@code size_t}, carried as a {@code Long}. */
    SIZE_T(8),
    /** {@code cl_bool} (a 4-byte {@code cl_uint}), carried as a {@code Long} 0 or 1. */
    BOOL(4),
    /** A 64-bit bitfield such as {@code cl_device_type}, carried as a {@code Long}. */
    BITFIELD(8),
    /** A NUL-terminated string, carried as a {@code String} without the NUL. */
    STRING(1),
    /** An array of {@code size_t}, carried as a {@code long[]}. */
    SIZE_T_ARRAY(8),
    /** An array of {@code intptr_t} properties (zero-terminated or empty), carried as a {@code long[]}. */
    PROPERTIES(8),
    /** An OpenCL object handle; backends leave these out, the runtime answers them. */
    HANDLE(8);

    private final int elementSize;

    InfoType(int elementSize) {
        this.elementSize = elementSize;
    }

    /** Bytes per element on a 64-bit host. */
    public int elementSize() {
        return elementSize;
    }
}
