package org.jocl;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.HostMemory;
import io.omnicl.driver.ImageFormats;
import io.omnicl.driver.ImageSpec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

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
            ClError.require(size > 0 && c.allowsBuffer(size), CL_INVALID_BUFFER_SIZE, "size 0 or too large");
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
        ClError.require(parent.image() == null, CL_INVALID_MEM_OBJECT, "an image cannot be divided");
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
        return Status.create(errcode_ret, () -> {
            ClError.require(image_desc != null, CL_INVALID_IMAGE_DESCRIPTOR, "no image descriptor");
            return createImage(context, flags, image_format, image_desc.image_type, image_desc.image_width,
                    image_desc.image_height, image_desc.image_depth, image_desc.image_array_size,
                    image_desc.image_row_pitch, image_desc.image_slice_pitch, image_desc.num_mip_levels,
                    image_desc.num_samples, image_desc.buffer, host_ptr);
        });
    }

    static cl_mem clCreateImage2D(cl_context context, long flags, cl_image_format[] image_format, long image_width,
                                  long image_height, long image_row_pitch, Pointer host_ptr, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            // the OpenCL 1.1 calls give a zero size as a size error, not a descriptor error
            ClError.require(image_width > 0 && image_height > 0, CL_INVALID_IMAGE_SIZE, "an empty image");
            return createImage(context, flags, first(image_format), CL_MEM_OBJECT_IMAGE2D, image_width,
                    image_height, 0, 0, image_row_pitch, 0, 0, 0, null, host_ptr);
        });
    }

    static cl_mem clCreateImage3D(cl_context context, long flags, cl_image_format[] image_format, long image_width,
                                  long image_height, long image_depth, long image_row_pitch, long image_slice_pitch,
                                  Pointer host_ptr, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClError.require(image_width > 0 && image_height > 0 && image_depth > 1, CL_INVALID_IMAGE_SIZE,
                    "a 3D image needs a width, a height and a depth above 1");
            return createImage(context, flags, first(image_format), CL_MEM_OBJECT_IMAGE3D, image_width,
                    image_height, image_depth, 0, image_row_pitch, image_slice_pitch, 0, 0, null, host_ptr);
        });
    }

    private static cl_image_format first(cl_image_format[] formats) {
        return formats == null || formats.length == 0 ? null : formats[0];
    }

    /**
     * The checks of {@code clCreateImage}, in the specification's order: the context, the flags, the format,
     * the descriptor, the host pointer and its pitches; then the devices judge format and size.
     */
    private static cl_mem createImage(cl_context context, long flags, cl_image_format format, int type, long width,
                                      long height, long depth, long arraySize, long rowPitch, long slicePitch,
                                      int mipLevels, int samples, cl_mem buffer, Pointer hostPtr) {
        ClContext c = Handles.context(context);
        checkFlags(flags);
        ClError.require(format != null && ImageFormats.elementSize(format.image_channel_order,
                format.image_channel_data_type) != 0, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "not an image format");
        ImageSpec spec = imageSpec(format, type, width, height, depth, arraySize, mipLevels, samples, buffer, c);
        boolean needsHost = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0;
        ClError.require(!(type == CL_MEM_OBJECT_IMAGE1D_BUFFER && (flags & HOST_PTR) != 0), CL_INVALID_VALUE,
                "a 1D buffer image takes its data from its buffer");
        ClError.require(needsHost == (hostPtr != null), CL_INVALID_HOST_PTR,
                "host_ptr must be given exactly with CL_MEM_USE_HOST_PTR or CL_MEM_COPY_HOST_PTR");
        ClError.require(hostPtr != null || (rowPitch == 0 && slicePitch == 0), CL_INVALID_IMAGE_DESCRIPTOR,
                "pitches without host memory");
        int es = spec.elementSize();
        long[] dims = spec.dims();
        long row = rowPitch == 0 ? spec.rowPitch() : rowPitch;
        ClError.require(row >= spec.rowPitch() && row % es == 0, CL_INVALID_IMAGE_DESCRIPTOR,
                "row pitch below the row or not a multiple of the pixel size");
        boolean sliced = type == CL_MEM_OBJECT_IMAGE3D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY
                || type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
        long sliceFloor = type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? row : row * height;
        long slice = slicePitch == 0 ? sliceFloor : slicePitch;
        ClError.require(!sliced || (slice >= sliceFloor && slice % row == 0), CL_INVALID_IMAGE_DESCRIPTOR,
                "slice pitch below a slice or not a multiple of the row pitch");
        // in the packed layout a 1D array's images are its rows: the user's slice pitch separates them
        long hostRow = type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? slice : row;
        long hostSlice = type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? slice * dims[1] : slice;
        HostMemory host = null;
        if (hostPtr != null) {
            long needed = hostSlice * (dims[2] - 1) + hostRow * (dims[1] - 1) + spec.rowPitch();
            host = PointerMemory.of(hostPtr, needed, CL_INVALID_HOST_PTR);
        }
        return Handles.bind(new cl_mem(), c.createImage(withDefaultAccess(flags), spec, host, hostRow, hostSlice));
    }

    private static ImageSpec imageSpec(cl_image_format format, int type, long width, long height, long depth,
                                       long arraySize, int mipLevels, int samples, cl_mem buffer, ClContext c) {
        boolean valid;
        switch (type) {
            case CL_MEM_OBJECT_IMAGE1D:
            case CL_MEM_OBJECT_IMAGE1D_BUFFER:
                valid = width > 0;
                break;
            case CL_MEM_OBJECT_IMAGE1D_ARRAY:
                valid = width > 0 && arraySize > 0;
                break;
            case CL_MEM_OBJECT_IMAGE2D:
                valid = width > 0 && height > 0;
                break;
            case CL_MEM_OBJECT_IMAGE2D_ARRAY:
                valid = width > 0 && height > 0 && arraySize > 0;
                break;
            case CL_MEM_OBJECT_IMAGE3D:
                valid = width > 0 && height > 0 && depth > 0;
                break;
            default:
                valid = false;
        }
        ClError.require(valid && mipLevels == 0 && samples == 0, CL_INVALID_IMAGE_DESCRIPTOR,
                "not a valid image description");
        ClError.require((buffer != null) == (type == CL_MEM_OBJECT_IMAGE1D_BUFFER), CL_INVALID_IMAGE_DESCRIPTOR,
                "only a 1D buffer image has a buffer");
        ClMem b = null;
        if (buffer != null) {
            Object target = buffer.target();
            ClError.require(target instanceof ClMem m && !m.isReleased() && m.image() == null && m.context() == c,
                    CL_INVALID_IMAGE_DESCRIPTOR, "not a buffer of the context");
            b = (ClMem) target;
        }
        ImageSpec spec = new ImageSpec(format.image_channel_order, format.image_channel_data_type, type, width,
                height, depth, arraySize, b);
        ClError.require(b == null || spec.rowPitch() <= b.size(), CL_INVALID_IMAGE_DESCRIPTOR,
                "the buffer is smaller than the image");
        return spec;
    }

    static int clGetSupportedImageFormats(cl_context context, long flags, int image_type, int num_entries,
                                          cl_image_format[] image_formats, int[] num_image_formats) {
        return Status.run(() -> {
            ClContext c = Handles.context(context);
            checkFlags(flags);
            ClError.require(image_type >= CL_MEM_OBJECT_IMAGE2D && image_type <= CL_MEM_OBJECT_IMAGE1D_BUFFER,
                    CL_INVALID_VALUE, "not an image type");
            ClError.require(!(num_entries == 0 && image_formats != null)
                    && (image_formats == null || image_formats.length >= num_entries), CL_INVALID_VALUE,
                    "image_formats and num_entries disagree");
            List<int[]> formats = c.supportedImageFormats(flags, image_type);
            if (image_formats != null) {
                for (int i = 0; i < Math.min(num_entries, formats.size()); i++) {
                    if (image_formats[i] == null) {
                        image_formats[i] = new cl_image_format();
                    }
                    image_formats[i].image_channel_order = formats.get(i)[0];
                    image_formats[i].image_channel_data_type = formats.get(i)[1];
                }
            }
            if (num_image_formats != null && num_image_formats.length > 0) {
                num_image_formats[0] = formats.size();
            }
            return CL_SUCCESS;
        });
    }

    static int clGetImageInfo(cl_mem image, int param_name, long param_value_size, Pointer param_value,
                              long[] param_value_size_ret) {
        return Info.query(() -> Handles.mem(image).imageInfo(param_name), param_value_size, param_value,
                param_value_size_ret);
    }
}
