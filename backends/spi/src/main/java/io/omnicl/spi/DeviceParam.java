package io.omnicl.spi;

import java.util.HashMap;
import java.util.Map;

/**
 * The device info parameters of OpenCL 1.2, each with its {@code cl_device_info} code and value type.
 * The runtime answers exactly these for its devices; anything else is {@code CL_INVALID_VALUE}.
 */
public enum DeviceParam {
    TYPE(0x1000, InfoType.BITFIELD),
    VENDOR_ID(0x1001, InfoType.UINT),
    MAX_COMPUTE_UNITS(0x1002, InfoType.UINT),
    MAX_WORK_ITEM_DIMENSIONS(0x1003, InfoType.UINT),
    MAX_WORK_GROUP_SIZE(0x1004, InfoType.SIZE_T),
    MAX_WORK_ITEM_SIZES(0x1005, InfoType.SIZE_T_ARRAY),
    PREFERRED_VECTOR_WIDTH_CHAR(0x1006, InfoType.UINT),
    PREFERRED_VECTOR_WIDTH_SHORT(0x1007, InfoType.UINT),
    PREFERRED_VECTOR_WIDTH_INT(0x1008, InfoType.UINT),
    PREFERRED_VECTOR_WIDTH_LONG(0x1009, InfoType.UINT),
    PREFERRED_VECTOR_WIDTH_FLOAT(0x100A, InfoType.UINT),
    PREFERRED_VECTOR_WIDTH_DOUBLE(0x100B, InfoType.UINT),
    MAX_CLOCK_FREQUENCY(0x100C, InfoType.UINT),
    ADDRESS_BITS(0x100D, InfoType.UINT),
    MAX_READ_IMAGE_ARGS(0x100E, InfoType.UINT),
    MAX_WRITE_IMAGE_ARGS(0x100F, InfoType.UINT),
    MAX_MEM_ALLOC_SIZE(0x1010, InfoType.ULONG),
    IMAGE2D_MAX_WIDTH(0x1011, InfoType.SIZE_T),
    IMAGE2D_MAX_HEIGHT(0x1012, InfoType.SIZE_T),
    IMAGE3D_MAX_WIDTH(0x1013, InfoType.SIZE_T),
    IMAGE3D_MAX_HEIGHT(0x1014, InfoType.SIZE_T),
    IMAGE3D_MAX_DEPTH(0x1015, InfoType.SIZE_T),
    IMAGE_SUPPORT(0x1016, InfoType.BOOL),
    MAX_PARAMETER_SIZE(0x1017, InfoType.SIZE_T),
    MAX_SAMPLERS(0x1018, InfoType.UINT),
    MEM_BASE_ADDR_ALIGN(0x1019, InfoType.UINT),
    MIN_DATA_TYPE_ALIGN_SIZE(0x101A, InfoType.UINT),
    SINGLE_FP_CONFIG(0x101B, InfoType.BITFIELD),
    GLOBAL_MEM_CACHE_TYPE(0x101C, InfoType.UINT),
    GLOBAL_MEM_CACHELINE_SIZE(0x101D, InfoType.UINT),
    GLOBAL_MEM_CACHE_SIZE(0x101E, InfoType.ULONG),
    GLOBAL_MEM_SIZE(0x101F, InfoType.ULONG),
    MAX_CONSTANT_BUFFER_SIZE(0x1020, InfoType.ULONG),
    MAX_CONSTANT_ARGS(0x1021, InfoType.UINT),
    LOCAL_MEM_TYPE(0x1022, InfoType.UINT),
    LOCAL_MEM_SIZE(0x1023, InfoType.ULONG),
    ERROR_CORRECTION_SUPPORT(0x1024, InfoType.BOOL),
    PROFILING_TIMER_RESOLUTION(0x1025, InfoType.SIZE_T),
    ENDIAN_LITTLE(0x1026, InfoType.BOOL),
    AVAILABLE(0x1027, InfoType.BOOL),
    COMPILER_AVAILABLE(0x1028, InfoType.BOOL),
    EXECUTION_CAPABILITIES(0x1029, InfoType.BITFIELD),
    QUEUE_PROPERTIES(0x102A, InfoType.BITFIELD),
    NAME(0x102B, InfoType.STRING),
    VENDOR(0x102C, InfoType.STRING),
    DRIVER_VERSION(0x102D, InfoType.STRING),
    PROFILE(0x102E, InfoType.STRING),
    VERSION(0x102F, InfoType.STRING),
    EXTENSIONS(0x1030, InfoType.STRING),
    PLATFORM(0x1031, InfoType.HANDLE),
    DOUBLE_FP_CONFIG(0x1032, InfoType.BITFIELD),
    HALF_FP_CONFIG(0x1033, InfoType.BITFIELD),
    PREFERRED_VECTOR_WIDTH_HALF(0x1034, InfoType.UINT),
    HOST_UNIFIED_MEMORY(0x1035, InfoType.BOOL),
    NATIVE_VECTOR_WIDTH_CHAR(0x1036, InfoType.UINT),
    NATIVE_VECTOR_WIDTH_SHORT(0x1037, InfoType.UINT),
    NATIVE_VECTOR_WIDTH_INT(0x1038, InfoType.UINT),
    NATIVE_VECTOR_WIDTH_LONG(0x1039, InfoType.UINT),
    NATIVE_VECTOR_WIDTH_FLOAT(0x103A, InfoType.UINT),
    NATIVE_VECTOR_WIDTH_DOUBLE(0x103B, InfoType.UINT),
    NATIVE_VECTOR_WIDTH_HALF(0x103C, InfoType.UINT),
    OPENCL_C_VERSION(0x103D, InfoType.STRING),
    LINKER_AVAILABLE(0x103E, InfoType.BOOL),
    BUILT_IN_KERNELS(0x103F, InfoType.STRING),
    IMAGE_MAX_BUFFER_SIZE(0x1040, InfoType.SIZE_T),
    IMAGE_MAX_ARRAY_SIZE(0x1041, InfoType.SIZE_T),
    PARENT_DEVICE(0x1042, InfoType.HANDLE),
    PARTITION_MAX_SUB_DEVICES(0x1043, InfoType.UINT),
    PARTITION_PROPERTIES(0x1044, InfoType.PROPERTIES),
    PARTITION_AFFINITY_DOMAIN(0x1045, InfoType.BITFIELD),
    PARTITION_TYPE(0x1046, InfoType.PROPERTIES),
    REFERENCE_COUNT(0x1047, InfoType.UINT),
    PREFERRED_INTEROP_USER_SYNC(0x1048, InfoType.BOOL),
    PRINTF_BUFFER_SIZE(0x1049, InfoType.SIZE_T);

    private static final Map<Integer, DeviceParam> BY_CODE = new HashMap<>();

    static {
        for (DeviceParam p : values()) {
            BY_CODE.put(p.code, p);
        }
    }

    private final int code;
    private final InfoType type;

    DeviceParam(int code, InfoType type) {
        this.code = code;
        this.type = type;
    }

    /** The {@code cl_device_info} value. */
    public int code() {
        return code;
    }

    public InfoType type() {
        return type;
    }

    /** The parameter with this code, or null when OpenCL 1.2 has none. */
    public static DeviceParam of(int code) {
        return BY_CODE.get(code);
    }
}
