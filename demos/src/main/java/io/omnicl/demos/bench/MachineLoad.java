package io.omnicl.demos.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How busy the whole machine is, from Linux's {@code /proc/stat}: so that a run can wait for a quiet
 * moment, and the share of the CPUs that other processes took during a run can be told.
 *
 * @param busyTicks  clock ticks the CPUs spent on anything but idling and waiting for I/O, since boot
 * @param totalTicks all clock ticks of all CPUs since boot
 */
record MachineLoad(long busyTicks, long totalTicks) {

    /** Linux's USER_HZ, the unit of /proc/stat, on every common architecture. */
    static final double TICKS_PER_SECOND = 100;

    /** Now, or null where there is no /proc/stat. */
    static MachineLoad now() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {
                total += Long.parseLong(f[i]);
            }
            long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
            return new MachineLoad(total - idle, total);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The share of all CPUs that was busy from {@code before} to this. */
    double busyShareSince(MachineLoad before) {
        long total = totalTicks - before.totalTicks;
        return total <= 0 ? 0 : (double) (busyTicks - before.busyTicks) / total;
    }

    /** CPU nanoseconds the machine spent busy from {@code before} to this. */
    double busyNanosSince(MachineLoad before) {
        return (busyTicks - before.busyTicks) / TICKS_PER_SECOND * 1e9;
    }

    /**
     * Waits, up to {@code maxMillis}, for a second in which at most {@code maxBusyShare} of the CPUs were
     * busy; returns the share of the last second measured, or NaN where the machine's load is unknown.
     */
    static double awaitQuiet(double maxBusyShare, long maxMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + maxMillis;
        while (true) {
            MachineLoad before = now();
            Thread.sleep(1000);
            MachineLoad after = now();
            if (before == null || after == null) {
                return Double.NaN;
            }
            double share = after.busyShareSince(before);
            if (share <= maxBusyShare || System.currentTimeMillis() >= deadline) {
                return share;
            }
        }
    }
}
