package io.omnicl.runtime.worker;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.PinnedMemory;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Pinned host memory of one device, in slots, for staging transfers of the program's (pageable) memory: a
 * driver moves pageable memory through a staging copy of its own, at a fraction of the bus speed and, for
 * some, in step with everything else on the device. Slots are made as needed, up to {@value #MAX_SLOTS}; none
 * once the backend makes none.
 */
final class PinnedSlots {

    /** Bytes per slot: transfers up to this size are staged, larger ones go as they are. */
    static final int SLOT_BYTES = 4 << 20;
    private static final int MAX_SLOTS = 8;

    private final ConcurrentLinkedQueue<PinnedMemory> free = new ConcurrentLinkedQueue<>();
    private int made;
    private boolean none;

    /** A slot for {@code bytes}, or null when they are too many or no slot is free or can be made. */
    PinnedMemory take(DeviceSession session, long bytes) {
        if (bytes > SLOT_BYTES) {
            return null;
        }
        PinnedMemory slot = free.poll();
        if (slot != null) {
            return slot;
        }
        synchronized (this) {
            if (none || made == MAX_SLOTS) {
                return null;
            }
            try {
                slot = session.allocatePinned(SLOT_BYTES);
            } catch (BackendException e) {
                slot = null;
            }
            none = slot == null;
            made += none ? 0 : 1;
            return slot;
        }
    }

    void give(PinnedMemory slot) {
        free.add(slot);
    }
}
