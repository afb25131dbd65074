package io.omnicl.demos.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Chrome trace as OmniCL writes it with {@code OMNICL_TRACE}: lanes (one per real device, named by
 * "thread_name" metadata) and complete ("X") slices on them, in microseconds.
 *
 * @param lanes  lane id to name, in lane order
 * @param slices every slice
 */
public record ChromeTrace(Map<Integer, String> lanes, List<Slice> slices) {

    /** One slice: a kernel, an upload, a download or a copy. */
    public record Slice(int lane, String name, String category, double startMicros, double durationMicros) {
        public double endMicros() {
            return startMicros + durationMicros;
        }
    }

    public ChromeTrace {
        lanes = new TreeMap<>(lanes);
        slices = List.copyOf(slices);
    }

    public static ChromeTrace read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Reads the trace format: an object with "traceEvents", or a bare array of events. */
    @SuppressWarnings("unchecked")
    public static ChromeTrace parse(String json) {
        Object root = Json.parse(json);
        List<Object> events = root instanceof Map<?, ?> m ? (List<Object>) m.get("traceEvents") : (List<Object>) root;
        Map<Integer, String> lanes = new TreeMap<>();
        List<Slice> slices = new ArrayList<>();
        for (Object o : events == null ? List.of() : events) {
            Map<String, Object> e = (Map<String, Object>) o;
            int lane = ((Number) e.getOrDefault("tid", 0.0)).intValue();
            String phase = String.valueOf(e.get("ph"));
            if (phase.equals("M") && "thread_name".equals(e.get("name"))) {
                Map<String, Object> args = (Map<String, Object>) e.get("args");
                lanes.put(lane, args == null ? "lane " + lane : String.valueOf(args.get("name")));
            } else if (phase.equals("X")) {
                lanes.putIfAbsent(lane, "lane " + lane);
                slices.add(new Slice(lane, String.valueOf(e.get("name")), String.valueOf(e.getOrDefault("cat", "")),
                        ((Number) e.get("ts")).doubleValue(), ((Number) e.getOrDefault("dur", 0.0)).doubleValue()));
            }
        }
        return new ChromeTrace(lanes, slices);
    }

    public double startMicros() {
        return slices.stream().mapToDouble(Slice::startMicros).min().orElse(0);
    }

    public double endMicros() {
        return slices.stream().mapToDouble(Slice::endMicros).max().orElse(0);
    }

    /**
     * The last {@code micros} of the trace: the slices that start at or after its end minus {@code micros}
     * (the measured run, when the runs before it ended earlier than that).
     */
    public ChromeTrace last(double micros) {
        double from = endMicros() - micros;
        return new ChromeTrace(lanes, slices.stream().filter(s -> s.startMicros() >= from).toList());
    }

    /**
     * How long lane {@code lane}'s slices of category {@code category} take together between {@code from}
     * and {@code to}, in µs (slices of one lane and category do not overlap: a device runs one at a time).
     */
    public double busyMicros(int lane, String category, double from, double to) {
        return slices.stream().filter(s -> s.lane() == lane && s.category().equals(category))
                .mapToDouble(s -> Math.max(0, Math.min(to, s.endMicros()) - Math.max(from, s.startMicros()))).sum();
    }

    /**
     * How busy each lane (device) was between {@code from} and {@code to}, one line: its kernels' share of the
     * time and its transfers' (uploads, downloads, copies). Printed by the bench, also where no chart can be
     * drawn.
     */
    public String busyShares(double from, double to) {
        StringBuilder line = new StringBuilder();
        lanes.forEach((lane, name) -> {
            double transfers = busyMicros(lane, "upload", from, to) + busyMicros(lane, "download", from, to)
                    + busyMicros(lane, "copy", from, to);
            double kernels = busyMicros(lane, "kernel", from, to);
            line.append(String.format(Locale.ROOT, "%sdevice %d (%s): kernels %.0f%%, transfers %.0f%%",
                    line.length() == 0 ? "" : "; ", lane, name, 100 * kernels / (to - from),
                    100 * transfers / (to - from)));
        });
        return line.toString();
    }
}
