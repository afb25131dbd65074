package io.omnicl.spi.suite;

/**
 * The OpenCL codes the suite, the fake backend ({@code io.omnicl.spi.fake}) and the backends' own tests need, as
 * OpenCL 1.2 defines them. The spi names no binding's constants (LWJGL's {@code CL10}, JOCL's {@code CL}), and in
 * the JOCL module the class path's {@code org.jocl} is OmniCL's facade, which the backend's tests must not name.
 */
public interface ClCodes {
    int CL_COMPLETE = 0;
    int CL_RUNNING = 1;
    int CL_SUBMITTED = 2;
    int CL_QUEUED = 3;
    long CL_DEVICE_TYPE_CPU = 2L;
    long CL_DEVICE_TYPE_GPU = 4L;
    long CL_QUEUE_PROFILING_ENABLE = 2L;
    int CL_MEM_OBJECT_ALLOCATION_FAILURE = -4;
    int CL_OUT_OF_RESOURCES = -5;
    int CL_PROFILING_INFO_NOT_AVAILABLE = -7;
    int CL_MEM_COPY_OVERLAP = -8;
    int CL_IMAGE_FORMAT_NOT_SUPPORTED = -10;
    int CL_MISALIGNED_SUB_BUFFER_OFFSET = -13;
    int CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST = -14;
    int CL_COMPILE_PROGRAM_FAILURE = -15;
    int CL_LINK_PROGRAM_FAILURE = -17;
    int CL_KERNEL_ARG_INFO_NOT_AVAILABLE = -19;
    int CL_INVALID_VALUE = -30;
    int CL_INVALID_DEVICE = -33;
    int CL_INVALID_CONTEXT = -34;
    int CL_INVALID_COMMAND_QUEUE = -36;
    int CL_INVALID_MEM_OBJECT = -38;
    int CL_INVALID_IMAGE_FORMAT_DESCRIPTOR = -39;
    int CL_INVALID_IMAGE_SIZE = -40;
    int CL_INVALID_SAMPLER = -41;
    int CL_INVALID_BINARY = -42;
    int CL_INVALID_BUILD_OPTIONS = -43;
    int CL_INVALID_PROGRAM = -44;
    int CL_INVALID_PROGRAM_EXECUTABLE = -45;
    int CL_INVALID_KERNEL_NAME = -46;
    int CL_INVALID_KERNEL = -48;
    int CL_INVALID_ARG_INDEX = -49;
    int CL_INVALID_ARG_VALUE = -50;
    int CL_INVALID_ARG_SIZE = -51;
    int CL_INVALID_KERNEL_ARGS = -52;
    int CL_INVALID_WORK_DIMENSION = -53;
    int CL_INVALID_WORK_GROUP_SIZE = -54;
    int CL_INVALID_WORK_ITEM_SIZE = -55;
    int CL_INVALID_GLOBAL_OFFSET = -56;
    int CL_INVALID_EVENT_WAIT_LIST = -57;
    int CL_INVALID_EVENT = -58;
    int CL_INVALID_OPERATION = -59;
    int CL_INVALID_BUFFER_SIZE = -61;
    int CL_INVALID_GLOBAL_WORK_SIZE = -63;
    int CL_INVALID_IMAGE_DESCRIPTOR = -65;
    int CL_INVALID_COMPILER_OPTIONS = -66;
    int CL_INVALID_LINKER_OPTIONS = -67;
    int CL_KERNEL_ARG_ADDRESS_GLOBAL = 0x119b;
    int CL_KERNEL_ARG_ADDRESS_LOCAL = 0x119c;
    int CL_KERNEL_ARG_ADDRESS_CONSTANT = 0x119d;
    int CL_KERNEL_ARG_ADDRESS_PRIVATE = 0x119e;
    int CL_KERNEL_ARG_ACCESS_READ_ONLY = 0x11a0;
    int CL_KERNEL_ARG_ACCESS_WRITE_ONLY = 0x11a1;
    int CL_KERNEL_ARG_ACCESS_READ_WRITE = 0x11a2;
    int CL_KERNEL_ARG_ACCESS_NONE = 0x11a3;
    long CL_KERNEL_ARG_TYPE_NONE = 0L;
    long CL_KERNEL_ARG_TYPE_CONST = 1L;
    long CL_KERNEL_ARG_TYPE_RESTRICT = 2L;
    long CL_KERNEL_ARG_TYPE_VOLATILE = 4L;
    int CL_R = 0x10b0;
    int CL_RGB = 0x10b4;
    int CL_RGBA = 0x10b5;
    int CL_INTENSITY = 0x10b8;
    int CL_UNORM_INT8 = 0x10d2;
    int CL_UNSIGNED_INT8 = 0x10da;
    int CL_FLOAT = 0x10de;
    long CL_MEM_READ_WRITE = 1L;
    long CL_MEM_READ_ONLY = 4L;
    int CL_MEM_OBJECT_BUFFER = 0x10f0;
    int CL_MEM_OBJECT_IMAGE1D_BUFFER = 0x10f6;
    int CL_MEM_OBJECT_IMAGE2D = 0x10f1;
    int CL_MEM_OBJECT_IMAGE2D_ARRAY = 0x10f3;
    int CL_ADDRESS_NONE = 0x1130;
    int CL_ADDRESS_CLAMP_TO_EDGE = 0x1131;
    int CL_FILTER_NEAREST = 0x1140;
}
