package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_FALSE;
import static org.lwjgl.opencl.CL10.CL_INVALID_COMMAND_QUEUE;
import static org.lwjgl.opencl.CL10.CL_INVALID_EVENT_WAIT_LIST;
import static org.lwjgl.opencl.CL10.CL_INVALID_GLOBAL_OFFSET;
import static org.lwjgl.opencl.CL10.CL_INVALID_GLOBAL_WORK_SIZE;
import static org.lwjgl.opencl.CL10.CL_INVALID_KERNEL;
import static org.lwjgl.opencl.CL10.CL_INVALID_MEM_OBJECT;
import static org.lwjgl.opencl.CL10.CL_INVALID_VALUE;
import static org.lwjgl.opencl.CL10.CL_INVALID_WORK_DIMENSION;
import static org.lwjgl.opencl.CL10.CL_INVALID_WORK_GROUP_SIZE;
import static org.lwjgl.opencl.CL10.CL_TRUE;
import static org.lwjgl.opencl.CL10.nclEnqueueCopyBuffer;
import static org.lwjgl.opencl.CL10.nclEnqueueCopyBufferToImage;
import static org.lwjgl.opencl.CL10.nclEnqueueCopyImage;
import static org.lwjgl.opencl.CL10.nclEnqueueCopyImageToBuffer;
import static org.lwjgl.opencl.CL10.nclEnqueueReadImage;
import static org.lwjgl.opencl.CL10.nclEnqueueWriteImage;
import static org.lwjgl.opencl.CL10.nclEnqueueNDRangeKernel;
import static org.lwjgl.opencl.CL10.nclEnqueueReadBuffer;
import static org.lwjgl.opencl.CL10.nclEnqueueWriteBuffer;
import static org.lwjgl.opencl.CL11.nclEnqueueCopyBufferRect;
import static org.lwjgl.opencl.CL12.nclEnqueueFillBuffer;
import static org.lwjgl.opencl.CL12.nclEnqueueFillImage;
import static org.lwjgl.opencl.CL12.nclEnqueueMarkerWithWaitList;
import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.EndedEvent;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealQueue;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.lwjgl.PointerBuffer;
import org.lwjgl.opencl.CL10;
import org.lwjgl.system.MemoryStack;

/**
 * An in-order queue. Transfers never block: the caller keeps host memory alive until the event
 * completes, as the SPI requires.
 */
final class LwjglQueue extends LwjglObject implements RealQueue {

    private final boolean profiling;

    LwjglQueue(long queue, boolean profiling, AtomicLong live) {
        super(queue, CL_INVALID_COMMAND_QUEUE, CL10::clReleaseCommandQueue, live);
        this.profiling = profiling;
    }

    /** An {@code clEnqueue*} call with the queue and the event arguments left open. */
    @FunctionalInterface
    private interface Command {
        int enqueue(long queue, int waitCount, long waitList, long event);
    }

    @Override
    public RealEvent write(RealBuffer dst, long offset, ByteBuffer src, List<RealEvent> waitFor) {
        return writeBuffer(dst, offset, src, waitFor, false);
    }

    @Override
    public RealEvent read(RealBuffer src, long offset, ByteBuffer dst, List<RealEvent> waitFor) {
        return readBuffer(src, offset, dst, waitFor, false);
    }

    /** Blocking and without an event. */
    @Override
    public RealEvent writeNow(RealBuffer dst, long offset, ByteBuffer src) {
        writeBuffer(dst, offset, src, List.of(), true);
        return EndedEvent.INSTANCE;
    }

    /** Blocking and without an event. */
    @Override
    public RealEvent readNow(RealBuffer src, long offset, ByteBuffer dst) {
        readBuffer(src, offset, dst, List.of(), true);
        return EndedEvent.INSTANCE;
    }

