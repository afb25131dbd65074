package org.jocl;

import java.nio.ByteBuffer;

/**
 * The OpenCL host API, as {@code org.jocl.CL} of JOCL 2.0.5: the same constants with the same values and
 * the same static methods. Each entry point hands over to the class of the object it works on
 * ({@link PlatformCalls}, {@link ContextCalls}, {@link QueueCalls}, {@link MemCalls}, {@link ProgramCalls},
 * {@link KernelCalls}, {@link EventCalls}, {@link EnqueueCalls}, {@link ImageCalls}, ...), where its argument checks live.
 */
public final class CL {

    private CL() {
    }

    // ---- constants (values as in JOCL 2.0.5; clients compile them in) ----
    public static final int CL_CHAR_BIT = 8;
    public static final int CL_SCHAR_MAX = 127;
    public static final int CL_SCHAR_MIN = -128;
    public static final int CL_CHAR_MAX = 127;
    public static final int CL_CHAR_MIN = -128;
    public static final int CL_UCHAR_MAX = 255;
    public static final int CL_SHRT_MAX = 0x7fff;
    public static final int CL_SHRT_MIN = -32768;
    public static final int CL_USHRT_MAX = 0xffff;
    public static final int CL_INT_MAX = 0x7fffffff;
    public static final int CL_INT_MIN = -2147483648;
    public static final long CL_UINT_MAX = -1L;
    public static final long CL_LONG_MAX = 0x7fffffffffffffffL;
    public static final long CL_LONG_MIN = -9223372036854775808L;
    public static final long CL_ULONG_MAX = -1L;
    public static final int CL_FLT_DIG = 6;
    public static final int CL_FLT_MANT_DIG = 24;
    public static final int CL_FLT_MAX_10_EXP = 38;
    public static final int CL_FLT_MAX_EXP = 128;
    public static final int CL_FLT_MIN_10_EXP = -37;
    public static final int CL_FLT_MIN_EXP = -125;
    public static final int CL_FLT_RADIX = 2;
    public static final float CL_FLT_MAX = 3.4028235E38f;
    public static final float CL_FLT_MIN = 1.17549435E-38f;
    public static final float CL_FLT_EPSILON = 1.1920929E-7f;
    public static final int CL_DBL_DIG = 15;
    public static final int CL_DBL_MANT_DIG = 53;
    public static final int CL_DBL_MAX_10_EXP = 0x134;
    public static final int CL_DBL_MAX_EXP = 0x400;
    public static final int CL_DBL_MIN_10_EXP = -307;
    public static final int CL_DBL_MIN_EXP = -1021;
    public static final int CL_DBL_RADIX = 2;
    public static final double CL_DBL_MAX = 1.7976931348623157E308;
    public static final double CL_DBL_MIN = 2.2250738585072014E-308;
    public static final double CL_DBL_EPSILON = 2.220446049250313E-16;
    public static final int CL_SUCCESS = 0;
    public static final int CL_DEVICE_NOT_FOUND = -1;
    public static final int CL_DEVICE_NOT_AVAILABLE = -2;
    public static final int CL_COMPILER_NOT_AVAILABLE = -3;
    public static final int CL_MEM_OBJECT_ALLOCATION_FAILURE = -4;
    public static final int CL_OUT_OF_RESOURCES = -5;
    public static final int CL_OUT_OF_HOST_MEMORY = -6;
    public static final int CL_PROFILING_INFO_NOT_AVAILABLE = -7;
    public static final int CL_MEM_COPY_OVERLAP = -8;
    public static final int CL_IMAGE_FORMAT_MISMATCH = -9;
    public static final int CL_IMAGE_FORMAT_NOT_SUPPORTED = -10;
    public static final int CL_BUILD_PROGRAM_FAILURE = -11;
    public static final int CL_MAP_FAILURE = -12;
    public static final int CL_MISALIGNED_SUB_BUFFER_OFFSET = -13;
    public static final int CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST = -14;
    public static final int CL_COMPILE_PROGRAM_FAILURE = -15;
    public static final int CL_LINKER_NOT_AVAILABLE = -16;
    public static final int CL_LINK_PROGRAM_FAILURE = -17;
    public static final int CL_DEVICE_PARTITION_FAILED = -18;
    public static final int CL_KERNEL_ARG_INFO_NOT_AVAILABLE = -19;
    public static final int CL_INVALID_VALUE = -30;
    public static final int CL_INVALID_DEVICE_TYPE = -31;
    public static final int CL_INVALID_PLATFORM = -32;
    public static final int CL_INVALID_DEVICE = -33;
    public static final int CL_INVALID_CONTEXT = -34;
    public static final int CL_INVALID_QUEUE_PROPERTIES = -35;
    public static final int CL_INVALID_COMMAND_QUEUE = -36;
    public static final int CL_INVALID_HOST_PTR = -37;
    public static final int CL_INVALID_MEM_OBJECT = -38;
    public static final int CL_INVALID_IMAGE_FORMAT_DESCRIPTOR = -39;
    public static final int CL_INVALID_IMAGE_SIZE = -40;
    public static final int CL_INVALID_SAMPLER = -41;
    public static final int CL_INVALID_BINARY = -42;
    public static final int CL_INVALID_BUILD_OPTIONS = -43;
    public static final int CL_INVALID_PROGRAM = -44;
    public static final int CL_INVALID_PROGRAM_EXECUTABLE = -45;
    public static final int CL_INVALID_KERNEL_NAME = -46;
    public static final int CL_INVALID_KERNEL_DEFINITION = -47;
    public static final int CL_INVALID_KERNEL = -48;
    public static final int CL_INVALID_ARG_INDEX = -49;
    public static final int CL_INVALID_ARG_VALUE = -50;
    public static final int CL_INVALID_ARG_SIZE = -51;
    public static final int CL_INVALID_KERNEL_ARGS = -52;
    public static final int CL_INVALID_WORK_DIMENSION = -53;
    public static final int CL_INVALID_WORK_GROUP_SIZE = -54;
    public static final int CL_INVALID_WORK_ITEM_SIZE = -55;
    public static final int CL_INVALID_GLOBAL_OFFSET = -56;
    public static final int CL_INVALID_EVENT_WAIT_LIST = -57;
    public static final int CL_INVALID_EVENT = -58;
    public static final int CL_INVALID_OPERATION = -59;
    public static final int CL_INVALID_GL_OBJECT = -60;
    public static final int CL_INVALID_BUFFER_SIZE = -61;
    public static final int CL_INVALID_MIP_LEVEL = -62;
    public static final int CL_INVALID_GLOBAL_WORK_SIZE = -63;
    public static final int CL_INVALID_PROPERTY = -64;
    public static final int CL_INVALID_IMAGE_DESCRIPTOR = -65;
    public static final int CL_INVALID_COMPILER_OPTIONS = -66;
    public static final int CL_INVALID_LINKER_OPTIONS = -67;
    public static final int CL_INVALID_DEVICE_PARTITION_COUNT = -68;
    public static final int CL_INVALID_PIPE_SIZE = -69;
    public static final int CL_INVALID_DEVICE_QUEUE = -70;
    public static final int CL_JOCL_INTERNAL_ERROR = -16384;
    public static final int CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR = -1000;
    public static final int CL_PLATFORM_NOT_FOUND_KHR = -1001;
    public static final boolean CL_TRUE = true;
    public static final boolean CL_FALSE = false;
    public static final boolean CL_BLOCKING = true;
    public static final boolean CL_NON_BLOCKING = false;
    public static final int CL_PLATFORM_PROFILE = 0x900;
    public static final int CL_PLATFORM_VERSION = 0x901;
    public static final int CL_PLATFORM_NAME = 0x902;
    public static final int CL_PLATFORM_VENDOR = 0x903;
    public static final int CL_PLATFORM_EXTENSIONS = 0x904;
    public static final int CL_PLATFORM_ICD_SUFFIX_KHR = 0x920;
    public static final long CL_DEVICE_TYPE_DEFAULT = 1L;
    public static final long CL_DEVICE_TYPE_CPU = 2L;
    public static final long CL_DEVICE_TYPE_GPU = 4L;
    public static final long CL_DEVICE_TYPE_ACCELERATOR = 8L;
    public static final long CL_DEVICE_TYPE_ALL = -1L;
    public static final long CL_DEVICE_TYPE_CUSTOM = 16L;
    public static final int CL_DEVICE_TYPE = 0x1000;
    public static final int CL_DEVICE_VENDOR_ID = 0x1001;
    public static final int CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002;
    public static final int CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS = 0x1003;
    public static final int CL_DEVICE_MAX_WORK_GROUP_SIZE = 0x1004;
    public static final int CL_DEVICE_MAX_WORK_ITEM_SIZES = 0x1005;
    public static final int CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR = 0x1006;
    public static final int CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT = 0x1007;
    public static final int CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT = 0x1008;
    public static final int CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG = 0x1009;
    public static final int CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT = 0x100a;
    public static final int CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE = 0x100b;
    public static final int CL_DEVICE_MAX_CLOCK_FREQUENCY = 0x100c;
    public static final int CL_DEVICE_ADDRESS_BITS = 0x100d;
    public static final int CL_DEVICE_MAX_READ_IMAGE_ARGS = 0x100e;
    public static final int CL_DEVICE_MAX_WRITE_IMAGE_ARGS = 0x100f;
    public static final int CL_DEVICE_MAX_MEM_ALLOC_SIZE = 0x1010;
    public static final int CL_DEVICE_IMAGE2D_MAX_WIDTH = 0x1011;
    public static final int CL_DEVICE_IMAGE2D_MAX_HEIGHT = 0x1012;
    public static final int CL_DEVICE_IMAGE3D_MAX_WIDTH = 0x1013;
    public static final int CL_DEVICE_IMAGE3D_MAX_HEIGHT = 0x1014;
    public static final int CL_DEVICE_IMAGE3D_MAX_DEPTH = 0x1015;
    public static final int CL_DEVICE_IMAGE_SUPPORT = 0x1016;
    public static final int CL_DEVICE_MAX_PARAMETER_SIZE = 0x1017;
    public static final int CL_DEVICE_MAX_SAMPLERS = 0x1018;
    public static final int CL_DEVICE_MEM_BASE_ADDR_ALIGN = 0x1019;
    public static final int CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE = 0x101a;
    public static final int CL_DEVICE_SINGLE_FP_CONFIG = 0x101b;
    public static final int CL_DEVICE_GLOBAL_MEM_CACHE_TYPE = 0x101c;
    public static final int CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE = 0x101d;
    public static final int CL_DEVICE_GLOBAL_MEM_CACHE_SIZE = 0x101e;
    public static final int CL_DEVICE_GLOBAL_MEM_SIZE = 0x101f;
    public static final int CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE = 0x1020;
    public static final int CL_DEVICE_MAX_CONSTANT_ARGS = 0x1021;
    public static final int CL_DEVICE_LOCAL_MEM_TYPE = 0x1022;
    public static final int CL_DEVICE_LOCAL_MEM_SIZE = 0x1023;
    public static final int CL_DEVICE_ERROR_CORRECTION_SUPPORT = 0x1024;
    public static final int CL_DEVICE_PROFILING_TIMER_RESOLUTION = 0x1025;
    public static final int CL_DEVICE_ENDIAN_LITTLE = 0x1026;
    public static final int CL_DEVICE_AVAILABLE = 0x1027;
    public static final int CL_DEVICE_COMPILER_AVAILABLE = 0x1028;
    public static final int CL_DEVICE_EXECUTION_CAPABILITIES = 0x1029;
    public static final int CL_DEVICE_QUEUE_PROPERTIES = 0x102a;
    public static final int CL_DEVICE_NAME = 0x102b;
    public static final int CL_DEVICE_VENDOR = 0x102c;
    public static final int CL_DRIVER_VERSION = 0x102d;
    public static final int CL_DEVICE_PROFILE = 0x102e;
    public static final int CL_DEVICE_VERSION = 0x102f;
    public static final int CL_DEVICE_EXTENSIONS = 0x1030;
    public static final int CL_DEVICE_PLATFORM = 0x1031;
    public static final int CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF = 0x1034;
    public static final int CL_DEVICE_HOST_UNIFIED_MEMORY = 0x1035;
    public static final int CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR = 0x1036;
    public static final int CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT = 0x1037;
    public static final int CL_DEVICE_NATIVE_VECTOR_WIDTH_INT = 0x1038;
    public static final int CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG = 0x1039;
    public static final int CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT = 0x103a;
    public static final int CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE = 0x103b;
    public static final int CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF = 0x103c;
    public static final int CL_DEVICE_OPENCL_C_VERSION = 0x103d;
    public static final int CL_DEVICE_LINKER_AVAILABLE = 0x103e;
    public static final int CL_DEVICE_BUILT_IN_KERNELS = 0x103f;
    public static final int CL_DEVICE_IMAGE_MAX_BUFFER_SIZE = 0x1040;
    public static final int CL_DEVICE_IMAGE_MAX_ARRAY_SIZE = 0x1041;
    public static final int CL_DEVICE_PARENT_DEVICE = 0x1042;
    public static final int CL_DEVICE_PARTITION_MAX_SUB_DEVICES = 0x1043;
    public static final int CL_DEVICE_PARTITION_PROPERTIES = 0x1044;
    public static final int CL_DEVICE_PARTITION_AFFINITY_DOMAIN = 0x1045;
    public static final int CL_DEVICE_PARTITION_TYPE = 0x1046;
    public static final int CL_DEVICE_REFERENCE_COUNT = 0x1047;
    public static final int CL_DEVICE_PREFERRED_INTEROP_USER_SYNC = 0x1048;
    public static final int CL_DEVICE_PRINTF_BUFFER_SIZE = 0x1049;
    public static final int CL_DEVICE_QUEUE_ON_HOST_PROPERTIES = 0x102a;
    public static final int CL_DEVICE_IMAGE_PITCH_ALIGNMENT = 0x104a;
    public static final int CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT = 0x104b;
    public static final int CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS = 0x104c;
    public static final int CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE = 0x104d;
    public static final int CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES = 0x104e;
    public static final int CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE = 0x104f;
    public static final int CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE = 0x1050;
    public static final int CL_DEVICE_MAX_ON_DEVICE_QUEUES = 0x1051;
    public static final int CL_DEVICE_MAX_ON_DEVICE_EVENTS = 0x1052;
    public static final int CL_DEVICE_SVM_CAPABILITIES = 0x1053;
    public static final int CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE = 0x1054;
    public static final int CL_DEVICE_MAX_PIPE_ARGS = 0x1055;
    public static final int CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS = 0x1056;
    public static final int CL_DEVICE_PIPE_MAX_PACKET_SIZE = 0x1057;
    public static final int CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT = 0x1058;
    public static final int CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT = 0x1059;
    public static final int CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT = 0x105a;
    public static final int CL_DEVICE_DOUBLE_FP_CONFIG = 0x1032;
    public static final int CL_DEVICE_HALF_FP_CONFIG = 0x1033;
    public static final long CL_DEVICE_ADDRESS_32_BITS = 1L;
    public static final long CL_DEVICE_ADDRESS_64_BITS = 2L;
    public static final long CL_FP_DENORM = 1L;
    public static final long CL_FP_INF_NAN = 2L;
    public static final long CL_FP_ROUND_TO_NEAREST = 4L;
    public static final long CL_FP_ROUND_TO_ZERO = 8L;
    public static final long CL_FP_ROUND_TO_INF = 16L;
    public static final long CL_FP_FMA = 32L;
    public static final long CL_FP_SOFT_FLOAT = 64L;
    public static final long CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT = 128L;
    public static final int CL_NONE = 0;
    public static final int CL_READ_ONLY_CACHE = 1;
    public static final int CL_READ_WRITE_CACHE = 2;
    public static final int CL_LOCAL = 1;
    public static final int CL_GLOBAL = 2;
    public static final long CL_EXEC_KERNEL = 1L;
    public static final long CL_EXEC_NATIVE_KERNEL = 2L;
    public static final long CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE = 1L;
    public static final long CL_QUEUE_PROFILING_ENABLE = 2L;
    public static final long CL_QUEUE_ON_DEVICE = 4L;
    public static final long CL_QUEUE_ON_DEVICE_DEFAULT = 8L;
    public static final int CL_CONTEXT_REFERENCE_COUNT = 0x1080;
    public static final int CL_CONTEXT_DEVICES = 0x1081;
    public static final int CL_CONTEXT_PROPERTIES = 0x1082;
    public static final int CL_CONTEXT_NUM_DEVICES = 0x1083;
    public static final int CL_CONTEXT_PLATFORM = 0x1084;
    public static final int CL_CONTEXT_INTEROP_USER_SYNC = 0x1085;
    public static final int CL_DEVICE_PARTITION_EQUALLY = 0x1086;
    public static final int CL_DEVICE_PARTITION_BY_COUNTS = 0x1087;
    public static final int CL_DEVICE_PARTITION_BY_COUNTS_LIST_END = 0;
    public static final int CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN = 0x1088;
    public static final long CL_DEVICE_AFFINITY_DOMAIN_NUMA = 1L;
    public static final long CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE = 2L;
    public static final long CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE = 4L;
    public static final long CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE = 8L;
    public static final long CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE = 16L;
    public static final long CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE = 32L;
    public static final long CL_DEVICE_SVM_COARSE_GRAIN_BUFFER = 1L;
    public static final long CL_DEVICE_SVM_FINE_GRAIN_BUFFER = 2L;
    public static final long CL_DEVICE_SVM_FINE_GRAIN_SYSTEM = 4L;
    public static final long CL_DEVICE_SVM_ATOMICS = 8L;
    public static final int CL_QUEUE_CONTEXT = 0x1090;
    public static final int CL_QUEUE_DEVICE = 0x1091;
    public static final int CL_QUEUE_REFERENCE_COUNT = 0x1092;
    public static final int CL_QUEUE_PROPERTIES = 0x1093;
    public static final int CL_QUEUE_SIZE = 0x1094;
    public static final long CL_MEM_READ_WRITE = 1L;
    public static final long CL_MEM_WRITE_ONLY = 2L;
    public static final long CL_MEM_READ_ONLY = 4L;
    public static final long CL_MEM_USE_HOST_PTR = 8L;
    public static final long CL_MEM_ALLOC_HOST_PTR = 16L;
    public static final long CL_MEM_COPY_HOST_PTR = 32L;
    public static final long CL_MEM_HOST_WRITE_ONLY = 128L;
    public static final long CL_MEM_HOST_READ_ONLY = 0x100L;
    public static final long CL_MEM_HOST_NO_ACCESS = 0x200L;
    public static final long CL_MEM_SVM_FINE_GRAIN_BUFFER = 0x400L;
    public static final long CL_MEM_SVM_ATOMICS = 0x800L;
    public static final long CL_MIGRATE_MEM_OBJECT_HOST = 1L;
    public static final long CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED = 2L;
    public static final int CL_R = 0x10b0;
    public static final int CL_A = 0x10b1;
    public static final int CL_RG = 0x10b2;
    public static final int CL_RA = 0x10b3;
    public static final int CL_RGB = 0x10b4;
    public static final int CL_RGBA = 0x10b5;
    public static final int CL_BGRA = 0x10b6;
    public static final int CL_ARGB = 0x10b7;
    public static final int CL_INTENSITY = 0x10b8;
    public static final int CL_LUMINANCE = 0x10b9;
    public static final int CL_Rx = 0x10ba;
    public static final int CL_RGx = 0x10bb;
    public static final int CL_RGBx = 0x10bc;
    public static final int CL_DEPTH = 0x10bd;
    public static final int CL_DEPTH_STENCIL = 0x10be;
    public static final int CL_sRGB = 0x10bf;
    public static final int CL_sRGBx = 0x10c0;
    public static final int CL_sRGBA = 0x10c1;
    public static final int CL_sBGRA = 0x10c2;
    public static final int CL_ABGR = 0x10c3;
    public static final int CL_SNORM_INT8 = 0x10d0;
    public static final int CL_SNORM_INT16 = 0x10d1;
    public static final int CL_UNORM_INT8 = 0x10d2;
    public static final int CL_UNORM_INT16 = 0x10d3;
    public static final int CL_UNORM_SHORT_565 = 0x10d4;
    public static final int CL_UNORM_SHORT_555 = 0x10d5;
    public static final int CL_UNORM_INT_101010 = 0x10d6;
    public static final int CL_SIGNED_INT8 = 0x10d7;
    public static final int CL_SIGNED_INT16 = 0x10d8;
    public static final int CL_SIGNED_INT32 = 0x10d9;
    public static final int CL_UNSIGNED_INT8 = 0x10da;
    public static final int CL_UNSIGNED_INT16 = 0x10db;
    public static final int CL_UNSIGNED_INT32 = 0x10dc;
    public static final int CL_HALF_FLOAT = 0x10dd;
    public static final int CL_FLOAT = 0x10de;
    public static final int CL_UNORM_INT24 = 0x10df;
    public static final int CL_MEM_OBJECT_BUFFER = 0x10f0;
    public static final int CL_MEM_OBJECT_IMAGE2D = 0x10f1;
    public static final int CL_MEM_OBJECT_IMAGE3D = 0x10f2;
    public static final int CL_MEM_OBJECT_IMAGE2D_ARRAY = 0x10f3;
    public static final int CL_MEM_OBJECT_IMAGE1D = 0x10f4;
    public static final int CL_MEM_OBJECT_IMAGE1D_ARRAY = 0x10f5;
    public static final int CL_MEM_OBJECT_IMAGE1D_BUFFER = 0x10f6;
    public static final int CL_MEM_OBJECT_PIPE = 0x10f7;
    public static final int CL_MEM_TYPE = 0x1100;
    public static final int CL_MEM_FLAGS = 0x1101;
    public static final int CL_MEM_SIZE = 0x1102;
    public static final int CL_MEM_HOST_PTR = 0x1103;
    public static final int CL_MEM_MAP_COUNT = 0x1104;
    public static final int CL_MEM_REFERENCE_COUNT = 0x1105;
    public static final int CL_MEM_CONTEXT = 0x1106;
    public static final int CL_MEM_ASSOCIATED_MEMOBJECT = 0x1107;
    public static final int CL_MEM_OFFSET = 0x1108;
    public static final int CL_MEM_USES_SVM_POINTER = 0x1109;
    public static final int CL_IMAGE_FORMAT = 0x1110;
    public static final int CL_IMAGE_ELEMENT_SIZE = 0x1111;
    public static final int CL_IMAGE_ROW_PITCH = 0x1112;
    public static final int CL_IMAGE_SLICE_PITCH = 0x1113;
    public static final int CL_IMAGE_WIDTH = 0x1114;
    public static final int CL_IMAGE_HEIGHT = 0x1115;
    public static final int CL_IMAGE_DEPTH = 0x1116;
    public static final int CL_IMAGE_ARRAY_SIZE = 0x1117;
    public static final int CL_IMAGE_BUFFER = 0x1118;
    public static final int CL_IMAGE_NUM_MIP_LEVELS = 0x1119;
    public static final int CL_IMAGE_NUM_SAMPLES = 0x111a;
    public static final int CL_PIPE_PACKET_SIZE = 0x1120;
    public static final int CL_PIPE_MAX_PACKETS = 0x1121;
    public static final int CL_ADDRESS_NONE = 0x1130;
    public static final int CL_ADDRESS_CLAMP_TO_EDGE = 0x1131;
    public static final int CL_ADDRESS_CLAMP = 0x1132;
    public static final int CL_ADDRESS_REPEAT = 0x1133;
    public static final int CL_ADDRESS_MIRRORED_REPEAT = 0x1134;
    public static final int CL_FILTER_NEAREST = 0x1140;
    public static final int CL_FILTER_LINEAR = 0x1141;
    public static final int CL_SAMPLER_REFERENCE_COUNT = 0x1150;
    public static final int CL_SAMPLER_CONTEXT = 0x1151;
    public static final int CL_SAMPLER_NORMALIZED_COORDS = 0x1152;
    public static final int CL_SAMPLER_ADDRESSING_MODE = 0x1153;
    public static final int CL_SAMPLER_FILTER_MODE = 0x1154;
    public static final int CL_SAMPLER_MIP_FILTER_MODE = 0x1155;
    public static final int CL_SAMPLER_LOD_MIN = 0x1156;
    public static final int CL_SAMPLER_LOD_MAX = 0x1157;
    public static final long CL_MAP_READ = 1L;
    public static final long CL_MAP_WRITE = 2L;
    public static final long CL_MAP_WRITE_INVALIDATE_REGION = 4L;
    public static final int CL_PROGRAM_REFERENCE_COUNT = 0x1160;
    public static final int CL_PROGRAM_CONTEXT = 0x1161;
    public static final int CL_PROGRAM_NUM_DEVICES = 0x1162;
    public static final int CL_PROGRAM_DEVICES = 0x1163;
    public static final int CL_PROGRAM_SOURCE = 0x1164;
    public static final int CL_PROGRAM_BINARY_SIZES = 0x1165;
    public static final int CL_PROGRAM_BINARIES = 0x1166;
    public static final int CL_PROGRAM_NUM_KERNELS = 0x1167;
    public static final int CL_PROGRAM_KERNEL_NAMES = 0x1168;
    public static final int CL_PROGRAM_BUILD_STATUS = 0x1181;
    public static final int CL_PROGRAM_BUILD_OPTIONS = 0x1182;
    public static final int CL_PROGRAM_BUILD_LOG = 0x1183;
    public static final int CL_PROGRAM_BINARY_TYPE = 0x1184;
    public static final int CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE = 0x1185;
    public static final int CL_PROGRAM_BINARY_TYPE_NONE = 0;
    public static final int CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT = 1;
    public static final int CL_PROGRAM_BINARY_TYPE_LIBRARY = 2;
    public static final int CL_PROGRAM_BINARY_TYPE_EXECUTABLE = 4;
    public static final int CL_BUILD_SUCCESS = 0;
    public static final int CL_BUILD_NONE = -1;
    public static final int CL_BUILD_ERROR = -2;
    public static final int CL_BUILD_IN_PROGRESS = -3;
    public static final int CL_KERNEL_FUNCTION_NAME = 0x1190;
    public static final int CL_KERNEL_NUM_ARGS = 0x1191;
    public static final int CL_KERNEL_REFERENCE_COUNT = 0x1192;
    public static final int CL_KERNEL_CONTEXT = 0x1193;
    public static final int CL_KERNEL_PROGRAM = 0x1194;
    public static final int CL_KERNEL_ATTRIBUTES = 0x1195;
    public static final int CL_KERNEL_ARG_ADDRESS_QUALIFIER = 0x1196;
    public static final int CL_KERNEL_ARG_ACCESS_QUALIFIER = 0x1197;
    public static final int CL_KERNEL_ARG_TYPE_NAME = 0x1198;
    public static final int CL_KERNEL_ARG_TYPE_QUALIFIER = 0x1199;
    public static final int CL_KERNEL_ARG_NAME = 0x119a;
    public static final int CL_KERNEL_ARG_ADDRESS_GLOBAL = 0x119b;
    public static final int CL_KERNEL_ARG_ADDRESS_LOCAL = 0x119c;
    public static final int CL_KERNEL_ARG_ADDRESS_CONSTANT = 0x119d;
    public static final int CL_KERNEL_ARG_ADDRESS_PRIVATE = 0x119e;
    public static final int CL_KERNEL_ARG_ACCESS_READ_ONLY = 0x11a0;
    public static final int CL_KERNEL_ARG_ACCESS_WRITE_ONLY = 0x11a1;
    public static final int CL_KERNEL_ARG_ACCESS_READ_WRITE = 0x11a2;
    public static final int CL_KERNEL_ARG_ACCESS_NONE = 0x11a3;
    public static final long CL_KERNEL_ARG_TYPE_NONE = 0L;
    public static final long CL_KERNEL_ARG_TYPE_CONST = 1L;
    public static final long CL_KERNEL_ARG_TYPE_RESTRICT = 2L;
    public static final long CL_KERNEL_ARG_TYPE_VOLATILE = 4L;
    public static final long CL_KERNEL_ARG_TYPE_PIPE = 8L;
    public static final int CL_KERNEL_WORK_GROUP_SIZE = 0x11b0;
    public static final int CL_KERNEL_COMPILE_WORK_GROUP_SIZE = 0x11b1;
    public static final int CL_KERNEL_LOCAL_MEM_SIZE = 0x11b2;
    public static final int CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE = 0x11b3;
    public static final int CL_KERNEL_PRIVATE_MEM_SIZE = 0x11b4;
    public static final int CL_KERNEL_GLOBAL_WORK_SIZE = 0x11b5;
    public static final int CL_KERNEL_EXEC_INFO_SVM_PTRS = 0x11b6;
    public static final int CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM = 0x11b7;
    public static final int CL_EVENT_COMMAND_QUEUE = 0x11d0;
    public static final int CL_EVENT_COMMAND_TYPE = 0x11d1;
    public static final int CL_EVENT_REFERENCE_COUNT = 0x11d2;
    public static final int CL_EVENT_COMMAND_EXECUTION_STATUS = 0x11d3;
    public static final int CL_EVENT_CONTEXT = 0x11d4;
    public static final int CL_COMMAND_NDRANGE_KERNEL = 0x11f0;
    public static final int CL_COMMAND_TASK = 0x11f1;
    public static final int CL_COMMAND_NATIVE_KERNEL = 0x11f2;
    public static final int CL_COMMAND_READ_BUFFER = 0x11f3;
    public static final int CL_COMMAND_WRITE_BUFFER = 0x11f4;
    public static final int CL_COMMAND_COPY_BUFFER = 0x11f5;
    public static final int CL_COMMAND_READ_IMAGE = 0x11f6;
    public static final int CL_COMMAND_WRITE_IMAGE = 0x11f7;
    public static final int CL_COMMAND_COPY_IMAGE = 0x11f8;
    public static final int CL_COMMAND_COPY_IMAGE_TO_BUFFER = 0x11f9;
    public static final int CL_COMMAND_COPY_BUFFER_TO_IMAGE = 0x11fa;
    public static final int CL_COMMAND_MAP_BUFFER = 0x11fb;
    public static final int CL_COMMAND_MAP_IMAGE = 0x11fc;
    public static final int CL_COMMAND_UNMAP_MEM_OBJECT = 0x11fd;
    public static final int CL_COMMAND_MARKER = 0x11fe;
    public static final int CL_COMMAND_ACQUIRE_GL_OBJECTS = 0x11ff;
    public static final int CL_COMMAND_RELEASE_GL_OBJECTS = 0x1200;
    public static final int CL_COMMAND_READ_BUFFER_RECT = 0x1201;
    public static final int CL_COMMAND_WRITE_BUFFER_RECT = 0x1202;
    public static final int CL_COMMAND_COPY_BUFFER_RECT = 0x1203;
    public static final int CL_COMMAND_USER = 0x1204;
    public static final int CL_COMMAND_BARRIER = 0x1205;
    public static final int CL_COMMAND_MIGRATE_MEM_OBJECTS = 0x1206;
    public static final int CL_COMMAND_FILL_BUFFER = 0x1207;
    public static final int CL_COMMAND_FILL_IMAGE = 0x1208;
    public static final int CL_COMMAND_SVM_FREE = 0x1209;
    public static final int CL_COMMAND_SVM_MEMCPY = 0x120a;
    public static final int CL_COMMAND_SVM_MEMFILL = 0x120b;
    public static final int CL_COMMAND_SVM_MAP = 0x120c;
    public static final int CL_COMMAND_SVM_UNMAP = 0x120d;
    public static final int CL_COMPLETE = 0;
    public static final int CL_RUNNING = 1;
    public static final int CL_SUBMITTED = 2;
    public static final int CL_QUEUED = 3;
    public static final int CL_BUFFER_CREATE_TYPE_REGION = 0x1220;
    public static final int CL_PROFILING_COMMAND_QUEUED = 0x1280;
    public static final int CL_PROFILING_COMMAND_SUBMIT = 0x1281;
    public static final int CL_PROFILING_COMMAND_START = 0x1282;
    public static final int CL_PROFILING_COMMAND_END = 0x1283;
    public static final int CL_PROFILING_COMMAND_COMPLETE = 0x1284;
    public static final int CL_GL_OBJECT_BUFFER = 0x2000;
    public static final int CL_GL_OBJECT_TEXTURE2D = 0x2001;
    public static final int CL_GL_OBJECT_TEXTURE3D = 0x2002;
    public static final int CL_GL_OBJECT_RENDERBUFFER = 0x2003;
    public static final int CL_GL_OBJECT_TEXTURE2D_ARRAY = 0x200e;
    public static final int CL_GL_OBJECT_TEXTURE1D = 0x200f;
    public static final int CL_GL_OBJECT_TEXTURE1D_ARRAY = 0x2010;
    public static final int CL_GL_OBJECT_TEXTURE_BUFFER = 0x2011;
    public static final int CL_GL_TEXTURE_TARGET = 0x2004;
    public static final int CL_GL_MIPMAP_LEVEL = 0x2005;
    public static final int CL_GL_NUM_SAMPLES = 0x2012;
    public static final int CL_CURRENT_DEVICE_FOR_GL_CONTEXT_KHR = 0x2006;
    public static final int CL_DEVICES_FOR_GL_CONTEXT_KHR = 0x2007;
    public static final int CL_GL_CONTEXT_KHR = 0x2008;
    public static final int CL_EGL_DISPLAY_KHR = 0x2009;
    public static final int CL_GLX_DISPLAY_KHR = 0x200a;
    public static final int CL_WGL_HDC_KHR = 0x200b;
    public static final int CL_CGL_SHAREGROUP_KHR = 0x200c;
    public static final int CL_CONTEXT_PROPERTY_USE_CGL_SHAREGROUP_APPLE = 0x10000000;
    public static final int CL_CGL_DEVICE_FOR_CURRENT_VIRTUAL_SCREEN_APPLE = 0x10000002;
    public static final int CL_CGL_DEVICES_FOR_SUPPORTED_VIRTUAL_SCREENS_APPLE = 0x10000003;
    public static final int CL_INVALID_GL_CONTEXT_APPLE = -1000;

