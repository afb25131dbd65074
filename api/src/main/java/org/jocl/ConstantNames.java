package org.jocl;

import java.util.HashMap;
import java.util.Map;

/**
 * The names behind {@code CL.stringFor_*}, with JOCL 2.0.5's output. Each kind of value is a table of
 * constant names, in JOCL's order, whose values are read from {@link CL}'s fields of the same name: an
 * {@link EnumType} names one value, a {@link BitfieldType} names each set flag.
 */
final class ConstantNames {

    private static final String NO_FLAGS = "(none)";

    private ConstantNames() {
    }

    private static final EnumType ERROR_CODE = new EnumType("error code",
            "CL_SUCCESS", "CL_DEVICE_NOT_FOUND", "CL_DEVICE_NOT_AVAILABLE", "CL_COMPILER_NOT_AVAILABLE",
            "CL_MEM_OBJECT_ALLOCATION_FAILURE", "CL_OUT_OF_RESOURCES", "CL_OUT_OF_HOST_MEMORY",
            "CL_PROFILING_INFO_NOT_AVAILABLE", "CL_MEM_COPY_OVERLAP", "CL_IMAGE_FORMAT_MISMATCH",
            "CL_IMAGE_FORMAT_NOT_SUPPORTED", "CL_BUILD_PROGRAM_FAILURE", "CL_MAP_FAILURE",
            "CL_MISALIGNED_SUB_BUFFER_OFFSET", "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
            "CL_COMPILE_PROGRAM_FAILURE", "CL_LINKER_NOT_AVAILABLE", "CL_LINK_PROGRAM_FAILURE",
            "CL_DEVICE_PARTITION_FAILED", "CL_KERNEL_ARG_INFO_NOT_AVAILABLE", "CL_INVALID_VALUE",
            "CL_INVALID_DEVICE_TYPE", "CL_INVALID_PLATFORM", "CL_INVALID_DEVICE", "CL_INVALID_CONTEXT",
            "CL_INVALID_QUEUE_PROPERTIES", "CL_INVALID_COMMAND_QUEUE", "CL_INVALID_HOST_PTR",
            "CL_INVALID_MEM_OBJECT", "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR", "CL_INVALID_IMAGE_SIZE",
            "CL_INVALID_SAMPLER", "CL_INVALID_BINARY", "CL_INVALID_BUILD_OPTIONS", "CL_INVALID_PROGRAM",
            "CL_INVALID_PROGRAM_EXECUTABLE", "CL_INVALID_KERNEL_NAME", "CL_INVALID_KERNEL_DEFINITION",
            "CL_INVALID_KERNEL", "CL_INVALID_ARG_INDEX", "CL_INVALID_ARG_VALUE", "CL_INVALID_ARG_SIZE",
            "CL_INVALID_KERNEL_ARGS", "CL_INVALID_WORK_DIMENSION", "CL_INVALID_WORK_GROUP_SIZE",
            "CL_INVALID_WORK_ITEM_SIZE", "CL_INVALID_GLOBAL_OFFSET", "CL_INVALID_EVENT_WAIT_LIST",
            "CL_INVALID_EVENT", "CL_INVALID_OPERATION", "CL_INVALID_GL_OBJECT", "CL_INVALID_BUFFER_SIZE",
            "CL_INVALID_MIP_LEVEL", "CL_INVALID_GLOBAL_WORK_SIZE", "CL_INVALID_PROPERTY",
            "CL_INVALID_IMAGE_DESCRIPTOR", "CL_INVALID_COMPILER_OPTIONS", "CL_INVALID_LINKER_OPTIONS",
            "CL_INVALID_DEVICE_PARTITION_COUNT", "CL_INVALID_PIPE_SIZE", "CL_INVALID_DEVICE_QUEUE",
            "CL_JOCL_INTERNAL_ERROR", "CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR", "CL_PLATFORM_NOT_FOUND_KHR");

    static String stringFor_errorCode(int n) {
        // some implementations return 1 from clBuildProgram when the source has errors
        return n == 1 ? "Error in program source code" : ERROR_CODE.nameOf(n);
    }

    private static final EnumType PLATFORM_INFO = new EnumType("cl_platform_info",
            "CL_PLATFORM_PROFILE", "CL_PLATFORM_VERSION", "CL_PLATFORM_NAME", "CL_PLATFORM_VENDOR",
            "CL_PLATFORM_EXTENSIONS", "CL_PLATFORM_ICD_SUFFIX_KHR");

