package io.omnicl.demos.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a child JVM reports of its measured run, as one line of its standard output.
 *
 * @param nanos            the run's time
 * @param failure          why the result was wrong, or null when it was right
 * @param platform         the platform's name
 * @param bytesToDevice    bytes moved to devices, as {@code counted} says
 * @param bytesToHost      bytes moved to the host, as {@code counted} says
 * @param counted          who counted the bytes and the tasks
 * @param tasksPerDevice   kernels each real device ran (OmniCL), else each queue; StarPU's tasks per worker
 *                         (SOCL); empty when unknown
 * @param programGave      bytes the program itself handed to buffers (writes, host data at creation)
 * @param programTook      bytes the program itself read back
 * @param cpuNanos         CPU time the child process used, all of it (start, warm-up, checks): to tell how
 *                         much of the machine other processes took meanwhile; 0 when unknown
 * @param othersShare      the share of the machine's CPUs other processes took while the child ran, as the
 *                         parent measured it; NaN when unknown
 */
public record ChildReport(long nanos, String failure, String platform, long bytesToDevice, long bytesToHost,
                          Counted counted, long[] tasksPerDevice, long programGave, long programTook,
                          long cpuNanos, double othersShare) {

    /** Who counted a run's bytes and tasks. */
    public enum Counted {
        /** OmniCL's counters of what its real devices did in the measured run. */
        OMNICL,
        /** StarPU's statistics at exit (SOCL), per run on average over the child's runs. */
        STARPU,
        /** Only what the program asked for: bytes it gave and read back, kernels per queue. */
        PROGRAM
    }

    /** The same run with bytes and tasks counted otherwise. */
    public ChildReport recounted(Counted by, long toDevice, long toHost, long[] tasks) {
        return new ChildReport(nanos, failure, platform, toDevice, toHost, by, tasks, programGave, programTook,
                cpuNanos, othersShare);
    }

    /** The same run with the share of the CPUs that other processes took meanwhile. */
    public ChildReport withOthersShare(double share) {
        return new ChildReport(nanos, failure, platform, bytesToDevice, bytesToHost, counted, tasksPerDevice,
                programGave, programTook, cpuNanos, share);
    }

    /** Whether the runtime moved no more than the program's own uploads and downloads. */
    public boolean movedOnlyOwnBytes() {
        return bytesToDevice <= programGave && bytesToHost <= programTook;
    }

    /** The line's first word. */
    static final String TAG = "BENCH-RESULT";

    public boolean correct() {
        return failure == null;
    }

    /** The line the child prints: the tag, then tab-separated key=value pairs. */
    public String format() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("nanos", Long.toString(nanos));
        f.put("platform", clean(platform));
        f.put("toDevice", Long.toString(bytesToDevice));
        f.put("toHost", Long.toString(bytesToHost));
        f.put("counted", counted.name());
        f.put("tasks", Arrays.stream(tasksPerDevice).mapToObj(Long::toString).collect(Collectors.joining(",")));
        f.put("gave", Long.toString(programGave));
        f.put("took", Long.toString(programTook));
        f.put("cpu", Long.toString(cpuNanos));
        if (failure != null) {
            f.put("failure", clean(failure));
        }
        return TAG + "\t" + f.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("\t"));
    }

    private static String clean(String s) {
        return s.replace('\t', ' ').replace('\n', ' ');
    }

    /** The report in {@code line}, or null when the line is not one. */
    public static ChildReport parse(String line) {
        if (!line.startsWith(TAG + "\t")) {
            return null;
        }
        Map<String, String> f = new LinkedHashMap<>();
        for (String field : line.substring(TAG.length() + 1).split("\t")) {
            int eq = field.indexOf('=');
            if (eq > 0) {
                f.put(field.substring(0, eq), field.substring(eq + 1));
            }
        }
        String tasks = f.getOrDefault("tasks", "");
        return new ChildReport(Long.parseLong(f.get("nanos")), f.get("failure"), f.getOrDefault("platform", "?"),
                Long.parseLong(f.getOrDefault("toDevice", "0")), Long.parseLong(f.getOrDefault("toHost", "0")),
                Counted.valueOf(f.getOrDefault("counted", Counted.PROGRAM.name())),
                tasks.isEmpty() ? new long[0] : Arrays.stream(tasks.split(",")).mapToLong(Long::parseLong).toArray(),
                Long.parseLong(f.getOrDefault("gave", "0")), Long.parseLong(f.getOrDefault("took", "0")),
                Long.parseLong(f.getOrDefault("cpu", "0")), Double.NaN);
    }
}
