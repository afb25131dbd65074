package io.omnicl.runtime.command;

import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.completion.Completion;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.HostThreads;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes a piece following on one device reads from a piece of an earlier launch in flight on another device of
 * the same real context, moved between the two with no thread waiting in between: the following piece's thread has
 * the other device read them on its relay queue once that piece has ended (waiting for its event), then uploads them
 * on its own in-order queue once the read has ended, and submits the piece behind the upload, waiting for it. A
 * stencil's sweeps then follow each other on both devices while the host is still enqueuing them.
 *
 * <p>A piece goes behind another device's piece it conflicts with only where it writes none of what that one writes
 * (their commits would come in the order the devices' threads see their ends) and starts after it on the devices:
 * it reads some of what that one writes (relayed from it, the latest writer of those bytes), or that one ended well,
 * or it is ahead, on the same in-order queue, of a piece it reads from. It writes only into its own device's memory,
 * and commits only once every piece it read from has been seen to end well ({@link #writersSeen}): a piece whose
 * kernel ran may still fail on the host (one before it on its queue failed). Pieces that follow it meanwhile and use
 * what it writes commit after it.
 */
final class RelayAhead {

    /** What of {@code range} a piece reads that {@code writer}'s attempt in flight on {@code from}'s device writes. */
    record Need(Part.Attempt writer, DeviceWorker from, Access range) {
    }

    /**
     * A read enqueued for a {@link Need}: the read, the memory it lands in, and the pinned slot of the need's device
     * that memory is cut from (given back once the upload has ended).
     */
    record Landing(Need need, Coherency.ReadAcross read, ByteBuffer memory, ByteBuffer slot) {
    }

    private RelayAhead() {
    }

    /**
     * Whether {@code later}, a piece following on {@code w}, may go behind {@code earlier} (running {@code piece}) of
     * another device, the two pieces in conflict, where the launches before it are asked from the latest: it may
     * where that device shares {@code w}'s real context, {@code later} writes none of what {@code piece} writes, and
     * it comes after {@code piece} on the devices. It does where it reads some of what {@code piece} writes and no
     * later piece writes (added to {@code needs}: relayed from {@code piece}); where {@code earlier} has ended well;
     * or where a later piece it reads from was submitted behind {@code earlier} on the same in-order queue.
     */
    static boolean across(Part earlier, LaunchCut.Piece piece, LaunchCut.Piece later, DeviceWorker w,
                          List<Need> needs) {
        DeviceWorker from = earlier.inFlightOn();
        if (from == null) {
            if (!earlier.succeeded()) {
                return false;
            }
            from = earlier.ranOn().worker();
        }
        if (from == w || !from.sharesContextWith(w) || LaunchCut.Piece.meet(piece.outputs(), later.outputs())) {
            return false;
        }
        // from an attempt kept until its launch ends, its chunks pinned there (one retried may be elsewhere)
        Part.Attempt writing = earlier.attemptOn(from);
        boolean relayed = false;
        for (Access read : later.inputs()) {
            for (Access written : piece.outputs()) {
                Access both = read.intersection(written);
                if (both == null) {
                    continue;
                }
                for (Access part : both.minus(relayedRanges(needs))) {
                    if (writing == null) {
                        return false;
                    }
                    needs.add(new Need(writing, from, part));
                    relayed = true;
                }
            }
        }
        return relayed || earlier.succeeded() || aheadOfARelayedPiece(earlier, from, needs);
    }

    private static List<Access> relayedRanges(List<Need> needs) {
        List<Access> ranges = new ArrayList<>(needs.size());
        for (Need n : needs) {
            ranges.add(n.range());
        }
        return ranges;
    }

    /**
     * Whether {@code earlier} is in flight on {@code from}'s in-order queue ahead of a piece of another launch that
     * {@code needs} relays from: once that one has ended there, so has {@code earlier}.
     */
    private static boolean aheadOfARelayedPiece(Part earlier, DeviceWorker from, List<Need> needs) {
        Part.Attempt mine = earlier.attemptOn(from);
        if (mine == null || mine.queue() == null) {
            return false;
        }
        for (Need n : needs) {
            Part.Attempt theirs = n.writer();
            if (theirs.on() == from && theirs.queue() == mine.queue() && theirs.order() > mine.order()) {
                return true;
            }
        }
        return false;
    }

    /**
     * On the following piece's thread: has each need's device read its bytes on its relay queue, each once its writer
     * has ended there (or at once, where it has ended and the device still holds them); null where one cannot, having
     * let the others go.
     */
    static List<Landing> read(List<Need> needs) {
        List<Landing> landings = new ArrayList<>(needs.size());
        for (Need n : needs) {
            Landing l = read(n);
            if (l == null) {
                cancel(landings);
                return null;
            }
            landings.add(l);
        }
        return landings;
    }

    private static Landing read(Need n) {
        DeviceWorker from = n.from();
        Access r = n.range();
        if (from.isLost() || r.length() > Integer.MAX_VALUE) {
            return null;
        }
        // pinned memory only: a driver may hold an upload from pageable memory in its enqueue until the upload's wait
        // list has ended, and so the thread that enqueues it
        ByteBuffer slot = from.takeRelay(r.length());
        if (slot == null) {
            return null;
        }
        RealEvent held = n.writer().event().hold();
        try {
            if (held == null) {
                // the writer's launch has ended: this one's start moves the bytes
                return null;
            }
            RealQueue writersQueue = n.writer().queue();
            if (writersQueue != null && !from.flushedSince(n.writer().flushes())) {
                // a queue other than the writer's may wait for the writer's event once that is flushed (a side
                // queue's pieces are flushed as they go)
                writersQueue.flush();
            }
            ByteBuffer memory = slot.slice(0, (int) r.length());
            Coherency.ReadAcross read = Coherency.readAcross(r.storage(), r.offset(), r.length(), from,
                    from.relayQueue(), memory, List.of(held));
            if (read != null) {
                Landing l = new Landing(n, read, memory, slot);
                slot = null;
                return l;
            }
            return null;
        } catch (RuntimeException e) {
            // not relayed: the piece waits for the launches before it
            return null;
        } finally {
            if (held != null) {
                n.writer().event().letGo();
            }
            if (slot != null) {
                from.giveRelay(slot);
            }
        }
    }

    /**
     * On {@code to}'s thread, as the piece is submitted: enqueues on its in-order queue the uploads of the landings,
     * each once its read has ended, and returns their events, to be tracked with the piece behind them (a failed
     * upload fails it); the landings then end with it ({@link #ended}). The first upload waits for {@code after}
     * too, where not null. Null, having enqueued nothing, where the device alone holds a copy of a range that they
     * would overwrite.
     */
    static List<RealEvent> upload(List<Landing> landings, DeviceWorker to, RealEvent after) {
        for (Landing l : landings) {
            Access r = l.need().range();
            // the upload overwrites what the device holds of the range: a copy others hold too goes from the map
            // first; one it alone holds (a retry of the writer may need it) is not overwritten, and nothing follows
            if (!Coherency.dropped(r.storage(), r.offset(), r.length(), to.index())) {
                return null;
            }
        }
        List<RealEvent> uploads = new ArrayList<>(landings.size());
        try {
            for (Landing l : landings) {
                Access r = l.need().range();
                List<RealEvent> waitFor = uploads.isEmpty() && after != null ? List.of(l.read().event(), after)
                        : List.of(l.read().event());
                uploads.add(Coherency.uploadAhead(r.storage(), r.offset(), r.length(), to, l.memory(), waitFor));
            }
        } catch (RuntimeException e) {
            Coherency.awaitAndRelease(uploads);
            throw e;
        }
        return uploads;
    }

    /** The ends, as the host sees them, of the pieces the landings were relayed from. */
    static List<Completion> writersSeen(List<Landing> landings) {
        List<Completion> seen = new ArrayList<>(landings.size());
        for (Landing l : landings) {
            seen.add(l.need().writer().seen());
        }
        return seen;
    }

    /** Landings not uploaded: they go back once their reads have ended, waited for on a host thread. */
    static void cancel(List<Landing> landings) {
        if (landings.isEmpty()) {
            return;
        }
        HostThreads.run(() -> {
            for (Landing l : landings) {
                l.read().event().await();
            }
            ended(landings);
        });
    }

    /** Landings whose uploads have ended: their reads have too, and their chunks and memory go back. */
    static void ended(List<Landing> landings) {
        for (Landing l : landings) {
            l.read().ended();
            l.need().from().giveRelay(l.slot());
        }
    }
}
