package io.omnicl.demos.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The figures of one workload: per configuration the median time of its correct runs, the speedup over the
 * best device alone, the efficiency against the ideal, bytes moved and tasks per device; as text, CSV and
 * markdown, with a few lines that compare the configurations that matter.
 *
 * <p>Ideal throughput: for a workload of independent tasks, the sum of every real device's own throughput
 * (from the device-alone runs); for a chain, the best device's. Efficiency = achieved / ideal throughput.
 */
public final class BenchTable {

    /** One configuration's measured runs. */
    public record Series(Configuration config, List<ChildReport> runs) {
    }

    /**
     * One line of the table.
     *
     * @param medianRun the correct run of median time (its bytes and tasks are shown), or null when none
     */
    public record Row(Configuration config, int runs, int correctRuns, String failure, double medianMs, double minMs,
                      double maxMs, double speedup, double efficiency, ChildReport medianRun, double othersShare) {
    }

    private final String workload;
    private final String description;
    private final boolean parallel;
    private final List<Row> rows;
    private final double idealMs;
    private final List<String> notes;

    public BenchTable(String workload, String description, boolean parallel, List<Series> series) {
        this.workload = workload;
        this.description = description;
        this.parallel = parallel;
        double[] aloneMs = series.stream().filter(s -> s.config().kind() == Configuration.Kind.ALONE)
                .mapToDouble(s -> medianMs(correct(s.runs()))).filter(ms -> !Double.isNaN(ms)).toArray();
        this.idealMs = idealMs(aloneMs, parallel);
        double bestAloneMs = Arrays.stream(aloneMs).min().orElse(Double.NaN);
        List<Row> r = new ArrayList<>();
        for (Series s : series) {
            List<ChildReport> ok = correct(s.runs());
            double median = medianMs(ok);
            String failure = s.runs().stream().filter(c -> !c.correct()).map(ChildReport::failure).findFirst()
                    .orElse(null);
            r.add(new Row(s.config(), s.runs().size(), ok.size(), failure, median,
                    ok.stream().mapToDouble(BenchTable::ms).min().orElse(Double.NaN),
                    ok.stream().mapToDouble(BenchTable::ms).max().orElse(Double.NaN),
                    bestAloneMs / median, idealMs / median, medianRun(ok), medianOthersShare(s.runs())));
        }
        this.rows = List.copyOf(r);
        this.notes = comparisons();
    }

    /**
     * The ideal time from the devices' own times: with independent tasks, devices of throughputs 1/t_k
     * together do 1/Σ(1/t_k); a chain runs no faster than the best device.
     */
    static double idealMs(double[] aloneMs, boolean parallel) {
        if (aloneMs.length == 0) {
            return Double.NaN;
        }
        if (!parallel) {
            return Arrays.stream(aloneMs).min().getAsDouble();
        }
        return 1 / Arrays.stream(aloneMs).map(t -> 1 / t).sum();
    }

    /** The median of the runs' times (the mean of the middle two for an even count); NaN for none. */
    static double medianMs(List<ChildReport> runs) {
        return median(runs.stream().mapToDouble(BenchTable::ms).toArray());
    }

    /** The median of {@code values} (the mean of the middle two for an even count); NaN for none. */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** The median share of the CPUs other processes took during the runs; NaN when unknown. */
    static double medianOthersShare(List<ChildReport> runs) {
        double[] shares = runs.stream().mapToDouble(ChildReport::othersShare).filter(x -> !Double.isNaN(x)).sorted()
                .toArray();
        return shares.length == 0 ? Double.NaN : shares[shares.length / 2];
    }

    /** The run at the (lower) median position by time, or null for none. */
    static ChildReport medianRun(List<ChildReport> runs) {
        List<ChildReport> sorted = runs.stream().sorted(Comparator.comparingLong(ChildReport::nanos)).toList();
        return sorted.isEmpty() ? null : sorted.get((sorted.size() - 1) / 2);
    }

    private static List<ChildReport> correct(List<ChildReport> runs) {
        return runs.stream().filter(ChildReport::correct).toList();
    }

    private static double ms(ChildReport r) {
        return r.nanos() / 1e6;
    }

    public List<Row> rows() {
        return rows;
    }

    public double idealMs() {
        return idealMs;
    }

    /** Whether every run of every configuration gave the right result. */
    public boolean allCorrect() {
        return rows.stream().allMatch(r -> r.correctRuns() == r.runs());
    }

