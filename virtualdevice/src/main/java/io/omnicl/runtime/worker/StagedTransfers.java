package io.omnicl.runtime.worker;

import io.omnicl.driver.HostMemory;
import io.omnicl.runtime.completion.Statuses;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static io.omnicl.driver.OpenClConstants.CL_OUT_OF_HOST_MEMORY;

/**
 * The transfers of one device that go beside its worker's queue: uploads from other threads, on a queue of
 * their own; and, where the device's transfers are staged (a GPU: its driver moves pageable memory at a
 * fraction of the bus speed), its pinned slots, which transfers of the program's memory go through, and a
 * queue for the uploads of the worker's commands' inputs.
 */
final class StagedTransfers {

    /** Pinned slots one upload by {@link #uploadNow} takes at most, leaving the others to other transfers. */
    private static final int STAGED_UPLOAD_SLOTS = 4;

    private final DeviceWorker worker;
    /** The worker's start lock: the upload queue is made under it, and each write on it goes alone. */
    private final Object lock;
    private final WorkerCounters counters;
    /** Pinned memory for staging transfers of the program's memory; null when this device's are not staged. */
    private final PinnedSlots pinned;
    /** Pinned slots for the bytes other devices' pieces read from this device's ({@link #takeRelay}). */
    private final PinnedSlots relays;
    /** A second queue of the device, for {@link #uploadNow} from other threads; made on first use. */
    private RealQueue uploads;
    /**
     * Where this device's transfers are staged: a queue of the worker's own for the uploads of its commands'
     * inputs, so that they run on the device's copy engine while earlier kernels run (see {@link #inputQueue});
     * null elsewhere, where they go on the worker's queue. Only for use on the worker's thread.
     */
    private RealQueue inputs;

    StagedTransfers(DeviceWorker worker, Object lock, WorkerCounters counters, boolean staged) {
        this.worker = worker;
        this.lock = lock;
        this.counters = counters;
        this.pinned = staged ? PinnedSlots.forStaging() : null;
        this.relays = staged ? PinnedSlots.forRelays() : null;
    }

    /**
     * Starts making the pinned slots, where transfers are staged, once the device's session is open; and the relay
     * slots where {@code relaying}: the device shares a real context with others.
     */
    void open(DeviceSession session, boolean relaying) {
        if (pinned != null) {
            pinned.make(session);
            if (relaying) {
                relays.make(session);
            }
        }
    }

    /** On the worker's thread, as it starts: makes the input queue where transfers are staged. */
    void openInputQueue(DeviceSession session) {
        inputs = pinned != null ? session.createQueue(true) : null;
    }

    /**
     * The queue for uploads of the inputs of commands the worker has taken, or else {@code queue}, the worker's;
     * only for use on the worker's thread, each upload then ordered on {@code queue} with
     * {@link #orderBehindUploads}. On one in-order queue the inputs of the next command would wait for the kernel
     * before it to end: on a GPU with a queue of their own they move while it runs, and the next kernel waits only
     * for them.
     */
    RealQueue inputQueue(RealQueue queue) {
        return inputs != null ? inputs : queue;
    }

    /**
     * Orders whatever is submitted next on {@code queue}, the worker's, behind {@code uploads}, enqueued on the
     * {@link #inputQueue}: flushes that queue and enqueues on {@code queue} a marker waiting for them. From
     * then on the device's queue finds the bytes there, as it would had they been written on it (the coherence
     * map already counts them as held). Returns the marker's event, for the caller to track or release (the
     * order holds without it), or null where the input queue is the device's queue and there is nothing to do.
     * A command the worker tracks must end with an event of {@code queue}: the worker takes the commands in
     * flight to end in that queue's order.
     */
    RealEvent orderBehindUploads(RealQueue queue, List<RealEvent> uploads) {
        if (inputs == null || uploads.isEmpty()) {
            return null;
        }
        inputs.flush();
        try {
            return queue.marker(List.copyOf(uploads));
        } catch (RuntimeException e) {
            // unordered, the uploads must at least be over before anything reuses what they read or write
            finishQuietly(inputs);
            throw e;
        }
    }

    /**
     * A command was submitted on {@code queue}, the worker's, but fails before it is tracked (an enqueue after it
     * failed): it may still run, unseen. Waits for it, so that no upload on the {@link #inputQueue}, which is
     * not ordered behind it, lands under it in memory it uses. Best effort: the device may be failing.
     */
    void settleUntracked(RealQueue queue) {
        if (inputs != null) {
            finishQuietly(queue);
        }
    }

    private static void finishQuietly(RealQueue q) {
        try {
            q.finish();
        } catch (RuntimeException e) {
            // the device is failing; its commands fail with it
        }
    }

    /**
     * Pinned memory to stage a transfer of {@code bytes} between the program's memory and this device, or null
     * when the transfer goes as it is (this device is not staged, the transfer is large, every slot is in use).
     * Given back with {@link #give}.
     */
    ByteBuffer take(long bytes) {
        return pinned == null ? null : pinned.take(bytes);
    }

    void give(ByteBuffer slot) {
        pinned.give(slot);
    }

    /**
     * From any thread: pinned memory for {@code bytes} that another device of this one's real context reads into and
     * then uploads from: a relay slot, or a staging slot where they are more; null where neither is free or made yet
     * (or this device's transfers are not staged). Given back with {@link #giveRelay}.
     */
    ByteBuffer takeRelay(long bytes) {
        if (relays == null) {
            return null;
        }
        // made as a device of a shared context opens (others pin nothing more), and no thread waits for them
        ByteBuffer slot = relays.takeIfMade(bytes);
        return slot != null ? slot : pinned.takeIfMade(bytes);
    }

