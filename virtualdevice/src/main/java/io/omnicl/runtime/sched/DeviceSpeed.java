package io.omnicl.runtime.sched;

/**
 * What one real device measured of itself once (then remembered): how fast it computes, relative to the
 * other devices, and its bus.
 *
 * @param opsPerNano     multiply-adds per nanosecond on a simple calibration kernel
 * @param uploadPerNano  bytes per nanosecond host to device
 * @param downloadPerNano bytes per nanosecond device to host
 * @param latencyNanos   the time of a tiny transfer
 */
public record DeviceSpeed(double opsPerNano, double uploadPerNano, double downloadPerNano, long latencyNanos) {

    /** What is assumed of a device not measured yet. */
    public static final DeviceSpeed UNKNOWN = new DeviceSpeed(1, 1, 1, 20_000);

    /** Nanoseconds to upload and to download the given bytes. */
    public double transferNanos(Fetch fetch, DeviceSpeed sourceOfDeviceBytes) {
        double ns = 0;
        if (fetch.fromHost() > 0) {
            ns += latencyNanos + fetch.fromHost() / uploadPerNano;
        }
        if (fetch.fromDevices() > 0) {
            ns += sourceOfDeviceBytes.latencyNanos + fetch.fromDevices() / sourceOfDeviceBytes.downloadPerNano
                    + latencyNanos + fetch.fromDevices() / uploadPerNano;
        }
        return ns;
    }
}