    // ---- exceptions and logging ----

    /** Log levels, as JOCL has them; OmniCL logs through {@code java.util.logging}. */
    public enum LogLevel {
        LOG_QUIET, LOG_ERROR, LOG_WARNING, LOG_INFO, LOG_DEBUG, LOG_TRACE, LOG_DEBUGTRACE
    }

    /**
     * When enabled, every method that would return (or store in {@code errcode_ret}) a code other than
     * {@code CL_SUCCESS} throws a {@link CLException} with that code instead.
     */
    public static void setExceptionsEnabled(boolean enabled) {
        Status.setExceptionsEnabled(enabled);
    }

    public static void setLogLevel(LogLevel logLevel) {
        Status.setLogLevel(logLevel);
    }

    /** A direct byte buffer of {@code size} bytes whose address is a multiple of {@code alignment}. */
    public static synchronized ByteBuffer allocateAligned(int size, int alignment) {
        return Marshal.allocateAligned(size, alignment);
    }

    // ---- names of constants ----

    public static String stringFor_errorCode(int n) {
        return ConstantNames.stringFor_errorCode(n);
    }

    public static String stringFor_cl_platform_info(int n) {
        return ConstantNames.stringFor_cl_platform_info(n);
    }

    public static String stringFor_cl_device_info(int n) {
        return ConstantNames.stringFor_cl_device_info(n);
    }