    /** {@code clEnqueueWriteBuffer}: blocking without an event, or not blocking with one. */
    private RealEvent writeBuffer(RealBuffer dst, long offset, ByteBuffer src, List<RealEvent> waitFor,
                                  boolean blocking) {
        long buffer = memObject(dst);
        long host = hostAddress(src, false);
        int mode = blocking ? CL_TRUE : CL_FALSE;
        return enqueue(waitFor, "clEnqueueWriteBuffer", !blocking, (queue, waitCount, waitList, event) ->
            nclEnqueueWriteBuffer(queue, buffer, mode, offset, src.remaining(), host, waitCount, waitList, event));
    }

    /** {@code clEnqueueReadBuffer}, as {@link #writeBuffer}. */
    private RealEvent readBuffer(RealBuffer src, long offset, ByteBuffer dst, List<RealEvent> waitFor,
                                 boolean blocking) {
        long buffer = memObject(src);
        long host = hostAddress(dst, true);
        int mode = blocking ? CL_TRUE : CL_FALSE;
        return enqueue(waitFor, "clEnqueueReadBuffer", !blocking, (queue, waitCount, waitList, event) ->
            nclEnqueueReadBuffer(queue, buffer, mode, offset, dst.remaining(), host, waitCount, waitList, event));
    }

    @Override
    public RealEvent copy(RealBuffer src, long srcOffset, RealBuffer dst, long dstOffset, long size,
                          List<RealEvent> waitFor) {
        long from = memObject(src);
        long to = memObject(dst);
        return enqueue(waitFor, "clEnqueueCopyBuffer", (queue, waitCount, waitList, event) ->
            nclEnqueueCopyBuffer(queue, from, to, srcOffset, dstOffset, size, waitCount, waitList, event));
    }

    @Override
    public RealEvent copyRect(RealBuffer src, RealBuffer dst, long[] srcOrigin, long[] dstOrigin, long[] region,
                              long srcRowPitch, long srcSlicePitch, long dstRowPitch, long dstSlicePitch,
                              List<RealEvent> waitFor) {
        long from = memObject(src);
        long to = memObject(dst);
        try (MemoryStack stack = stackPush()) {
            long srcAt = sizes(stack, srcOrigin, 3, CL_INVALID_VALUE);
            long dstAt = sizes(stack, dstOrigin, 3, CL_INVALID_VALUE);
            long box = sizes(stack, region, 3, CL_INVALID_VALUE);
            if (srcAt == NULL || dstAt == NULL || box == NULL) {
                throw new BackendException(CL_INVALID_VALUE, "copyRect needs origins and a region");
            }
            return enqueue(waitFor, "clEnqueueCopyBufferRect", (queue, waitCount, waitList, event) ->
                nclEnqueueCopyBufferRect(queue, from, to, srcAt, dstAt, box, srcRowPitch, srcSlicePitch,
                    dstRowPitch, dstSlicePitch, waitCount, waitList, event));
        }
    }

    @Override
    public RealEvent writeImage(RealImage dst, long[] origin, long[] region, long rowPitch, long slicePitch,
                                ByteBuffer src, List<RealEvent> waitFor) {
        long image = LwjglObject.handleOf(dst, LwjglImage.class, CL_INVALID_MEM_OBJECT);
        long host = hostAddress(src, false);
        return box(origin, region, (at, box) -> enqueue(waitFor, "clEnqueueWriteImage",
            (queue, waitCount, waitList, event) -> nclEnqueueWriteImage(queue, image, CL_FALSE, at, box, rowPitch,
                slicePitch, host, waitCount, waitList, event)));
    }

    @Override
    public RealEvent readImage(RealImage src, long[] origin, long[] region, long rowPitch, long slicePitch,
                               ByteBuffer dst, List<RealEvent> waitFor) {
        long image = LwjglObject.handleOf(src, LwjglImage.class, CL_INVALID_MEM_OBJECT);
        long host = hostAddress(dst, true);
        return box(origin, region, (at, box) -> enqueue(waitFor, "clEnqueueReadImage",
            (queue, waitCount, waitList, event) -> nclEnqueueReadImage(queue, image, CL_FALSE, at, box, rowPitch,
                slicePitch, host, waitCount, waitList, event)));
    }

