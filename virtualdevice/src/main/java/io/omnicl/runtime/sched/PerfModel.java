package io.omnicl.runtime.sched;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.omnicl.runtime.completion.Log;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;

/**
 * Run-time history of kernels per real device: for each (kernel, launch shape) a running mean, calibrated
 * online from every launch. Estimates fall back, in order, to the same kernel at another shape on the same
 * device (scaled by work-items) and to the same kernel on another device (scaled by the devices' measured
 * speeds). Each device's history and its measured speed are kept in a text file of its own under the
 * model directory, read on first use and written when the JVM exits. The history is bounded: at most
 * {@value #SHAPES_PER_KERNEL} shapes per kernel and {@value #KERNELS_PER_DEVICE} kernels per device, those
 * used least (Caffeine's policy: rarely, and not lately) dropped first, so that a program with ever new launch
 * shapes keeps its model, and the file read at each start, small.
 */
public final class PerfModel {

    static final int ALWAYS_SAMPLED = 32;
    static final int SAMPLE_EVERY = 16;
    static final int SHAPES_PER_KERNEL = 64;
    static final int KERNELS_PER_DEVICE = 256;

    /** Running statistics of one (kernel, shape) on one device. */
    private static final class Stats {
        long count;
        double mean;
        /** Launches offered for sampling, recorded or not. */
        long offered;

        synchronized void add(double sample) {
            count++;
            mean += (sample - mean) / count;
        }

        synchronized double mean() {
            return mean;
        }

        synchronized long count() {
            return count;
        }

        synchronized boolean offer() {
            offered++;
            return offered <= ALWAYS_SAMPLED || offered % SAMPLE_EVERY == 0;
        }
    }

    /** One device's history and speed. */
    private static final class DeviceHistory {
        final Cache<String, Cache<String, Stats>> byKernel = bounded(KERNELS_PER_DEVICE);
        volatile DeviceSpeed speed;
    }

    /** A map of at most {@code entries}; what it drops, it drops on the calling thread (a save sees the rest). */
    private static <V> Cache<String, V> bounded(int entries) {
        return Caffeine.newBuilder().maximumSize(entries).executor(Runnable::run).build();
    }

    private final Path directory;
    private final Map<String, DeviceHistory> devices = new ConcurrentHashMap<>();

    /** A model kept under {@code directory}; null keeps it in memory only. */
    public PerfModel(Path directory) {
        this.directory = directory;
        if (directory != null) {
            Runtime.getRuntime().addShutdownHook(new Thread(this::save, "omnicl-perfmodel"));
        }
    }

    private DeviceHistory history(String device) {
        // looked up first: the method reference passed to computeIfAbsent is made anew on each call
        DeviceHistory h = devices.get(device);
        return h != null ? h : devices.computeIfAbsent(device, this::load);
    }

    /** Records that {@code key} took {@code nanos} on {@code device}. */
    public void record(PerfKey key, String device, long nanos) {
        stats(key, device).add(nanos);
    }

    /**
     * Whether the next launch of {@code key} on {@code device} should be timed for the model: the first
     * {@value #ALWAYS_SAMPLED}, then one in {@value #SAMPLE_EVERY} (reading a launch's times from the device
     * costs driver calls that a long run of small kernels would otherwise pay each time).
     */
    public boolean sampleNext(PerfKey key, String device) {
        return stats(key, device).offer();
    }

    private Stats stats(PerfKey key, String device) {
        return history(device).byKernel.get(key.kernel(), k -> bounded(SHAPES_PER_KERNEL))
                .get(key.shape(), k -> new Stats());
    }

    /** How many launches of exactly {@code key} the device has run. */
    public long samples(PerfKey key, String device) {
        Cache<String, Stats> shapes = history(device).byKernel.getIfPresent(key.kernel());
        Stats s = shapes == null ? null : shapes.getIfPresent(key.shape());
        return s == null ? 0 : s.count();
    }

    /** The device's measured speed, or null when it has not been measured. */
    public DeviceSpeed speed(String device) {
        return history(device).speed;
    }

    public void setSpeed(String device, DeviceSpeed speed) {
        history(device).speed = speed;
    }

    /**
     * Expected nanoseconds of {@code key} on {@code device}, or NaN when nothing is known of this kernel
     * on any of {@code others} either.
     *
     * @param others every device, to borrow from when {@code device} has not run the kernel
     */
    public double estimate(PerfKey key, String device, List<String> others) {
        double own = ownEstimate(key, device);
        if (!Double.isNaN(own)) {
            return own;
        }
        DeviceSpeed mine = speedOrUnknown(device);
        double best = Double.NaN;
        for (String other : others) {
            if (other.equals(device)) {
                continue;
            }
            double theirs = ownEstimate(key, other);
            if (!Double.isNaN(theirs)) {
                double scaled = theirs * speedOrUnknown(other).opsPerNano() / mine.opsPerNano();
                best = Double.isNaN(best) ? scaled : Math.min(best, scaled);
            }
        }
        return best;
    }

