package io.omnicl.driver;

import java.util.List;
import java.util.ServiceLoader;

/** The runtime behind the facade. Found once with {@link ServiceLoader}. */
public interface Driver {

    List<ClPlatform> platforms();

    /** The real devices behind the platform, in pinned-device order. */
    List<RealDeviceDescription> realDevices();

    /** Counters of every real device, in node order. */
    List<DeviceCounters> counters();

    /** How many launches on the virtual device were cut into parts, and why the others were not. */
    LaunchSplits launchSplits();

    /** The installed driver. */
    static Driver get() {
        return Holder.DRIVER;
    }

    /** Lazy holder: the runtime starts on first use. */
    final class Holder {
        private static final Driver DRIVER = ServiceLoader.load(Driver.class, Driver.class.getClassLoader())
                .findFirst().orElseThrow(() -> new IllegalStateException("no OmniCL driver on the class path"));

        private Holder() {
        }
    }
}
