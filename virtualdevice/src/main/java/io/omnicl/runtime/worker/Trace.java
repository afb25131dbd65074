package io.omnicl.runtime.worker;

import io.omnicl.runtime.completion.Log;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.logging.Level;

/**
 * What ran where and when: one slice per real command (kernel or transfer) on its real device, in host
 * nanoseconds. Written as a Chrome trace (Perfetto, chrome://tracing) with one lane per real device.
 */
public final class Trace {

    /** The kinds of slices. */
    public enum Kind { KERNEL, UPLOAD, DOWNLOAD, COPY }

    /** One real command on device {@code node} (1-based), from {@code start} to {@code end} (host ns). */
    public record Slice(int node, String label, Kind kind, long start, long end) {
    }

    private final ConcurrentLinkedQueue<Slice> slices = new ConcurrentLinkedQueue<>();
    private volatile boolean recording;

    public boolean recording() {
        return recording;
    }

    public void setRecording(boolean on) {
        recording = on;
    }

    public void record(Slice s) {
        if (recording) {
            slices.add(s);
        }
    }

    /** The slices so far, oldest first. */
    public List<Slice> slices() {
        return new ArrayList<>(slices);
    }

    public void clear() {
        slices.clear();
    }

    /** Writes the slices as a Chrome trace, naming each lane after its device. */
    public void write(Path file, List<String> deviceNames) {
        List<Slice> all = slices();
        long origin = all.stream().mapToLong(Slice::start).min().orElse(0);
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n");
            for (int i = 0; i < deviceNames.size(); i++) {
                w.write(String.format("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":%d,"
                        + "\"args\":{\"name\":\"%s\"}},%n", i + 1, json(deviceNames.get(i))));
            }
            for (int i = 0; i < all.size(); i++) {
                Slice s = all.get(i);
                w.write(String.format("{\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"name\":\"%s\",\"cat\":\"%s\","
                                + "\"ts\":%.3f,\"dur\":%.3f}%s%n", s.node, json(s.label), s.kind.name().toLowerCase(),
                        (s.start - origin) / 1e3, (s.end - s.start) / 1e3, i + 1 < all.size() ? "," : ""));
            }
            w.write("]}\n");
        } catch (IOException e) {
            Log.LOG.log(Level.WARNING, "could not write the trace " + file, e);
        }
    }

    private static String json(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
