package io.omnicl.demos.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What StarPU prints at shutdown with {@code STARPU_BUS_STATS=1} and {@code STARPU_WORKER_STATS=1}: bytes
 * per bus direction and tasks per worker, for the whole process.
 *
 * @param bytesToDevices bytes moved into device memories (from the host or another device)
 * @param bytesToHost    bytes moved into host memory
 * @param tasksPerWorker tasks each worker ran, in the order StarPU lists its workers
 */
public record StarpuStats(long bytesToDevices, long bytesToHost, long[] tasksPerWorker) {

    /** "NUMA 0 -> OpenCL 1   0.1758 GB   161.4 MB/s   (transfers : 45 - avg 4.0000 MB)"; StarPU's MB is 2^20 bytes. */
    private static final Pattern TRANSFER = Pattern.compile(
            "^\\s*(\\w+) \\d+ -> (\\w+) \\d+\\s.*\\(transfers : (\\d+) - avg ([0-9.]+) MB\\)");
    /** "OpenCL 0 (device name)" then, on the next line, "30 task(s)". */
    private static final Pattern TASKS = Pattern.compile("^\\s*(\\d+) task\\(s\\)");

    /** The statistics in a child's output, or null when it printed none. */
    public static StarpuStats parse(List<String> lines) {
        long toDevices = 0;
        long toHost = 0;
        boolean found = false;
        List<Long> tasks = new ArrayList<>();
        for (String line : lines) {
            Matcher t = TRANSFER.matcher(line);
            if (t.find()) {
                found = true;
                long bytes = Math.round(Long.parseLong(t.group(3)) * Double.parseDouble(t.group(4)) * (1 << 20));
                if (isHost(t.group(2))) {
                    toHost += bytes;
                } else {
                    toDevices += bytes;
                }
                continue;
            }
            Matcher w = TASKS.matcher(line);
            if (w.find()) {
                found = true;
                tasks.add(Long.parseLong(w.group(1)));
            }
        }
        return found ? new StarpuStats(toDevices, toHost, tasks.stream().mapToLong(Long::longValue).toArray()) : null;
    }

    private static boolean isHost(String memoryNode) {
        return memoryNode.equals("NUMA") || memoryNode.equals("RAM") || memoryNode.equals("CPU");
    }

    /** Per run, for a process that made {@code runs} alike runs. */
    public StarpuStats perRun(int runs) {
        long[] t = tasksPerWorker.clone();
        for (int i = 0; i < t.length; i++) {
            t[i] = Math.round((double) t[i] / runs);
        }
        return new StarpuStats(bytesToDevices / runs, bytesToHost / runs, t);
    }
}
