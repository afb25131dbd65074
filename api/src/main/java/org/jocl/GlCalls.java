package org.jocl;

import io.omnicl.driver.ClError;

import static org.jocl.CL.*;

/**
 * OpenGL sharing. OmniCL offers no {@code cl_khr_gl_sharing}: no context is created from a GL context and
 * no memory object comes from a GL object, so each call answers with the error the specification gives
 * for that case, after checking its handles.
 */
final class GlCalls {

    private GlCalls() {
    }

    private static cl_mem fromGl(cl_context context, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            Handles.context(context);
            throw new ClError(CL_INVALID_CONTEXT, "the context was not created from a GL context");
        });
    }

    static cl_mem clCreateFromGLBuffer(cl_context context, long flags, int bufobj, int[] errcode_ret) {
        return fromGl(context, errcode_ret);
    }

    static cl_mem clCreateFromGLTexture(cl_context context, long flags, int target, int miplevel, int texture, int[] errcode_ret) {
        return fromGl(context, errcode_ret);
    }

    static cl_mem clCreateFromGLTexture2D(cl_context context, long flags, int target, int miplevel, int texture, int[] errcode_ret) {
        return fromGl(context, errcode_ret);
    }

    static cl_mem clCreateFromGLTexture3D(cl_context context, long flags, int target, int miplevel, int texture, int[] errcode_ret) {
        return fromGl(context, errcode_ret);
    }

    static cl_mem clCreateFromGLRenderbuffer(cl_context context, long flags, int renderbuffer, int[] errcode_ret) {
        return fromGl(context, errcode_ret);
    }

    private static int notGlObject(cl_mem memobj) {
        return Status.run(() -> {
            Handles.mem(memobj);
            throw new ClError(CL_INVALID_GL_OBJECT, "no GL object is associated with the memory object");
        });
    }

    static int clGetGLObjectInfo(cl_mem memobj, int[] gl_object_type, int[] gl_object_name) {
        return notGlObject(memobj);
    }

    static int clGetGLTextureInfo(cl_mem memobj, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return notGlObject(memobj);
    }

    private static int acquireOrRelease(cl_command_queue command_queue, int num_objects, cl_mem[] mem_objects) {
        return Status.run(() -> {
            Handles.queue(command_queue);
            ClError.require((num_objects == 0) == (mem_objects == null), CL_INVALID_VALUE,
                    "mem_objects and num_objects disagree");
            throw new ClError(CL_INVALID_CONTEXT, "the queue's context was not created from a GL context");
        });
    }

    static int clEnqueueAcquireGLObjects(cl_command_queue command_queue, int num_objects, cl_mem[] mem_objects, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return acquireOrRelease(command_queue, num_objects, mem_objects);
    }

    static int clEnqueueReleaseGLObjects(cl_command_queue command_queue, int num_objects, cl_mem[] mem_objects, int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return acquireOrRelease(command_queue, num_objects, mem_objects);
    }

    /** Apple's query, for a context created from a CGL share group; there is none. */
    static int clGetGLContextInfoAPPLE(cl_context context, long platform_gl_ctx, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.run(() -> {
            Handles.context(context);
            throw new ClError(CL_INVALID_GL_CONTEXT_APPLE, "the context was not created from a CGL share group");
        });
    }
}
