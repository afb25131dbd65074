package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_INVALID_COMMAND_QUEUE;
import static org.jocl.CL.CL_INVALID_EVENT_WAIT_LIST;
import static org.jocl.CL.CL_INVALID_GLOBAL_OFFSET;
import static org.jocl.CL.CL_INVALID_GLOBAL_WORK_SIZE;
import static org.jocl.CL.CL_INVALID_KERNEL;
import static org.jocl.CL.CL_INVALID_MEM_OBJECT;
import static org.jocl.CL.CL_INVALID_VALUE;
import static org.jocl.CL.CL_INVALID_WORK_DIMENSION;
import static org.jocl.CL.CL_INVALID_WORK_GROUP_SIZE;
import static org.jocl.CL.clEnqueueCopyBuffer;
import static org.jocl.CL.clEnqueueCopyBufferRect;
import static org.jocl.CL.clEnqueueCopyBufferToImage;
import static org.jocl.CL.clEnqueueCopyImage;
import static org.jocl.CL.clEnqueueCopyImageToBuffer;
import static org.jocl.CL.clEnqueueFillBuffer;
import static org.jocl.CL.clEnqueueFillImage;
import static org.jocl.CL.clEnqueueMarkerWithWaitList;
import static org.jocl.CL.clEnqueueNDRangeKernel;
import static org.jocl.CL.clEnqueueReadBuffer;
import static org.jocl.CL.clEnqueueReadImage;
import static org.jocl.CL.clEnqueueWriteBuffer;
import static org.jocl.CL.clEnqueueWriteImage;
import static org.jocl.CL.clFinish;
import static org.jocl.CL.clFlush;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealQueue;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;

/**
 * An in-order queue. Transfers never block: the caller keeps host memory alive until the event completes, as
 * the SPI requires.
 *
 * <p>JOCL accepts a non-blocking read or write only from a direct buffer, and hands each one to a daemon thread
 * of its own ({@code AsyncOpThread-n}) that retains the event, waits for it and releases it, so that the buffer
 * stays reachable meanwhile. That thread's hold on the event is JOCL's; the event returned here is the caller's.
 */
final class JoclQueue extends JoclObject<cl_command_queue> implements RealQueue {

    private static final cl_event[] NO_EVENTS = new cl_event[0];

    private final boolean profiling;

    JoclQueue(cl_command_queue queue, boolean profiling) {
        super(queue, CL_INVALID_COMMAND_QUEUE, CL::clReleaseCommandQueue);
        this.profiling = profiling;
    }

    /** A {@code clEnqueue*} call with the queue and the event arguments left open. */
    @FunctionalInterface
    private interface Command {
        int enqueue(cl_command_queue queue, int waitCount, cl_event[] waitList, cl_event event);
    }

    @Override
    public RealEvent write(RealBuffer dst, long offset, ByteBuffer src, List<RealEvent> waitFor) {
        cl_mem buffer = buffer(dst);
        Pointer host = host(src, false);
        long size = src.remaining();
        return enqueue(waitFor, "clEnqueueWriteBuffer", (queue, waitCount, waitList, event) ->
            clEnqueueWriteBuffer(queue, buffer, false, offset, size, host, waitCount, waitList, event));
    }

    @Override
    public RealEvent read(RealBuffer src, long offset, ByteBuffer dst, List<RealEvent> waitFor) {
        cl_mem buffer = buffer(src);
        Pointer host = host(dst, true);
        long size = dst.remaining();
        return enqueue(waitFor, "clEnqueueReadBuffer", (queue, waitCount, waitList, event) ->
            clEnqueueReadBuffer(queue, buffer, false, offset, size, host, waitCount, waitList, event));
    }

    @Override
    public RealEvent copy(RealBuffer src, long srcOffset, RealBuffer dst, long dstOffset, long size,
                          List<RealEvent> waitFor) {
        cl_mem from = buffer(src);
        cl_mem to = buffer(dst);
        return enqueue(waitFor, "clEnqueueCopyBuffer", (queue, waitCount, waitList, event) ->
            clEnqueueCopyBuffer(queue, from, to, srcOffset, dstOffset, size, waitCount, waitList, event));
    }

    @Override
    public RealEvent copyRect(RealBuffer src, RealBuffer dst, long[] srcOrigin, long[] dstOrigin, long[] region,
                              long srcRowPitch, long srcSlicePitch, long dstRowPitch, long dstSlicePitch,
                              List<RealEvent> waitFor) {
        cl_mem from = buffer(src);
        cl_mem to = buffer(dst);
        long[] srcAt = box(srcOrigin, "copyRect needs origins and a region");
        long[] dstAt = box(dstOrigin, "copyRect needs origins and a region");
        long[] size = box(region, "copyRect needs origins and a region");
        return enqueue(waitFor, "clEnqueueCopyBufferRect", (queue, waitCount, waitList, event) ->
            clEnqueueCopyBufferRect(queue, from, to, srcAt, dstAt, size, srcRowPitch, srcSlicePitch, dstRowPitch,
                dstSlicePitch, waitCount, waitList, event));
    }

