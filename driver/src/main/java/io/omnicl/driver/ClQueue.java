package io.omnicl.driver;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * A command queue. Every enqueue returns the command's event with one reference for the caller. Arguments
 * are checked by the facade; a blocking call returns once its event is complete and throws
 * {@link ClError} when the command failed.
 */
public interface ClQueue extends ClObject, Counted {

    ClContext context();

    ClDevice device();

    long properties();

    void flush();

    /** Blocks until every command enqueued so far is complete. */
    void finish();

    ClEvent readBuffer(ClMem buffer, boolean blocking, long offset, long size, HostMemory dst,
                       List<ClEvent> waitList);

    ClEvent writeBuffer(ClMem buffer, boolean blocking, long offset, long size, HostMemory src,
                        List<ClEvent> waitList);

    /** Reads the box {@code bufferRect} of {@code buffer} into the box {@code hostRect} of {@code dst}. */
    ClEvent readBufferRect(ClMem buffer, boolean blocking, Rect bufferRect, Rect hostRect, HostMemory dst,
                           List<ClEvent> waitList);

    /** Writes the box {@code hostRect} of {@code src} into the box {@code bufferRect} of {@code buffer}. */
    ClEvent writeBufferRect(ClMem buffer, boolean blocking, Rect bufferRect, Rect hostRect, HostMemory src,
                            List<ClEvent> waitList);

    ClEvent copyBufferRect(ClMem src, ClMem dst, Rect srcRect, Rect dstRect, List<ClEvent> waitList);

    /** Reads a box of pixels ({@code box}, in bytes and rows of the image) into the user's memory. */
    ClEvent readImage(ClMem image, boolean blocking, Rect box, Rect hostRect, HostMemory dst,
                      List<ClEvent> waitList);

    ClEvent writeImage(ClMem image, boolean blocking, Rect box, Rect hostRect, HostMemory src,
                       List<ClEvent> waitList);

    /**
     * Copies a box of pixels between two images, an image and a buffer, or a buffer and an image. Boxes are
     * in bytes and rows (for a buffer, tightly packed from its offset), origins and region also in pixels
     * for the device.
     */
    ClEvent copyImage(ClMem src, ClMem dst, Rect srcBox, Rect dstBox, long[] srcOrigin, long[] dstOrigin,
                      long[] region, List<ClEvent> waitList);

    /** Fills a box of pixels with a 16-byte color the device converts. */
    ClEvent fillImage(ClMem image, byte[] color, Rect box, long[] origin, long[] region, List<ClEvent> waitList);

    /** Maps a box of pixels; the mapping's pitches are the image's own. */
    Mapping mapImage(ClMem image, boolean blocking, long flags, Rect box, List<ClEvent> waitList);

    ClEvent copyBuffer(ClMem src, ClMem dst, long srcOffset, long dstOffset, long size, List<ClEvent> waitList);

    ClEvent fillBuffer(ClMem buffer, byte[] pattern, long offset, long size, List<ClEvent> waitList);

    /** Maps a range; the result's buffer is valid once its event completes. */
    Mapping mapBuffer(ClMem buffer, boolean blocking, long flags, long offset, long size, List<ClEvent> waitList);

    /** @throws ClError {@code CL_INVALID_VALUE} when {@code mapped} is not a live mapping of {@code memory} */
    ClEvent unmap(ClMem memory, ByteBuffer mapped, List<ClEvent> waitList);

    /**
     * Moves memory objects to the host ({@code CL_MIGRATE_MEM_OBJECT_HOST}) or the queue's device, or, with
     * {@code CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED}, drops their content.
     */
    ClEvent migrate(List<ClMem> objects, long flags, List<ClEvent> waitList);

    ClEvent ndRange(ClKernel kernel, int workDim, long[] offset, long[] global, long[] local,
                    List<ClEvent> waitList);

    ClEvent marker(List<ClEvent> waitList);

    ClEvent barrier(List<ClEvent> waitList);

    /** A mapped region and the event of the map command. */
    record Mapping(ByteBuffer buffer, ClEvent event) {
    }
}
