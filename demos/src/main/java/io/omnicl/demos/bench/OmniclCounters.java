package io.omnicl.demos.bench;

import io.omnicl.OmniCL;
import io.omnicl.driver.DeviceCounters;

import java.util.List;

/**
 * OmniCL's counters of what its real devices did. The only class of the benchmark that needs OmniCL:
 * used only when the platform is OmniCL, so the workloads also run with the real JOCL jar.
 */
final class OmniclCounters {

    /** Totals at one moment. */
    record Snapshot(long[] kernels, long bytesToDevice, long bytesToHost) {
        /** What happened from {@code before} to this. */
        Snapshot since(Snapshot before) {
            long[] k = kernels.clone();
            for (int i = 0; i < k.length; i++) {
                k[i] -= before.kernels[i];
            }
            return new Snapshot(k, bytesToDevice - before.bytesToDevice, bytesToHost - before.bytesToHost);
        }
    }

    private OmniclCounters() {
    }

    static Snapshot now() {
        List<DeviceCounters> all = OmniCL.counters();
        return new Snapshot(all.stream().mapToLong(DeviceCounters::kernels).toArray(),
                all.stream().mapToLong(DeviceCounters::bytesToDevice).sum(),
                all.stream().mapToLong(DeviceCounters::bytesToHost).sum());
    }
}
