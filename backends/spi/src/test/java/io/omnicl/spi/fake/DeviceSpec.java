package io.omnicl.spi.fake;

import io.omnicl.spi.suite.ClCodes;

/**
 * One device of the fake backend: what it is called and is, how fast it is, how much memory it has and how often
 * it fails.
 *
 * @param name         its {@code CL_DEVICE_NAME}
 * @param type         {@code CL_DEVICE_TYPE_GPU}, whose memory is apart from the host's, or {@code _CPU}, whose
 *                     memory is the host's ({@code CL_DEVICE_HOST_UNIFIED_MEMORY})
 * @param nanosPerItem the device time one work-item of a launch takes, as its profiling times say
 * @param nanosPerByte the device time one byte of a transfer, copy or fill takes
 * @param memory       its {@code CL_DEVICE_GLOBAL_MEM_SIZE}: allocations beyond it fail with
 *                     {@code CL_MEM_OBJECT_ALLOCATION_FAILURE}
 * @param failureRate  the share of its launches and transfers that fail with {@code CL_OUT_OF_RESOURCES}, 0 to 1
 * @param failureSeed  the seed of the choice of those that fail, so that a run can be repeated
 */
public record DeviceSpec(String name, long type, double nanosPerItem, double nanosPerByte, long memory,
                         double failureRate, long failureSeed) {

    private static final long DEFAULT_MEMORY = 256L << 20;

    public DeviceSpec {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a fake device needs a name");
        }
        if (type != ClCodes.CL_DEVICE_TYPE_GPU && type != ClCodes.CL_DEVICE_TYPE_CPU) {
            throw new IllegalArgumentException("a fake device is a GPU or a CPU, not type " + type);
        }
        if (!(nanosPerItem >= 0) || !(nanosPerByte >= 0)) {
            throw new IllegalArgumentException("times cannot be negative: " + nanosPerItem + ", " + nanosPerByte);
        }
        if (memory <= 0) {
            throw new IllegalArgumentException("a fake device needs some memory, not " + memory);
        }
        if (!(failureRate >= 0 && failureRate <= 1)) {
            throw new IllegalArgumentException("a failure rate is within 0..1, not " + failureRate);
        }
    }

    /** A GPU that never fails, a work-item taking 1 ns and a byte 0.1 ns, with 256 MiB. */
    public static DeviceSpec gpu(String name) {
        return new DeviceSpec(name, ClCodes.CL_DEVICE_TYPE_GPU, 1, 0.1, DEFAULT_MEMORY, 0, 0);
    }

    /** A CPU that never fails, a work-item taking 1 ns and a byte 0.1 ns, with 256 MiB. */
    public static DeviceSpec cpu(String name) {
        return new DeviceSpec(name, ClCodes.CL_DEVICE_TYPE_CPU, 1, 0.1, DEFAULT_MEMORY, 0, 0);
    }

    /** This device taking {@code perItem} ns per work-item and {@code perByte} ns per byte moved. */
    public DeviceSpec withSpeed(double perItem, double perByte) {
        return new DeviceSpec(name, type, perItem, perByte, memory, failureRate, failureSeed);
    }

    /** This device with {@code bytes} of memory. */
    public DeviceSpec withMemory(long bytes) {
        return new DeviceSpec(name, type, nanosPerItem, nanosPerByte, bytes, failureRate, failureSeed);
    }

    /** This device failing {@code rate} of its launches and transfers, chosen by a random sequence of {@code seed}. */
    public DeviceSpec withFailures(double rate, long seed) {
        return new DeviceSpec(name, type, nanosPerItem, nanosPerByte, memory, rate, seed);
    }
}
