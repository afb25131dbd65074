package io.omnicl.runtime.access;

import io.omnicl.driver.LaunchSplits;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Counts the launches on the virtual device that were cut into parts, and the others by why they were not. */
public final class SplitCounters {

    private final LongAdder split = new LongAdder();
    private final Map<String, LongAdder> whole = new ConcurrentHashMap<>();
    private final LongAdder relayedStencilNanos = new LongAdder();

    public void split() {
        split.increment();
    }

    /** Whether a launch has been cut into parts so far. */
    public boolean anySplit() {
        return split.sum() > 0;
    }

    public void whole(String reason) {
        whole.computeIfAbsent(reason, r -> new LongAdder()).increment();
    }

    /**
     * A stencil's launch, expected to take {@code expectedNanos} whole, that GPUs of one real context relay (cut so
     * that each GPU's piece reads the other's edge rows from it), or would relay were they in one context.
     */
    public void relayedStencil(double expectedNanos) {
        relayedStencilNanos.add(Math.round(expectedNanos));
    }

    /** The time the launches counted by {@link #relayedStencil} would take whole, in all. */
    public long relayedStencilNanos() {
        return relayedStencilNanos.sum();
    }

    public LaunchSplits snapshot() {
        Map<String, Long> byReason = new TreeMap<>();
        whole.forEach((reason, count) -> byReason.put(reason, count.sum()));
        return new LaunchSplits(split.sum(), byReason);
    }
}