    @Override
    public RealEvent copyImage(RealImage src, RealImage dst, long[] srcOrigin, long[] dstOrigin, long[] region,
                               List<RealEvent> waitFor) {
        long from = LwjglObject.handleOf(src, LwjglImage.class, CL_INVALID_MEM_OBJECT);
        long to = LwjglObject.handleOf(dst, LwjglImage.class, CL_INVALID_MEM_OBJECT);
        try (MemoryStack stack = stackPush()) {
            long fromAt = sizes(stack, srcOrigin, 3, CL_INVALID_VALUE);
            if (fromAt == NULL) {
                throw new BackendException(CL_INVALID_VALUE, "copyImage needs a source origin");
            }
            return box(dstOrigin, region, (toAt, box) -> enqueue(waitFor, "clEnqueueCopyImage",
                (queue, waitCount, waitList, event) -> nclEnqueueCopyImage(queue, from, to, fromAt, toAt, box,
                    waitCount, waitList, event)));
        }
    }

    @Override
    public RealEvent fillImage(RealImage dst, ByteBuffer color, long[] origin, long[] region,
                               List<RealEvent> waitFor) {
        long image = LwjglObject.handleOf(dst, LwjglImage.class, CL_INVALID_MEM_OBJECT);
        long host = hostAddress(color, false);
        return box(origin, region, (at, box) -> enqueue(waitFor, "clEnqueueFillImage",
            (queue, waitCount, waitList, event) -> nclEnqueueFillImage(queue, image, host, at, box, waitCount,
                waitList, event)));
    }

    @Override
    public RealEvent copyImageToBuffer(RealImage src, RealBuffer dst, long[] srcOrigin, long[] region,
                                       long dstOffset, List<RealEvent> waitFor) {
        long image = LwjglObject.handleOf(src, LwjglImage.class, CL_INVALID_MEM_OBJECT);
        long buffer = memObject(dst);
        return box(srcOrigin, region, (at, box) -> enqueue(waitFor, "clEnqueueCopyImageToBuffer",
            (queue, waitCount, waitList, event) -> nclEnqueueCopyImageToBuffer(queue, image, buffer, at, box,
                dstOffset, waitCount, waitList, event)));
    }

    @Override
    public RealEvent copyBufferToImage(RealBuffer src, RealImage dst, long srcOffset, long[] dstOrigin,
                                       long[] region, List<RealEvent> waitFor) {
        long buffer = memObject(src);
        long image = LwjglObject.handleOf(dst, LwjglImage.class, CL_INVALID_MEM_OBJECT);
        return box(dstOrigin, region, (at, box) -> enqueue(waitFor, "clEnqueueCopyBufferToImage",
            (queue, waitCount, waitList, event) -> nclEnqueueCopyBufferToImage(queue, buffer, image, srcOffset, at,
                box, waitCount, waitList, event)));
    }

    /** An image command on a box: the origin and region as native size_t[3] arrays. */
    @FunctionalInterface
    private interface BoxCommand {
        RealEvent enqueue(long origin, long region);
    }

    private static RealEvent box(long[] origin, long[] region, BoxCommand command) {
        try (MemoryStack stack = stackPush()) {
            long at = sizes(stack, origin, 3, CL_INVALID_VALUE);
            long box = sizes(stack, region, 3, CL_INVALID_VALUE);
            if (at == NULL || box == NULL) {
                throw new BackendException(CL_INVALID_VALUE, "an image command needs an origin and a region");
            }
            return command.enqueue(at, box);
        }
    }

    @Override
    public RealEvent fill(RealBuffer dst, ByteBuffer pattern, long offset, long size, List<RealEvent> waitFor) {
        long buffer = memObject(dst);
        long host = hostAddress(pattern, false);
        return enqueue(waitFor, "clEnqueueFillBuffer", (queue, waitCount, waitList, event) ->
            nclEnqueueFillBuffer(queue, buffer, host, pattern.remaining(), offset, size, waitCount, waitList, event));
    }

