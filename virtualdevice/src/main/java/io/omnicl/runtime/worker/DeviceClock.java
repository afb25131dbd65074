package io.omnicl.runtime.worker;

import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Puts one device's profiling times on the host clock. Only for use on the device's worker thread.
 */
final class DeviceClock {

    private static final int SAMPLES = 8;

    /**
     * Host time minus device time: set from markers when the worker starts, and lowered whenever a command's
     * end would put it after the moment the worker saw it end. Until a marker or a command sets it, far ahead
     * (some drivers time markers on another clock).
     */
    private long offset = Long.MAX_VALUE / 4;

    /** The host time of a device profiling time. */
    long hostTime(long deviceTime) {
        return deviceTime + offset;
    }

    /** A command that ended at {@code deviceEnd} (device time) is seen ended now. */
    void seenEnded(long deviceEnd) {
        offset = Math.min(offset, System.nanoTime() - deviceEnd);
    }

    /**
     * A marker ends on the device between the host times before its enqueue and after its finish: of a few
     * markers on {@code queue}, the one with the narrowest window places the device clock best, at the
     * window's middle.
     */
    void calibrate(RealQueue queue) {
        long narrowest = Long.MAX_VALUE;
        for (int i = 0; i < SAMPLES; i++) {
            long before = System.nanoTime();
            RealEvent marker = queue.marker(List.of());
            queue.finish();
            long after = System.nanoTime();
            long[] times = marker.profile();
            marker.release();
            if (times != null && times[3] != 0 && after - before < narrowest) {
                narrowest = after - before;
                offset = before + (after - before) / 2 - times[3];
            }
        }
    }

    /**
     * A slower device ({@code OMNICL_THROTTLE}): waits as long as the kernel took, (factor - 1) times. A sleep,
     * not a park, since wake-ups for new work must not cut it short.
     */
    static void slowDown(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