    /** The device's measured speed, or {@link DeviceSpeed#UNKNOWN} when it has not been measured. */
    public DeviceSpeed speedOrUnknown(String device) {
        DeviceSpeed s = speed(device);
        return s == null ? DeviceSpeed.UNKNOWN : s;
    }

    /** From the device's own history: this shape, else the nearest other shape scaled by work-items. */
    private double ownEstimate(PerfKey key, String device) {
        Cache<String, Stats> shapes = history(device).byKernel.getIfPresent(key.kernel());
        if (shapes == null) {
            return Double.NaN;
        }
        Stats exact = shapes.getIfPresent(key.shape());
        if (exact != null) {
            return exact.mean();
        }
        double best = Double.NaN;
        long bestDistance = Long.MAX_VALUE;
        for (Map.Entry<String, Stats> e : shapes.asMap().entrySet()) {
            long items = itemsOf(e.getKey());
            if (items > 0) {
                long distance = Math.abs(items - key.workItems());
                if (distance < bestDistance) {
                    bestDistance = distance;
                    best = e.getValue().mean() * key.workItems() / items;
                }
            }
        }
        return best;
    }

    /** The work-items of a shape, as {@link #shape} wrote them first. */
    private static long itemsOf(String shape) {
        int end = shape.indexOf(';');
        try {
            return Long.parseLong(end < 0 ? shape : shape.substring(0, end));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The shape text of a launch: its work-items first, then what else makes launches alike. */
    public static String shape(long workItems, String rest) {
        return workItems + ";" + rest;
    }

    private Path fileOf(String device) {
        String safe = device.replaceAll("[^A-Za-z0-9._-]+", "_");
        return directory.resolve(safe + "-" + Integer.toHexString(device.hashCode()) + ".model");
    }

    private DeviceHistory load(String device) {
        DeviceHistory h = new DeviceHistory();
        if (directory == null || !Files.isRegularFile(fileOf(device))) {
            return h;
        }
        try {
            for (String line : Files.readAllLines(fileOf(device), StandardCharsets.UTF_8)) {
                String[] f = line.split("\t");
                if (f.length == 5 && f[0].equals("speed")) {
                    h.speed = new DeviceSpeed(Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                            Double.parseDouble(f[3]), Long.parseLong(f[4]));
                } else if (f.length == 5 && f[0].equals("kernel")) {
                    Stats s = new Stats();
                    s.count = Long.parseLong(f[3]);
                    s.mean = Double.parseDouble(f[4]);
                    h.byKernel.get(f[1], k -> bounded(SHAPES_PER_KERNEL)).put(f[2], s);
                }
            }
        } catch (IOException | RuntimeException e) {
            Log.LOG.log(Level.WARNING, "ignoring an unreadable performance model " + fileOf(device), e);
        }
        return h;
    }

    /**
     * Writes every device's history. Lines are concatenated, not formatted: this runs as the JVM exits, where
     * loading {@code Formatter} for a few lines cost a short program more than writing them.
     */
    public void save() {
        if (directory == null) {
            return;
        }
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            Log.LOG.log(Level.WARNING, "cannot create the performance model directory " + directory, e);
            return;
        }
        devices.forEach((device, h) -> {
            Path tmp = fileOf(device).resolveSibling(fileOf(device).getFileName() + ".tmp");
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                w.write("# OmniCL performance model of " + device + "\n");
                DeviceSpeed s = h.speed;
                if (s != null) {
                    w.write("speed\t" + s.opsPerNano() + "\t" + s.uploadPerNano() + "\t" + s.downloadPerNano()
                            + "\t" + s.latencyNanos() + System.lineSeparator());
                }
                h.byKernel.cleanUp();
                for (Map.Entry<String, Cache<String, Stats>> k : h.byKernel.asMap().entrySet()) {
                    k.getValue().cleanUp();
                    for (Map.Entry<String, Stats> e : k.getValue().asMap().entrySet()) {
                        w.write("kernel\t" + k.getKey() + "\t" + e.getKey() + "\t" + e.getValue().count() + "\t"
                                + e.getValue().mean() + System.lineSeparator());
                    }
                }
            } catch (IOException e) {
                Log.LOG.log(Level.WARNING, "cannot write the performance model " + tmp, e);
                return;
            }
            try {
                Files.move(tmp, fileOf(device), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                Log.LOG.log(Level.WARNING, "cannot replace the performance model " + fileOf(device), e);
            }
        });
    }
}
