package io.omnicl.runtime.worker;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.PinnedMemory;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Pinned host memory of one device, in slots, for staging transfers of the program's (pageable) memory: a
 * driver moves pageable memory through a staging copy of its own, at a fraction of the bus speed and, for
 * some, in step with everything else on the device. The slots are cut from one region made when the device
 * is opened, on a host thread: pinning memory is slow and holds the driver meanwhile, so it is
 * done once, not as transfers come. None when the backend makes none.
 */
final class PinnedSlots {

    /** Bytes per slot of a device's staging: transfers up to this size are staged, larger ones go as they are. */
    static final int SLOT_BYTES = 4 << 20;
    private static final int SLOTS = 16;
    /** Bytes per slot of a device's relays (a stencil's edge rows; see {@link StagedTransfers#takeRelay}). */
    static final int RELAY_SLOT_BYTES = 64 << 10;
    private static final int RELAY_SLOTS = 32;

    private final int slotBytes;
    private final int slots;

    private final ConcurrentLinkedQueue<ByteBuffer> free = new ConcurrentLinkedQueue<>();
    private final CompletableFuture<Void> made = new CompletableFuture<>();
    /** The region the slots are cut from, kept for as long as the device is open. */
    private PinnedMemory region;

    private PinnedSlots(int slotBytes, int slots) {
        this.slotBytes = slotBytes;
        this.slots = slots;
    }

    /** Slots for staging the program's transfers. */
    static PinnedSlots forStaging() {
        return new PinnedSlots(SLOT_BYTES, SLOTS);
    }

    /** Smaller slots for relaying bytes between devices. */
    static PinnedSlots forRelays() {
        return new PinnedSlots(RELAY_SLOT_BYTES, RELAY_SLOTS);
    }

    /** Starts making the slots. */
    void make(DeviceSession session) {
        HostThreads.run(() -> {
            NativeGate.enter();
            try {
                region = session.allocatePinned((long) slotBytes * slots);
                ByteBuffer all = region == null ? null : region.memory();
                for (int i = 0; all != null && i < slots; i++) {
                    free.add(all.slice(i * slotBytes, slotBytes));
                }
            } catch (BackendException e) {
                // no pinned memory: transfers go as they are
            } finally {
                NativeGate.exit();
                made.complete(null);
            }
        });
    }

    /**
     * A free slot for {@code bytes}, cleared, or null when they are too many or no slot is free; waits for
     * the slots to be made, the first time.
     */
    ByteBuffer take(long bytes) {
        if (bytes > slotBytes) {
            return null;
        }
        made.join();
        return poll();
    }

    /** A free slot for {@code bytes}, cleared, or null where there is none, also while the slots are being made. */
    ByteBuffer takeIfMade(long bytes) {
        return bytes > slotBytes || !made.isDone() ? null : poll();
    }

    private ByteBuffer poll() {
        ByteBuffer slot = free.poll();
        return slot == null ? null : slot.clear();
    }

    void give(ByteBuffer slot) {
        free.add(slot);
    }

    /** Whether {@code slot} is one of this pool's (by its size). */
    boolean owns(ByteBuffer slot) {
        return slot.capacity() == slotBytes;
    }
}
