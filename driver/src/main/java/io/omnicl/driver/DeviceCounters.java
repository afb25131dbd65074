package io.omnicl.driver;

/**
 * What one real device has done since the runtime started.
 *
 * @param device          the real device's name
 * @param kernels         kernels it ran
 * @param commands        real commands it ran (kernels, transfers, copies, fills)
 * @param followed        commands submitted behind earlier ones still running there, without waiting for the
 *                        host to see those end
 * @param bytesToDevice   bytes uploaded (from the host copy, or from the user's memory by a write)
 * @param bytesToHost     bytes written back to the host copy
 * @param evictions       chunks of buffers and images taken off the device to make room for others
 * @param bytesAllocated  bytes of device memory holding buffers and images now (not counting allocations of
 *                        freed buffers kept a while for new ones of their size)
 * @param liveObjects     native objects made on the device and not yet released, those kept allocations aside
 *                        (-1 if the backend does not count them)
 * @param failures        commands that failed on the device (each retried elsewhere on the virtual device)
 * @param lost            whether the device has been lost (no longer used)
 */
public record DeviceCounters(String device, long kernels, long commands, long followed, long bytesToDevice, long bytesToHost,
                             long evictions, long bytesAllocated, long liveObjects, long failures, boolean lost) {
}