    public static String stringFor_cl_device_mem_cache_type(int n) {
        return ConstantNames.stringFor_cl_device_mem_cache_type(n);
    }

    public static String stringFor_cl_device_local_mem_type(int n) {
        return ConstantNames.stringFor_cl_device_local_mem_type(n);
    }

    public static String stringFor_cl_context_info(int n) {
        return ConstantNames.stringFor_cl_context_info(n);
    }

    public static String stringFor_cl_context_properties(int n) {
        return ConstantNames.stringFor_cl_context_properties(n);
    }

    public static String stringFor_cl_device_partition_property(int n) {
        return ConstantNames.stringFor_cl_device_partition_property(n);
    }

    public static String stringFor_cl_command_queue_info(int n) {
        return ConstantNames.stringFor_cl_command_queue_info(n);
    }

    public static String stringFor_cl_channel_order(int n) {
        return ConstantNames.stringFor_cl_channel_order(n);
    }

    public static String stringFor_cl_channel_type(int n) {
        return ConstantNames.stringFor_cl_channel_type(n);
    }

    public static String stringFor_cl_mem_object_type(int n) {
        return ConstantNames.stringFor_cl_mem_object_type(n);
    }

    public static String stringFor_cl_mem_info(int n) {
        return ConstantNames.stringFor_cl_mem_info(n);
    }

