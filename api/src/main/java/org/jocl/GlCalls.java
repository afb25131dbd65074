package org.jocl;

import java.nio.ByteBuffer;

/** Entry points of {@link CL}: not implemented yet. */
final class GlCalls {

    private GlCalls() {
    }

    static cl_mem clCreateFromGLBuffer(cl_context context, long flags, int bufobj, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateFromGLTexture(cl_context context, long flags, int target, int miplevel, int texture, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateFromGLTexture2D(cl_context context, long flags, int target, int miplevel, int texture, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateFromGLTexture3D(cl_context context, long flags, int target, int miplevel, int texture, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateFromGLRenderbuffer(cl_context context, long flags, int renderbuffer, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clGetGLObjectInfo(cl_mem memobj, int[] gl_object_type, int[] gl_object_name) {
        return Status.unsupported();
    }

    static int clGetGLTextureInfo(cl_mem memobj, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }

    static int clEnqueueAcquireGLObjects(cl_command_queue command_queue, int num_objects, cl_mem[] mem_objects, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.unsupported();
    }

    static int clEnqueueReleaseGLObjects(cl_command_queue command_queue, int num_objects, cl_mem[] mem_objects, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.unsupported();
    }

    static int clGetGLContextInfoAPPLE(cl_context context, long platform_gl_ctx, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }
}
