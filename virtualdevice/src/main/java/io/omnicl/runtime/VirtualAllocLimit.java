package io.omnicl.runtime;

import java.util.function.LongSupplier;

/**
 * The virtual device's largest allocation. A buffer of the virtual device lives in host memory and in chunks on
 * the devices, as much on each as its kernels use: it may be as large as the devices' memory together, within a
 * quarter of the host's, and at least the largest real device's and what OpenCL 1.2 requires of a device with
 * that much memory (a quarter of it, 128 MiB). Asking for the host's memory loads the JVM's management beans, a
 * good part of a short program's start: it is asked only for a size above what the devices alone allow, or for
 * the value itself.
 */
final class VirtualAllocLimit {

    private final long floor;
    private final long devicesMemory;
    private final LongSupplier hostMemory;
    /** The whole limit once known; -1 before. */
    private volatile long value = -1;

    /**
     * @param largestReal   the largest real device's largest allocation
     * @param devicesMemory the devices' memory together
     * @param hostMemory    the host's memory, asked at most once
     */
    VirtualAllocLimit(long largestReal, long devicesMemory, LongSupplier hostMemory) {
        long required = Math.min(devicesMemory, Math.max(devicesMemory / 4, 128L << 20));
        this.floor = Math.max(largestReal, required);
        this.devicesMemory = devicesMemory;
        this.hostMemory = hostMemory;
    }

    /** Whether a buffer of {@code size} bytes is within the limit. */
    boolean allows(long size) {
        return size <= floor || size <= value();
    }

    /** The limit, {@code CL_DEVICE_MAX_MEM_ALLOC_SIZE}. */
    long value() {
        long v = value;
        if (v < 0) {
            v = Math.max(floor, Math.min(devicesMemory, hostMemory.getAsLong() / 4));
            value = v;
        }
        return v;
    }
}
