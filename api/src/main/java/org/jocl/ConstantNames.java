package org.jocl;

/** Names of constants, for the {@code CL.stringFor_*} methods. (stub) */
final class ConstantNames {

    private ConstantNames() {
    }

    static String stringFor_errorCode(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_platform_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_device_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_device_mem_cache_type(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_device_local_mem_type(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_context_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_context_properties(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_device_partition_property(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_command_queue_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_channel_order(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_channel_type(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_mem_object_type(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_mem_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_image_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_pipe_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_addressing_mode(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_filter_mode(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_sampler_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_program_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_program_build_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_program_binary_type(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_build_status(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_kernel_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_kernel_arg_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_kernel_arg_address_qualifier(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_kernel_arg_access_qualifier(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_kernel_work_group_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_kernel_exec_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_event_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_command_type(int n) {
        return String.valueOf(n);
    }

    static String stringFor_command_execution_status(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_profiling_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_gl_object_type(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_gl_texture_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_khr_gl_sharing(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_gl_platform_info(int n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_device_type(long n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_device_address_info(long n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_device_fp_config(long n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_device_exec_capabilities(long n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_command_queue_properties(long n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_device_affinity_domain(long n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_device_svm_capabilities(long n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_mem_flags(long n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_mem_migration_flags(long n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_map_flags(long n) {
        return String.valueOf(n);
    }

    static String stringFor_cl_kernel_arg_type_qualifer(long n) {
        return String.valueOf(n);
    }
}