    static String stringFor_cl_platform_info(int n) {
        return PLATFORM_INFO.nameOf(n);
    }

    private static final EnumType DEVICE_INFO = new EnumType("cl_device_info",
            "CL_DEVICE_TYPE", "CL_DEVICE_VENDOR_ID", "CL_DEVICE_MAX_COMPUTE_UNITS",
            "CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS", "CL_DEVICE_MAX_WORK_GROUP_SIZE",
            "CL_DEVICE_MAX_WORK_ITEM_SIZES", "CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR",
            "CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT", "CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT",
            "CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG", "CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT",
            "CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE", "CL_DEVICE_MAX_CLOCK_FREQUENCY",
            "CL_DEVICE_ADDRESS_BITS", "CL_DEVICE_MAX_READ_IMAGE_ARGS", "CL_DEVICE_MAX_WRITE_IMAGE_ARGS",
            "CL_DEVICE_MAX_MEM_ALLOC_SIZE", "CL_DEVICE_IMAGE2D_MAX_WIDTH", "CL_DEVICE_IMAGE2D_MAX_HEIGHT",
            "CL_DEVICE_IMAGE3D_MAX_WIDTH", "CL_DEVICE_IMAGE3D_MAX_HEIGHT", "CL_DEVICE_IMAGE3D_MAX_DEPTH",
            "CL_DEVICE_IMAGE_SUPPORT", "CL_DEVICE_MAX_PARAMETER_SIZE", "CL_DEVICE_MAX_SAMPLERS",
            "CL_DEVICE_MEM_BASE_ADDR_ALIGN", "CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE",
            "CL_DEVICE_SINGLE_FP_CONFIG", "CL_DEVICE_DOUBLE_FP_CONFIG", "CL_DEVICE_HALF_FP_CONFIG",
            "CL_DEVICE_GLOBAL_MEM_CACHE_TYPE", "CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE",
            "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE", "CL_DEVICE_GLOBAL_MEM_SIZE",
            "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE", "CL_DEVICE_MAX_CONSTANT_ARGS", "CL_DEVICE_LOCAL_MEM_TYPE",
            "CL_DEVICE_LOCAL_MEM_SIZE", "CL_DEVICE_ERROR_CORRECTION_SUPPORT",
            "CL_DEVICE_PROFILING_TIMER_RESOLUTION", "CL_DEVICE_ENDIAN_LITTLE", "CL_DEVICE_AVAILABLE",
            "CL_DEVICE_COMPILER_AVAILABLE", "CL_DEVICE_EXECUTION_CAPABILITIES", "CL_DEVICE_NAME",
            "CL_DEVICE_VENDOR", "CL_DRIVER_VERSION", "CL_DEVICE_PROFILE", "CL_DEVICE_VERSION",
            "CL_DEVICE_EXTENSIONS", "CL_DEVICE_PLATFORM", "CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF",
            "CL_DEVICE_HOST_UNIFIED_MEMORY", "CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR",
            "CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT", "CL_DEVICE_NATIVE_VECTOR_WIDTH_INT",
            "CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG", "CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT",
            "CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE", "CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF",
            "CL_DEVICE_OPENCL_C_VERSION", "CL_DEVICE_LINKER_AVAILABLE", "CL_DEVICE_BUILT_IN_KERNELS",
            "CL_DEVICE_IMAGE_MAX_BUFFER_SIZE", "CL_DEVICE_IMAGE_MAX_ARRAY_SIZE", "CL_DEVICE_PARENT_DEVICE",
            "CL_DEVICE_PARTITION_MAX_SUB_DEVICES", "CL_DEVICE_PARTITION_PROPERTIES",
            "CL_DEVICE_PARTITION_AFFINITY_DOMAIN", "CL_DEVICE_PARTITION_TYPE", "CL_DEVICE_REFERENCE_COUNT",
            "CL_DEVICE_PREFERRED_INTEROP_USER_SYNC", "CL_DEVICE_PRINTF_BUFFER_SIZE",
            "CL_DEVICE_QUEUE_ON_HOST_PROPERTIES", "CL_DEVICE_IMAGE_PITCH_ALIGNMENT",
            "CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT", "CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS",
            "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE", "CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES",
            "CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE", "CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE",
            "CL_DEVICE_MAX_ON_DEVICE_QUEUES", "CL_DEVICE_MAX_ON_DEVICE_EVENTS", "CL_DEVICE_SVM_CAPABILITIES",
            "CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE", "CL_DEVICE_MAX_PIPE_ARGS",
            "CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS", "CL_DEVICE_PIPE_MAX_PACKET_SIZE",
            "CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT", "CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT",
            "CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT");

