package org.jocl;

import java.nio.ByteBuffer;

/** Entry points of {@link CL}: not implemented yet. */
final class MemCalls {

    private MemCalls() {
    }

    static cl_mem clCreateBuffer(cl_context context, long flags, long size, Pointer host_ptr, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateSubBuffer(cl_mem buffer, long flags, int buffer_create_type, Pointer buffer_create_info, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateSubBuffer(cl_mem buffer, long flags, int buffer_create_type, cl_buffer_region buffer_create_info, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateImage(cl_context context, long flags, cl_image_format image_format, cl_image_desc image_desc, Pointer host_ptr, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateImage2D(cl_context context, long flags, cl_image_format[] image_format, long image_width, long image_height, long image_row_pitch, Pointer host_ptr, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateImage3D(cl_context context, long flags, cl_image_format[] image_format, long image_width, long image_height, long image_depth, long image_row_pitch, long image_slice_pitch, Pointer host_ptr, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clRetainMemObject(cl_mem memobj) {
        return Status.unsupported();
    }

    static int clReleaseMemObject(cl_mem memobj) {
        return Status.unsupported();
    }

    static int clGetSupportedImageFormats(cl_context context, long flags, int image_type, int num_entries, cl_image_format[] image_formats, int[] num_image_formats) {
        return Status.unsupported();
    }

    static int clGetMemObjectInfo(cl_mem memobj, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static int clGetImageInfo(cl_mem image, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static int clSetMemObjectDestructorCallback(cl_mem memobj, MemObjectDestructorCallbackFunction pfn_notify, Object user_data) {
        return Status.unsupported();
    }
}