    /** The comparisons under the table. */
    public List<String> notes() {
        return notes;
    }

    private List<String> comparisons() {
        List<String> n = new ArrayList<>();
        n.add(String.format(Locale.ROOT, "ideal (%s): %s ms", parallel ? "sum of the devices' own throughputs"
                : "the best device alone, since the tasks form a chain", fixed(idealMs)));
        for (Row jocl : ofKind(Configuration.Kind.JOCL)) {
            rows.stream().filter(r -> r.config().kind() == Configuration.Kind.ALONE
                            && r.config().realDevice() == jocl.config().realDevice()).findFirst()
                    .ifPresent(alone -> n.add(String.format(Locale.ROOT,
                            "OmniCL on one device vs plain JOCL on it: %s / %s ms = %.3f× (goal: at most 1.05×)",
                            fixed(alone.medianMs()), fixed(jocl.medianMs()), alone.medianMs() / jocl.medianMs())));
        }
        Optional<Row> virtual = best(Configuration.Kind.VIRTUAL);
        Optional<Row> socl = best(Configuration.Kind.SOCL);
        Optional<Row> split = best(Configuration.Kind.SPLIT);
        if (virtual.isPresent() && socl.isPresent()) {
            n.add(compare("best OmniCL scheduler", virtual.get(), "best SOCL policy", socl.get()));
        }
        Optional<Row> dmda = rows.stream().filter(r -> r.config().id().equals("virtual-dmda")).findFirst();
        if (dmda.isPresent() && split.isPresent()) {
            n.add(compare("OmniCL dmda", dmda.get(), "best static split", split.get()));
        }
        List<String> onlyOwn = new ArrayList<>();
        List<String> more = new ArrayList<>();
        for (Row r : rows) {
            ChildReport m = r.medianRun();
            if (m != null && m.counted() == ChildReport.Counted.OMNICL) {
                (m.movedOnlyOwnBytes() ? onlyOwn : more).add(r.config().id());
            }
        }
        if (!onlyOwn.isEmpty() || !more.isEmpty()) {
            n.add("OmniCL moved only the program's own uploads and downloads in: " + (onlyOwn.isEmpty() ? "none"
                    : String.join(", ", onlyOwn)) + (more.isEmpty() ? "" : "; more in: " + String.join(", ", more)));
        }
        for (Row r : rows) {
            if (r.correctRuns() < r.runs()) {
                n.add(String.format(Locale.ROOT, "WRONG RESULTS: %s, %d of %d runs: %s", r.config().id(),
                        r.runs() - r.correctRuns(), r.runs(), r.failure()));
            }
        }
        return n;
    }

    private List<Row> ofKind(Configuration.Kind kind) {
        return rows.stream().filter(r -> r.config().kind() == kind).toList();
    }

    private Optional<Row> best(Configuration.Kind kind) {
        return ofKind(kind).stream().filter(r -> !Double.isNaN(r.medianMs()))
                .min(Comparator.comparingDouble(Row::medianMs));
    }

    private static String compare(String what, Row a, String than, Row b) {
        double ratio = a.medianMs() / b.medianMs();
        return String.format(Locale.ROOT, "%s (%s, %s ms) vs %s (%s, %s ms): %.3f× the time, %s", what,
                a.config().id(), fixed(a.medianMs()), than, b.config().id(), fixed(b.medianMs()), ratio,
                ratio <= 1 ? String.format(Locale.ROOT, "%.1f%% faster", 100 * (1 / ratio - 1))
                        : String.format(Locale.ROOT, "%.1f%% slower", 100 * (ratio - 1)));
    }

    private static final String[] HEADER = {"configuration", "median ms", "min–max ms", "speedup", "efficiency",
            "MB to devices", "MB to host", "tasks per device", "correct", "others' CPU"};

    private List<String[]> cells() {
        List<String[]> out = new ArrayList<>();
        for (Row r : rows) {
            ChildReport m = r.medianRun();
            String mark = m == null ? "" : switch (m.counted()) {
                case OMNICL -> "";
                case STARPU -> " ≈";
                case PROGRAM -> " *";
            };
            out.add(new String[] {r.config().label(), fixed(r.medianMs()),
                    fixed(r.minMs()) + "–" + fixed(r.maxMs()), ratio(r.speedup()), percent(r.efficiency()),
                    m == null ? "—" : megabytes(m.bytesToDevice()) + mark,
                    m == null ? "—" : megabytes(m.bytesToHost()) + mark, tasks(m),
                    r.correctRuns() + "/" + r.runs(), percent(r.othersShare())});
        }
        return out;
    }

