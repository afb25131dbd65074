package io.omnicl.runtime.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

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
 * @param throttle      {@code OMNICL_THROTTLE="<device>=<factor>,..."}: devices made slower, each named by a
 *                      substring of its name or by its index among the real devices, from 0
 * @param traceFile     {@code OMNICL_TRACE=file.json}: where to write a Chrome trace at exit; empty for none
 * @param perfModelDir  {@code OMNICL_PERFMODEL_DIR}: where kernels' run times and devices' speeds are kept
 *                      between runs; empty keeps them in memory only
 * @param programCacheDir {@code OMNICL_CACHE_DIR}: where built program binaries are kept between runs; empty
 *                      keeps them in memory only
 * @param deviceMemLimit {@code OMNICL_DEVICE_MEM_LIMIT}: bytes each real device may hold (suffixes K, M, G), as
 *                      if it had that much memory; 0 for 90% of its own
 * @param faults        {@code OMNICL_FAULTS}: real devices made to fail, for testing
 * @param resilient     {@code OMNICL_RESILIENT=1} (implied by faults): every result a device computes is also
 *                      copied to the host before it counts, so that losing the device loses no data
 * @param pinned        {@code OMNICL_PINNED}: {@code auto} stages transfers between the program's memory and a
 *                      device without memory shared with the host through pinned host memory, {@code on} does
 *                      so for every device, {@code off} for none
 * @param watchMicros   {@code OMNICL_WATCH}: microseconds a thread that waits (a device's worker for work or for
 *                      its device, the program for an event) watches before it blocks, since a blocked thread
 *                      takes tens of microseconds to wake; {@code auto} (-1) for {@value #AUTO_WATCH_MICROS} where
 *                      the machine has more cores than real devices and a program thread, else 0 (there a
 *                      watching thread takes the core a device or the program needs)
 * @param split         {@code OMNICL_SPLIT}: {@code auto} cuts a launch on the virtual device into parts for several
 *                      real devices where the kernel's source shows which bytes each part reads and writes, and
 *                      launches of its shape have ended sooner cut than whole; {@code always} wherever the source
 *                      allows, over every device that can run it; {@code off} runs every launch whole on one device
 * @param preload       {@code OMNICL_PRELOAD}: load OmniCL's classes on a thread of their own from the first OpenCL
 *                      call, so that a program's first launches do not load them one by one ({@code on} or
 *                      {@code off}, also {@code 1} or {@code 0})
 * @param lazyOpen      {@code OMNICL_LAZY_OPEN}: the GPUs of a model after its first open behind the program (unless
 *                      the first opens in under 50 ms): builds for the virtual device do not wait for them, and they
 *                      take work once the program has launched twice ({@code on} or {@code off}, also {@code 1} or
 *                      {@code 0}); off unless set where the GPUs share a context ({@code sharedContext}), whose
 *                      second GPU, building behind the program, slowed its next launches more than it spared it
 * @param sharedContext {@code OMNICL_SHARED_CONTEXT}: open the GPUs of one platform in one real context, so that
 *                      bytes relayed from one to another move with no thread waiting between the read and the
 *                      upload ({@code on} or {@code off}, also {@code 1} or {@code 0}); {@code auto}, the
 *                      default: where this program's last run relayed, or would have relayed, stencil launches worth
 *                      a second or more whole ({@link LastRuns})
 */