    public static String stringFor_cl_image_info(int n) {
        return ConstantNames.stringFor_cl_image_info(n);
    }

    public static String stringFor_cl_pipe_info(int n) {
        return ConstantNames.stringFor_cl_pipe_info(n);
    }

    public static String stringFor_cl_addressing_mode(int n) {
        return ConstantNames.stringFor_cl_addressing_mode(n);
    }

    public static String stringFor_cl_filter_mode(int n) {
        return ConstantNames.stringFor_cl_filter_mode(n);
    }

    public static String stringFor_cl_sampler_info(int n) {
        return ConstantNames.stringFor_cl_sampler_info(n);
    }

    public static String stringFor_cl_program_info(int n) {
        return ConstantNames.stringFor_cl_program_info(n);
    }

    public static String stringFor_cl_program_build_info(int n) {
        return ConstantNames.stringFor_cl_program_build_info(n);
    }

    public static String stringFor_cl_program_binary_type(int n) {
        return ConstantNames.stringFor_cl_program_binary_type(n);
    }

    public static String stringFor_cl_build_status(int n) {
        return ConstantNames.stringFor_cl_build_status(n);
    }

    public static String stringFor_cl_kernel_info(int n) {
        return ConstantNames.stringFor_cl_kernel_info(n);
    }

