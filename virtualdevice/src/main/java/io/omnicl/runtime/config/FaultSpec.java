package io.omnicl.runtime.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One entry of {@code OMNICL_FAULTS}: which real device fails, how often, and whether it disappears.
 *
 * @param device    the device's index among the real devices (from 0) or a part of its name
 * @param rate      the share of its launches and transfers that fail, 0 to 1
 * @param seed      seed of the random choices, so a run can be repeated
 * @param loseAfter the number of launches and transfers after which the device is lost; -1 for never
 */
public record FaultSpec(String device, double rate, long seed, long loseAfter) {

    public FaultSpec {
        if (device == null || device.isBlank()) {
            throw new IllegalArgumentException("OMNICL_FAULTS needs device=<index or name part>");
        }
        if (!(rate >= 0 && rate <= 1)) {
            throw new IllegalArgumentException("OMNICL_FAULTS rate must be within 0..1: " + rate);
        }
    }

    /**
     * Entries separated by {@code ;}, each {@code device=<index|name part>,rate=<0..1>,seed=<n>[,lose-after=<n>]};
     * an empty text gives none.
     */
    public static List<FaultSpec> parse(String text) {
        List<FaultSpec> specs = new ArrayList<>();
        for (String entry : text.split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            String device = null;
            double rate = 0;
            long seed = 0;
            long loseAfter = -1;
            for (String part : entry.split(",")) {
                int eq = part.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("OMNICL_FAULTS: expected key=value, got '" + part + "'");
                }
                String key = part.substring(0, eq).trim().toLowerCase(Locale.ROOT);
                String value = part.substring(eq + 1).trim();
                switch (key) {
                    case "device" -> device = value;
                    case "rate" -> rate = Double.parseDouble(value);
                    case "seed" -> seed = Long.parseLong(value);
                    case "lose-after" -> loseAfter = Long.parseLong(value);
                    default -> throw new IllegalArgumentException("OMNICL_FAULTS: unknown key '" + key + "'");
                }
            }
            specs.add(new FaultSpec(device, rate, seed, loseAfter));
        }
        return specs;
    }

    /** Whether this entry names the real device with this index (from 0) and name. */
    public boolean names(int index, String deviceName) {
        return Config.names(device, index, deviceName);
    }
}