    @Override
    public RealEvent launch(RealKernel kernel, int workDim, long[] offset, long[] global, long[] local,
                            List<RealEvent> waitFor, boolean withEvent) {
        long kernelHandle = LwjglObject.handleOf(kernel, LwjglKernel.class, CL_INVALID_KERNEL);
        if (workDim < 1 || workDim > 3) {
            throw new BackendException(CL_INVALID_WORK_DIMENSION, "work_dim " + workDim);
        }
        if (global == null) {
            throw new BackendException(CL_INVALID_GLOBAL_WORK_SIZE, "no global work size");
        }
        try (MemoryStack stack = stackPush()) {
            long globalSizes = sizes(stack, global, workDim, CL_INVALID_GLOBAL_WORK_SIZE);
            long offsets = sizes(stack, offset, workDim, CL_INVALID_GLOBAL_OFFSET);
            long localSizes = sizes(stack, local, workDim, CL_INVALID_WORK_GROUP_SIZE);
            return enqueue(waitFor, "clEnqueueNDRangeKernel", withEvent, (queue, waitCount, waitList, event) ->
                nclEnqueueNDRangeKernel(queue, kernelHandle, workDim, offsets, globalSizes, localSizes,
                    waitCount, waitList, event));
        }
    }

    @Override
    public RealEvent marker(List<RealEvent> waitFor) {
        return enqueue(waitFor, "clEnqueueMarkerWithWaitList", (queue, waitCount, waitList, event) ->
            nclEnqueueMarkerWithWaitList(queue, waitCount, waitList, event));
    }

    @Override
    public void flush() {
        ClCalls.check(CL10.clFlush(handle()), "clFlush");
    }

    @Override
    public void finish() {
        ClCalls.check(CL10.clFinish(handle()), "clFinish");
    }

    /** Enqueues with the wait list of {@code waitFor} and wraps the command's new event. */
    private RealEvent enqueue(List<RealEvent> waitFor, String call, Command command) {
        return enqueue(waitFor, call, true, command);
    }

    /** Enqueues a command; returns its event, or null without asking for one when {@code withEvent} is false. */
    private RealEvent enqueue(List<RealEvent> waitFor, String call, boolean withEvent, Command command) {
        long queue = handle();
        try (MemoryStack stack = stackPush()) {
            int waitCount = waitFor == null ? 0 : waitFor.size();
            PointerBuffer waitList = stack.mallocPointer(waitCount);
            for (int i = 0; i < waitCount; i++) {
                waitList.put(i, LwjglObject.handleOf(waitFor.get(i), LwjglEvent.class, CL_INVALID_EVENT_WAIT_LIST));
            }
            PointerBuffer event = stack.mallocPointer(1);
            ClCalls.check(command.enqueue(queue, waitCount, waitCount == 0 ? NULL : waitList.address(),
                withEvent ? event.address() : NULL), call);
            return withEvent ? new LwjglEvent(event.get(0), profiling, live()) : null;
        }
    }

    private static long memObject(RealBuffer buffer) {
        return LwjglObject.handleOf(buffer, LwjglBuffer.class, CL_INVALID_MEM_OBJECT);
    }

    /** Where the bytes between position and limit live; a heap buffer has no stable native address. */
    private static long hostAddress(ByteBuffer host, boolean written) {
        if (host == null || !host.isDirect() || (written && host.isReadOnly())) {
            throw new BackendException(CL_INVALID_VALUE, "host memory must be a direct"
                + (written ? ", writable" : "") + " ByteBuffer: " + host);
        }
        return memAddress(host);
    }

    /** A {@code size_t[workDim]} copy of {@code values}, or NULL when there are none. */
    private static long sizes(MemoryStack stack, long[] values, int workDim, int shortStatus) {
        if (values == null) {
            return NULL;
        }
        if (values.length < workDim) {
            throw new BackendException(shortStatus, values.length + " sizes for " + workDim + " dimensions");
        }
        PointerBuffer sizes = stack.mallocPointer(workDim);
        for (int i = 0; i < workDim; i++) {
            sizes.put(i, values[i]);
        }
        return sizes.address();
    }
}