    public static String stringFor_cl_kernel_arg_info(int n) {
        return ConstantNames.stringFor_cl_kernel_arg_info(n);
    }

    public static String stringFor_cl_kernel_arg_address_qualifier(int n) {
        return ConstantNames.stringFor_cl_kernel_arg_address_qualifier(n);
    }

    public static String stringFor_cl_kernel_arg_access_qualifier(int n) {
        return ConstantNames.stringFor_cl_kernel_arg_access_qualifier(n);
    }

    public static String stringFor_cl_kernel_work_group_info(int n) {
        return ConstantNames.stringFor_cl_kernel_work_group_info(n);
    }

    public static String stringFor_cl_kernel_exec_info(int n) {
        return ConstantNames.stringFor_cl_kernel_exec_info(n);
    }

    public static String stringFor_cl_event_info(int n) {
        return ConstantNames.stringFor_cl_event_info(n);
    }

    public static String stringFor_cl_command_type(int n) {
        return ConstantNames.stringFor_cl_command_type(n);
    }

    public static String stringFor_command_execution_status(int n) {
        return ConstantNames.stringFor_command_execution_status(n);
    }

    public static String stringFor_cl_profiling_info(int n) {
        return ConstantNames.stringFor_cl_profiling_info(n);
    }

    public static String stringFor_cl_gl_object_type(int n) {
        return ConstantNames.stringFor_cl_gl_object_type(n);
    }

    public static String stringFor_cl_gl_texture_info(int n) {
        return ConstantNames.stringFor_cl_gl_texture_info(n);
    }

    public static String stringFor_cl_khr_gl_sharing(int n) {
        return ConstantNames.stringFor_cl_khr_gl_sharing(n);
    }

    public static String stringFor_cl_gl_platform_info(int n) {
        return ConstantNames.stringFor_cl_gl_platform_info(n);
    }

    public static String stringFor_cl_device_type(long n) {
        return ConstantNames.stringFor_cl_device_type(n);
    }

    public static String stringFor_cl_device_address_info(long n) {
        return ConstantNames.stringFor_cl_device_address_info(n);
    }

    public static String stringFor_cl_device_fp_config(long n) {
        return ConstantNames.stringFor_cl_device_fp_config(n);
    }

    public static String stringFor_cl_device_exec_capabilities(long n) {
        return ConstantNames.stringFor_cl_device_exec_capabilities(n);
    }

    public static String stringFor_cl_command_queue_properties(long n) {
        return ConstantNames.stringFor_cl_command_queue_properties(n);
    }

    public static String stringFor_cl_device_affinity_domain(long n) {
        return ConstantNames.stringFor_cl_device_affinity_domain(n);
    }

