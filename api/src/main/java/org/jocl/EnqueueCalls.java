package org.jocl;

import io.omnicl.driver.ClError;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.Rect;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.jocl.CL.*;

/** Enqueued commands: transfers, copies, fills, maps, kernels, markers and barriers. */
final class EnqueueCalls {

    private EnqueueCalls() {
    }

    /** A memory object of the queue's context. */
    static ClMem memOf(ClQueue q, cl_mem handle) {
        ClMem m = Handles.mem(handle);
        ClError.require(m.context() == q.context(), CL_INVALID_CONTEXT, "memory object of another context");
        return m;
    }

    /** A buffer (not an image) of the queue's context. */
    static ClMem bufferOf(ClQueue q, cl_mem handle) {
        ClMem m = memOf(q, handle);
        ClError.require(m.image() == null, CL_INVALID_MEM_OBJECT, "not a buffer");
        return m;
    }

    /** {@code CL_INVALID_VALUE} unless {@code [offset, offset + size)} is a non-empty range inside {@code m}. */
    private static void checkRange(ClMem m, long offset, long size) {
        ClError.require(offset >= 0 && size > 0 && offset <= m.size() && size <= m.size() - offset,
                CL_INVALID_VALUE, "range outside the memory object");
    }

    /** {@code CL_INVALID_OPERATION} when the host may not do {@code access} ({@code CL_MEM_HOST_*} flags). */
    static void checkHostAccess(ClMem m, boolean reads, boolean writes) {
        long f = m.flags();
        boolean noRead = (f & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)) != 0;
        boolean noWrite = (f & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) != 0;
        ClError.require(!(reads && noRead) && !(writes && noWrite), CL_INVALID_OPERATION,
                "the memory object's host access flags forbid this");
    }

    /** {@code CL_INVALID_VALUE} for unknown map flags or invalidation with others; host access as the flags need. */
    static void checkMapFlags(ClMem m, long flags) {
        long known = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
        boolean invalidate = (flags & CL_MAP_WRITE_INVALIDATE_REGION) != 0;
        ClError.require((flags & ~known) == 0 && !(invalidate && (flags & ~CL_MAP_WRITE_INVALIDATE_REGION) != 0),
                CL_INVALID_VALUE, "invalid map flags");
        checkHostAccess(m, (flags & CL_MAP_READ) != 0, (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0);
    }

    /** As JOCL: a non-blocking transfer needs memory the garbage collector will not move. */
    static void requireDirectIfNonBlocking(boolean blocking, Pointer ptr, String what) {
        if (!blocking && ptr != null && !ptr.isDirectBufferPointer()) {
            throw new IllegalArgumentException("Non-blocking " + what + " operations may only be performed using "
                    + "pointers to direct buffers");
        }
    }

    static int clEnqueueReadBuffer(cl_command_queue command_queue, cl_mem buffer, boolean blocking_read, long offset,
                                   long cb, Pointer ptr, int num_events_in_wait_list, cl_event[] event_wait_list,
                                   cl_event event) {
        requireDirectIfNonBlocking(blocking_read, ptr, "read");
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = bufferOf(q, buffer);
            checkRange(m, offset, cb);
            checkHostAccess(m, true, false);
            PointerMemory dst = PointerMemory.of(ptr, cb, CL_INVALID_VALUE);
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.readBuffer(m, blocking_read, offset, cb, dst, waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueWriteBuffer(cl_command_queue command_queue, cl_mem buffer, boolean blocking_write,
                                    long offset, long cb, Pointer ptr, int num_events_in_wait_list,
                                    cl_event[] event_wait_list, cl_event event) {
        requireDirectIfNonBlocking(blocking_write, ptr, "write");
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = bufferOf(q, buffer);
            checkRange(m, offset, cb);
            checkHostAccess(m, false, true);
            PointerMemory src = PointerMemory.of(ptr, cb, CL_INVALID_VALUE);
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.writeBuffer(m, blocking_write, offset, cb, src, waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueCopyBuffer(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
                                   long src_offset, long dst_offset, long cb, int num_events_in_wait_list,
                                   cl_event[] event_wait_list, cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem src = bufferOf(q, src_buffer);
            ClMem dst = bufferOf(q, dst_buffer);
            checkRange(src, src_offset, cb);
            checkRange(dst, dst_offset, cb);
            ClError.require(!overlap(src, src_offset, dst, dst_offset, cb), CL_MEM_COPY_OVERLAP,
                    "source and destination overlap");
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.copyBuffer(src, dst, src_offset, dst_offset, cb, waits), event);
            return CL_SUCCESS;
        });
    }

    /** Whether two ranges share a byte, also when they are of two sub-buffers of one buffer. */
    private static boolean overlap(ClMem a, long aOffset, ClMem b, long bOffset, long size) {
        if (a.root() != b.root()) {
            return false;
        }
        long startA = a.origin() + aOffset;
        long startB = b.origin() + bOffset;
        return startA < startB + size && startB < startA + size;
    }

    static int clEnqueueFillBuffer(cl_command_queue command_queue, cl_mem buffer, Pointer pattern, long pattern_size,
                                   long offset, long size, int num_events_in_wait_list, cl_event[] event_wait_list,
                                   cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = bufferOf(q, buffer);
            ClError.require(pattern_size > 0 && pattern_size <= 128 && Long.bitCount(pattern_size) == 1,
                    CL_INVALID_VALUE, "pattern size must be a power of two up to 128");
            byte[] bytes = PointerMemory.of(pattern, pattern_size, CL_INVALID_VALUE).toArray();
            checkRange(m, offset, size);
            ClError.require(offset % pattern_size == 0 && size % pattern_size == 0, CL_INVALID_VALUE,
                    "offset and size must be multiples of the pattern size");
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.fillBuffer(m, bytes, offset, size, waits), event);
            return CL_SUCCESS;
        });
    }

    static ByteBuffer clEnqueueMapBuffer(cl_command_queue command_queue, cl_mem buffer, boolean blocking_map,
                                         long map_flags, long offset, long cb, int num_events_in_wait_list,
                                         cl_event[] event_wait_list, cl_event event, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = bufferOf(q, buffer);
            checkMapFlags(m, map_flags);
            checkRange(m, offset, cb);
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            ClQueue.Mapping mapping = q.mapBuffer(m, blocking_map, map_flags, offset, cb, waits);
            Handles.hand(mapping.event(), event);
            return mapping.buffer();
        });
    }

    static int clEnqueueUnmapMemObject(cl_command_queue command_queue, cl_mem memobj, ByteBuffer mapped_ptr,
                                       int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = memOf(q, memobj);
            ClError.require(mapped_ptr != null, CL_INVALID_VALUE, "no mapped pointer");
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.unmap(m, mapped_ptr, waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueNDRangeKernel(cl_command_queue command_queue, cl_kernel kernel, int work_dim,
                                      long[] global_work_offset, long[] global_work_size, long[] local_work_size,
                                      int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClKernel k = Handles.kernel(kernel);
            ClError.require(k.context() == q.context(), CL_INVALID_CONTEXT, "kernel of another context");
            ClError.require(work_dim >= 1 && work_dim <= 3, CL_INVALID_WORK_DIMENSION, "work_dim must be 1 to 3");
            ClError.require(global_work_size != null && global_work_size.length >= work_dim,
                    CL_INVALID_GLOBAL_WORK_SIZE, "no global work size");
            ClError.require(global_work_offset == null || global_work_offset.length >= work_dim,
                    CL_INVALID_GLOBAL_OFFSET, "global offset too short");
            ClError.require(local_work_size == null || local_work_size.length >= work_dim,
                    CL_INVALID_WORK_GROUP_SIZE, "local work size too short");
            for (int i = 0; i < work_dim; i++) {
                long g = global_work_size[i];
                ClError.require(g > 0, CL_INVALID_GLOBAL_WORK_SIZE, "a global work size is 0");
                long o = global_work_offset == null ? 0 : global_work_offset[i];
                ClError.require(o >= 0 && g <= Long.MAX_VALUE - o, CL_INVALID_GLOBAL_OFFSET, "offset + size overflows");
                if (local_work_size != null) {
                    long l = local_work_size[i];
                    ClError.require(l > 0 && g % l == 0, CL_INVALID_WORK_GROUP_SIZE,
                            "local work size does not divide the global size");
                }
            }
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.ndRange(k, work_dim, global_work_offset, global_work_size, local_work_size, waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueTask(cl_command_queue command_queue, cl_kernel kernel, int num_events_in_wait_list,
                             cl_event[] event_wait_list, cl_event event) {
        return clEnqueueNDRangeKernel(command_queue, kernel, 1, null, new long[] {1}, new long[] {1},
                num_events_in_wait_list, event_wait_list, event);
    }

    static int clEnqueueMarkerWithWaitList(cl_command_queue command_queue, int num_events_in_wait_list,
                                           cl_event[] event_wait_list, cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.marker(waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueBarrierWithWaitList(cl_command_queue command_queue, int num_events_in_wait_list,
                                            cl_event[] event_wait_list, cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.barrier(waits), event);
            return CL_SUCCESS;
        });
    }

    /** OpenCL 1.1's marker: waits for every earlier command; the event is required. */
    static int clEnqueueMarker(cl_command_queue command_queue, cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClError.require(event != null, CL_INVALID_VALUE, "no event");
            Handles.hand(q.marker(List.of()), event);
            return CL_SUCCESS;
        });
    }

    /** OpenCL 1.1's wait: a barrier on the given events. */
    static int clEnqueueWaitForEvents(cl_command_queue command_queue, int num_events, cl_event[] event_list) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClError.require(num_events > 0 && event_list != null && event_list.length >= num_events,
                    CL_INVALID_VALUE, "no events");
            // unlike a wait list, a bad entry here is CL_INVALID_EVENT
            List<ClEvent> waits = new ArrayList<>(num_events);
            for (int i = 0; i < num_events; i++) {
                ClEvent e = Handles.event(event_list[i]);
                ClError.require(e.context() == q.context(), CL_INVALID_CONTEXT, "event of another context");
                waits.add(e);
            }
            Handles.hand(q.barrier(waits), null);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueBarrier(cl_command_queue command_queue) {
        return Status.run(() -> {
            Handles.hand(Handles.queue(command_queue).barrier(List.of()), null);
            return CL_SUCCESS;
        });
    }

    /** The rect of a memory object, which must lie inside it. */
    private static Rect rectIn(ClMem m, long[] origin, long[] region, long rowPitch, long slicePitch) {
        Rect r = Rect.of(origin, region, rowPitch, slicePitch);
        ClError.require(r.end() <= m.size(), CL_INVALID_VALUE, "the rect reaches past the end of the buffer");
        return r;
    }

    static int clEnqueueReadBufferRect(cl_command_queue command_queue, cl_mem buffer, boolean blocking_read,
                                       long[] buffer_offset, long[] host_offset, long[] region,
                                       long buffer_row_pitch, long buffer_slice_pitch, long host_row_pitch,
                                       long host_slice_pitch, Pointer ptr, int num_events_in_wait_list,
                                       cl_event[] event_wait_list, cl_event event) {
        requireDirectIfNonBlocking(blocking_read, ptr, "read");
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = bufferOf(q, buffer);
            checkHostAccess(m, true, false);
            Rect b = rectIn(m, buffer_offset, region, buffer_row_pitch, buffer_slice_pitch);
            Rect h = Rect.of(host_offset, region, host_row_pitch, host_slice_pitch);
            PointerMemory dst = PointerMemory.of(ptr, h.end(), CL_INVALID_VALUE);
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.readBufferRect(m, blocking_read, b, h, dst, waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueWriteBufferRect(cl_command_queue command_queue, cl_mem buffer, boolean blocking_write,
                                        long[] buffer_offset, long[] host_offset, long[] region,
                                        long buffer_row_pitch, long buffer_slice_pitch, long host_row_pitch,
                                        long host_slice_pitch, Pointer ptr, int num_events_in_wait_list,
                                        cl_event[] event_wait_list, cl_event event) {
        requireDirectIfNonBlocking(blocking_write, ptr, "write");
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem m = bufferOf(q, buffer);
            checkHostAccess(m, false, true);
            Rect b = rectIn(m, buffer_offset, region, buffer_row_pitch, buffer_slice_pitch);
            Rect h = Rect.of(host_offset, region, host_row_pitch, host_slice_pitch);
            PointerMemory src = PointerMemory.of(ptr, h.end(), CL_INVALID_VALUE);
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.writeBufferRect(m, blocking_write, b, h, src, waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueCopyBufferRect(cl_command_queue command_queue, cl_mem src_buffer, cl_mem dst_buffer,
                                       long[] src_origin, long[] dst_origin, long[] region, long src_row_pitch,
                                       long src_slice_pitch, long dst_row_pitch, long dst_slice_pitch,
                                       int num_events_in_wait_list, cl_event[] event_wait_list, cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClMem src = bufferOf(q, src_buffer);
            ClMem dst = bufferOf(q, dst_buffer);
            Rect s = rectIn(src, src_origin, region, src_row_pitch, src_slice_pitch);
            Rect d = rectIn(dst, dst_origin, region, dst_row_pitch, dst_slice_pitch);
            if (src == dst) {
                ClError.require(s.rowPitch() == d.rowPitch() && s.slicePitch() == d.slicePitch(), CL_INVALID_VALUE,
                        "a copy within one buffer needs the same pitches on both sides");
            }
            ClError.require(src.root() != dst.root() || !s.overlaps(src.origin(), d, dst.origin()),
                    CL_MEM_COPY_OVERLAP, "source and destination overlap");
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.copyBufferRect(src, dst, s, d, waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueMigrateMemObjects(cl_command_queue command_queue, int num_mem_objects, cl_mem[] mem_objects,
                                          long flags, int num_events_in_wait_list, cl_event[] event_wait_list,
                                          cl_event event) {
        return Status.run(() -> {
            ClQueue q = Handles.queue(command_queue);
            ClError.require(num_mem_objects > 0 && mem_objects != null && mem_objects.length >= num_mem_objects,
                    CL_INVALID_VALUE, "no memory objects");
            List<ClMem> objects = new ArrayList<>();
            for (int i = 0; i < num_mem_objects; i++) {
                objects.add(memOf(q, mem_objects[i]));
            }
            ClError.require((flags & ~(CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)) == 0,
                    CL_INVALID_VALUE, "unknown migration flags");
            List<ClEvent> waits = Handles.waitList(num_events_in_wait_list, event_wait_list, q.context());
            Handles.hand(q.migrate(objects, flags, waits), event);
            return CL_SUCCESS;
        });
    }

    static int clEnqueueNativeKernel(cl_command_queue command_queue, EnqueueNativeKernelFunction user_func,
                                     Object args, long cb_args, int num_mem_objects, cl_mem[] mem_list,
                                     Pointer[] args_mem_loc, int num_events_in_wait_list,
                                     cl_event[] event_wait_list, cl_event event) {
        return Status.unsupported();
    }
}