    @Override
    public RealEvent writeImage(RealImage dst, long[] origin, long[] region, long rowPitch, long slicePitch,
                                ByteBuffer src, List<RealEvent> waitFor) {
        cl_mem image = image(dst);
        Pointer host = host(src, false);
        long[] at = box(origin, IMAGE_BOX);
        long[] size = box(region, IMAGE_BOX);
        return enqueue(waitFor, "clEnqueueWriteImage", (queue, waitCount, waitList, event) ->
            clEnqueueWriteImage(queue, image, false, at, size, rowPitch, slicePitch, host, waitCount, waitList,
                event));
    }

    @Override
    public RealEvent readImage(RealImage src, long[] origin, long[] region, long rowPitch, long slicePitch,
                               ByteBuffer dst, List<RealEvent> waitFor) {
        cl_mem image = image(src);
        Pointer host = host(dst, true);
        long[] at = box(origin, IMAGE_BOX);
        long[] size = box(region, IMAGE_BOX);
        return enqueue(waitFor, "clEnqueueReadImage", (queue, waitCount, waitList, event) ->
            clEnqueueReadImage(queue, image, false, at, size, rowPitch, slicePitch, host, waitCount, waitList,
                event));
    }

    @Override
    public RealEvent copyImage(RealImage src, RealImage dst, long[] srcOrigin, long[] dstOrigin, long[] region,
                               List<RealEvent> waitFor) {
        cl_mem from = image(src);
        cl_mem to = image(dst);
        long[] fromAt = box(srcOrigin, "copyImage needs a source origin");
        long[] toAt = box(dstOrigin, IMAGE_BOX);
        long[] size = box(region, IMAGE_BOX);
        return enqueue(waitFor, "clEnqueueCopyImage", (queue, waitCount, waitList, event) ->
            clEnqueueCopyImage(queue, from, to, fromAt, toAt, size, waitCount, waitList, event));
    }

    @Override
    public RealEvent fillImage(RealImage dst, ByteBuffer color, long[] origin, long[] region,
                               List<RealEvent> waitFor) {
        cl_mem image = image(dst);
        // OpenCL copies the colour before clEnqueueFillImage returns
        Pointer fill = host(color, false);
        long[] at = box(origin, IMAGE_BOX);
        long[] size = box(region, IMAGE_BOX);
        return enqueue(waitFor, "clEnqueueFillImage", (queue, waitCount, waitList, event) ->
            clEnqueueFillImage(queue, image, fill, at, size, waitCount, waitList, event));
    }

    @Override
    public RealEvent copyImageToBuffer(RealImage src, RealBuffer dst, long[] srcOrigin, long[] region,
                                       long dstOffset, List<RealEvent> waitFor) {
        cl_mem image = image(src);
        cl_mem buffer = buffer(dst);
        long[] at = box(srcOrigin, IMAGE_BOX);
        long[] size = box(region, IMAGE_BOX);
        return enqueue(waitFor, "clEnqueueCopyImageToBuffer", (queue, waitCount, waitList, event) ->
            clEnqueueCopyImageToBuffer(queue, image, buffer, at, size, dstOffset, waitCount, waitList, event));
    }

    @Override
    public RealEvent copyBufferToImage(RealBuffer src, RealImage dst, long srcOffset, long[] dstOrigin,
                                       long[] region, List<RealEvent> waitFor) {
        cl_mem buffer = buffer(src);
        cl_mem image = image(dst);
        long[] at = box(dstOrigin, IMAGE_BOX);
        long[] size = box(region, IMAGE_BOX);
        return enqueue(waitFor, "clEnqueueCopyBufferToImage", (queue, waitCount, waitList, event) ->
            clEnqueueCopyBufferToImage(queue, buffer, image, srcOffset, at, size, waitCount, waitList, event));
    }

    @Override
    public RealEvent fill(RealBuffer dst, ByteBuffer pattern, long offset, long size, List<RealEvent> waitFor) {
        cl_mem buffer = buffer(dst);
        // OpenCL copies the pattern before clEnqueueFillBuffer returns
        Pointer host = host(pattern, false);
        long patternSize = pattern.remaining();
        return enqueue(waitFor, "clEnqueueFillBuffer", (queue, waitCount, waitList, event) ->
            clEnqueueFillBuffer(queue, buffer, host, patternSize, offset, size, waitCount, waitList, event));
    }

