package io.omnicl.runtime.worker;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.PinnedMemory;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Pinned host memory of one device, in slots, for staging transfers of the program's (pageable) memory: a
 * driver moves pageable memory through a staging copy of its own, at a fraction of the bus speed and, for
 * some, in step with everything else on the device. The first slot is made when first wanted; the others on
 * a host thread when one is wanted and none is free, up to {@value #MAX_SLOTS} (pinning memory takes
 * milliseconds, which no transfer waits for: it goes unstaged meanwhile); none once the backend makes none.
 */
final class PinnedSlots {

    /** Bytes per slot: transfers up to this size are staged, larger ones go as they are. */
    static final int SLOT_BYTES = 4 << 20;
    private static final int MAX_SLOTS = 16;

    private final ConcurrentLinkedQueue<PinnedMemory> free = new ConcurrentLinkedQueue<>();
    /** Slots made or being made. */
    private int asked;
    private volatile boolean none;

    /** A free slot for {@code bytes}, or null when they are too many or no slot is free now. */
    PinnedMemory take(DeviceSession session, long bytes) {
        if (bytes > SLOT_BYTES || none) {
            return null;
        }
        PinnedMemory slot = free.poll();
        if (slot == null) {
            slot = makeOne(session);
        }
        return slot;
    }

    void give(PinnedMemory slot) {
        free.add(slot);
    }

    /** The first slot, made now; later ones are made on a host thread, and null returned meanwhile. */
    private PinnedMemory makeOne(DeviceSession session) {
        boolean first;
        synchronized (this) {
            if (asked == MAX_SLOTS) {
                return null;
            }
            first = asked++ == 0;
        }
        if (first) {
            return allocate(session);
        }
        DeviceWorker.offWorker(() -> {
            PinnedMemory slot = allocate(session);
            if (slot != null) {
                free.add(slot);
            }
        });
        return null;
    }

    private PinnedMemory allocate(DeviceSession session) {
        PinnedMemory slot;
        try {
            slot = session.allocatePinned(SLOT_BYTES);
        } catch (BackendException e) {
            slot = null;
        }
        none |= slot == null;
        return slot;
    }
}
