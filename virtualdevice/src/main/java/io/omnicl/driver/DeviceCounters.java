package io.omnicl.driver;

/**
 * What one real device has done since the runtime started.
 *
 * @param device          the real device's name
 * @param kernels         kernels it ran
 * @param commands        real commands it ran (kernels, transfers, copies, fills)
 * @param bytesToDevice   bytes uploaded from the host copy
 * @param bytesToHost     bytes written back to the host copy
 */
public record DeviceCounters(String device, long kernels, long commands, long bytesToDevice, long bytesToHost) {
}
