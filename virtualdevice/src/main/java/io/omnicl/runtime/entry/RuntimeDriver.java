package io.omnicl.runtime.entry;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClPlatform;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.DeviceCounters;
import io.omnicl.driver.Driver;
import io.omnicl.driver.LaunchSplits;
import io.omnicl.driver.RealDeviceDescription;
import io.omnicl.runtime.Context;
import io.omnicl.runtime.Device;
import io.omnicl.runtime.Platform;
import io.omnicl.runtime.ProgramCache;
import io.omnicl.runtime.Services;
import io.omnicl.runtime.access.CutChoice;
import io.omnicl.runtime.access.SplitCounters;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.command.Event;
import io.omnicl.runtime.command.Queue;
import io.omnicl.runtime.completion.Log;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.config.LastRuns;
import io.omnicl.runtime.config.FaultSpec;
import io.omnicl.runtime.fault.FaultyDevice;
import io.omnicl.runtime.sched.PerfKey;
import io.omnicl.runtime.sched.PerfModel;
import io.omnicl.runtime.sched.Schedulers;
import io.omnicl.runtime.worker.ContextGroup;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceNodes;
import io.omnicl.runtime.worker.Trace;
import io.omnicl.spi.Backend;
import io.omnicl.spi.Backends;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.RealDevice;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;

import static io.omnicl.driver.OpenClConstants.CL_COMMAND_USER;

/**
 * The runtime: the real devices found through the backend, their workers and scheduler, the coherence
 * rules, and the OmniCL platform the facade lists. Started by the first OpenCL call.
 */
public final class RuntimeDriver implements Driver, Services {

    /** Launch shapes whose cutting is remembered. */
    private static final int CUT_CHOICES_KEPT = 4096;

    private final Config config;
    private final DeviceNodes devices;
    private final Coherency coherency;
    private final Platform platform;
    private final Trace trace = new Trace();
    private final SplitCounters splitCounters = new SplitCounters();
    private final Cache<PerfKey, CutChoice> cutChoices = Caffeine.newBuilder().maximumSize(CUT_CHOICES_KEPT).build();
    private final ProgramCache programCache;
    private final String backendName;
    private final long watchNanos;
    private final Map<String, List<int[]>> imageFormats = new ConcurrentHashMap<>();

    /** The runtime as the facade finds it: configured from the environment. */
    public RuntimeDriver() {
        this(Config.fromEnvironment());
    }

    public RuntimeDriver(Config config) {
        this(config, backend(config));
    }

