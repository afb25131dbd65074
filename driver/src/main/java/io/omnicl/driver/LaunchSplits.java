package io.omnicl.driver;

import java.util.Map;

/**
 * What became of the launches on the virtual device so far: how many were cut into parts for several real
 * devices, and how many ran whole, by why.
 */
public record LaunchSplits(long split, Map<String, Long> wholeByReason) {
    public LaunchSplits {
        wholeByReason = Map.copyOf(wholeByReason);
    }

    /** Launches that ran whole. */
    public long whole() {
        return wholeByReason.values().stream().mapToLong(Long::longValue).sum();
    }
}
