package io.omnicl.demos.bench;

import org.jocl.CL;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.jocl.CL.CL_DEVICE_NAME;
import static org.jocl.CL.clReleaseProgram;

/**
 * One benchmark configuration in a JVM of its own (its class path picks OmniCL or the real JOCL, its
 * environment the scheduler): warm-up runs, then one measured run, reported as one line. Or, with
 * {@code --probe}, the platforms and devices it sees.
 *
 * <pre>
 * BenchChild &lt;workload&gt; [workload options] --platform P --devices 0,1 --placement block [--any-device]
 *            [--warmup 2] [--pause-ms 0]
 * BenchChild --probe
 * </pre>
 */
public final class BenchChild {

    /** The first word of each line of a probe: the platform's name, then its devices' names. */
    static final String PLATFORM_TAG = "BENCH-PLATFORM";

    private BenchChild() {
    }

    public static void main(String[] args) throws Exception {
        System.err.println("org.jocl from " + CL.class.getProtectionDomain().getCodeSource().getLocation());
        if (args.length == 1 && args[0].equals("--probe")) {
            probe();
        } else if (args.length >= 1) {
            measure(args[0], Options.parse(Arrays.copyOfRange(args, 1, args.length)));
        } else {
            System.err.println("usage: BenchChild <workload> [options] | --probe");
            System.exit(2);
        }
        // OmniCL's and StarPU's threads must not keep the JVM alive; exit hooks still run
        System.exit(0);
    }

    private static void probe() {
        for (cl_platform_id p : ClQueries.platforms()) {
            List<String> fields = new ArrayList<>(List.of(PLATFORM_TAG, ClQueries.platformName(p)));
            for (cl_device_id d : ClQueries.devices(p)) {
                fields.add(ClQueries.deviceString(d, CL_DEVICE_NAME));
            }
            System.out.println(String.join("\t", fields));
        }
    }

    private static void measure(String workloadName, Options o) throws InterruptedException {
        Workload workload = Workloads.create(workloadName, o);
        TargetSpec spec = TargetSpec.fromOptions(o);
        try (Target target = Target.open(spec)) {
            cl_program program = target.build(workload.source());
            String warmupFailure = null;
            for (int i = 0; i < o.getInt("warmup", 2); i++) {
                Workload.Outcome w = workload.run(target, program);
                if (!w.correct()) {
                    warmupFailure = "warm-up run: " + w.failure();
                }
            }
            // a pause lets a trace tell the measured run from the warm-up runs
            Thread.sleep(o.getInt("pause-ms", 0));
            boolean omnicl = target.platformName().equals("OmniCL");
            OmniclCounters.Snapshot before = omnicl ? OmniclCounters.now() : null;
            long given = target.bytesGiven();
            long taken = target.bytesTaken();
            long[] queued = target.kernelsPerQueue();
            Workload.Outcome run = workload.run(target, program);
            long gave = target.bytesGiven() - given;
            long took = target.bytesTaken() - taken;
            long[] perQueue = target.kernelsPerQueue();
            for (int i = 0; i < perQueue.length; i++) {
                perQueue[i] -= queued[i];
            }
            // one queue without a device tells nothing of where its kernels ran
            ChildReport report = new ChildReport(run.nanos(), failure(run, warmupFailure), target.platformName(),
                    gave, took, ChildReport.Counted.PROGRAM, spec.anyDevice() ? new long[0] : perQueue, gave, took,
                    processCpuNanos(), Double.NaN);
            if (omnicl) {
                OmniclCounters.Snapshot did = OmniclCounters.now().since(before);
                report = report.recounted(ChildReport.Counted.OMNICL, did.bytesToDevice(), did.bytesToHost(),
                        did.kernels());
            }
            System.out.println(report.format());
            clReleaseProgram(program);
        }
    }

    /** CPU time of this process so far, all threads (PoCL's and StarPU's too); 0 when the JVM cannot tell. */
    private static long processCpuNanos() {
        try {
            java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
            return os instanceof com.sun.management.OperatingSystemMXBean sun ? Math.max(0, sun.getProcessCpuTime()) : 0;
        } catch (LinkageError e) {
            return 0; // a runtime without the jdk.management module
        }
    }

    private static String failure(Workload.Outcome run, String warmupFailure) {
        return run.correct() ? warmupFailure : run.failure();
    }
}