    static String stringFor_cl_device_info(int n) {
        return DEVICE_INFO.nameOf(n);
    }

    private static final EnumType DEVICE_MEM_CACHE_TYPE = new EnumType("cl_device_mem_cache_type",
            "CL_NONE", "CL_READ_ONLY_CACHE", "CL_READ_WRITE_CACHE");

    static String stringFor_cl_device_mem_cache_type(int n) {
        return DEVICE_MEM_CACHE_TYPE.nameOf(n);
    }

    private static final EnumType DEVICE_LOCAL_MEM_TYPE = new EnumType("cl_device_local_mem_type",
            "CL_LOCAL", "CL_GLOBAL");

    static String stringFor_cl_device_local_mem_type(int n) {
        return DEVICE_LOCAL_MEM_TYPE.nameOf(n);
    }

    private static final EnumType CONTEXT_INFO = new EnumType("cl_context_info",
            "CL_CONTEXT_REFERENCE_COUNT", "CL_CONTEXT_DEVICES", "CL_CONTEXT_PROPERTIES",
            "CL_CONTEXT_NUM_DEVICES");

    static String stringFor_cl_context_info(int n) {
        return CONTEXT_INFO.nameOf(n);
    }

    private static final EnumType CONTEXT_PROPERTIES = new EnumType("cl_context_properties",
            "CL_CONTEXT_PLATFORM", "CL_CONTEXT_INTEROP_USER_SYNC", "CL_GL_CONTEXT_KHR", "CL_EGL_DISPLAY_KHR",
            "CL_GLX_DISPLAY_KHR", "CL_WGL_HDC_KHR", "CL_CGL_SHAREGROUP_KHR",
            "CL_CONTEXT_PROPERTY_USE_CGL_SHAREGROUP_APPLE");

    static String stringFor_cl_context_properties(int n) {
        return CONTEXT_PROPERTIES.nameOf(n);
    }

    private static final EnumType DEVICE_PARTITION_PROPERTY = new EnumType("cl_device_partition_property",
            "CL_DEVICE_PARTITION_EQUALLY", "CL_DEVICE_PARTITION_BY_COUNTS",
            "CL_DEVICE_PARTITION_BY_COUNTS_LIST_END", "CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN");

    static String stringFor_cl_device_partition_property(int n) {
        return DEVICE_PARTITION_PROPERTY.nameOf(n);
    }

    private static final EnumType COMMAND_QUEUE_INFO = new EnumType("cl_command_queue_info",
            "CL_QUEUE_CONTEXT", "CL_QUEUE_DEVICE", "CL_QUEUE_REFERENCE_COUNT", "CL_QUEUE_PROPERTIES",
            "CL_QUEUE_SIZE");

    static String stringFor_cl_command_queue_info(int n) {
        return COMMAND_QUEUE_INFO.nameOf(n);
    }

    private static final EnumType CHANNEL_ORDER = new EnumType("cl_channel_order",
            "CL_R", "CL_A", "CL_RG", "CL_RA", "CL_RGB", "CL_RGBA", "CL_BGRA", "CL_ARGB", "CL_INTENSITY",
            "CL_LUMINANCE", "CL_Rx", "CL_RGx", "CL_RGBx", "CL_DEPTH", "CL_DEPTH_STENCIL", "CL_sRGB",
            "CL_sRGBx", "CL_sRGBA", "CL_sBGRA", "CL_ABGR");

    static String stringFor_cl_channel_order(int n) {
        return CHANNEL_ORDER.nameOf(n);
    }

    private static final EnumType CHANNEL_TYPE = new EnumType("cl_channel_type",
            "CL_SNORM_INT8", "CL_SNORM_INT16", "CL_UNORM_INT8", "CL_UNORM_INT16", "CL_UNORM_SHORT_565",
            "CL_UNORM_SHORT_555", "CL_UNORM_INT_101010", "CL_SIGNED_INT8", "CL_SIGNED_INT16",
            "CL_SIGNED_INT32", "CL_UNSIGNED_INT8", "CL_UNSIGNED_INT16", "CL_UNSIGNED_INT32", "CL_HALF_FLOAT",
            "CL_FLOAT", "CL_UNORM_INT24");