    void giveRelay(ByteBuffer slot) {
        (relays.owns(slot) ? relays : pinned).give(slot);
    }

    /**
     * From any thread: writes the first {@code length} bytes of {@code src} to the start of {@code dst} on a queue of
     * its own, and waits. Only for memory no command uses yet, which therefore needs no order against the worker's
     * queue. Where this device's transfers are staged, the bytes go through pinned slots a slot's worth at a time,
     * several copied at once (straight from a Java array) while the device takes those already copied. Pieces that
     * find no slot free go as they are from a direct buffer; from an array, through memory of their own, a few
     * pieces' worth used again and again as the slots would be.
     *
     * @return 0, or the first failed piece's negative status
     */
    int uploadNow(RealBuffer dst, HostMemory src, long length) {
        NativeGate.enter();
        ArrayDeque<Piece> pending = new ArrayDeque<>();
        boolean fromArray = src.direct() == null;
        int status = 0;
        try {
            for (long at = 0; at < length && status == 0; at += PinnedSlots.SLOT_BYTES) {
                int part = (int) Math.min(PinnedSlots.SLOT_BYTES, length - at);
                boolean room = pending.size() < STAGED_UPLOAD_SLOTS;
                ByteBuffer memory = pinned != null && room ? pinned.take(part) : null;
                boolean slot = memory != null;
                if (memory == null && fromArray && room) {
                    memory = ByteBuffer.allocateDirect(PinnedSlots.SLOT_BYTES).order(ByteOrder.nativeOrder());
                } else if (memory == null && pending.peek() != null && pending.peek().memory != null) {
                    // the oldest piece's memory is free once its write has ended
                    Piece oldest = pending.poll();
                    status = oldest.end(dst, true);
                    memory = oldest.memory.clear();
                    slot = oldest.slot;
                }
                if (status < 0) {
                    if (slot) {
                        pinned.give(memory);
                    }
                    break;
                }
                try {
                    pending.add(new Piece(at, part, src, memory, slot));
                } catch (RuntimeException e) {
                    if (slot) {
                        pinned.give(memory);
                    }
                    throw e;
                }
                for (Piece p : pending) {
                    p.writeOnceCopied(dst, false);
                }
            }
        } catch (RuntimeException e) {
            status = Statuses.of(e);
        } catch (OutOfMemoryError e) {
            status = CL_OUT_OF_HOST_MEMORY;
        } finally {
            for (Piece p : pending) {
                int ended = p.end(dst, status == 0);
                status = status < 0 ? status : ended;
                if (p.slot) {
                    pinned.give(p.memory);
                }
            }
            NativeGate.exit();
        }
        if (status == 0) {
            counters.countBytes(length, true);
        }
        return status;
    }

    /** {@link #uploadNow} from a host thread, so that uploads to several devices overlap. */
    CompletableFuture<Integer> upload(RealBuffer dst, HostMemory src, long length) {
        return HostThreads.supply(() -> uploadNow(dst, src, length));
    }

    /**
     * A piece of an upload, {@code length} bytes of {@code src} at {@code offset}: copied into {@code memory} on host
     * threads (a pinned slot where {@code slot}, else memory of the upload's own), or, without memory, taken as they
     * are from a direct buffer; then written.
     */
    private final class Piece {
        private final long offset;
        private final ByteBuffer memory;
        private final boolean slot;
        private final ByteBuffer bytes;
        private final CompletableFuture<Void> copied;
        private RealEvent write;

        Piece(long offset, int length, HostMemory src, ByteBuffer memory, boolean slot) {
            this.offset = offset;
            this.memory = memory;
            this.slot = slot;
            if (memory == null) {
                ByteBuffer direct = src.direct();
                this.bytes = direct.slice(direct.position() + (int) offset, length);
                this.copied = CompletableFuture.completedFuture(null);
            } else {
                this.bytes = memory.slice(0, length);
                this.copied = HostThreads.fromUser(src, offset, bytes);
            }
        }

        /** Enqueues the write once the copy is done: at once if it is, else only when {@code wait}. */
        void writeOnceCopied(RealBuffer dst, boolean wait) {
            if (write == null && (wait || copied.isDone())) {
                copied.join();
                write = write(dst, offset, bytes);
            }
        }

        /**
         * Writes the piece if it was not yet and {@code writeMore} (after a failure nothing more is written),
         * then waits for what was started: the slot is free after. The status: 0 or negative.
         */
        int end(RealBuffer dst, boolean writeMore) {
            int status = 0;
            try {
                if (writeMore) {
                    writeOnceCopied(dst, true);
                }
            } catch (RuntimeException e) {
                status = Statuses.of(e);
            }
            copied.exceptionally(e -> null).join();
            if (write != null) {
                status = Math.min(status, Math.min(write.await(), 0));
                write.release();
                write = null;
            }
            return status;
        }
    }

    /** Enqueues a write on {@link #uploads}, made on first use, and flushes it. */
    private RealEvent write(RealBuffer dst, long offset, ByteBuffer src) {
        synchronized (lock) {
            if (uploads == null) {
                uploads = worker.session().createQueue(false);
            }
            RealEvent e = uploads.write(dst, offset, src, List.of());
            uploads.flush();
            return e;
        }
    }
}
