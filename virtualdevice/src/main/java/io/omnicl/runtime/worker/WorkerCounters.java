package io.omnicl.runtime.worker;

import io.omnicl.driver.DeviceCounters;
import io.omnicl.runtime.coherence.DeviceMemory;
import io.omnicl.spi.DeviceSession;

import java.util.concurrent.atomic.AtomicLong;

/** What one device's worker has done, counted from any thread: commands, kernels, bytes, failures. */
final class WorkerCounters {

    private final AtomicLong commands = new AtomicLong();
    private final AtomicLong kernels = new AtomicLong();
    private final AtomicLong followed = new AtomicLong();
    private final AtomicLong bytesIn = new AtomicLong();
    private final AtomicLong bytesOut = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();

    /** Counts real commands submitted. */
    void countCommands(long n) {
        commands.addAndGet(n);
    }

    /** Counts a command submitted behind others still in flight. */
    void countFollowed() {
        followed.incrementAndGet();
    }

    void countKernel() {
        kernels.incrementAndGet();
    }

    void countFailure() {
        failures.incrementAndGet();
    }

    /** Counts bytes moved to ({@code toDevice}) or from the device. */
    void countBytes(long bytes, boolean toDevice) {
        (toDevice ? bytesIn : bytesOut).addAndGet(bytes);
    }

    /** The counts so far, with what {@code memory} and session {@code s} (null before it opens) hold. */
    DeviceCounters read(DeviceNode node, DeviceMemory memory, DeviceSession s) {
        long live = s == null ? 0 : s.liveObjects();
        return new DeviceCounters(node.name(), kernels.get(), commands.get(), followed.get(), bytesIn.get(),
                bytesOut.get(), memory.evictions(), memory.used(), live < 0 ? live : live - memory.spares(),
                failures.get(), node.isLost());
    }
}