    static String stringFor_cl_channel_type(int n) {
        return CHANNEL_TYPE.nameOf(n);
    }

    private static final EnumType MEM_OBJECT_TYPE = new EnumType("cl_mem_object_type",
            "CL_MEM_OBJECT_BUFFER", "CL_MEM_OBJECT_IMAGE2D", "CL_MEM_OBJECT_IMAGE3D",
            "CL_MEM_OBJECT_IMAGE2D_ARRAY", "CL_MEM_OBJECT_IMAGE1D", "CL_MEM_OBJECT_IMAGE1D_ARRAY",
            "CL_MEM_OBJECT_IMAGE1D_BUFFER", "CL_MEM_OBJECT_PIPE");

    static String stringFor_cl_mem_object_type(int n) {
        return MEM_OBJECT_TYPE.nameOf(n);
    }

    private static final EnumType MEM_INFO = new EnumType("cl_mem_info",
            "CL_MEM_TYPE", "CL_MEM_FLAGS", "CL_MEM_SIZE", "CL_MEM_HOST_PTR", "CL_MEM_MAP_COUNT",
            "CL_MEM_REFERENCE_COUNT", "CL_MEM_CONTEXT", "CL_MEM_ASSOCIATED_MEMOBJECT", "CL_MEM_OFFSET",
            "CL_MEM_USES_SVM_POINTER");

    static String stringFor_cl_mem_info(int n) {
        return MEM_INFO.nameOf(n);
    }

    private static final EnumType IMAGE_INFO = new EnumType("cl_image_info",
            "CL_IMAGE_FORMAT", "CL_IMAGE_ELEMENT_SIZE", "CL_IMAGE_ROW_PITCH", "CL_IMAGE_SLICE_PITCH",
            "CL_IMAGE_WIDTH", "CL_IMAGE_HEIGHT", "CL_IMAGE_DEPTH", "CL_IMAGE_ARRAY_SIZE", "CL_IMAGE_BUFFER",
            "CL_IMAGE_NUM_MIP_LEVELS", "CL_IMAGE_NUM_SAMPLES");

    static String stringFor_cl_image_info(int n) {
        return IMAGE_INFO.nameOf(n);
    }

    private static final EnumType PIPE_INFO = new EnumType("cl_pipe_info",
            "CL_PIPE_PACKET_SIZE", "CL_PIPE_MAX_PACKETS");

    static String stringFor_cl_pipe_info(int n) {
        return PIPE_INFO.nameOf(n);
    }

    private static final EnumType ADDRESSING_MODE = new EnumType("cl_addressing_mode",
            "CL_ADDRESS_NONE", "CL_ADDRESS_CLAMP_TO_EDGE", "CL_ADDRESS_CLAMP", "CL_ADDRESS_REPEAT",
            "CL_ADDRESS_MIRRORED_REPEAT");

    static String stringFor_cl_addressing_mode(int n) {
        return ADDRESSING_MODE.nameOf(n);
    }

    private static final EnumType FILTER_MODE = new EnumType("cl_filter_mode",
            "CL_FILTER_NEAREST", "CL_FILTER_LINEAR");

    static String stringFor_cl_filter_mode(int n) {
        return FILTER_MODE.nameOf(n);
    }

    private static final EnumType SAMPLER_INFO = new EnumType("cl_sampler_info",
            "CL_SAMPLER_REFERENCE_COUNT", "CL_SAMPLER_CONTEXT", "CL_SAMPLER_NORMALIZED_COORDS",
            "CL_SAMPLER_ADDRESSING_MODE", "CL_SAMPLER_FILTER_MODE", "CL_SAMPLER_MIP_FILTER_MODE",
            "CL_SAMPLER_LOD_MIN", "CL_SAMPLER_LOD_MAX");

    static String stringFor_cl_sampler_info(int n) {
        return SAMPLER_INFO.nameOf(n);
    }