    private static String tasks(ChildReport m) {
        if (m == null || m.tasksPerDevice().length == 0) {
            return "?";
        }
        String list = Arrays.stream(m.tasksPerDevice()).mapToObj(Long::toString).collect(Collectors.joining("/"));
        return m.counted() == ChildReport.Counted.STARPU ? "≈" + list : list;
    }

    private String title() {
        return workload + ": " + description;
    }

    private static final String LEGEND = "speedup: over the best device alone; efficiency: achieved / ideal "
            + "throughput; bytes and tasks of the median run: OmniCL's counters, * what the program gave and "
            + "read back (plain JOCL), ≈ StarPU's statistics averaged over the child's runs (its tasks include "
            + "SOCL's transfer tasks, and reads SOCL does itself are not in its bytes); others' CPU: the median share "
            + "of the machine's CPUs that other processes took during the runs";

    /** The table as aligned text, with the notes under it. */
    public String text() {
        List<String[]> all = new ArrayList<>();
        all.add(HEADER);
        all.addAll(cells());
        int[] width = new int[HEADER.length];
        for (String[] row : all) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder sb = new StringBuilder(title()).append('\n');
        for (String[] row : all) {
            for (int i = 0; i < row.length; i++) {
                String pad = " ".repeat(width[i] - row[i].length());
                sb.append(i == 0 ? row[i] + pad : pad + row[i]).append(i + 1 < row.length ? "  " : "\n");
            }
        }
        sb.append(LEGEND).append('\n');
        notes.forEach(n -> sb.append("- ").append(n).append('\n'));
        return sb.toString();
    }

    /** The table as markdown, with {@code context} (machine, load) and the notes. */
    public String markdown(List<String> context) {
        StringBuilder sb = new StringBuilder("### ").append(title()).append("\n\n");
        context.forEach(c -> sb.append(c).append("  \n"));
        sb.append('\n').append('|').append(String.join("|", HEADER)).append("|\n|");
        for (int i = 0; i < HEADER.length; i++) {
            sb.append(i == 0 ? "---|" : "---:|");
        }
        sb.append('\n');
        for (String[] row : cells()) {
            sb.append('|').append(String.join("|", row)).append("|\n");
        }
        sb.append('\n').append(LEGEND).append("\n\n");
        notes.forEach(n -> sb.append("- ").append(n).append('\n'));
        return sb.toString();
    }

    /** The rows as CSV, one per configuration, numbers unformatted. */
    public String csv() {
        StringBuilder sb = new StringBuilder("workload,configuration,label,kind,runs,correct_runs,median_ms,min_ms,"
                + "max_ms,speedup,efficiency,bytes_to_devices,bytes_to_host,counted_by,tasks_per_device,others_cpu_share\n");
        for (Row r : rows) {
            ChildReport m = r.medianRun();
            sb.append(String.join(",", workload, r.config().id(), quote(r.config().label()),
                    r.config().kind().name().toLowerCase(Locale.ROOT), Integer.toString(r.runs()),
                    Integer.toString(r.correctRuns()), number(r.medianMs()), number(r.minMs()), number(r.maxMs()),
                    number(r.speedup()), number(r.efficiency()), m == null ? "" : Long.toString(m.bytesToDevice()),
                    m == null ? "" : Long.toString(m.bytesToHost()),
                    m == null ? "" : m.counted().name().toLowerCase(Locale.ROOT),
                    m == null ? "" : Arrays.stream(m.tasksPerDevice()).mapToObj(Long::toString)
                            .collect(Collectors.joining(" ")), number(r.othersShare()))).append('\n');
        }
        return sb.toString();
    }

    private static String quote(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.6g", v);
    }

    static String fixed(double ms) {
        return Double.isNaN(ms) ? "—" : String.format(Locale.ROOT, ms < 10 ? "%.3f" : "%.1f", ms);
    }

    private static String ratio(double v) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%.2f×", v);
    }

    private static String percent(double v) {
        return Double.isNaN(v) ? "—" : String.format(Locale.ROOT, "%.0f%%", 100 * v);
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / 1e6);
    }
}
