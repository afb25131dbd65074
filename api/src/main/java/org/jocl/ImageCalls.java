package org.jocl;

import io.omnicl.driver.ClError;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.ImageSpec;
import io.omnicl.driver.Rect;

import java.nio.ByteBuffer;
import java.util.List;

import static org.jocl.CL.*;

/** Enqueued image commands: reads, writes, copies (also to and from buffers), fills and maps. */
final class ImageCalls {

    private ImageCalls() {
    }

    /** An image of the queue's context. */
    private static ClMem imageOf(ClQueue q, cl_mem handle) {
        ClMem m = EnqueueCalls.memOf(q, handle);
        ClError.require(m.image() != null, CL_INVALID_MEM_OBJECT, "not an image");
        return m;
    }

    /** The box of pixels inside the image, as bytes and rows of its packed layout. */
    private static Rect box(ClMem image, long[] origin, long[] region) {
        ImageSpec spec = image.image();
        ClError.require(spec.contains(origin, region), CL_INVALID_VALUE, "origin and region leave the image");
        return spec.box(origin, region);
    }

    /**
     * The user's memory for a box, with its pitches resolved. A 1D array's images are rows of the packed
     * layout, so there the user's slice pitch separates rows.
     */
    private static Rect hostRect(ImageSpec spec, long[] region, long rowPitch, long slicePitch) {
        long rowBytes = region[0] * spec.elementSize();
        ClError.require(rowPitch == 0 || rowPitch >= rowBytes, CL_INVALID_VALUE, "row pitch below a row");
        long row = rowPitch == 0 ? rowBytes : rowPitch;
        boolean sliced = spec.type() == CL_MEM_OBJECT_IMAGE3D || spec.type() == CL_MEM_OBJECT_IMAGE2D_ARRAY;
        if (spec.type() == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
            ClError.require(slicePitch == 0 || slicePitch >= row, CL_INVALID_VALUE, "slice pitch below a row");
            long slice = slicePitch == 0 ? row : slicePitch;
            return new Rect(new long[3], new long[] {rowBytes, region[1], 1}, slice, slice * region[1]);
        }
        ClError.require(sliced || slicePitch == 0, CL_INVALID_VALUE, "a slice pitch for an image without slices");
        ClError.require(slicePitch == 0 || slicePitch >= row * region[1], CL_INVALID_VALUE, "slice pitch below a slice");
        long slice = slicePitch == 0 ? row * region[1] : slicePitch;
        return new Rect(new long[3], new long[] {rowBytes, region[1], region[2]}, row, slice);
    }

    /** A packed run of pixels in a buffer from {@code offset}, which must lie inside it. */
    private static Rect packedIn(ClMem buffer, long offset, long[] region, int elementSize) {
        long row = region[0] * elementSize;
        Rect r = new Rect(new long[] {offset, 0, 0}, new long[] {row, region[1], region[2]}, row, row * region[1]);
        ClError.require(offset >= 0 && offset <= buffer.size() && r.end() <= buffer.size(), CL_INVALID_VALUE,
                "the pixels leave the buffer");
        return r;
    }