    private static final EnumType PROGRAM_INFO = new EnumType("cl_program_info",
            "CL_PROGRAM_REFERENCE_COUNT", "CL_PROGRAM_CONTEXT", "CL_PROGRAM_NUM_DEVICES", "CL_PROGRAM_DEVICES",
            "CL_PROGRAM_SOURCE", "CL_PROGRAM_BINARY_SIZES", "CL_PROGRAM_BINARIES", "CL_PROGRAM_NUM_KERNELS",
            "CL_PROGRAM_KERNEL_NAMES");

    static String stringFor_cl_program_info(int n) {
        return PROGRAM_INFO.nameOf(n);
    }

    private static final EnumType PROGRAM_BUILD_INFO = new EnumType("cl_program_build_info",
            "CL_PROGRAM_BUILD_STATUS", "CL_PROGRAM_BUILD_OPTIONS", "CL_PROGRAM_BUILD_LOG",
            "CL_PROGRAM_BINARY_TYPE", "CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE");

    static String stringFor_cl_program_build_info(int n) {
        return PROGRAM_BUILD_INFO.nameOf(n);
    }

    private static final EnumType PROGRAM_BINARY_TYPE = new EnumType("cl_program_binary_type",
            "CL_PROGRAM_BINARY_TYPE_NONE", "CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT",
            "CL_PROGRAM_BINARY_TYPE_LIBRARY", "CL_PROGRAM_BINARY_TYPE_EXECUTABLE");

    static String stringFor_cl_program_binary_type(int n) {
        return PROGRAM_BINARY_TYPE.nameOf(n);
    }

    private static final EnumType BUILD_STATUS = new EnumType("cl_build_status",
            "CL_BUILD_SUCCESS", "CL_BUILD_NONE", "CL_BUILD_ERROR", "CL_BUILD_IN_PROGRESS");

    static String stringFor_cl_build_status(int n) {
        return BUILD_STATUS.nameOf(n);
    }

    private static final EnumType KERNEL_INFO = new EnumType("cl_kernel_info",
            "CL_KERNEL_FUNCTION_NAME", "CL_KERNEL_NUM_ARGS", "CL_KERNEL_REFERENCE_COUNT", "CL_KERNEL_CONTEXT",
            "CL_KERNEL_PROGRAM", "CL_KERNEL_ATTRIBUTES");

    static String stringFor_cl_kernel_info(int n) {
        return KERNEL_INFO.nameOf(n);
    }

    private static final EnumType KERNEL_ARG_INFO = new EnumType("cl_kernel_arg_info",
            "CL_KERNEL_ARG_ADDRESS_QUALIFIER", "CL_KERNEL_ARG_ACCESS_QUALIFIER", "CL_KERNEL_ARG_TYPE_NAME",
            "CL_KERNEL_ARG_TYPE_QUALIFIER", "CL_KERNEL_ARG_NAME");

    static String stringFor_cl_kernel_arg_info(int n) {
        return KERNEL_ARG_INFO.nameOf(n);
    }

    private static final EnumType KERNEL_ARG_ADDRESS_QUALIFIER = new EnumType("cl_kernel_arg_address_qualifier",
            "CL_KERNEL_ARG_ADDRESS_GLOBAL", "CL_KERNEL_ARG_ADDRESS_LOCAL", "CL_KERNEL_ARG_ADDRESS_CONSTANT",
            "CL_KERNEL_ARG_ADDRESS_PRIVATE");

    static String stringFor_cl_kernel_arg_address_qualifier(int n) {
        return KERNEL_ARG_ADDRESS_QUALIFIER.nameOf(n);
    }

    private static final EnumType KERNEL_ARG_ACCESS_QUALIFIER = new EnumType("cl_kernel_arg_access_qualifier",
            "CL_KERNEL_ARG_ACCESS_READ_ONLY", "CL_KERNEL_ARG_ACCESS_WRITE_ONLY",
            "CL_KERNEL_ARG_ACCESS_READ_WRITE", "CL_KERNEL_ARG_ACCESS_NONE");

    static String stringFor_cl_kernel_arg_access_qualifier(int n) {
        return KERNEL_ARG_ACCESS_QUALIFIER.nameOf(n);
    }

    private static final EnumType KERNEL_WORK_GROUP_INFO = new EnumType("cl_kernel_work_group_info",
            "CL_KERNEL_WORK_GROUP_SIZE", "CL_KERNEL_COMPILE_WORK_GROUP_SIZE", "CL_KERNEL_LOCAL_MEM_SIZE",
            "CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE", "CL_KERNEL_PRIVATE_MEM_SIZE",
            "CL_KERNEL_GLOBAL_WORK_SIZE");

