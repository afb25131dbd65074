package io.omnicl.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The runtime's configuration, read once from environment variables ({@code OMNICL_DEVICES}, ...); a
 * system property of the same name in lower case with dots ({@code omnicl.devices}) takes precedence.
 *
 * @param deviceFilter  substrings of real device names to aggregate; empty = every device
 * @param backend       backend name ({@code lwjgl}, {@code jocl}); empty = the first installed
 * @param scheduler     scheduling policy name
 * @param strictOrder   {@code OMNICL_ORDER=strict}: chain each in-order queue instead of running it as a data-flow graph
 * @param maxInFlight   commands a device worker keeps submitted at once
 * @param printStatistics {@code OMNICL_STATS=1}: print each real device's counters when the JVM exits
 */
public record Config(List<String> deviceFilter, String backend, String scheduler, boolean strictOrder,
                     int maxInFlight, boolean printStatistics) {

    public Config {
        deviceFilter = List.copyOf(deviceFilter);
    }

    public static Config fromEnvironment() {
        List<String> filter = new ArrayList<>();
        for (String part : read("OMNICL_DEVICES", "").split(",")) {
            if (!part.isBlank()) {
                filter.add(part.trim());
            }
        }
        return new Config(filter, read("OMNICL_BACKEND", ""), read("OMNICL_SCHED", "eager"),
                read("OMNICL_ORDER", "dataflow").equalsIgnoreCase("strict"),
                Integer.parseInt(read("OMNICL_INFLIGHT", "2")), !read("OMNICL_STATS", "").isEmpty()
                && !read("OMNICL_STATS", "").equals("0"));
    }

    private static String read(String name, String fallback) {
        String property = System.getProperty(name.toLowerCase(Locale.ROOT).replace('_', '.'));
        if (property != null) {
            return property;
        }
        String env = System.getenv(name);
        return env != null ? env : fallback;
    }

    /** Whether a real device of this name is aggregated. */
    public boolean accepts(String deviceName) {
        if (deviceFilter.isEmpty()) {
            return true;
        }
        for (String part : deviceFilter) {
            if (deviceName.contains(part)) {
                return true;
            }
        }
        return false;
    }
}