    /** A runtime over {@code backend}'s devices, whatever the configuration names (null: none). */
    public RuntimeDriver(Config config, Backend backend) {
        this.config = config;
        if (config.preload()) {
            ClassPreload.start(backend == null ? List.of(RuntimeDriver.class, Driver.class, Backend.class)
                    : List.of(RuntimeDriver.class, Driver.class, Backend.class, backend.getClass()));
        }
        // finding the devices (the OpenCL library loaded, each driver starting its devices) takes longest:
        // what does not need them is made meanwhile, and what a short program would load later (the digest
        // of the program cache's keys) is loaded now
        CompletableFuture<List<RealDevice>> discovery = CompletableFuture.supplyAsync(() -> devicesOf(backend),
                task -> {
                    Thread t = new Thread(task, "omnicl-discovery");
                    t.setDaemon(true);
                    t.start();
                });
        this.programCache = new ProgramCache(config.programCacheDir().isEmpty() ? null
                : Path.of(config.programCacheDir()));
        List<DeviceNode> nodes = new ArrayList<>();
        PerfModel model = new PerfModel(config.perfModelDir().isEmpty() ? null : Path.of(config.perfModelDir()));
        loadDigest();
        this.backendName = backend == null ? "none" : backend.name();
        List<RealDevice> reals;
        try {
            reals = discovery.join();
        } catch (CompletionException e) {
            // devicesOf answers every exception; an error comes as it would have on this thread
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
        Map<Integer, RealDevice> accepted = new LinkedHashMap<>();
        for (int i = 0; i < reals.size(); i++) {
            RealDevice d = reals.get(i);
            for (FaultSpec f : config.faults()) {
                if (f.names(i, d.name())) {
                    d = new FaultyDevice(d, f);
                }
            }
            if (config.accepts(d.name())) {
                accepted.put(i, d);
            }
        }
        this.watchNanos = config.watchNanos(accepted.size());
        accepted.forEach((i, d) -> {
            boolean staged = config.stagesTransfers(d.info().getBool(DeviceParam.HOST_UNIFIED_MEMORY));
            nodes.add(new DeviceNode(nodes.size() + 1, d, config.maxInFlight(), config.throttleOf(i, d.name()),
                    config.deviceMemLimit(), staged, watchNanos, trace, model));
        });
        if (config.sharedContext()) {
            ContextGroup.form(nodes);
        }
        this.devices = new DeviceNodes(nodes, model, workers -> Schedulers.create(config.scheduler(), workers, model),
                config.lazyOpen());
        if (config.preload() && config.splits() && nodes.size() > 1) {
            ClassPreload.warmAnalysis();
        }
        this.coherency = new Coherency(k -> devices.node(k).worker());
        this.platform = new Platform(this);
        if (!config.traceFile().isEmpty()) {
            trace.setRecording(true);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> trace.write(Path.of(config.traceFile()),
                    nodes.stream().map(DeviceNode::name).toList()), "omnicl-trace"));
        }
        if (config.printStatistics()) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> System.err.print(statisticsTable()),
                    "omnicl-statistics"));
        }
        if (!config.perfModelDir().isEmpty()) {
            Path kept = Path.of(config.perfModelDir());
            String program = LastRuns.thisProgram();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> keepLastRun(kept, program), "omnicl-last-run"));
        }
    }

    /** As the JVM exits, keeps what the program's next run decides by ({@code OMNICL_SHARED_CONTEXT=auto}). */
    private void keepLastRun(Path kept, String program) {
        LaunchSplits launches = splitCounters.snapshot();
        boolean apart = false;
        for (DeviceNode n : devices.nodes()) {
            apart |= n.contextGroupOpenedApart();
        }
        LastRuns.record(kept, program, new LastRuns.Run(launches.split() + launches.whole(),
                splitCounters.relayedStencilNanos(), config.sharedContext(), apart));
    }

    /** Each real device's counters as a table. */
    private String statisticsTable() {
        StringBuilder sb = new StringBuilder("OmniCL statistics\n");
        sb.append(String.format("  %-44s %8s %9s %9s %13s %11s %10s %9s%n", "real device", "kernels", "commands",
                "followed", "MB to device", "MB to host", "evictions", "failures"));
        for (DeviceCounters c : counters()) {
            sb.append(String.format("  %-44s %8d %9d %9d %13.1f %11.1f %10d %9d%s%n", c.device(), c.kernels(),
                    c.commands(), c.followed(), c.bytesToDevice() / 1e6, c.bytesToHost() / 1e6, c.evictions(), c.failures(),
                    c.lost() ? "  lost" : ""));
        }
        LaunchSplits splits = splitCounters.snapshot();
        sb.append(String.format("  launches on the virtual device: %d cut into parts, %d whole%n", splits.split(),
                splits.whole()));
        splits.wholeByReason().forEach((reason, count) -> sb.append(String.format("    %8d whole: %s%n", count, reason)));
        return sb.toString();
    }

    /** Loads the security providers for the digest that names programs, which the first build would load. */
    private static void loadDigest() {
        try {
            MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /** The configured backend, or null when none is installed. */
    private static Backend backend(Config config) {
        try {
            return Backends.select(config.backend());
        } catch (RuntimeException | LinkageError e) {
            Log.LOG.log(Level.WARNING, "OmniCL found no backend", e);
            return null;
        }
    }

    private static List<RealDevice> devicesOf(Backend backend) {
        try {
            return backend == null ? List.of() : backend.devices();
        } catch (RuntimeException | LinkageError e) {
            Log.LOG.log(Level.WARNING, "OmniCL found no OpenCL devices", e);
            return List.of();
        }
    }

    @Override
    public List<ClPlatform> platforms() {
        return List.of(platform);
    }

    @Override
    public List<RealDeviceDescription> realDevices() {
        return devices.nodes().stream().map(n -> new RealDeviceDescription(n.index() - 1, n.name(),
                n.device().platformName(), n.device().platformVersion(), n.info().getString(DeviceParam.VERSION),
                backendName)).toList();
    }

    @Override
    public SplitCounters splitCounters() {
        return splitCounters;
    }

    @Override
    public CutChoice cutChoice(PerfKey key) {
        return cutChoices.get(key, k -> new CutChoice());
    }

    @Override
    public LaunchSplits launchSplits() {
        return splitCounters.snapshot();
    }

    @Override
    public List<DeviceCounters> counters() {
        return devices.nodes().stream().map(n -> n.workerCounters()).toList();
    }

    /**
     * The formats {@code node} supports for an image type and flags, as {channel order, channel type}; asked
     * once, then remembered.
     */
    @Override
    public List<int[]> imageFormats(DeviceNode node, long flags, int imageType) {
        return imageFormats.computeIfAbsent(node.index() + ":" + flags + ":" + imageType, k -> node.worker().session()
                .supportedImageFormats(flags, imageType).stream()
                .map(f -> new int[] {f.channelOrder(), f.channelType()}).toList());
    }

    @Override
    public ProgramCache programCache() {
        return programCache;
    }

    /** How long a thread waiting for an event watches before it blocks ({@code OMNICL_WATCH}). */
    @Override
    public long watchNanos() {
        return watchNanos;
    }

    @Override
    public Config config() {
        return config;
    }

    @Override
    public DeviceNodes devices() {
        return devices;
    }

    @Override
    public Coherency coherency() {
        return coherency;
    }

    @Override
    public ClQueue createQueue(Context context, Device device, long properties) {
        return new Queue(context, device, properties);
    }

    @Override
    public ClEvent createUserEvent(Context context) {
        return new Event(context, null, CL_COMMAND_USER);
    }
}