    public static String stringFor_cl_device_svm_capabilities(long n) {
        return ConstantNames.stringFor_cl_device_svm_capabilities(n);
    }

    public static String stringFor_cl_mem_flags(long n) {
        return ConstantNames.stringFor_cl_mem_flags(n);
    }

    public static String stringFor_cl_mem_migration_flags(long n) {
        return ConstantNames.stringFor_cl_mem_migration_flags(n);
    }

    public static String stringFor_cl_map_flags(long n) {
        return ConstantNames.stringFor_cl_map_flags(n);
    }

    public static String stringFor_cl_kernel_arg_type_qualifer(long n) {
        return ConstantNames.stringFor_cl_kernel_arg_type_qualifer(n);
    }

    // ---- entry points ----

    public static int clGetPlatformIDs(int num_entries, cl_platform_id[] platforms, int[] num_platforms) {
        return PlatformCalls.clGetPlatformIDs(num_entries, platforms, num_platforms);
    }

    public static int clGetPlatformInfo(cl_platform_id platform, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return PlatformCalls.clGetPlatformInfo(platform, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clGetDeviceIDs(cl_platform_id platform, long device_type, int num_entries, cl_device_id[] devices, int[] num_devices) {
        return PlatformCalls.clGetDeviceIDs(platform, device_type, num_entries, devices, num_devices);
    }

    public static int clGetDeviceInfo(cl_device_id device, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return PlatformCalls.clGetDeviceInfo(device, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clCreateSubDevices(cl_device_id in_device, cl_device_partition_property properties, int num_devices, cl_device_id[] out_devices, int[] num_devices_ret) {
        return PlatformCalls.clCreateSubDevices(in_device, properties, num_devices, out_devices, num_devices_ret);
    }

    public static int clRetainDevice(cl_device_id device) {
        return PlatformCalls.clRetainDevice(device);
    }

    public static int clReleaseDevice(cl_device_id device) {
        return PlatformCalls.clReleaseDevice(device);
    }

    public static cl_context clCreateContext(cl_context_properties properties, int num_devices, cl_device_id[] devices, CreateContextFunction pfn_notify, Object user_data, int[] errcode_ret) {
        return ContextCalls.clCreateContext(properties, num_devices, devices, pfn_notify, user_data, errcode_ret);
    }

    public static cl_context clCreateContextFromType(cl_context_properties properties, long device_type, CreateContextFunction pfn_notify, Object user_data, int[] errcode_ret) {
        return ContextCalls.clCreateContextFromType(properties, device_type, pfn_notify, user_data, errcode_ret);
    }

    public static int clRetainContext(cl_context context) {
        return ContextCalls.clRetainContext(context);
    }

    public static int clReleaseContext(cl_context context) {
        return ContextCalls.clReleaseContext(context);
    }

    public static int clGetContextInfo(cl_context context, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return ContextCalls.clGetContextInfo(context, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static cl_command_queue clCreateCommandQueue(cl_context context, cl_device_id device, long properties, int[] errcode_ret) {
        return QueueCalls.clCreateCommandQueue(context, device, properties, errcode_ret);
    }

    public static cl_command_queue clCreateCommandQueueWithProperties(cl_context context, cl_device_id device, cl_queue_properties properties, int[] errcode_ret) {
        return QueueCalls.clCreateCommandQueueWithProperties(context, device, properties, errcode_ret);
    }

    public static int clRetainCommandQueue(cl_command_queue command_queue) {
        return QueueCalls.clRetainCommandQueue(command_queue);
    }

    public static int clReleaseCommandQueue(cl_command_queue command_queue) {
        return QueueCalls.clReleaseCommandQueue(command_queue);
    }

    public static int clGetCommandQueueInfo(cl_command_queue command_queue, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return QueueCalls.clGetCommandQueueInfo(command_queue, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clSetCommandQueueProperty(cl_command_queue command_queue, long properties, boolean enable, long[] old_properties) {
        return QueueCalls.clSetCommandQueueProperty(command_queue, properties, enable, old_properties);
    }

    public static cl_mem clCreateBuffer(cl_context context, long flags, long size, Pointer host_ptr, int[] errcode_ret) {
        return MemCalls.clCreateBuffer(context, flags, size, host_ptr, errcode_ret);
    }

    public static cl_mem clCreateSubBuffer(cl_mem buffer, long flags, int buffer_create_type, Pointer buffer_create_info, int[] errcode_ret) {
        return MemCalls.clCreateSubBuffer(buffer, flags, buffer_create_type, buffer_create_info, errcode_ret);
    }

    public static cl_mem clCreateSubBuffer(cl_mem buffer, long flags, int buffer_create_type, cl_buffer_region buffer_create_info, int[] errcode_ret) {
        return MemCalls.clCreateSubBuffer(buffer, flags, buffer_create_type, buffer_create_info, errcode_ret);
    }

    public static cl_mem clCreateImage(cl_context context, long flags, cl_image_format image_format, cl_image_desc image_desc, Pointer host_ptr, int[] errcode_ret) {
        return MemCalls.clCreateImage(context, flags, image_format, image_desc, host_ptr, errcode_ret);
    }

    public static cl_mem clCreatePipe(cl_context context, long flags, int pipe_packet_size, int pipe_max_packets, cl_pipe_properties properties, int[] errcode_ret) {
        return Cl20Calls.clCreatePipe(context, flags, pipe_packet_size, pipe_max_packets, properties, errcode_ret);
    }

    public static cl_mem clCreateImage2D(cl_context context, long flags, cl_image_format[] image_format, long image_width, long image_height, long image_row_pitch, Pointer host_ptr, int[] errcode_ret) {
        return MemCalls.clCreateImage2D(context, flags, image_format, image_width, image_height, image_row_pitch, host_ptr, errcode_ret);
    }

    public static cl_mem clCreateImage3D(cl_context context, long flags, cl_image_format[] image_format, long image_width, long image_height, long image_depth, long image_row_pitch, long image_slice_pitch, Pointer host_ptr, int[] errcode_ret) {
        return MemCalls.clCreateImage3D(context, flags, image_format, image_width, image_height, image_depth, image_row_pitch, image_slice_pitch, host_ptr, errcode_ret);
    }

    public static int clRetainMemObject(cl_mem memobj) {
        return MemCalls.clRetainMemObject(memobj);
    }

    public static int clReleaseMemObject(cl_mem memobj) {
        return MemCalls.clReleaseMemObject(memobj);
    }

    public static int clGetSupportedImageFormats(cl_context context, long flags, int image_type, int num_entries, cl_image_format[] image_formats, int[] num_image_formats) {
        return MemCalls.clGetSupportedImageFormats(context, flags, image_type, num_entries, image_formats, num_image_formats);
    }

    public static int clGetMemObjectInfo(cl_mem memobj, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return MemCalls.clGetMemObjectInfo(memobj, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clGetImageInfo(cl_mem image, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return MemCalls.clGetImageInfo(image, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clGetPipeInfo(cl_mem pipe, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Cl20Calls.clGetPipeInfo(pipe, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clSetMemObjectDestructorCallback(cl_mem memobj, MemObjectDestructorCallbackFunction pfn_notify, Object user_data) {
        return MemCalls.clSetMemObjectDestructorCallback(memobj, pfn_notify, user_data);
    }

    public static Pointer clSVMAlloc(cl_context context, long flags, long size, int alignment) {
        return Cl20Calls.clSVMAlloc(context, flags, size, alignment);
    }

    public static void clSVMFree(cl_context context, Pointer svm_pointer) {
        Cl20Calls.clSVMFree(context, svm_pointer);
    }

    public static cl_sampler clCreateSamplerWithProperties(cl_context context, cl_sampler_properties properties, int[] errcode_ret) {
        return SamplerCalls.clCreateSamplerWithProperties(context, properties, errcode_ret);
    }

    public static cl_sampler clCreateSampler(cl_context context, boolean normalized_coords, int addressing_mode, int filter_mode, int[] errcode_ret) {
        return SamplerCalls.clCreateSampler(context, normalized_coords, addressing_mode, filter_mode, errcode_ret);
    }

    public static int clRetainSampler(cl_sampler sampler) {
        return SamplerCalls.clRetainSampler(sampler);
    }

    public static int clReleaseSampler(cl_sampler sampler) {
        return SamplerCalls.clReleaseSampler(sampler);
    }

    public static int clGetSamplerInfo(cl_sampler sampler, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return SamplerCalls.clGetSamplerInfo(sampler, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static cl_program clCreateProgramWithSource(cl_context context, int count, String[] strings, long[] lengths, int[] errcode_ret) {
        return ProgramCalls.clCreateProgramWithSource(context, count, strings, lengths, errcode_ret);
    }

    public static cl_program clCreateProgramWithBinary(cl_context context, int num_devices, cl_device_id[] device_list, long[] lengths, byte[][] binaries, int[] binary_status, int[] errcode_ret) {
        return ProgramCalls.clCreateProgramWithBinary(context, num_devices, device_list, lengths, binaries, binary_status, errcode_ret);
    }

    public static cl_program clCreateProgramWithBuiltInKernels(cl_context context, int num_devices, cl_device_id[] device_list, String kernel_names, int[] errcode_ret) {
        return ProgramCalls.clCreateProgramWithBuiltInKernels(context, num_devices, device_list, kernel_names, errcode_ret);
    }

    public static int clRetainProgram(cl_program program) {
        return ProgramCalls.clRetainProgram(program);
    }

    public static int clReleaseProgram(cl_program program) {
        return ProgramCalls.clReleaseProgram(program);
    }

    public static int clBuildProgram(cl_program program, int num_devices, cl_device_id[] device_list, String options, BuildProgramFunction pfn_notify, Object user_data) {
        return ProgramCalls.clBuildProgram(program, num_devices, device_list, options, pfn_notify, user_data);
    }

    public static int clCompileProgram(cl_program program, int num_devices, cl_device_id[] device_list, String options, int num_input_headers, cl_program[] input_headers, String[] header_include_names, BuildProgramFunction pfn_notify, Object user_data) {
        return ProgramCalls.clCompileProgram(program, num_devices, device_list, options, num_input_headers, input_headers, header_include_names, pfn_notify, user_data);
    }

    public static cl_program clLinkProgram(cl_context context, int num_devices, cl_device_id[] device_list, String options, int num_input_programs, cl_program[] input_programs, BuildProgramFunction pfn_notify, Object user_data, int[] errcode_ret) {
        return ProgramCalls.clLinkProgram(context, num_devices, device_list, options, num_input_programs, input_programs, pfn_notify, user_data, errcode_ret);
    }

    public static int clUnloadPlatformCompiler(cl_platform_id platform) {
        return PlatformCalls.clUnloadPlatformCompiler(platform);
    }

    public static int clUnloadCompiler() {
        return PlatformCalls.clUnloadCompiler();
    }

    public static int clGetProgramInfo(cl_program program, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return ProgramCalls.clGetProgramInfo(program, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clGetProgramBuildInfo(cl_program program, cl_device_id device, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return ProgramCalls.clGetProgramBuildInfo(program, device, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static cl_kernel clCreateKernel(cl_program program, String kernel_name, int[] errcode_ret) {
        return KernelCalls.clCreateKernel(program, kernel_name, errcode_ret);
    }

    public static int clCreateKernelsInProgram(cl_program program, int num_kernels, cl_kernel[] kernels, int[] num_kernels_ret) {
        return KernelCalls.clCreateKernelsInProgram(program, num_kernels, kernels, num_kernels_ret);
    }

    public static int clRetainKernel(cl_kernel kernel) {
        return KernelCalls.clRetainKernel(kernel);
    }

    public static int clReleaseKernel(cl_kernel kernel) {
        return KernelCalls.clReleaseKernel(kernel);
    }

    public static int clSetKernelArg(cl_kernel kernel, int arg_index, long arg_size, Pointer arg_value) {
        return KernelCalls.clSetKernelArg(kernel, arg_index, arg_size, arg_value);
    }

    public static int clSetKernelArgSVMPointer(cl_kernel kernel, int arg_index, Pointer arg_value) {
        return Cl20Calls.clSetKernelArgSVMPointer(kernel, arg_index, arg_value);
    }

    public static int clSetKernelExecInfo(cl_kernel kernel, int param_name, long param_value_size, Pointer param_value) {
        return KernelCalls.clSetKernelExecInfo(kernel, param_name, param_value_size, param_value);
    }

    public static int clGetKernelInfo(cl_kernel kernel, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return KernelCalls.clGetKernelInfo(kernel, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clGetKernelArgInfo(cl_kernel kernel, int arg_indx, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return KernelCalls.clGetKernelArgInfo(kernel, arg_indx, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clGetKernelWorkGroupInfo(cl_kernel kernel, cl_device_id device, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return KernelCalls.clGetKernelWorkGroupInfo(kernel, device, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clWaitForEvents(int num_events, cl_event[] event_list) {
        return EventCalls.clWaitForEvents(num_events, event_list);
    }

    public static int clGetEventInfo(cl_event event, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return EventCalls.clGetEventInfo(event, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static cl_event clCreateUserEvent(cl_context context, int[] errcode_ret) {
        return EventCalls.clCreateUserEvent(context, errcode_ret);
    }

    public static int clRetainEvent(cl_event event) {
        return EventCalls.clRetainEvent(event);
    }

    public static int clReleaseEvent(cl_event event) {
        return EventCalls.clReleaseEvent(event);
    }

    public static int clSetUserEventStatus(cl_event event, int execution_status) {
        return EventCalls.clSetUserEventStatus(event, execution_status);
    }

    public static int clSetEventCallback(cl_event event, int command_exec_callback_type, EventCallbackFunction pfn_notify, Object user_data) {
        return EventCalls.clSetEventCallback(event, command_exec_callback_type, pfn_notify, user_data);
    }

    public static int clGetEventProfilingInfo(cl_event event, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return EventCalls.clGetEventProfilingInfo(event, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clFlush(cl_command_queue command_queue) {
        return QueueCalls.clFlush(command_queue);
    }

    public static int clFinish(cl_command_queue command_queue) {
        return QueueCalls.clFinish(command_queue);
    }

    public static int clEnqueueReadBuffer(cl_command_queue command_queue, cl_mem buffer, boolean blocking_read, long offset, long cb, Pointer ptr, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueReadBuffer(command_queue, buffer, blocking_read, offset, cb, ptr, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueReadBufferRect(cl_command_queue command_queue, cl_mem buffer, boolean blocking_read, long[] buffer_offset, long[] host_offset, long[] region, long buffer_row_pitch, long buffer_slice_pitch, long host_row_pitch, long host_slice_pitch, Pointer ptr, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueReadBufferRect(command_queue, buffer, blocking_read, buffer_offset, host_offset, region, buffer_row_pitch, buffer_slice_pitch, host_row_pitch, host_slice_pitch, ptr, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueWriteBuffer(cl_command_queue command_queue, cl_mem buffer, boolean blocking_write, long offset, long cb, Pointer ptr, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueWriteBuffer(command_queue, buffer, blocking_write, offset, cb, ptr, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueWriteBufferRect(cl_command_queue command_queue, cl_mem buffer, boolean blocking_write, long[] buffer_offset, long[] host_offset, long[] region, long buffer_row_pitch, long buffer_slice_pitch, long host_row_pitch, long host_slice_pitch, Pointer ptr, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueWriteBufferRect(command_queue, buffer, blocking_write, buffer_offset, host_offset, region, buffer_row_pitch, buffer_slice_pitch, host_row_pitch, host_slice_pitch, ptr, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueFillBuffer(cl_command_queue command_queue, cl_mem buffer, Pointer pattern, long pattern_size, long offset, long size, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueFillBuffer(command_queue, buffer, pattern, pattern_size, offset, size, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueCopyBuffer(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer, long src_offset, long dst_offset, long cb, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueCopyBuffer(command_queue, src_buffer, dst_buffer, src_offset, dst_offset, cb, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueCopyBufferRect(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer, long[] src_origin, long[] dst_origin, long[] region, long src_row_pitch, long src_slice_pitch, long dst_row_pitch, long dst_slice_pitch, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueCopyBufferRect(command_queue, src_buffer, dst_buffer, src_origin, dst_origin, region, src_row_pitch, src_slice_pitch, dst_row_pitch, dst_slice_pitch, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueReadImage(cl_command_queue command_queue, cl_mem image, boolean blocking_read, long[] origin, long[] region, long row_pitch, long slice_pitch, Pointer ptr, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return ImageCalls.clEnqueueReadImage(command_queue, image, blocking_read, origin, region, row_pitch, slice_pitch, ptr, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueWriteImage(cl_command_queue command_queue, cl_mem image, boolean blocking_write, long[] origin, long[] region, long input_row_pitch, long input_slice_pitch, Pointer ptr, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return ImageCalls.clEnqueueWriteImage(command_queue, image, blocking_write, origin, region, input_row_pitch, input_slice_pitch, ptr, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueFillImage(cl_command_queue command_queue, cl_mem image, Pointer fill_color, long[] origin, long[] region, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return ImageCalls.clEnqueueFillImage(command_queue, image, fill_color, origin, region, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueCopyImage(cl_command_queue command_queue, cl_mem src_image, cl_mem dst_image, long[] src_origin, long[] dst_origin, long[] region, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return ImageCalls.clEnqueueCopyImage(command_queue, src_image, dst_image, src_origin, dst_origin, region, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueCopyImageToBuffer(cl_command_queue command_queue, cl_mem src_image, cl_mem dst_buffer, long[] src_origin, long[] region, long dst_offset, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return ImageCalls.clEnqueueCopyImageToBuffer(command_queue, src_image, dst_buffer, src_origin, region, dst_offset, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueCopyBufferToImage(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_image, long src_offset, long[] dst_origin, long[] region, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return ImageCalls.clEnqueueCopyBufferToImage(command_queue, src_buffer, dst_image, src_offset, dst_origin, region, num_events_in_wait_list, event_wait_list, event);
    }

    public static ByteBuffer clEnqueueMapBuffer(cl_command_queue command_queue, cl_mem buffer, boolean blocking_map, long map_flags, long offset, long cb, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event, int[] errcode_ret) {
        return EnqueueCalls.clEnqueueMapBuffer(command_queue, buffer, blocking_map, map_flags, offset, cb, num_events_in_wait_list, event_wait_list, event, errcode_ret);
    }

    public static ByteBuffer clEnqueueMapImage(cl_command_queue command_queue, cl_mem image, boolean blocking_map, long map_flags, long[] origin, long[] region, long[] image_row_pitch, long[] image_slice_pitch, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event, int[] errcode_ret) {
        return ImageCalls.clEnqueueMapImage(command_queue, image, blocking_map, map_flags, origin, region, image_row_pitch, image_slice_pitch, num_events_in_wait_list, event_wait_list, event, errcode_ret);
    }

    public static int clEnqueueUnmapMemObject(cl_command_queue command_queue, cl_mem memobj, ByteBuffer mapped_ptr, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueUnmapMemObject(command_queue, memobj, mapped_ptr, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueMigrateMemObjects(cl_command_queue command_queue, int num_mem_objects, cl_mem[] mem_objects, long flags, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueMigrateMemObjects(command_queue, num_mem_objects, mem_objects, flags, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueNDRangeKernel(cl_command_queue command_queue, cl_kernel kernel, int work_dim, long[] global_work_offset, long[] global_work_size, long[] local_work_size, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueNDRangeKernel(command_queue, kernel, work_dim, global_work_offset, global_work_size, local_work_size, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueTask(cl_command_queue command_queue, cl_kernel kernel, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueTask(command_queue, kernel, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueNativeKernel(cl_command_queue command_queue, EnqueueNativeKernelFunction user_func, Object args, long cb_args, int num_mem_objects, cl_mem[] mem_list, Pointer[] args_mem_loc, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueNativeKernel(command_queue, user_func, args, cb_args, num_mem_objects, mem_list, args_mem_loc, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueMarkerWithWaitList(cl_command_queue command_queue, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueMarkerWithWaitList(command_queue, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueBarrierWithWaitList(cl_command_queue command_queue, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return EnqueueCalls.clEnqueueBarrierWithWaitList(command_queue, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clSetPrintfCallback(cl_context context, PrintfCallbackFunction pfn_notify, Object user_data) {
        return ContextCalls.clSetPrintfCallback(context, pfn_notify, user_data);
    }

    public static int clEnqueueSVMFree(cl_command_queue command_queue, int num_svm_pointers, Pointer[] svm_pointers, SVMFreeFunction pfn_free_func, Object user_data, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Cl20Calls.clEnqueueSVMFree(command_queue, num_svm_pointers, svm_pointers, pfn_free_func, user_data, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueSVMMemcpy(cl_command_queue command_queue, boolean blocking_copy, Pointer dst_ptr, Pointer src_ptr, long size, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Cl20Calls.clEnqueueSVMMemcpy(command_queue, blocking_copy, dst_ptr, src_ptr, size, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueSVMMemFill(cl_command_queue command_queue, Pointer svm_ptr, Pointer pattern, long pattern_size, long size, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Cl20Calls.clEnqueueSVMMemFill(command_queue, svm_ptr, pattern, pattern_size, size, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueSVMMap(cl_command_queue command_queue, boolean blocking_map, long flags, Pointer svm_ptr, long size, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Cl20Calls.clEnqueueSVMMap(command_queue, blocking_map, flags, svm_ptr, size, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueSVMUnmap(cl_command_queue command_queue, Pointer svm_ptr, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Cl20Calls.clEnqueueSVMUnmap(command_queue, svm_ptr, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueMarker(cl_command_queue command_queue, cl_event event) {
        return EnqueueCalls.clEnqueueMarker(command_queue, event);
    }

    public static int clEnqueueWaitForEvents(cl_command_queue command_queue, int num_events, cl_event[] event_list) {
        return EnqueueCalls.clEnqueueWaitForEvents(command_queue, num_events, event_list);
    }

    public static int clEnqueueBarrier(cl_command_queue command_queue) {
        return EnqueueCalls.clEnqueueBarrier(command_queue);
    }

    public static cl_mem clCreateFromGLBuffer(cl_context context, long flags, int bufobj, int[] errcode_ret) {
        return GlCalls.clCreateFromGLBuffer(context, flags, bufobj, errcode_ret);
    }

    public static cl_mem clCreateFromGLTexture(cl_context context, long flags, int target, int miplevel, int texture, int[] errcode_ret) {
        return GlCalls.clCreateFromGLTexture(context, flags, target, miplevel, texture, errcode_ret);
    }

    public static cl_mem clCreateFromGLTexture2D(cl_context context, long flags, int target, int miplevel, int texture, int[] errcode_ret) {
        return GlCalls.clCreateFromGLTexture2D(context, flags, target, miplevel, texture, errcode_ret);
    }

    public static cl_mem clCreateFromGLTexture3D(cl_context context, long flags, int target, int miplevel, int texture, int[] errcode_ret) {
        return GlCalls.clCreateFromGLTexture3D(context, flags, target, miplevel, texture, errcode_ret);
    }

    public static cl_mem clCreateFromGLRenderbuffer(cl_context context, long flags, int renderbuffer, int[] errcode_ret) {
        return GlCalls.clCreateFromGLRenderbuffer(context, flags, renderbuffer, errcode_ret);
    }

    public static int clGetGLObjectInfo(cl_mem memobj, int[] gl_object_type, int[] gl_object_name) {
        return GlCalls.clGetGLObjectInfo(memobj, gl_object_type, gl_object_name);
    }

    public static int clGetGLTextureInfo(cl_mem memobj, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return GlCalls.clGetGLTextureInfo(memobj, param_name, param_value_size, param_value, param_value_size_ret);
    }

    public static int clEnqueueAcquireGLObjects(cl_command_queue command_queue, int num_objects, cl_mem[] mem_objects, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return GlCalls.clEnqueueAcquireGLObjects(command_queue, num_objects, mem_objects, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clEnqueueReleaseGLObjects(cl_command_queue command_queue, int num_objects, cl_mem[] mem_objects, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return GlCalls.clEnqueueReleaseGLObjects(command_queue, num_objects, mem_objects, num_events_in_wait_list, event_wait_list, event);
    }

    public static int clGetGLContextInfoAPPLE(cl_context context, long platform_gl_ctx, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return GlCalls.clGetGLContextInfoAPPLE(context, platform_gl_ctx, param_name, param_value_size, param_value, param_value_size_ret);
    }
}
