package org.jocl;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.HostMemory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.jocl.CL.*;

/** Memory objects: buffers and sub-buffers. */
final class MemCalls {

    private static final long ACCESS = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
    private static final long HOST_PTR = CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
    private static final long HOST_ACCESS = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;

    private MemCalls() {
    }

    /** {@code CL_INVALID_VALUE} for unknown bits or more than one choice within a group. */
    private static void checkFlags(long flags) {
        ClError.require((flags & ~(ACCESS | HOST_PTR | HOST_ACCESS)) == 0, CL_INVALID_VALUE, "unknown memory flags");
        ClError.require(Long.bitCount(flags & ACCESS) <= 1, CL_INVALID_VALUE, "contradictory access flags");
        ClError.require(Long.bitCount(flags & HOST_ACCESS) <= 1, CL_INVALID_VALUE, "contradictory host access flags");
        boolean use = (flags & CL_MEM_USE_HOST_PTR) != 0;
        ClError.require(!(use && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0), CL_INVALID_VALUE,
                "CL_MEM_USE_HOST_PTR excludes the other host pointer flags");
    }

    /** The flags as the object reports them: read-write when no access flag was given. */
    private static long withDefaultAccess(long flags) {
        return (flags & ACCESS) == 0 ? flags | CL_MEM_READ_WRITE : flags;
    }

    static cl_mem clCreateBuffer(cl_context context, long flags, long size, Pointer host_ptr, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClContext c = Handles.context(context);
            checkFlags(flags);
            ClError.require(size > 0 && size <= c.maxAllocSize(), CL_INVALID_BUFFER_SIZE, "size 0 or too large");
            boolean needsHost = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0;
            ClError.require(needsHost == (host_ptr != null), CL_INVALID_HOST_PTR,
                    "host_ptr must be given exactly with CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR");
            HostMemory host = needsHost ? PointerMemory.of(host_ptr, size, CL_INVALID_HOST_PTR) : null;
            return Handles.bind(new cl_mem(), c.createBuffer(withDefaultAccess(flags), size, host));
        });
    }

    static cl_mem clCreateSubBuffer(cl_mem buffer, long flags, int buffer_create_type, Pointer buffer_create_info,
                                    int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClError.require(buffer_create_info != null, CL_INVALID_VALUE, "no region");
            ByteBuffer region = ByteBuffer.allocate(16).order(ByteOrder.nativeOrder());
            PointerMemory.of(buffer_create_info, 16, CL_INVALID_VALUE).copyOut(0, region);
            return subBuffer(buffer, flags, buffer_create_type, region.getLong(0), region.getLong(8));
        });
    }

    static cl_mem clCreateSubBuffer(cl_mem buffer, long flags, int buffer_create_type,
                                    cl_buffer_region buffer_create_info, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClError.require(buffer_create_info != null, CL_INVALID_VALUE, "no region");
            return subBuffer(buffer, flags, buffer_create_type, buffer_create_info.origin, buffer_create_info.size);
        });
    }

    private static cl_mem subBuffer(cl_mem buffer, long flags, int type, long origin, long size) {
        ClMem parent = Handles.mem(buffer);
        ClError.require(!parent.isSubBuffer(), CL_INVALID_MEM_OBJECT, "a sub-buffer cannot be divided");
        ClError.require(type == CL_BUFFER_CREATE_TYPE_REGION, CL_INVALID_VALUE, "unknown buffer_create_type");
        checkFlags(flags);
        ClError.require((flags & HOST_PTR) == 0, CL_INVALID_VALUE, "host pointer flags are inherited");
        long parentFlags = parent.flags();
        long access = flags & ACCESS;
        ClError.require(access == 0 || compatibleAccess(parentFlags & ACCESS, access), CL_INVALID_VALUE,
                "access flags the parent does not allow");
        long hostAccess = flags & HOST_ACCESS;
        long parentHost = parentFlags & HOST_ACCESS;
        ClError.require(hostAccess == 0 || parentHost == 0 || parentHost == hostAccess, CL_INVALID_VALUE,
                "host access flags the parent does not allow");
        ClError.require(size > 0, CL_INVALID_BUFFER_SIZE, "size 0");
        ClError.require(origin >= 0 && origin <= parent.size() && size <= parent.size() - origin, CL_INVALID_VALUE,
                "region outside the buffer");
        ClError.require(origin % parent.context().subBufferAlignment() == 0, CL_MISALIGNED_SUB_BUFFER_OFFSET,
                "origin not aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN");
        long inherited = (access == 0 ? parentFlags & ACCESS : access) | (parentFlags & HOST_PTR)
                | (hostAccess == 0 ? parentHost : hostAccess);
        return Handles.bind(new cl_mem(), parent.createSubBuffer(inherited, origin, size));
    }

    private static boolean compatibleAccess(long parent, long child) {
        if (parent == CL_MEM_WRITE_ONLY) {
            return child == CL_MEM_WRITE_ONLY;
        }
        if (parent == CL_MEM_READ_ONLY) {
            return child == CL_MEM_READ_ONLY;
        }
        return true;
    }

    static int clRetainMemObject(cl_mem memobj) {
        return Status.run(() -> {
            Handles.mem(memobj).retain();
            return CL_SUCCESS;
        });
    }

    static int clReleaseMemObject(cl_mem memobj) {
        return Status.run(() -> {
            Handles.mem(memobj).release();
            return CL_SUCCESS;
        });
    }

    static int clGetMemObjectInfo(cl_mem memobj, int param_name, long param_value_size, Pointer param_value,
                                  long[] param_value_size_ret) {
        return Info.query(() -> Handles.mem(memobj).info(param_name), param_value_size, param_value,
                param_value_size_ret);
    }

    static int clSetMemObjectDestructorCallback(cl_mem memobj, MemObjectDestructorCallbackFunction pfn_notify,
                                                Object user_data) {
        return Status.run(() -> {
            ClMem m = Handles.mem(memobj);
            ClError.require(pfn_notify != null, CL_INVALID_VALUE, "no callback");
            cl_mem handle = Handles.bind(new cl_mem(), m);
            m.addDestructorCallback(() -> pfn_notify.function(handle, user_data));
            return CL_SUCCESS;
        });
    }

    static cl_mem clCreateImage(cl_context context, long flags, cl_image_format image_format,
                                cl_image_desc image_desc, Pointer host_ptr, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateImage2D(cl_context context, long flags, cl_image_format[] image_format, long image_width,
                                  long image_height, long image_row_pitch, Pointer host_ptr, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_mem clCreateImage3D(cl_context context, long flags, cl_image_format[] image_format, long image_width,
                                  long image_height, long image_depth, long image_row_pitch, long image_slice_pitch,
                                  Pointer host_ptr, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clGetSupportedImageFormats(cl_context context, long flags, int image_type, int num_entries,
                                          cl_image_format[] image_formats, int[] num_image_formats) {
        return Status.unsupported();
    }

    static int clGetImageInfo(cl_mem image, int param_name, long param_value_size, Pointer param_value,
                              long[] param_value_size_ret) {
        return Status.unsupported();
    }
}
