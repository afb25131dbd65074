package io.omnicl.spi;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * An in-order command queue on one real device. Every enqueue waits for the events in {@code waitFor}
 * (events of the same session) and returns a new event that the caller must release. Host memory is
 * always a direct {@link ByteBuffer}; the bytes between its position and limit are transferred, and the
 * caller keeps it alive and untouched until the returned event completes. Nothing runs until
 * {@link #flush()} or a wait.
 */
public interface RealQueue {

    /** Copies {@code src} (position to limit) into {@code dst} at byte {@code offset}. */
    RealEvent write(RealBuffer dst, long offset, ByteBuffer src, List<RealEvent> waitFor);

    /** Copies {@code dst.remaining()} bytes from {@code src} at byte {@code offset} into {@code dst}. */
    RealEvent read(RealBuffer src, long offset, ByteBuffer dst, List<RealEvent> waitFor);

    /**
     * {@link #write}, after everything enqueued before, returning once the bytes are written, with an event that
     * has ended, perhaps without profiling times: drivers make a blocking transfer without an event sooner than one
     * with an event waited for.
     */
    default RealEvent writeNow(RealBuffer dst, long offset, ByteBuffer src) {
        RealEvent e = write(dst, offset, src, List.of());
        e.await();
        return e;
    }

    /** {@link #read} as {@link #writeNow} writes: returns once the bytes are in {@code dst}. */
    default RealEvent readNow(RealBuffer src, long offset, ByteBuffer dst) {
        RealEvent e = read(src, offset, dst, List.of());
        e.await();
        return e;
    }

    /** Copies {@code size} bytes between two buffers of this session. */
    RealEvent copy(RealBuffer src, long srcOffset, RealBuffer dst, long dstOffset, long size,
                   List<RealEvent> waitFor);

    /**
     * Copies a box of bytes between two buffers of this session: origins and region are (bytes, rows,
     * slices), each side with its own row and slice pitch in bytes.
     */
    RealEvent copyRect(RealBuffer src, RealBuffer dst, long[] srcOrigin, long[] dstOrigin, long[] region,
                       long srcRowPitch, long srcSlicePitch, long dstRowPitch, long dstSlicePitch,
                       List<RealEvent> waitFor);

    /**
     * Writes {@code src} (position to limit, laid out with the given pitches; 0 = tightly packed) into the
     * box {@code origin}/{@code region} of {@code dst}, in pixels (for arrays: the last used coordinate is the
     * array index).
     */
    RealEvent writeImage(RealImage dst, long[] origin, long[] region, long rowPitch, long slicePitch,
                         ByteBuffer src, List<RealEvent> waitFor);

    /** Reads the box {@code origin}/{@code region} of {@code src} into {@code dst}, laid out with the pitches. */
    RealEvent readImage(RealImage src, long[] origin, long[] region, long rowPitch, long slicePitch,
                        ByteBuffer dst, List<RealEvent> waitFor);

    /** Copies a box of pixels between two images of the same format. */
    RealEvent copyImage(RealImage src, RealImage dst, long[] srcOrigin, long[] dstOrigin, long[] region,
                        List<RealEvent> waitFor);

    /** Fills a box with {@code color}: 16 bytes of float4, int4 or uint4 as the format's type needs. */
    RealEvent fillImage(RealImage dst, ByteBuffer color, long[] origin, long[] region, List<RealEvent> waitFor);

    /** Copies a box of pixels into a buffer, tightly packed from {@code dstOffset}. */
    RealEvent copyImageToBuffer(RealImage src, RealBuffer dst, long[] srcOrigin, long[] region, long dstOffset,
                                List<RealEvent> waitFor);

    /** Copies tightly packed pixels from a buffer at {@code srcOffset} into a box of an image. */
    RealEvent copyBufferToImage(RealBuffer src, RealImage dst, long srcOffset, long[] dstOrigin, long[] region,
                                List<RealEvent> waitFor);

    /** Repeats {@code pattern} (1 to 128 bytes, a power of two) over {@code [offset, offset + size)}. */
    RealEvent fill(RealBuffer dst, ByteBuffer pattern, long offset, long size, List<RealEvent> waitFor);

    /**
     * Launches {@code kernel} with the arguments it holds now. {@code offset} and {@code local} may be
     * null; arrays have {@code workDim} entries.
     */
    default RealEvent launch(RealKernel kernel, int workDim, long[] offset, long[] global, long[] local,
                             List<RealEvent> waitFor) {
        return launch(kernel, workDim, offset, global, local, waitFor, true);
    }

    /**
     * Launches as above; with {@code withEvent} false, asks the driver for no event and returns null. A driver's
     * event can cost about as much again as the launch itself (docs/benchmarks.md); since the queue is in order, a
     * later command's event tells when this one ended. An error the launch meets while running then shows on the
     * next event of the queue, if the driver reports it.
     */
    RealEvent launch(RealKernel kernel, int workDim, long[] offset, long[] global, long[] local,
                     List<RealEvent> waitFor, boolean withEvent);

    /** An event that completes when the given events (or, if none, all earlier commands) have. */
    RealEvent marker(List<RealEvent> waitFor);

    /** Submits what was enqueued. */
    void flush();

    /** Waits until everything enqueued has completed. */
    void finish();

    /** Releases the queue. Idempotent. */
    void release();
}