    @Override
    public RealEvent launch(RealKernel kernel, int workDim, long[] offset, long[] global, long[] local,
                            List<RealEvent> waitFor, boolean withEvent) {
        cl_kernel kernelHandle = JoclObject.handleOf(kernel, JoclKernel.class, CL_INVALID_KERNEL);
        if (workDim < 1 || workDim > 3) {
            throw new BackendException(CL_INVALID_WORK_DIMENSION, "work_dim " + workDim);
        }
        if (global == null) {
            throw new BackendException(CL_INVALID_GLOBAL_WORK_SIZE, "no global work size");
        }
        // JOCL hands OpenCL as many size_t as the array holds: exactly workDim each
        long[] globalSizes = sizes(global, workDim, CL_INVALID_GLOBAL_WORK_SIZE);
        long[] offsets = sizes(offset, workDim, CL_INVALID_GLOBAL_OFFSET);
        long[] localSizes = sizes(local, workDim, CL_INVALID_WORK_GROUP_SIZE);
        return enqueue(waitFor, "clEnqueueNDRangeKernel", withEvent, (queue, waitCount, waitList, event) ->
            clEnqueueNDRangeKernel(queue, kernelHandle, workDim, offsets, globalSizes, localSizes, waitCount,
                waitList, event));
    }

    @Override
    public RealEvent marker(List<RealEvent> waitFor) {
        return enqueue(waitFor, "clEnqueueMarkerWithWaitList", (queue, waitCount, waitList, event) ->
            clEnqueueMarkerWithWaitList(queue, waitCount, waitList, event));
    }

    @Override
    public void flush() {
        ClCalls.check(clFlush(handle()), "clFlush");
    }

    @Override
    public void finish() {
        ClCalls.check(clFinish(handle()), "clFinish");
    }

    /** Enqueues with the wait list of {@code waitFor} and wraps the command's new event. */
    private RealEvent enqueue(List<RealEvent> waitFor, String call, Command command) {
        return enqueue(waitFor, call, true, command);
    }

    /** Enqueues a command; returns its event, or null without asking for one when {@code withEvent} is false. */
    private RealEvent enqueue(List<RealEvent> waitFor, String call, boolean withEvent, Command command) {
        cl_command_queue queue = handle();
        cl_event[] waitList = NO_EVENTS;
        if (waitFor != null && !waitFor.isEmpty()) {
            waitList = new cl_event[waitFor.size()];
            for (int i = 0; i < waitList.length; i++) {
                waitList[i] = JoclObject.handleOf(waitFor.get(i), JoclEvent.class, CL_INVALID_EVENT_WAIT_LIST);
            }
        }
        cl_event event = withEvent ? new cl_event() : null;
        ClCalls.check(command.enqueue(queue, waitList.length, waitList.length == 0 ? null : waitList, event), call);
        return withEvent ? new JoclEvent(event, profiling) : null;
    }

    private static final String IMAGE_BOX = "an image command needs an origin and a region";

    private static cl_mem buffer(RealBuffer buffer) {
        return JoclObject.handleOf(buffer, JoclBuffer.class, CL_INVALID_MEM_OBJECT);
    }

    private static cl_mem image(RealImage image) {
        return JoclObject.handleOf(image, JoclImage.class, CL_INVALID_MEM_OBJECT);
    }

    /**
     * A pointer to the bytes between position and limit. A heap buffer has no stable native address (and JOCL
     * refuses one for non-blocking transfers). JOCL's {@code Pointer.to(Buffer)} points at the buffer's start
     * whatever its position, so the pointer is to a slice, which starts at the position; unlike
     * {@code Pointer.toBuffer}, slicing leaves the caller's buffer untouched.
     */
    private static Pointer host(ByteBuffer host, boolean written) {
        if (host == null || !host.isDirect() || (written && host.isReadOnly())) {
            throw new BackendException(CL_INVALID_VALUE, "host memory must be a direct"
                + (written ? ", writable" : "") + " ByteBuffer: " + host);
        }
        return Pointer.to(host.slice());
    }

    /** The first three entries of an origin or a region. */
    private static long[] box(long[] values, String missing) {
        if (values == null) {
            throw new BackendException(CL_INVALID_VALUE, missing);
        }
        return sizes(values, 3, CL_INVALID_VALUE);
    }

    /** A {@code size_t[workDim]} copy of {@code values}, or null when there are none. */
    private static long[] sizes(long[] values, int workDim, int shortStatus) {
        if (values == null) {
            return null;
        }
        if (values.length < workDim) {
            throw new BackendException(shortStatus, values.length + " sizes for " + workDim + " dimensions");
        }
        return Arrays.copyOf(values, workDim);
    }
}
