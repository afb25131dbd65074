package io.omnicl.driver;

/**
 * What one real device has done since the runtime started.
 *
 * @param device          the real device's name
 * @param kernels         kernels it ran
 * @param commands        real commands it ran (kernels, transfers, copies, fills)
 * @param bytesToDevice   bytes uploaded from the host copy
 * @param bytesToHost     bytes written back to the host copy
 * @param evictions       chunks of buffers and images taken off the device to make room for others
 * @param bytesAllocated  bytes of device memory holding buffers and images now
 */
public record DeviceCounters(String device, long kernels, long commands, long bytesToDevice, long bytesToHost,
                             long evictions, long bytesAllocated) {
}
