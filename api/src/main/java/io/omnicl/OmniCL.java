package io.omnicl;

import io.omnicl.driver.DeviceCounters;
import io.omnicl.driver.Driver;

import java.util.List;

/** OmniCL's own API, beside JOCL's: what the virtual device did and where. */
public final class OmniCL {

    private OmniCL() {
    }

    /** Counters of every real device behind the OmniCL platform, in pinned-device order. */
    public static List<DeviceCounters> counters() {
        return Driver.get().counters();
    }

    /** Kernels each real device has run, in pinned-device order. */
    public static long[] kernelsPerDevice() {
        return counters().stream().mapToLong(DeviceCounters::kernels).toArray();
    }
}
