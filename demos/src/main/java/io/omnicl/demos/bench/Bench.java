package io.omnicl.demos.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code omnicl bench <workload>}: runs every configuration of a workload in child JVMs of its own (class
 * path, scheduler and environment are fixed per JVM), first unmeasured calibration runs, then the measured
 * repetitions with the configurations in turn (a different order each repetition, so the machine's other
 * load falls on all alike); prints and writes the table, and draws a Gantt chart of one traced run.
 */
public final class Bench {

    public static final String USAGE = String.join("\n",
            "usage: omnicl bench <mandelbrot|matmul|jacobi|overhead|frame|saxpy|jacobi1|roundtrip> [options]",
            "  workload sizes:  mandelbrot --width 1024 --height 768 --blocks 32 --iterations 2000",
            "                   matmul --n 1024 --blocks 16 | jacobi --n 1024 --iterations 200",
            "                   overhead --kernels 10000 --items 16",
            "  as most JOCL programs are written (Java arrays, blocking transfers, one queue, no events):",
            "                   frame --width 4096 --height 4096 --iterations 10000 | saxpy --n 33554432 --launches 50",
            "                   jacobi1 --n 1024 --iterations 200 | roundtrip --rounds 1000 --items 1024",
            "  --reps 5                 measured runs of each configuration (one child JVM each)",
            "  --warmup 2               unmeasured runs in each child before its measured one",
            "  --calibration-runs 2     unmeasured child runs of each configuration first (performance models)",
            "  --configs all            ids or groups: alone, split (block, cyclic), virtual, jocl, socl,",
            "                           or ids such as alone-1, block, virtual-dmda, socl-lws",
            "  --scheds dmda,eager,ws,random    OmniCL schedulers        --socl-scheds lws,dmda,eager",
            "  --throttle 1=4           OMNICL_THROTTLE for OmniCL's children (plain JOCL and SOCL are skipped)",
            "  --out-dir target/bench/<workload>   logs, models, trace; the defaults of:",
            "  --csv <dir>/<workload>.csv  --markdown <dir>/<workload>.md  --gantt <dir>/<workload>-gantt.png",
            "  --gantt-config virtual-dmda  the configuration traced for the chart; --no-gantt to skip it",
            "  --jocl-jar <path>  --socl-lib <path>  --socl-icd-dir <folder>  (found on this machine by default)",
            "  --pocl-devices 'basic basic'   POCL_DEVICES of the children when it is not set",
            "  --keep-models            keep the performance models of an earlier session",
            "  --timeout 600            seconds a child may take",
            "  --quiet 0.25 --quiet-wait 30    before each measured child, wait up to 30 s for a second with at",
            "                           most 25% of the CPUs busy (a shared machine); --quiet 1 never waits",
            "  --max-others 0.15 --retries 4   run a measured child again when other processes took more than",
            "                           15% of the CPUs during it, at most 4 times (--max-others 1: never)");

    static final String CHILD_MAIN = BenchChild.class.getName();
    static final List<String> SCHEDULERS = List.of("dmda", "eager", "ws", "random");
    static final List<String> SOCL_POLICIES = List.of("lws", "dmda", "eager");

    private final String workloadName;
    private final Workload workload;
    private final Options options;
    private final Path dir;
    private final Map<String, String> baseEnvironment = new LinkedHashMap<>();
    private final String throttle;
    private final int warmups;
    private final int calibrations;
    private final int reps;
    private final long timeoutSeconds;
    private Installation installation;
    /** The 1-minute load average when each measured child started. */
    private final List<Double> loads = new ArrayList<>();
    /** The share of the CPUs other processes took while each kept measured child ran. */
    private final List<Double> foreignShares = new ArrayList<>();
    /** A measured child during which others took more than this share of the CPUs is run again... */
    private final double maxOthersShare;
    /** ...this many times at most; the last try is kept whatever the share. */
    private final int retries;
    private int repeated;
    /** At most this share of the CPUs busy for a second before a measured child starts, waiting up to quietWait. */
    private final double quietShare;
    private final long quietWaitMillis;

    /** The options of the bench itself; a workload's own come from {@link Workloads#defaults}. */
    private static final Set<String> OPTIONS = Set.of("reps", "warmup", "calibration-runs", "configs", "scheds",
            "socl-scheds", "throttle", "out-dir", "csv", "markdown", "gantt", "gantt-config", "no-gantt", "jocl-jar",
            "socl-lib", "socl-icd-dir", "pocl-devices", "keep-models", "timeout", "quiet", "quiet-wait", "max-others",
            "retries");