    static String stringFor_cl_kernel_work_group_info(int n) {
        return KERNEL_WORK_GROUP_INFO.nameOf(n);
    }

    private static final EnumType KERNEL_EXEC_INFO = new EnumType("cl_kernel_exec_info",
            "CL_KERNEL_EXEC_INFO_SVM_PTRS", "CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM");

    static String stringFor_cl_kernel_exec_info(int n) {
        return KERNEL_EXEC_INFO.nameOf(n);
    }

    private static final EnumType EVENT_INFO = new EnumType("cl_event_info",
            "CL_EVENT_COMMAND_QUEUE", "CL_EVENT_COMMAND_TYPE", "CL_EVENT_REFERENCE_COUNT",
            "CL_EVENT_COMMAND_EXECUTION_STATUS", "CL_EVENT_CONTEXT");

    static String stringFor_cl_event_info(int n) {
        return EVENT_INFO.nameOf(n);
    }

    private static final EnumType COMMAND_TYPE = new EnumType("cl_command_type",
            "CL_COMMAND_NDRANGE_KERNEL", "CL_COMMAND_TASK", "CL_COMMAND_NATIVE_KERNEL",
            "CL_COMMAND_READ_BUFFER", "CL_COMMAND_WRITE_BUFFER", "CL_COMMAND_COPY_BUFFER",
            "CL_COMMAND_READ_IMAGE", "CL_COMMAND_WRITE_IMAGE", "CL_COMMAND_COPY_IMAGE",
            "CL_COMMAND_COPY_IMAGE_TO_BUFFER", "CL_COMMAND_COPY_BUFFER_TO_IMAGE", "CL_COMMAND_MAP_BUFFER",
            "CL_COMMAND_MAP_IMAGE", "CL_COMMAND_UNMAP_MEM_OBJECT", "CL_COMMAND_MARKER",
            "CL_COMMAND_ACQUIRE_GL_OBJECTS", "CL_COMMAND_RELEASE_GL_OBJECTS", "CL_COMMAND_READ_BUFFER_RECT",
            "CL_COMMAND_WRITE_BUFFER_RECT", "CL_COMMAND_COPY_BUFFER_RECT", "CL_COMMAND_USER",
            "CL_COMMAND_BARRIER", "CL_COMMAND_MIGRATE_MEM_OBJECTS", "CL_COMMAND_FILL_BUFFER",
            "CL_COMMAND_FILL_IMAGE", "CL_COMMAND_SVM_FREE", "CL_COMMAND_SVM_MEMCPY", "CL_COMMAND_SVM_MEMFILL",
            "CL_COMMAND_SVM_MAP", "CL_COMMAND_SVM_UNMAP");

    static String stringFor_cl_command_type(int n) {
        return COMMAND_TYPE.nameOf(n);
    }

    private static final EnumType COMMAND_EXECUTION_STATUS = new EnumType("command_execution_status",
            "CL_COMPLETE", "CL_RUNNING", "CL_SUBMITTED", "CL_QUEUED");

    static String stringFor_command_execution_status(int n) {
        return COMMAND_EXECUTION_STATUS.nameOf(n);
    }

    private static final EnumType PROFILING_INFO = new EnumType("cl_profiling_info",
            "CL_PROFILING_COMMAND_QUEUED", "CL_PROFILING_COMMAND_SUBMIT", "CL_PROFILING_COMMAND_START",
            "CL_PROFILING_COMMAND_END", "CL_PROFILING_COMMAND_COMPLETE");

    static String stringFor_cl_profiling_info(int n) {
        return PROFILING_INFO.nameOf(n);
    }

    private static final EnumType GL_OBJECT_TYPE = new EnumType("cl_gl_object_type",
            "CL_GL_OBJECT_BUFFER", "CL_GL_OBJECT_TEXTURE2D", "CL_GL_OBJECT_TEXTURE3D",
            "CL_GL_OBJECT_RENDERBUFFER", "CL_GL_OBJECT_TEXTURE2D_ARRAY", "CL_GL_OBJECT_TEXTURE1D",
            "CL_GL_OBJECT_TEXTURE1D_ARRAY", "CL_GL_OBJECT_TEXTURE_BUFFER");

