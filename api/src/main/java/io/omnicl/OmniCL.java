package io.omnicl;

import io.omnicl.driver.DeviceCounters;
import io.omnicl.driver.Driver;
import io.omnicl.driver.LaunchSplits;
import io.omnicl.driver.RealDeviceDescription;

import java.util.List;

/** OmniCL's own API, beside JOCL's: the real devices behind the platform, and what each of them did. */
public final class OmniCL {

    private OmniCL() {
    }

    /** The real devices behind the OmniCL platform, in pinned-device order. */
    public static List<RealDeviceDescription> realDevices() {
        return Driver.get().realDevices();
    }

    /** Counters of every real device behind the OmniCL platform, in pinned-device order. */
    public static List<DeviceCounters> counters() {
        return Driver.get().counters();
    }

    /** How many launches on the virtual device were cut into parts for several real devices, and why the others were not. */
    public static LaunchSplits launchSplits() {
        return Driver.get().launchSplits();
    }

    /** Kernels each real device has run, in pinned-device order. */
    public static long[] kernelsPerDevice() {
        return counters().stream().mapToLong(DeviceCounters::kernels).toArray();
    }
}
