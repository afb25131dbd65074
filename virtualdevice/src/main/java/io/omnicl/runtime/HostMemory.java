package io.omnicl.runtime;

import java.lang.management.ManagementFactory;

/**
 * The host's memory, which bounds the virtual device's largest allocation ({@link VirtualAllocLimit}). Asking
 * for it loads the JVM's management beans, a good part of a short program's start: it is asked once, and only
 * when needed.
 */
final class HostMemory {

    private HostMemory() {
    }

    /** The host's memory in bytes (the JVM's heap limit where the runtime cannot say). */
    static long bytes() {
        return Measured.BYTES;
    }

    /** Measured on first use. */
    private static final class Measured {

        static final long BYTES = measure();

        /**
         * A runtime without the {@code jdk.management} module (a trimmed jlink image) cannot say, and gets the
         * JVM's own heap limit, which is smaller.
         */
        private static long measure() {
            try {
                return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getTotalMemorySize();
            } catch (LinkageError | ClassCastException e) {
                return Runtime.getRuntime().maxMemory();
            }
        }
    }
}