public record Config(List<String> deviceFilter, String backend, String scheduler, boolean strictOrder,
                     int maxInFlight, boolean printStatistics, Map<String, Double> throttle, String traceFile,
                     String perfModelDir, String programCacheDir, long deviceMemLimit, List<FaultSpec> faults,
                     boolean resilient, String pinned, int watchMicros, String split, boolean preload,
                     boolean lazyOpen, boolean sharedContext) {

    /** What {@code OMNICL_WATCH=auto} watches for where there are cores to spare. */
    static final int AUTO_WATCH_MICROS = 50;

    public Config {
        if (watchMicros < -1) {
            throw new IllegalArgumentException("OMNICL_WATCH must be auto or 0 or more, not " + watchMicros);
        }
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("OMNICL_INFLIGHT must be 1 or more, not " + maxInFlight);
        }
        if (!List.of("auto", "always", "off").contains(split)) {
            throw new IllegalArgumentException("OMNICL_SPLIT must be auto, always or off, not '" + split + "'");
        }
        if (!List.of("auto", "on", "off").contains(pinned)) {
            throw new IllegalArgumentException("OMNICL_PINNED must be auto, on or off, not '" + pinned + "'");
        }
        for (Map.Entry<String, Double> e : throttle.entrySet()) {
            if (!(e.getValue() >= 1)) {
                throw new IllegalArgumentException("OMNICL_THROTTLE factors must be 1 or more, not " + e.getValue()
                        + " for '" + e.getKey() + "'");
            }
        }
        deviceFilter = List.copyOf(deviceFilter);
        throttle = Map.copyOf(throttle);
        faults = List.copyOf(faults);
        resilient |= !faults.isEmpty();
    }

    /**
     * Commands a worker keeps in flight unless told otherwise: with 4, one in every 2 has an event, so that
     * 2 still run while the worker hands out what ended; faster than 2 on GPUs and no slower on PoCL's CPU
     * devices (docs/benchmarks.md).
     */
    static final int DEFAULT_IN_FLIGHT = 4;

    /**
     * A configuration with the defaults of everything, as an embedding or a test starts from: nothing kept between
     * runs (no performance model or program cache on disk, nor what a program's last run said), and each GPU in a
     * context of its own.
     */
    public static Config defaults() {
        return new Builder().build();
    }

    /** This configuration with another scheduling policy. */
    public Config withScheduler(String name) {
        return toBuilder().scheduler(name).build();
    }

    /** This configuration with other devices made slower. */
    public Config withThrottle(Map<String, Double> factors) {
        return toBuilder().throttle(factors).build();
    }

    /** This configuration with its performance models kept in {@code dir}. */
    public Config withPerfModelDir(String dir) {
        return toBuilder().perfModelDir(dir).build();
    }

    /** This configuration with each real device holding at most {@code bytes}. */
    public Config withDeviceMemLimit(long bytes) {
        return toBuilder().deviceMemLimit(bytes).build();
    }

    /** This configuration with transfers staged through pinned memory as {@code mode} says (auto, on, off). */
    public Config withPinned(String mode) {
        return toBuilder().pinned(mode).build();
    }

    /** This configuration with other devices made to fail. */
    public Config withFaults(List<FaultSpec> specs) {
        return toBuilder().faults(specs).build();
    }

    /** This configuration with each in-order queue chained ({@code OMNICL_ORDER=strict}) or not. */
    public Config withStrictOrder(boolean strict) {
        return toBuilder().strictOrder(strict).build();
    }

    /** This configuration with each device's worker keeping {@code commands} submitted at once. */
    public Config withMaxInFlight(int commands) {
        return toBuilder().maxInFlight(commands).build();
    }

    /** This configuration with every result a device computes also copied to the host ({@code OMNICL_RESILIENT}). */
    public Config withResilient(boolean on) {
        return toBuilder().resilient(on).build();
    }

    /** This configuration with the GPUs of a platform in one real context or not ({@code OMNICL_SHARED_CONTEXT}). */
    public Config withSharedContext(boolean on) {
        return toBuilder().sharedContext(on).build();
    }

    /** This configuration with launches on the virtual device cut as {@code mode} says ({@code OMNICL_SPLIT}). */
    public Config withSplit(String mode) {
        return toBuilder().split(mode).build();
    }

    /** Whether launches on the virtual device may be cut across devices. */
    public boolean splits() {
        return !split.equals("off");
    }

    /** Whether launches are cut wherever the source allows, without weighing whole launches against cut ones. */
    public boolean splitsAlways() {
        return split.equals("always");
    }

    /** This configuration with the GPUs of a model after its first opening behind the program, or not. */
    public Config withLazyOpen(boolean on) {
        return toBuilder().lazyOpen(on).build();
    }

    /** This configuration with waiting threads watching for {@code micros} before they block (-1: auto). */
    public Config withWatch(int micros) {
        return toBuilder().watchMicros(micros).build();
    }

    /** A builder starting from this configuration. */
    private Builder toBuilder() {
        return new Builder().deviceFilter(deviceFilter).backend(backend).scheduler(scheduler).strictOrder(strictOrder)
                .maxInFlight(maxInFlight).printStatistics(printStatistics).throttle(throttle).traceFile(traceFile)
                .perfModelDir(perfModelDir).programCacheDir(programCacheDir).deviceMemLimit(deviceMemLimit)
                .faults(faults).resilient(resilient).pinned(pinned).watchMicros(watchMicros).split(split)
                .preload(preload).lazyOpen(lazyOpen).sharedContext(sharedContext);
    }

    /** A configuration field by field, each starting at its default; the record checks them when built. */
    private static final class Builder {
        private List<String> deviceFilter = List.of();
        private String backend = "";
        private String scheduler = "dmda";
        private boolean strictOrder;
        private int maxInFlight = DEFAULT_IN_FLIGHT;
        private boolean printStatistics;
        private Map<String, Double> throttle = Map.of();
        private String traceFile = "";
        private String perfModelDir = "";
        private String programCacheDir = "";
        private long deviceMemLimit;
        private List<FaultSpec> faults = List.of();
        private boolean resilient;
        private String pinned = "auto";
        private int watchMicros = -1;
        private String split = "auto";
        private boolean preload = true;
        private boolean lazyOpen = true;
        private boolean sharedContext;

        Builder deviceFilter(List<String> v) { deviceFilter = v; return this; }
        Builder backend(String v) { backend = v; return this; }
        Builder scheduler(String v) { scheduler = v; return this; }
        Builder strictOrder(boolean v) { strictOrder = v; return this; }
        Builder maxInFlight(int v) { maxInFlight = v; return this; }
        Builder printStatistics(boolean v) { printStatistics = v; return this; }
        Builder throttle(Map<String, Double> v) { throttle = v; return this; }
        Builder traceFile(String v) { traceFile = v; return this; }
        Builder perfModelDir(String v) { perfModelDir = v; return this; }
        Builder programCacheDir(String v) { programCacheDir = v; return this; }
        Builder deviceMemLimit(long v) { deviceMemLimit = v; return this; }
        Builder faults(List<FaultSpec> v) { faults = v; return this; }
        Builder resilient(boolean v) { resilient = v; return this; }
        Builder pinned(String v) { pinned = v; return this; }
        Builder watchMicros(int v) { watchMicros = v; return this; }
        Builder split(String v) { split = v; return this; }
        Builder preload(boolean v) { preload = v; return this; }
        Builder lazyOpen(boolean v) { lazyOpen = v; return this; }
        Builder sharedContext(boolean v) { sharedContext = v; return this; }

        Config build() {
            return new Config(deviceFilter, backend, scheduler, strictOrder, maxInFlight, printStatistics, throttle,
                    traceFile, perfModelDir, programCacheDir, deviceMemLimit, faults, resilient, pinned, watchMicros, split,
                    preload, lazyOpen, sharedContext);
        }
    }

    /** How long a waiting thread watches before it blocks (see {@code watchMicros}), with {@code devices} real devices. */
    public long watchNanos(int devices) {
        int micros = watchMicros >= 0 ? watchMicros
                : Runtime.getRuntime().availableProcessors() > devices + 1 ? AUTO_WATCH_MICROS : 0;
        return micros * 1000L;
    }

    /** Whether transfers of a device with ({@code hostUnified}) or without memory shared with the host are staged. */
    public boolean stagesTransfers(boolean hostUnified) {
        return pinned.equals("on") || !pinned.equals("off") && !hostUnified;
    }

    /** How many times slower the real device with this index (from 0) and name should behave (1 = as it is). */
    public double throttleOf(int index, String deviceName) {
        for (Map.Entry<String, Double> e : throttle.entrySet()) {
            if (names(e.getKey(), index, deviceName)) {
                return e.getValue();
            }
        }
        return 1;
    }

    /** Whether {@code key} names the real device: its index among the real devices, or a part of its name. */
    public static boolean names(String key, int index, String deviceName) {
        try {
            return Integer.parseInt(key) == index;
        } catch (NumberFormatException e) {
            return deviceName.contains(key);
        }
    }

    public static Config fromEnvironment() {
        List<String> filter = new ArrayList<>();
        for (String part : read("OMNICL_DEVICES", "").split(",")) {
            if (!part.isBlank()) {
                filter.add(part.trim());
            }
        }
        Map<String, Double> throttle = new LinkedHashMap<>();
        for (String part : read("OMNICL_THROTTLE", "").split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.lastIndexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("OMNICL_THROTTLE expects <device>=<factor>, not '" + part + "'");
            }
            throttle.put(part.substring(0, eq).trim(), number("OMNICL_THROTTLE", part.substring(eq + 1).trim(),
                    Double::parseDouble));
        }
        Path home = Path.of(System.getProperty("user.home"), ".omnicl");
        String watch = read("OMNICL_WATCH", "auto").trim();
        String perfModelDir = read("OMNICL_PERFMODEL_DIR", home.resolve("perfmodel").toString());
        boolean shared = sharesContext(read("OMNICL_SHARED_CONTEXT", "auto"), perfModelDir);
        return new Builder()
                .deviceFilter(filter)
                .backend(read("OMNICL_BACKEND", ""))
                .scheduler(read("OMNICL_SCHED", "dmda"))
                .strictOrder(read("OMNICL_ORDER", "dataflow").equalsIgnoreCase("strict"))
                .maxInFlight(number("OMNICL_INFLIGHT", read("OMNICL_INFLIGHT", String.valueOf(DEFAULT_IN_FLIGHT)),
                        Integer::parseInt))
                .printStatistics(flag(read("OMNICL_STATS", "")))
                .throttle(throttle)
                .traceFile(read("OMNICL_TRACE", ""))
                .perfModelDir(perfModelDir)
                .programCacheDir(read("OMNICL_CACHE_DIR", home.resolve("programs").toString()))
                .deviceMemLimit(number("OMNICL_DEVICE_MEM_LIMIT", read("OMNICL_DEVICE_MEM_LIMIT", "0"), Config::bytes))
                .faults(FaultSpec.parse(read("OMNICL_FAULTS", "")))
                .resilient(flag(read("OMNICL_RESILIENT", "")))
                .pinned(read("OMNICL_PINNED", "auto"))
                .watchMicros(watch.equalsIgnoreCase("auto") ? -1 : number("OMNICL_WATCH", watch, Integer::parseInt))
                .split(read("OMNICL_SPLIT", "auto").trim().toLowerCase(Locale.ROOT))
                .preload(onOrOff("OMNICL_PRELOAD", read("OMNICL_PRELOAD", "on")))
                .lazyOpen(onOrOff("OMNICL_LAZY_OPEN", read("OMNICL_LAZY_OPEN", shared ? "off" : "on")))
                .sharedContext(shared)
                .build();
    }

    /** {@code text}, the value of variable {@code name}, as {@code parse} reads it; a message naming both if it cannot. */
    private static <T> T number(String name, String text, Function<String, T> parse) {
        try {
            return parse.apply(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " expects a number here, not '" + text + "'", e);
        }
    }

    /** A switch: anything but empty or 0 is on. */
    private static boolean flag(String value) {
        return !value.isEmpty() && !value.equals("0");
    }

    /**
     * {@code OMNICL_SHARED_CONTEXT}: {@code on} or {@code off} (also {@code 1} or {@code 0}), or {@code auto}: as this
     * program's last run says, kept in the performance model's directory ({@link LastRuns}).
     */
    private static boolean sharesContext(String value, String perfModelDir) {
        if (!value.trim().equalsIgnoreCase("auto")) {
            return onOrOff("OMNICL_SHARED_CONTEXT", value);
        }
        return !perfModelDir.isEmpty() && LastRuns.sharedContextPays(Path.of(perfModelDir), LastRuns.thisProgram());
    }

    /** A setting of two values: {@code on} or {@code 1}, {@code off} or {@code 0}; a message naming it else. */
    private static boolean onOrOff(String name, String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "on", "1" -> true;
            case "off", "0" -> false;
            default -> throw new IllegalArgumentException(name + " must be on or off, not '" + value + "'");
        };
    }

    /** A byte count with an optional K, M or G suffix (powers of 1024). */
    static long bytes(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        int shift = 0;
        if (t.endsWith("K") || t.endsWith("M") || t.endsWith("G")) {
            shift = t.endsWith("K") ? 10 : t.endsWith("M") ? 20 : 30;
            t = t.substring(0, t.length() - 1);
        }
        return Long.parseLong(t) << shift;
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