    static String stringFor_cl_gl_object_type(int n) {
        return GL_OBJECT_TYPE.nameOf(n);
    }

    private static final EnumType GL_TEXTURE_INFO = new EnumType("cl_gl_texture_info",
            "CL_GL_TEXTURE_TARGET", "CL_GL_MIPMAP_LEVEL");

    static String stringFor_cl_gl_texture_info(int n) {
        return GL_TEXTURE_INFO.nameOf(n);
    }

    private static final EnumType KHR_GL_SHARING = new EnumType("cl_khr_gl_sharing",
            "CL_CURRENT_DEVICE_FOR_GL_CONTEXT_KHR", "CL_DEVICES_FOR_GL_CONTEXT_KHR", "CL_GL_CONTEXT_KHR",
            "CL_EGL_DISPLAY_KHR", "CL_GLX_DISPLAY_KHR", "CL_WGL_HDC_KHR", "CL_CGL_SHAREGROUP_KHR");

    static String stringFor_cl_khr_gl_sharing(int n) {
        return KHR_GL_SHARING.nameOf(n);
    }

    private static final EnumType GL_PLATFORM_INFO = new EnumType("cl_gl_platform_info",
            "CL_CGL_DEVICE_FOR_CURRENT_VIRTUAL_SCREEN_APPLE",
            "CL_CGL_DEVICES_FOR_SUPPORTED_VIRTUAL_SCREENS_APPLE");

    static String stringFor_cl_gl_platform_info(int n) {
        return GL_PLATFORM_INFO.nameOf(n);
    }

    private static final BitfieldType DEVICE_TYPE = new BitfieldType(NO_FLAGS, "CL_DEVICE_TYPE_ALL",
            "CL_DEVICE_TYPE_DEFAULT", "CL_DEVICE_TYPE_CPU", "CL_DEVICE_TYPE_GPU", "CL_DEVICE_TYPE_ACCELERATOR",
            "CL_DEVICE_TYPE_CUSTOM");

    static String stringFor_cl_device_type(long n) {
        return DEVICE_TYPE.nameOf(n);
    }

    private static final BitfieldType DEVICE_ADDRESS_INFO = flags(
            "CL_DEVICE_ADDRESS_32_BITS", "CL_DEVICE_ADDRESS_64_BITS");

    static String stringFor_cl_device_address_info(long n) {
        return DEVICE_ADDRESS_INFO.nameOf(n);
    }

    private static final BitfieldType DEVICE_FP_CONFIG = flags(
            "CL_FP_DENORM", "CL_FP_INF_NAN", "CL_FP_ROUND_TO_NEAREST", "CL_FP_ROUND_TO_ZERO",
            "CL_FP_ROUND_TO_INF", "CL_FP_FMA", "CL_FP_SOFT_FLOAT", "CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT");

    static String stringFor_cl_device_fp_config(long n) {
        return DEVICE_FP_CONFIG.nameOf(n);
    }

    private static final BitfieldType DEVICE_EXEC_CAPABILITIES = flags(
            "CL_EXEC_KERNEL", "CL_EXEC_NATIVE_KERNEL");

    static String stringFor_cl_device_exec_capabilities(long n) {
        return DEVICE_EXEC_CAPABILITIES.nameOf(n);
    }

    private static final BitfieldType COMMAND_QUEUE_PROPERTIES = flags(
            "CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE", "CL_QUEUE_PROFILING_ENABLE", "CL_QUEUE_ON_DEVICE",
            "CL_QUEUE_ON_DEVICE_DEFAULT");

    static String stringFor_cl_command_queue_properties(long n) {
        return COMMAND_QUEUE_PROPERTIES.nameOf(n);
    }

    private static final BitfieldType DEVICE_AFFINITY_DOMAIN = flags(
            "CL_DEVICE_AFFINITY_DOMAIN_NUMA", "CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE",
            "CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE", "CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE",
            "CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE", "CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE");

    static String stringFor_cl_device_affinity_domain(long n) {
        return DEVICE_AFFINITY_DOMAIN.nameOf(n);
    }

