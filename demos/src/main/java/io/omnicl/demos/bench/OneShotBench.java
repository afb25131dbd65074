package io.omnicl.demos.bench;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * {@code omnicl bench oneshot}: {@link OneShot}, a whole small program, in a fresh JVM per run, timed from
 * the child's start to its exit; plain JOCL and OmniCL in turn (which goes first alternates). Plain JOCL's
 * class path is a copy of OneShot's classes and the real JOCL jar, as a program on plain JOCL has it;
 * OmniCL's is the same copy and this JVM's own class path (omnicl.jar). Unmeasured runs of each come first,
 * so that both find the disk and their compiled-kernel caches as a program run again does.
 */
public final class OneShotBench {

    public static final String USAGE = String.join("\n",
            "       omnicl bench oneshot [--runs 5] [--warmup 1] [--jocl-jar <path>] [--jocl-platform <name part>]",
            "                            [--jocl-device 0] [--omnicl-platform <name part>] [--omnicl-device 0]",
            "                            [--out-dir target/bench/oneshot] [--pocl-devices 'basic basic']",
            "                            [--timeout 120]",
            "                            (a vector add of 1M floats, each run a fresh JVM timed from start to exit,",
            "                            plain JOCL and OmniCL in turn; by default each side's first platform and",
            "                            its first device, as most programs pick them)");

    private static final Set<String> OPTIONS = Set.of("runs", "warmup", "jocl-jar", "jocl-platform", "jocl-device",
            "omnicl-platform", "omnicl-device", "out-dir", "pocl-devices", "timeout");

    /** One side of the comparison: what its child JVM is given. */
    private record Side(String name, String classPath, String platform, String device) {
    }

    private final Path dir;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private final long timeoutSeconds;

    private OneShotBench(Path dir, long timeoutSeconds) {
        this.dir = dir;
        this.timeoutSeconds = timeoutSeconds;
    }

    /** Runs the comparison; returns the process exit code (0 when every run was right). */
    public static int run(Options o) throws IOException, InterruptedException {
        o.requireKnown(OPTIONS);
        int runs = o.getInt("runs", 5);
        int warmups = o.getInt("warmup", 1);
        if (runs < 1 || warmups < 0) {
            throw new IllegalArgumentException("--runs needs at least 1 and --warmup at least 0");
        }
        OneShotBench bench = new OneShotBench(Path.of(o.get("out-dir", "target/bench/oneshot")),
                o.getInt("timeout", 120));
        Files.createDirectories(bench.dir.resolve("logs"));
        Installation installation = Installation.find(o, bench.dir);
        if (installation.joclJar() == null) {
            System.out.println("no plain JOCL to compare with: " + installation.whyNoJocl());
            return 2;
        }
        if (System.getenv("POCL_DEVICES") == null) {
            bench.environment.put("POCL_DEVICES", o.get("pocl-devices", "basic basic"));
        }
        Bench.signalChaining().ifPresent(preload -> bench.environment.put("LD_PRELOAD", preload));
        String classes = bench.copyClasses().toString();
        Side jocl = new Side("jocl", classes + File.pathSeparator + installation.joclJar(),
                o.get("jocl-platform", ""), o.get("jocl-device", "0"));
        Side omnicl = new Side("omnicl", classes + File.pathSeparator + System.getProperty("java.class.path"),
                o.get("omnicl-platform", ""), o.get("omnicl-device", "0"));
        return bench.compare(jocl, omnicl, runs, warmups);
    }

    private int compare(Side jocl, Side omnicl, int runs, int warmups) throws IOException, InterruptedException {
        System.out.printf("bench oneshot: %d runs of each after %d unmeasured, a fresh JVM each; results in %s%n",
                runs, warmups, dir);
        for (int w = 0; w < warmups; w++) {
            for (Side side : List.of(jocl, omnicl)) {
                String failure = runOnce(side, "warmup-" + (w + 1)).failure();
                if (failure != null) {
                    System.out.println("warm-up run on " + side.name() + ": " + failure);
                    return 1;
                }
            }
        }
        double[] joclMs = new double[runs];
        double[] omniclMs = new double[runs];
        for (int r = 0; r < runs; r++) {
            List<Side> order = r % 2 == 0 ? List.of(jocl, omnicl) : List.of(omnicl, jocl);
            for (Side side : order) {
                Workload.Outcome o = runOnce(side, "run-" + (r + 1));
                if (!o.correct()) {
                    System.out.println("run " + (r + 1) + " on " + side.name() + ": " + o.failure());
                    return 1;
                }
                (side == jocl ? joclMs : omniclMs)[r] = o.nanos() / 1e6;
            }
            System.out.printf(Locale.ROOT, "run %d (%s first): plain JOCL %.1f ms, OmniCL %.1f ms%n", r + 1,
                    order.get(0) == jocl ? "plain JOCL" : "OmniCL", joclMs[r], omniclMs[r]);
        }
        double j = BenchTable.median(joclMs);
        double m = BenchTable.median(omniclMs);
        System.out.printf(Locale.ROOT, "median JVM start to exit: plain JOCL %.1f ms, OmniCL %.1f ms, OmniCL / plain "
                + "JOCL = %.2f×%n", j, m, m / j);
        return 0;
    }

    /**
     * One child from start to exit: its time, and why it failed (a non-zero exit, no line saying the sum was
     * right, the timeout), or null.
     */
    private Workload.Outcome runOnce(Side side, String run) throws IOException, InterruptedException {
        Path log = dir.resolve("logs").resolve(run + "-" + side.name() + ".log");
        ProcessBuilder pb = new ProcessBuilder(Bench.java(), "-cp", side.classPath(), OneShot.class.getName(),
                side.platform(), side.device()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(environment);
        long start = System.nanoTime();
        Process p = pb.start();
        boolean ended = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        long nanos = System.nanoTime() - start;
        if (!ended) {
            p.destroyForcibly();
            p.waitFor();
            return new Workload.Outcome(nanos, "no exit after " + timeoutSeconds + " s (see " + log + ")");
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        String said = lines.stream().filter(l -> l.startsWith(OneShot.TAG + " ")).findFirst().orElse("nothing");
        boolean right = p.exitValue() == 0 && said.startsWith(OneShot.TAG + " ok");
        return new Workload.Outcome(nanos, right ? null : "exit " + p.exitValue() + ", said " + said + " (see " + log
                + ")");
    }

    /** A copy of the classes OneShot needs besides {@code org.jocl}, for a class path without omnicl.jar. */
    private Path copyClasses() throws IOException {
        Path root = dir.resolve("classes").toAbsolutePath();
        for (Class<?> c : List.of(OneShot.class, ClQueries.class)) {
            String resource = c.getName().replace('.', '/') + ".class";
            Path to = root.resolve(resource);
            Files.createDirectories(to.getParent());
            try (InputStream in = c.getClassLoader().getResourceAsStream(resource)) {
                Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return root;
    }
}
