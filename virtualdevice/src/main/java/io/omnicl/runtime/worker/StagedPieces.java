package io.omnicl.runtime.worker;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A transfer between the program's memory and a device cut into pieces of a pinned slot's size, each staged in
 * a slot of the device where one is free: a driver moves pageable memory at a fraction of the bus speed, and
 * the pieces all go at once. Pieces that find no slot go as they are. The slots are given back with
 * {@link #giveBack}.
 */
public final class StagedPieces {

    private final DeviceWorker worker;
    private final long length;
    /** Per piece, its slot, or null. */
    private final ByteBuffer[] slots;
    private final boolean any;

    private StagedPieces(DeviceWorker worker, long length, ByteBuffer[] slots, boolean any) {
        this.worker = worker;
        this.length = length;
        this.slots = slots;
        this.any = any;
    }

    /** Takes a slot of {@code w}'s device for each piece of {@code length} bytes, as many as are free. */
    public static StagedPieces take(DeviceWorker w, long length) {
        int n = (int) ((length + DeviceWorker.SLOT_BYTES - 1) / DeviceWorker.SLOT_BYTES);
        ByteBuffer[] slots = new ByteBuffer[n];
        boolean any = false;
        for (int i = 0; i < n; i++) {
            slots[i] = w.takeStaging(part(length, i));
            any |= slots[i] != null;
        }
        return new StagedPieces(w, length, slots, any);
    }

    /** Whether some piece has a slot: else the transfer is better made whole, as it is. */
    public boolean staged() {
        return any;
    }

    public int count() {
        return slots.length;
    }

    /** The offset of piece {@code i} in the transfer. */
    public static long offset(int i) {
        return (long) i * DeviceWorker.SLOT_BYTES;
    }

    /** The length of piece {@code i}. */
    public int length(int i) {
        return part(length, i);
    }

    /** Piece {@code i}'s slot, cut to its length, or null when it has none. */
    public ByteBuffer slot(int i) {
        return slots[i] == null ? null : slots[i].slice(0, length(i));
    }

    /** Piece {@code i} of {@code memory} (the whole transfer's bytes, from its position). */
    public ByteBuffer piece(ByteBuffer memory, int i) {
        return memory.slice(memory.position() + (int) offset(i), length(i));
    }

    /** Copies the staged pieces of {@code from} (the whole transfer's bytes) into their slots, on host threads. */
    public void copyIn(ByteBuffer from) {
        copyStaged(from, true);
    }

    /** Copies the staged pieces from their slots into {@code to} (the whole transfer's bytes), on host threads. */
    public void copyOut(ByteBuffer to) {
        copyStaged(to, false);
    }

    private void copyStaged(ByteBuffer memory, boolean intoSlots) {
        List<ByteBuffer> from = new ArrayList<>();
        List<ByteBuffer> to = new ArrayList<>();
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null) {
                from.add(intoSlots ? piece(memory, i) : slot(i));
                to.add(intoSlots ? slot(i) : piece(memory, i));
            }
        }
        HostThreads.copy(from, to).join();
    }

    public void giveBack() {
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null) {
                worker.giveStaging(slots[i]);
                slots[i] = null;
            }
        }
    }

    private static int part(long length, int i) {
        return (int) Math.min(DeviceWorker.SLOT_BYTES, length - offset(i));
    }
}