    private static final BitfieldType DEVICE_SVM_CAPABILITIES = flags(
            "CL_DEVICE_SVM_COARSE_GRAIN_BUFFER", "CL_DEVICE_SVM_FINE_GRAIN_BUFFER",
            "CL_DEVICE_SVM_FINE_GRAIN_SYSTEM", "CL_DEVICE_SVM_ATOMICS");

    static String stringFor_cl_device_svm_capabilities(long n) {
        return DEVICE_SVM_CAPABILITIES.nameOf(n);
    }

    private static final BitfieldType MEM_FLAGS = flags(
            "CL_MEM_READ_WRITE", "CL_MEM_WRITE_ONLY", "CL_MEM_READ_ONLY", "CL_MEM_USE_HOST_PTR",
            "CL_MEM_ALLOC_HOST_PTR", "CL_MEM_COPY_HOST_PTR", "CL_MEM_HOST_WRITE_ONLY", "CL_MEM_HOST_READ_ONLY",
            "CL_MEM_HOST_NO_ACCESS", "CL_MEM_SVM_FINE_GRAIN_BUFFER", "CL_MEM_SVM_ATOMICS");

    static String stringFor_cl_mem_flags(long n) {
        return MEM_FLAGS.nameOf(n);
    }

    private static final BitfieldType MEM_MIGRATION_FLAGS = flags(
            "CL_MIGRATE_MEM_OBJECT_HOST", "CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED");

    static String stringFor_cl_mem_migration_flags(long n) {
        return MEM_MIGRATION_FLAGS.nameOf(n);
    }

    private static final BitfieldType MAP_FLAGS = flags(
            "CL_MAP_READ", "CL_MAP_WRITE", "CL_MAP_WRITE_INVALIDATE_REGION");

    static String stringFor_cl_map_flags(long n) {
        return MAP_FLAGS.nameOf(n);
    }

    private static final BitfieldType KERNEL_ARG_TYPE_QUALIFER = new BitfieldType("CL_KERNEL_ARG_TYPE_NONE", null,
            "CL_KERNEL_ARG_TYPE_CONST", "CL_KERNEL_ARG_TYPE_RESTRICT", "CL_KERNEL_ARG_TYPE_VOLATILE",
            "CL_KERNEL_ARG_TYPE_PIPE");

    static String stringFor_cl_kernel_arg_type_qualifer(long n) {
        return KERNEL_ARG_TYPE_QUALIFER.nameOf(n);
    }

    private static BitfieldType flags(String... flagNames) {
        return new BitfieldType(NO_FLAGS, null, flagNames);
    }

    /** The value of the {@link CL} constant with this name. */
    private static long valueOf(String constantName) {
        try {
            return ((Number) CL.class.getField(constantName).get(null)).longValue();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("CL has no constant " + constantName, e);
        }
    }

    /** Values of which each has one name; an unknown one is "INVALID type: value". */
    private static final class EnumType {

        private final String typeName;
        private final Map<Integer, String> names = new HashMap<>();

        EnumType(String typeName, String... constantNames) {
            this.typeName = typeName;
            for (String name : constantNames) {
                names.put(Math.toIntExact(valueOf(name)), name);
            }
        }

        String nameOf(int value) {
            String name = names.get(value);
            return name != null ? name : "INVALID " + typeName + ": " + value;
        }
    }

    /**
     * Flags that combine: the name of each set flag followed by a space, in table order; bits without a
     * name are left out. Zero has a name of its own, and so may the value of all flags together.
     */
    private static final class BitfieldType {

        private final String zeroName;
        private final String allName;
        private final long allValue;
        private final String[] flagNames;
        private final long[] flagValues;

        BitfieldType(String zeroName, String allConstantName, String... flagNames) {
            this.zeroName = zeroName;
            this.allName = allConstantName;
            this.allValue = allConstantName == null ? 0 : valueOf(allConstantName);
            this.flagNames = flagNames;
            this.flagValues = new long[flagNames.length];
            for (int i = 0; i < flagNames.length; i++) {
                flagValues[i] = valueOf(flagNames[i]);
            }
        }

        String nameOf(long value) {
            if (value == 0) {
                return zeroName;
            }
            if (allName != null && value == allValue) {
                return allName;
            }
            StringBuilder names = new StringBuilder();
            for (int i = 0; i < flagNames.length; i++) {
                if ((value & flagValues[i]) != 0) {
                    names.append(flagNames[i]).append(' ');
                }
            }
            return names.toString();
        }
    }
}
