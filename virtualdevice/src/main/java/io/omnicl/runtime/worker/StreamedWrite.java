package io.omnicl.runtime.worker;

import io.omnicl.driver.ClError;
import io.omnicl.driver.HostMemory;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A write of the program's memory that the driver cannot take in place (a Java array) to a device whose
 * transfers are staged, through a few of its pinned slots: each piece is copied into a slot on host threads and
 * written from there once copied, and a slot is used again once its write has ended. The copies of the next
 * pieces overlap the device's reading of the last ones, and no memory is touched but the slots. The slots are
 * given back with {@link #giveBack}, once the last write has ended.
 */
public final class StreamedWrite {

    /** Slots one write takes at most, leaving the others to other transfers. */
    private static final int MOST_SLOTS = 8;

    private final DeviceWorker worker;
    private final List<ByteBuffer> slots;

    private StreamedWrite(DeviceWorker worker, List<ByteBuffer> slots) {
        this.worker = worker;
        this.slots = slots;
    }

    /** Slots of {@code w}'s device for a write of {@code length} bytes; null when it has none free (or none at all). */
    public static StreamedWrite take(DeviceWorker w, long length) {
        long pieces = (length + DeviceWorker.SLOT_BYTES - 1) / DeviceWorker.SLOT_BYTES;
        List<ByteBuffer> slots = new ArrayList<>();
        for (int i = 0; i < Math.min(pieces, MOST_SLOTS); i++) {
            ByteBuffer slot = w.takeStaging(DeviceWorker.SLOT_BYTES);
            if (slot == null) {
                break;
            }
            slots.add(slot);
        }
        return slots.isEmpty() ? null : new StreamedWrite(w, slots);
    }

    /** A piece at {@code offset} of the write, in its slot, and the write of it once its copy is done. */
    private static final class Piece {
        final long offset;
        final ByteBuffer slot;
        final ByteBuffer bytes;
        final CompletableFuture<Void> copied;
        RealEvent write;

        Piece(long offset, ByteBuffer slot, int length, HostMemory user, long userOffset) {
            this.offset = offset;
            this.slot = slot;
            this.bytes = slot.clear().slice(0, length);
            this.copied = HostThreads.fromUser(user, userOffset + offset, bytes);
        }
    }

    /**
     * Enqueues on {@code queue} the write of {@code length} bytes of {@code user} from {@code userOffset} to
     * {@code dst} at {@code at}, waiting here for earlier pieces' writes where it needs their slots. Returns the
     * last write's event (the queue is in order: the others have ended when it has); the others are released.
     */
    public RealEvent write(RealQueue queue, RealBuffer dst, long at, HostMemory user, long userOffset, long length) {
        ArrayDeque<ByteBuffer> free = new ArrayDeque<>(slots);
        ArrayDeque<Piece> pieces = new ArrayDeque<>();
        try {
            for (long offset = 0; offset < length; offset += DeviceWorker.SLOT_BYTES) {
                if (free.isEmpty()) {
                    Piece oldest = pieces.poll();
                    enqueue(queue, dst, at, oldest, true);
                    int status = oldest.write.await();
                    oldest.write.release();
                    if (status < 0) {
                        throw new ClError(status, "a staged write failed");
                    }
                    free.add(oldest.slot);
                }
                int part = (int) Math.min(DeviceWorker.SLOT_BYTES, length - offset);
                pieces.add(new Piece(offset, free.poll(), part, user, userOffset));
                boolean more = false;
                for (Piece p : pieces) {
                    if (p.write == null && !p.copied.isDone()) {
                        break;
                    }
                    more |= enqueue(queue, dst, at, p, false);
                }
                if (more) {
                    queue.flush();
                }
            }
            for (Piece p : pieces) {
                enqueue(queue, dst, at, p, true);
            }
        } catch (RuntimeException e) {
            // what was enqueued may still read the slots
            for (Piece p : pieces) {
                p.copied.exceptionally(t -> null).join();
                if (p.write != null) {
                    p.write.await();
                    p.write.release();
                }
            }
            throw e;
        }
        RealEvent last = pieces.pollLast().write;
        pieces.forEach(p -> p.write.release());
        return last;
    }

    /** Enqueues {@code p}'s write if it is not yet, once copied (waiting for that if {@code wait}); true if it did. */
    private static boolean enqueue(RealQueue queue, RealBuffer dst, long at, Piece p, boolean wait) {
        if (p.write != null || !wait && !p.copied.isDone()) {
            return false;
        }
        p.copied.join();
        p.write = queue.write(dst, at + p.offset, p.bytes, List.of());
        return true;
    }

    /** The slots are no longer used: back to the device. */
    public void giveBack() {
        slots.forEach(worker::giveStaging);
        slots.clear();
    }
}
