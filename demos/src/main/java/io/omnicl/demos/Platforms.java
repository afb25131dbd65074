package io.omnicl.demos;

import io.omnicl.demos.bench.ClQueries;
import org.jocl.cl_platform_id;

/** Finding the OmniCL platform. */
final class Platforms {

    private Platforms() {
    }

    /** The OmniCL platform. */
    static cl_platform_id omnicl() {
        try {
            return ClQueries.platformNamed("OmniCL");
        } catch (IllegalStateException e) {
            throw new IllegalStateException("no OmniCL platform: is target/omnicl.jar on the class path?", e);
        }
    }

    /** How many pinned devices (real devices) the OmniCL platform has. */
    static int pinnedDevices() {
        return ClQueries.devices(omnicl()).length - 1;
    }
}
