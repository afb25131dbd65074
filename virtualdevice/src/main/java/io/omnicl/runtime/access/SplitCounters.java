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

    public LaunchSplits snapshot() {
        Map<String, Long> byReason = new TreeMap<>();
        whole.forEach((reason, count) -> byReason.put(reason, count.sum()));
        return new LaunchSplits(split.sum(), byReason);
    }
}