    static int clEnqueueReadImage(cl_command_queue command_queue, cl_mem image, boolean blocking_read,
                                  long[] origin, long[] region, long row_pitch, long slice_pitch, Pointer ptr,
                                  int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        EnqueueCalls.requireDirectIfNonBlocking(blocking_read, ptr, "read");
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = imageOf(q, image);
            EnqueueCalls.checkHostAccess(m, true, false);
            Rect b = box(m, origin, region);
            Rect h = hostRect(m.image(), region, row_pitch, slice_pitch);
            PointerMemory dst = PointerMemory.of(ptr, h.end(), CL_INVALID_VALUE);
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.readImage(m, blocking_read, b, h, dst, waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueWriteImage(cl_command_queue command_queue, cl_mem image, boolean blocking_write,
                                   long[] origin, long[] region, long input_row_pitch, long input_slice_pitch,
                                   Pointer ptr, int num_events_in_wait_list, cl_event[] event_wait_list,
                                   cl_event event) {
        EnqueueCalls.requireDirectIfNonBlocking(blocking_write, ptr, "write");
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = imageOf(q, image);
            EnqueueCalls.checkHostAccess(m, false, true);
            Rect b = box(m, origin, region);
            Rect h = hostRect(m.image(), region, input_row_pitch, input_slice_pitch);
            PointerMemory src = PointerMemory.of(ptr, h.end(), CL_INVALID_VALUE);
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.writeImage(m, blocking_write, b, h, src, waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueFillImage(cl_command_queue command_queue, cl_mem image, Pointer fill_color, long[] origin,
                                  long[] region, int num_events_in_wait_list, cl_event[] event_wait_list,
                                  cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = imageOf(q, image);
            byte[] color = PointerMemory.of(fill_color, 16, CL_INVALID_VALUE).toArray();
            Rect b = box(m, origin, region);
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.fillImage(m, color, b, origin.clone(), region.clone(), waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueCopyImage(cl_command_queue command_queue, cl_mem src_image, cl_mem dst_image,
                                  long[] src_origin, long[] dst_origin, long[] region, int num_events_in_wait_list,
                                  cl_event[] event_wait_list, cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem src = imageOf(q, src_image);
            ClMem dst = imageOf(q, dst_image);
            ClError.require(src.image().channelOrder() == dst.image().channelOrder()
                    && src.image().channelType() == dst.image().channelType(), CL_IMAGE_FORMAT_MISMATCH,
                    "the images' formats differ");
            Rect s = box(src, src_origin, region);
            Rect d = box(dst, dst_origin, region);
            ClError.require(src != dst || !s.overlaps(0, d, 0), CL_MEM_COPY_OVERLAP, "source and destination overlap");
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.copyImage(src, dst, s, d, src_origin.clone(), dst_origin.clone(), region.clone(), waits),
                    event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueCopyImageToBuffer(cl_command_queue command_queue, cl_mem src_image, cl_mem dst_buffer,
                                          long[] src_origin, long[] region, long dst_offset,
                                          int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem src = imageOf(q, src_image);
            ClMem dst = EnqueueCalls.bufferOf(q, dst_buffer);
            Rect s = box(src, src_origin, region);
            Rect d = packedIn(dst, dst_offset, region, src.image().elementSize());
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.copyImage(src, dst, s, d, src_origin.clone(), null, region.clone(), waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueCopyBufferToImage(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_image,
                                          long src_offset, long[] dst_origin, long[] region,
                                          int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem src = EnqueueCalls.bufferOf(q, src_buffer);
            ClMem dst = imageOf(q, dst_image);
            Rect d = box(dst, dst_origin, region);
            Rect s = packedIn(src, src_offset, region, dst.image().elementSize());
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.copyImage(src, dst, s, d, null, dst_origin.clone(), region.clone(), waits), event);
            return CL_SUCCESS;
        });
    }

    static ByteBuffer clEnqueueMapImage(cl_command_queue command_queue, cl_mem image, boolean blocking_map,
                                        long map_flags, long[] origin, long[] region, long[] image_row_pitch,
                                        long[] image_slice_pitch, int num_events_in_wait_list,
                                        cl_event[] event_wait_list, cl_event event, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = imageOf(q, image);
            EnqueueCalls.checkMapFlags(m, map_flags);
            Rect b = box(m, origin, region);
            ClError.require(image_row_pitch != null && image_row_pitch.length > 0, CL_INVALID_VALUE,
                    "no image_row_pitch");
            ImageSpec spec = m.image();
            boolean sliced = spec.type() == CL_MEM_OBJECT_IMAGE3D || spec.type() == CL_MEM_OBJECT_IMAGE2D_ARRAY
                    || spec.type() == CL_MEM_OBJECT_IMAGE1D_ARRAY;
            ClError.require(!sliced || (image_slice_pitch != null && image_slice_pitch.length > 0), CL_INVALID_VALUE,
                    "no image_slice_pitch for an image with slices");
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            ClQueue.Mapping mapping = q.mapImage(m, blocking_map, map_flags, b, waits);
            image_row_pitch[0] = spec.rowPitch();
            if (image_slice_pitch != null && image_slice_pitch.length > 0) {
                image_slice_pitch[0] = !sliced ? 0
                        : spec.type() == CL_MEM_OBJECT_IMAGE1D_ARRAY ? spec.rowPitch() : spec.slicePitch();
            }
            Handles.hand(mapping.event(), event);
            return mapping.buffer();
        });
    }
}