    private Bench(String workloadName, Options options) {
        Set<String> known = new HashSet<>(OPTIONS);
        known.addAll(Workloads.defaults(workloadName).keySet());
        options.requireKnown(known);
        this.workloadName = workloadName;
        this.options = options;
        this.workload = Workloads.create(workloadName, options);
        this.calibrations = options.getInt("calibration-runs", 2);
        this.reps = options.getInt("reps", 5);
        if (calibrations < 0 || reps < 1) {
            throw new IllegalArgumentException("--reps needs at least 1 and --calibration-runs at least 0");
        }
        this.throttle = options.get("throttle", "");
        this.dir = Path.of(options.get("out-dir", "target/bench/" + workloadName
                + (throttle.isEmpty() ? "" : "-throttle-" + throttle.replaceAll("[^A-Za-z0-9]+", "x"))));
        this.warmups = options.getInt("warmup", 2);
        this.timeoutSeconds = options.getInt("timeout", 600);
        this.quietShare = fraction(options, "quiet", "0.25");
        this.quietWaitMillis = 1000L * options.getInt("quiet-wait", 30);
        this.maxOthersShare = fraction(options, "max-others", "0.15");
        this.retries = options.getInt("retries", 4);
    }

    private static double fraction(Options options, String name, String fallback) {
        String v = options.get(name, fallback);
        try {
            double f = Double.parseDouble(v);
            if (f >= 0 && f <= 1) {
                return f;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--" + name + " needs a share from 0 to 1, not '" + v + "'");
    }

    /** Runs the benchmark; returns the process exit code (0 when every run's result was right). */
    public static int run(String workloadName, Options options) throws IOException, InterruptedException {
        return new Bench(workloadName, options).run();
    }

    private int run() throws IOException, InterruptedException {
        Files.createDirectories(dir.resolve("logs"));
        if (!options.flag("keep-models")) {
            deleteTree(dir.resolve("perfmodel"));
            deleteTree(dir.resolve("starpu"));
        }
        String load = loadAverage();
        String started = LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        if (System.getenv("POCL_DEVICES") == null) {
            baseEnvironment.put("POCL_DEVICES", options.get("pocl-devices", "basic basic"));
        }
        signalChaining().ifPresent(preload -> baseEnvironment.put("LD_PRELOAD", preload));
        installation = Installation.find(options, dir);
        System.out.printf("bench %s: %s; results in %s%n", workloadName, workload.description(), dir);
        List<Configuration> configs = configurations();
        if (configs.isEmpty()) {
            System.out.println("no configuration to run");
            return 2;
        }
        System.out.println("configurations: " + configs.stream().map(Configuration::id).toList());

        Progress progress = new Progress(configs.size() * (calibrations + reps));
        for (int c = 0; c < calibrations; c++) {
            for (Configuration config : configs) {
                ChildReport r = runChild(config, "calibration-" + (c + 1), Map.of(), 0);
                progress.done("calibration " + (c + 1) + "/" + calibrations, config, r, Double.NaN);
            }
        }
        Map<Configuration, List<ChildReport>> runs = new LinkedHashMap<>();
        configs.forEach(c -> runs.put(c, new ArrayList<>()));
        for (int rep = 0; rep < reps; rep++) {
            List<Configuration> order = new ArrayList<>(configs);
            Collections.rotate(order, -rep);
            for (Configuration config : order) {
                ChildReport r = measured(config, "rep-" + (rep + 1), Map.of(), 0);
                runs.get(config).add(r);
                progress.done("rep " + (rep + 1) + "/" + reps, config, r, r.othersShare());
            }
        }

        List<BenchTable.Series> series = configs.stream().map(c -> new BenchTable.Series(c, runs.get(c))).toList();
        BenchTable table = new BenchTable(workloadName, workload.description(), workload.parallel(), series);
        System.out.println();
        System.out.print(table.text());
        List<String> context = context(configs, reps, calibrations, started, load, loadAverage());
        context.forEach(System.out::println);
        Path csv = Path.of(options.get("csv", dir.resolve(workloadName + ".csv").toString()));
        Path markdown = Path.of(options.get("markdown", dir.resolve(workloadName + ".md").toString()));
        Files.writeString(csv, table.csv(), StandardCharsets.UTF_8);
        Files.writeString(markdown, table.markdown(context), StandardCharsets.UTF_8);
        System.out.println("table written to " + csv + " and " + markdown);
        if (!options.flag("no-gantt")) {
            gantt(configs);
        }
        return table.allCorrect() ? 0 : 1;
    }

    // ---- configurations

    private List<Configuration> configurations() throws IOException, InterruptedException {
        Map<String, String> omniclEnv = omniclEnvironment(Map.of());
        Map<String, List<String>> omnicl = probe(false, omniclEnv);
        List<String> omniclDevices = omnicl.get("OmniCL");
        if (omniclDevices == null || omniclDevices.size() < 2) {
            throw new IllegalStateException("OmniCL shows no real device (see " + dir.resolve("logs") + ")");
        }
        List<String> realNames = omniclDevices.subList(1, omniclDevices.size());
        List<Configuration> all = new ArrayList<>();
        List<Integer> pinned = new ArrayList<>();
        for (int k = 0; k < realNames.size(); k++) {
            pinned.add(k + 1);
            all.add(new Configuration("alone-" + (k + 1), "device " + (k + 1) + " alone: " + realNames.get(k),
                    Configuration.Kind.ALONE, k, false, TargetSpec.single("OmniCL", k + 1), omniclEnv));
        }
        if (realNames.size() >= 2) {
            all.add(new Configuration("block", "static block split", Configuration.Kind.SPLIT, -1, false,
                    TargetSpec.split("OmniCL", pinned, Placement.BLOCK), omniclEnv));
            all.add(new Configuration("cyclic", "static cyclic split", Configuration.Kind.SPLIT, -1, false,
                    TargetSpec.split("OmniCL", pinned, Placement.CYCLIC), omniclEnv));
        }
        for (String sched : options.list("scheds", String.join(",", SCHEDULERS))) {
            all.add(new Configuration("virtual-" + sched, "OmniCL virtual, " + sched, Configuration.Kind.VIRTUAL, -1,
                    false, TargetSpec.single("OmniCL", 0), omniclEnvironment(Map.of("OMNICL_SCHED", sched))));
        }
        all.addAll(realJoclConfigurations(realNames.get(0)));
        List<String> wanted = options.list("configs", "all");
        return all.stream().filter(c -> wanted.contains("all") || wanted.contains(c.id())
                || wanted.contains(group(c))).toList();
    }

    private static String group(Configuration c) {
        return switch (c.kind()) {
            case ALONE -> "alone";
            case SPLIT -> "split";
            case VIRTUAL -> "virtual";
            case JOCL -> "jocl";
            case SOCL -> "socl";
        };
    }

    /** Plain JOCL on OmniCL's first real device, and SOCL with each policy, when they can run. */
    private List<Configuration> realJoclConfigurations(String firstDeviceName) throws IOException, InterruptedException {
        List<Configuration> out = new ArrayList<>();
        if (!throttle.isEmpty()) {
            System.out.println("plain JOCL and SOCL skipped: OMNICL_THROTTLE slows only OmniCL's devices");
            return out;
        }
        if (installation.joclJar() == null) {
            System.out.println("plain JOCL and SOCL skipped: " + installation.whyNoJocl());
            return out;
        }
        Map<String, List<String>> platforms = probe(true, new HashMap<>(baseEnvironment));
        platforms.entrySet().stream().filter(e -> !e.getKey().contains("SOCL"))
                .filter(e -> e.getValue().contains(firstDeviceName)).findFirst().ifPresentOrElse(
                        e -> out.add(new Configuration("jocl", "plain JOCL: " + e.getKey() + ", " + firstDeviceName,
                                Configuration.Kind.JOCL, 0, true,
                                TargetSpec.single(e.getKey(), e.getValue().indexOf(firstDeviceName)),
                                baseEnvironment)),
                        () -> System.out.println("plain JOCL skipped: no platform shows " + firstDeviceName));
        if (installation.soclIcdFolder() == null) {
            System.out.println("SOCL skipped: " + installation.whyNoSocl());
            return out;
        }
        if (workload.oneInOrderQueue()) {
            System.out.println("SOCL skipped: " + workloadName + " needs one in-order queue, SOCL's is out of order");
            return out;
        }
        Map<String, String> soclEnv = soclEnvironment("lws");
        List<String> soclDevices = probe(true, soclEnv).entrySet().stream().filter(e -> e.getKey().contains("SOCL"))
                .map(Map.Entry::getValue).findFirst().orElse(List.of());
        if (soclDevices.isEmpty()) {
            System.out.println("SOCL skipped: the SOCL platform shows no device (see " + dir.resolve("logs") + ")");
            return out;
        }
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < soclDevices.size(); i++) {
            all.add(i);
        }
        for (String policy : options.list("socl-scheds", String.join(",", SOCL_POLICIES))) {
            out.add(new Configuration("socl-" + policy, "SOCL, " + policy, Configuration.Kind.SOCL, -1, true,
                    TargetSpec.anyDevice("SOCL", all), soclEnvironment(policy)));
        }
        return out;
    }

    private Map<String, String> omniclEnvironment(Map<String, String> more) {
        Map<String, String> env = new LinkedHashMap<>(baseEnvironment);
        env.put("OMNICL_PERFMODEL_DIR", dir.resolve("perfmodel").toAbsolutePath().toString());
        if (!throttle.isEmpty()) {
            env.put("OMNICL_THROTTLE", throttle);
        }
        env.putAll(more);
        return env;
    }

    /**
     * SOCL over the real devices: StarPU drives OpenCL devices only (no CPU workers, CPUs as OpenCL
     * devices), keeps its models in the session, and prints its bus and worker statistics at exit.
     */
    private Map<String, String> soclEnvironment(String policy) {
        Map<String, String> env = new LinkedHashMap<>(baseEnvironment);
        env.put("OCL_ICD_VENDORS", installation.soclIcdFolder().toString());
        env.put("STARPU_NCPU", "0");
        env.put("STARPU_OPENCL_ON_CPUS", "1");
        env.put("STARPU_HOME", dir.resolve("starpu").toAbsolutePath().toString());
        env.put("STARPU_SCHED", policy);
        env.put("STARPU_BUS_STATS", "1");
        env.put("STARPU_WORKER_STATS", "1");
        return env;
    }

    // ---- children

    private List<String> classPath(boolean realJocl) {
        String own = System.getProperty("java.class.path");
        return List.of(realJocl ? installation.joclJar() + File.pathSeparator + own : own);
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The platforms a child sees (name to device names), on OmniCL's jar or the real JOCL's. */
    private Map<String, List<String>> probe(boolean realJocl, Map<String, String> env)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java(), "-cp"));
        command.addAll(classPath(realJocl));
        command.addAll(List.of(CHILD_MAIN, "--probe"));
        Path log = dir.resolve("logs").resolve("probe-" + (realJocl ? "jocl" : "omnicl")
                + (env.containsKey("OCL_ICD_VENDORS") ? "-socl" : "") + ".log");
        start(command, env, log);
        Map<String, List<String>> platforms = new LinkedHashMap<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            String[] f = line.split("\t");
            if (f[0].equals(BenchChild.PLATFORM_TAG) && f.length >= 2) {
                platforms.putIfAbsent(f[1], List.of(f).subList(2, f.length));
            }
        }
        return platforms;
    }

    /**
     * A measured run of {@code config}: started after a quiet second, and run again (at most {@code retries}
     * times) while other processes took more than {@code maxOthersShare} of the CPUs during it.
     */
    private ChildReport measured(Configuration config, String run, Map<String, String> moreEnv, int pauseMillis)
            throws IOException, InterruptedException {
        for (int attempt = 0; ; attempt++) {
            MachineLoad.awaitQuiet(quietShare, quietWaitMillis);
            double load = oneMinuteLoad();
            MachineLoad before = MachineLoad.now();
            long start = System.nanoTime();
            ChildReport r = runChild(config, run + (attempt == 0 ? "" : "-again-" + attempt), moreEnv, pauseMillis);
            double others = foreignShare(before, MachineLoad.now(), System.nanoTime() - start, r);
            if (others > maxOthersShare && attempt < retries) {
                repeated++;
                System.out.printf(Locale.ROOT, "      %s again: others took %.0f%% of the CPUs during it (%.1f ms)%n",
                        config.id(), 100 * others, r.nanos() / 1e6);
                continue;
            }
            if (run.startsWith("rep-")) {
                loads.add(load);
                foreignShares.add(others);
            }
            return r.withOthersShare(others);
        }
    }

    /** Runs {@code config} in a child; a child that reports nothing counts as a wrong run. */
    private ChildReport runChild(Configuration config, String run, Map<String, String> moreEnv, int pauseMillis)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java(), "-cp"));
        command.addAll(classPath(config.realJocl()));
        command.add(CHILD_MAIN);
        command.add(workloadName);
        command.addAll(Workloads.own(workloadName, options).toArgs());
        command.addAll(config.target().toArgs());
        command.addAll(List.of("--warmup", Integer.toString(warmups), "--pause-ms", Integer.toString(pauseMillis)));
        Map<String, String> env = new LinkedHashMap<>(config.environment());
        env.putAll(moreEnv);
        Path log = dir.resolve("logs").resolve(run + "-" + config.id() + ".log");
        int exit = start(command, env, log);
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        ChildReport report = lines.stream().map(ChildReport::parse).filter(r -> r != null).reduce((a, b) -> b)
                .orElse(null);
        if (report == null) {
            return new ChildReport(0, "the child reported nothing (exit " + exit + ", see " + log + ")", "?", 0, 0,
                    ChildReport.Counted.PROGRAM, new long[0], 0, 0, 0, Double.NaN);
        }
        StarpuStats starpu = config.kind() == Configuration.Kind.SOCL ? StarpuStats.parse(lines) : null;
        if (starpu != null) {
            StarpuStats perRun = starpu.perRun(warmups + 1);
            report = report.recounted(ChildReport.Counted.STARPU, perRun.bytesToDevices(), perRun.bytesToHost(),
                    perRun.tasksPerWorker());
        }
        return report;
    }

    /** Runs a command to its end (or the timeout) with its output in {@code log}; returns its exit code. */
    private int start(List<String> command, Map<String, String> env, Path log) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor();
            Files.writeString(log, "\nkilled after " + timeoutSeconds + " s\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
        }
        return p.exitValue();
    }

    // ---- the chart

    /**
     * Traces one more run of the chosen configuration (not counted in the table) and draws it. The child
     * pauses before its measured run, so the measured run is the trace's last stretch as long as it took.
     */
    private void gantt(List<Configuration> configs) throws IOException, InterruptedException {
        String wanted = options.get("gantt-config", "virtual-dmda");
        Configuration config = configs.stream().filter(c -> c.id().equals(wanted)).findFirst()
                .or(() -> configs.stream().filter(c -> c.kind() == Configuration.Kind.VIRTUAL).findFirst())
                .orElse(null);
        if (config == null || config.realJocl()) {
            System.out.println("no Gantt chart: no OmniCL configuration " + wanted + " to trace");
            return;
        }
        Path trace = dir.resolve(workloadName + "-" + config.id() + "-trace.json").toAbsolutePath();
        Files.deleteIfExists(trace);
        ChildReport r = measured(config, "traced", Map.of("OMNICL_TRACE", trace.toString()), 500);
        if (!Files.isRegularFile(trace)) {
            System.out.println("no Gantt chart: the traced run wrote no trace (see " + dir.resolve("logs") + ")");
            return;
        }
        ChromeTrace all = ChromeTrace.read(trace);
        double end = all.endMicros();
        double from = end - r.nanos() / 1e3;
        System.out.println("busy in the traced run of " + config.id() + ": " + all.last(r.nanos() / 1e3)
                .busyShares(from, end));
        Path png = Path.of(options.get("gantt", dir.resolve(workloadName + "-gantt.png").toString()));
        try {
            new GanttChart(all.last(r.nanos() / 1e3), from, end).write(String.format(Locale.ROOT,
                    "%s (%s) on %s: %.1f ms, a traced run (others took %.0f%% of the CPUs)%s", workloadName,
                    workload.description(), config.label(), r.nanos() / 1e6, 100 * r.othersShare(),
                    r.correct() ? "" : " with a WRONG result"), png);
        } catch (LinkageError e) {
            // a runtime without fonts (a trimmed JRE on a bare machine): the trace is there to draw elsewhere
            System.out.println("no Gantt chart here (" + e + "); draw it with: omnicl gantt " + trace);
            return;
        }
        System.out.println("Gantt chart of " + config.id() + " written to " + png + " (trace " + trace + ")");
    }

    // ---- reporting

    /**
     * LD_PRELOAD with the JVM's signal-chaining library first, when the running JVM has one: without it,
     * children computing on many threads died with SIGSEGV (exit 139, no hs_err file) on the H100 machine, 6 of
     * 18 against 0 of 18 with it. PoCL's LLVM installing handlers for signals the JVM uses itself (safepoints,
     * null checks) is the likely cause.
     */
    static Optional<String> signalChaining() {
        Path jsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so");
        if (!Files.isRegularFile(jsig)) {
            return Optional.empty();
        }
        String already = System.getenv("LD_PRELOAD");
        if (already == null || already.isBlank()) {
            return Optional.of(jsig.toString());
        }
        // ld.so takes the list separated by colons or spaces
        boolean preloaded = List.of(already.split("[: ]")).contains(jsig.toString());
        return Optional.of(preloaded ? already : jsig + ":" + already);
    }

    private List<String> context(List<Configuration> configs, int reps, int calibrations, String started,
                                 String loadBefore, String loadAfter) {
        List<String> c = new ArrayList<>();
        c.add(String.format(Locale.ROOT, "%s, %d cores, Java %s; started %s", System.getProperty("os.name"),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), started));
        c.add("POCL_DEVICES=" + baseEnvironment.getOrDefault("POCL_DEVICES", System.getenv("POCL_DEVICES"))
                + (throttle.isEmpty() ? "" : ", OMNICL_THROTTLE=" + throttle + " (OmniCL's children only)")
                + (baseEnvironment.containsKey("LD_PRELOAD") ? ", LD_PRELOAD=" + baseEnvironment.get("LD_PRELOAD")
                + " (the JVM's signal chaining, every child)" : ""));
        c.add(String.format(Locale.ROOT, "%d measured runs per configuration (one child JVM each, configurations in "
                + "turn), after %d calibration runs each; %d warm-up runs in every child", reps, calibrations, warmups));
        c.add("load average (1, 5, 15 min) before: " + loadBefore + "; after: " + loadAfter);
        double[] f = foreignShares.stream().mapToDouble(Double::doubleValue).filter(x -> !Double.isNaN(x)).sorted()
                .toArray();
        if (f.length > 0) {
            c.add(String.format(Locale.ROOT, "share of the CPUs other processes took while a measured child ran: "
                    + "median %.0f%%, from %.0f%% to %.0f%% (each child started after a second with at most %.0f%% "
                    + "busy, or after waiting %d s; %d runs were made again since others took more than %.0f%% "
                    + "during them, each at most %d times)", 100 * f[f.length / 2], 100 * f[0], 100 * f[f.length - 1],
                    100 * quietShare, quietWaitMillis / 1000, repeated, 100 * maxOthersShare, retries));
        }
        double[] l = loads.stream().mapToDouble(Double::doubleValue).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (l.length > 0) {
            c.add(String.format(Locale.ROOT, "1-minute load average as each measured child started: median %.2f, "
                    + "from %.2f to %.2f (the benchmark itself adds about 1-2)", l[l.length / 2], l[0], l[l.length - 1]));
        }
        configs.stream().filter(x -> x.kind() == Configuration.Kind.SOCL).findFirst().ifPresent(x ->
                c.add("SOCL: OCL_ICD_VENDORS=" + installation.soclIcdFolder() + ", STARPU_NCPU=0, "
                        + "STARPU_OPENCL_ON_CPUS=1, STARPU_HOME=" + x.environment().get("STARPU_HOME")));
        return c;
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /**
     * The share of all CPUs that processes other than the child took while it ran: the machine's busy time
     * less the child's own CPU time, over the CPUs' time; NaN when unknown.
     */
    private static double foreignShare(MachineLoad before, MachineLoad after, long wallNanos, ChildReport r) {
        if (before == null || after == null || r.cpuNanos() == 0) {
            return Double.NaN;
        }
        double cpus = Runtime.getRuntime().availableProcessors() * (double) wallNanos;
        return Math.max(0, after.busyNanosSince(before) - r.cpuNanos()) / cpus;
    }

    private static double oneMinuteLoad() {
        try {
            return Double.parseDouble(loadAverage().split(" ")[0]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** Progress lines: what ran, its time and whether it was right, and the time left. */
    private static final class Progress {
        private final int total;
        private final long start = System.nanoTime();
        private int done;

        Progress(int total) {
            this.total = total;
        }

        void done(String phase, Configuration config, ChildReport r, double foreignShare) {
            done++;
            double elapsed = (System.nanoTime() - start) / 1e9;
            double left = elapsed / done * (total - done);
            System.out.printf(Locale.ROOT, "[%d/%d] %-16s %-16s %10.1f ms  %s%s   (about %.0f s left)%n", done,
                    total, phase, config.id(), r.nanos() / 1e6, r.correct() ? "ok" : "WRONG: " + r.failure(),
                    Double.isNaN(foreignShare) ? "" : String.format(Locale.ROOT, ", others took %.0f%% of the CPUs",
                            100 * foreignShare), left);
        }
    }
}
