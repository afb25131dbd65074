package io.omnicl.runtime.coherence;

import io.omnicl.driver.ClError;
import io.omnicl.driver.HostMemory;
import io.omnicl.driver.ImageSpec;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.coherence.CoherenceMap.Piece;
import io.omnicl.runtime.completion.Completion;
import io.omnicl.runtime.completion.Statuses;
import io.omnicl.spi.EndedEvent;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

/**
 * The coherence rules, in one place. Reading a range on a node makes it valid there first: from the host
 * by an upload on the node's own queue, or, when only other devices hold it, by writing it back to the
 * host on the holder's queue and then uploading; a cut launch's halo, and what a command that is not cut reads, go
 * from device to device through memory of their own instead ({@link #toDeviceFirst}, {@link #toDevice}). A write makes
 * the writer the only holder, and only once the writing command has succeeded. Ranges that no node holds
 * are never transferred.
 */
public final class Coherency {

    /** Write-backs tried before a range that only devices hold is given up as lost. */
    private static final int FETCH_ROUNDS = 4;
    /**
     * Reads of at least this many bytes may land in the device's kept memory ({@link #enqueueHeld}): fresh memory costs
     * more than the read only for large ones, and a small one would tie up a kept buffer of up to 256 MB.
     */
    private static final long KEPT_LANDING_BYTES = 1 << 20;

    /** Memory node {@code k}'s device, for {@code k} from 1. */
    private final IntFunction<? extends MemoryNode> nodes;

    public Coherency(IntFunction<? extends MemoryNode> nodes) {
        this.nodes = nodes;
    }

    /**
     * Makes {@code [offset, offset + length)} of {@code s} valid on {@code w}'s device. Uploads from the host
     * are enqueued at once on the worker's input queue, and what comes next on its queue waits for them
     * (their events are added to {@code uploads}, to release after the command). Returns null when that is all, or
     * a completion that ends once the pieces that only other devices hold are back on the host, or, {@code straight},
     * read from their devices and on their way to {@code w}'s where it has memory for them, as {@link #toDeviceFirst}
     * moves them but always once the reads have ended well (no host copy of the buffer made, filled and uploaded
     * from); the caller then calls again, not straight where the bytes did not come (a read failed). What the uploads
     * bring counts as held from now on: a caller that submits nothing behind them hands them to
     * {@link #watchUploads}. Straight only for a command whose precursors have ended, as {@link #toDeviceFirst} says.
     */
    public Completion toDevice(Storage s, long offset, long length, MemoryNode w, List<RealEvent> uploads,
                               boolean straight) {
        int me = w.index();
        List<Piece> missing = s.map().missing(offset, length, me);
        if (missing.isEmpty()) {
            return null;
        }
        Chunk target = s.chunkAt(w.memory(), offset);
        List<Piece> elsewhere = new ArrayList<>();
        int first = uploads.size();
        RealQueue q = w.inputQueue();
        try {
            for (Piece p : missing) {
                if ((p.holders() & CoherenceMap.bit(CoherenceMap.HOST)) != 0) {
                    if (s.image() == null) {
                        s.host().forEach(p.offset(), p.length(), (memory, at) ->
                                uploads.add(q.write(target.buffer(), target.local(at), memory, List.of())));
                    } else {
                        ImageSpec l = s.image();
                        uploads.add(q.writeImage(target.image(), new long[3], l.fullRegion(), l.rowPitch(),
                                l.slicePitch(), wholeImage(s.host()), List.of()));
                    }
                    w.countBytes(p.length(), true);
                    copied(s, p, me);
                } else {
                    elsewhere.add(p);
                }
            }
        } finally {
            // what was enqueued counts as held: the device's queue must not run ahead of it, even on a failure
            RealEvent ordered = w.orderBehindUploads(uploads.subList(first, uploads.size()));
            if (ordered != null) {
                ordered.release();
            }
        }
        if (elsewhere.isEmpty()) {
            return null;
        }
        List<Completion> fetches = new ArrayList<>();
        for (Piece p : elsewhere) {
            boolean room = s.image() == null && s.chunkCovering(w.memory(), p.offset(), p.length()) != null;
            fetches.add(straight && room ? straightTo(s, p.offset(), p.length(), w, false)
                    : toHost(s, p.offset(), p.length()));
        }
        return Completion.all(fetches);
    }

    /**
     * Uploads that {@link #toDevice} enqueued for a command that does not go behind them now (it waits for bytes from
     * other devices first): {@code w} watches them as a command of its own, so that where one fails, {@code w} stops
     * holding the bytes of {@code ranges} that others hold too (the bytes the uploads brought among them), and what
     * went on its queue behind them fails with them, rather than read memory never written.
     */
    public static void watchUploads(MemoryNode w, List<RealEvent> uploads, List<Access> ranges) {
        if (uploads.isEmpty()) {
            return;
        }
        IntConsumer settle = status -> {
            if (status < 0) {
                w.countFailure();
                for (Access a : ranges) {
                    dropped(a.storage(), a.offset(), a.length(), w.index());
                }
            }
        };
        RealEvent ordered;
        try {
            ordered = w.orderBehindUploads(uploads);
        } catch (RuntimeException e) {
            // unwatched, the uploads are over (orderBehindUploads waited for them), well or not
            uploads.forEach(RealEvent::release);
            settle.accept(Statuses.of(e));
            return;
        }
        trackUploads(w, "upload", uploads, ordered, settle);
    }

    /**
     * Has {@code w} watch {@code uploads} and {@code ordered}, the marker behind them on its queue where they went on its
     * input queue ({@link MemoryNode#orderBehindUploads}), else null; {@code then} gets their status.
     */
    private static void trackUploads(MemoryNode w, String label, List<RealEvent> uploads, RealEvent ordered,
                                     IntConsumer then) {
        RealEvent last = ordered != null ? ordered : uploads.get(uploads.size() - 1);
        List<RealEvent> others = new ArrayList<>(uploads);
        others.remove(last);
        w.trackUpload(label, uploads.get(0), last, others, then);
    }

    /**
     * A completion that ends when {@code [offset, offset + length)} of {@code s} is valid on the host, or with
     * the error of the last write-back tried, when even the last of {@link #FETCH_ROUNDS} rounds left some
     * of it missing.
     */
    public Completion toHost(Storage s, long offset, long length) {
        Completion done = new Completion();
        fetchToHost(s, offset, length, FETCH_ROUNDS, OpenClConstants.CL_OUT_OF_RESOURCES, done);
        return done;
    }

    /**
     * Copies what of {@code [offset, offset + length)} of {@code s} only other devices hold onto {@code target}'s
     * device, through memory of its own rather than the host copy (which would be allocated, all of it, for a few
     * rows): each holder reads its part before anything it takes next, then {@code target} uploads it before anything
     * it takes next, on its input queue, and counts as holding what no write has changed meanwhile, from then on: the
     * edge rows of a stencil's block that a piece of a cut launch reads from the piece beside it. The completion ends
     * once the uploads are enqueued; what {@code target} lacks after it (a holder had evicted it, or {@code target}
     * had no memory for it, or a read or an upload failed) is moved the usual way; an upload that fails after the
     * completion takes back {@code target}'s copy ({@link #unland}), and what was behind it on {@code target}'s queue
     * fails with it. For bytes that no command in flight on {@code target} writes (a launch that starts once what it
     * depends on has ended): an upload beside such a command could land after it.
     */
    public Completion toDeviceFirst(Storage s, long offset, long length, MemoryNode target) {
        return straightTo(s, offset, length, target, true);
    }

    /**
     * {@link #toDeviceFirst}; {@code onDevices}: where the devices share a real context, the uploads wait for the reads
     * on the devices, else once the reads have ended well (one that fails leaves the bytes where they were).
     */
    private Completion straightTo(Storage s, long offset, long length, MemoryNode target, boolean onDevices) {
        List<Piece> elsewhere = new ArrayList<>();
        for (Piece p : s.map().missing(offset, length, target.index())) {
            if ((p.holders() & CoherenceMap.bit(CoherenceMap.HOST)) == 0) {
                elsewhere.add(p);
            }
        }
        // a read or an upload that failed leaves the bytes where they were, to move the usual way
        Completion tried = new Completion();
        fromEachHolder(elsewhere, (source, list, done) -> source.runBeforeNextTaskNow(() ->
                relay(s, list, source, target, onDevices, done))).onDone(status -> tried.complete(0));
        return tried;
    }

    /**
     * On {@code source}'s thread: reads what of the pieces it still holds for {@code target}, which then lands it:
     * once the reads have ended, or at once where the two share a real context and {@code onDevices} (the uploads then
     * wait for the reads' events on the devices, and no thread waits in between).
     */
    private static void relay(Storage s, List<Piece> pieces, MemoryNode source, MemoryNode target, boolean onDevices,
                              Completion done) {
        if (!onDevices || !source.sharesContextWith(target)) {
            readHeld(s, pieces, source, true, done, held -> target.runBeforeNextTaskNow(() ->
                    land(s, held.landed(), List.of(), source, target, done, held.free())));
            return;
        }
        HeldReads held = enqueueHeld(s, pieces, source, true, done);
        if (held == null) {
            return;
        }
        RealEvent behind;
        try {
            behind = source.queue().marker(List.of());
            // a command of another queue may wait for these reads' events only once they are flushed
            source.queue().flush();
        } catch (RuntimeException e) {
            awaitAndRelease(held.reads());
            held.free().run();
            done.complete(Statuses.of(e));
            return;
        }
        // the source lets go of its chunks once the reads end; the reads' events are the target's from here
        source.memory().pinAll(held.used());
        source.trackDownload("download", behind, List.of(), false, status -> source.memory().unpin(held.used()));
        target.runBeforeNextTaskNow(() -> land(s, held.landed(), held.reads(), source, target, done, held.free()));
    }

    /**
     * On {@code target}'s thread: uploads what no write has changed of the landed pieces (read from {@code source})
     * into the chunks it has for them, each once {@code reads} (the reads that land them, of a device of the same real
     * context, which this method releases; or none, where they have ended) have ended, and counts it as holding those
     * bytes; an upload or a read that fails takes that back. {@code free} gives back the landed memory, once nothing
     * uses it.
     */
    private static void land(Storage s, List<Landed> landed, List<RealEvent> reads, MemoryNode source,
                             MemoryNode target, Completion done, Runnable free) {
        List<RealEvent> uploads = new ArrayList<>();
        List<Piece> moved = new ArrayList<>();
        List<Chunk> used = new ArrayList<>();
        RealEvent ordered = null;
        // a read that ended as it was enqueued (a blocking one) is no driver's event to wait for
        List<RealEvent> waitFor = new ArrayList<>(reads.size());
        for (RealEvent r : reads) {
            if (!(r instanceof EndedEvent)) {
                waitFor.add(r);
            }
        }
        try {
            for (Landed l : landed) {
                for (Piece part : s.map().unchanged(l.piece())) {
                    Chunk c = s.chunkCovering(target.memory(), part.offset(), part.length());
                    if (c == null || target.isLost()) {
                        continue;
                    }
                    c.pin();
                    used.add(c);
                    l.landing().forEach(part.offset() - l.base(), part.length(), (memory, at) -> uploads.add(
                            target.inputQueue().write(c.buffer(), c.local(l.base() + at), memory, waitFor)));
                    moved.add(part);
                    target.countBytes(part.length(), true);
                }
            }
            ordered = uploads.isEmpty() ? null : target.orderBehindUploads(uploads);
        } catch (RuntimeException e) {
            // the uploads enqueued read the landed memory and write the pinned chunks: they end before those go
            awaitAndRelease(uploads);
            awaitAndRelease(reads);
            free.run();
            target.memory().unpin(used);
            done.complete(Statuses.of(e));
            return;
        }
        if (uploads.isEmpty()) {
            // the reads land in memory only this method holds
            awaitAndRelease(reads);
            free.run();
            done.complete(0);
            return;
        }
        // where the reads may yet fail, what is counted as held there from now on is marked as landing, so that a
        // holder evicting it writes it back first (else the landed memory has it, should the upload fail)
        boolean landing = !reads.isEmpty();
        for (Piece part : moved) {
            if (landing) {
                s.landing(part.offset(), part.length(), target.index());
            }
            copied(s, part, target.index());
        }
        trackUploads(target, "upload", uploads, ordered, status -> {
            target.memory().unpin(used);
            try {
                boolean readFailed = false;
                for (RealEvent read : reads) {
                    // an upload may end at once where a read it waits for failed, and another read still land after it
                    readFailed |= read.await() < 0;
                    read.release();
                }
                if (status < 0 || readFailed) {
                    target.countFailure();
                    unland(s, landed, moved, source, target, !readFailed);
                }
            } finally {
                if (landing) {
                    for (Piece part : moved) {
                        s.landed(part.offset(), part.length(), target.index());
                    }
                }
                // the landed memory is read by the uploads until they end
                Reference.reachabilityFence(landed);
                free.run();
            }
        });
        done.complete(0);
    }

    /** A read of a chunk for another device ({@link #readAcross}): its event, and the chunk it keeps pinned. */
    public record ReadAcross(RealEvent event, Chunk chunk) {

        /** Once the read has ended (from any thread): releases its event and lets go of the chunk. */
        public void ended() {
            event.release();
            chunk.unpin();
        }
    }

    /**
     * From any thread: enqueues on {@code queue}, a queue of {@code source}'s device, a read of
     * {@code [offset, offset + length)} of {@code s} from its chunk there into {@code into}, once {@code after} have
     * ended, and flushes it. The chunk stays pinned until {@link ReadAcross#ended}. Nothing is counted as held
     * anywhere: the bytes may be those of a piece still in flight. Null, having enqueued nothing, where the source
     * has no chunk holding the whole range.
     */
    public static ReadAcross readAcross(Storage s, long offset, long length, MemoryNode source, RealQueue queue,
                                        ByteBuffer into, List<RealEvent> after) {
        Chunk c = s.chunkCovering(source.memory(), offset, length);
        if (c == null) {
            return null;
        }
        c.pin();
        RealEvent read;
        try {
            read = queue.read(c.buffer(), c.local(offset), into, after);
        } catch (RuntimeException e) {
            c.unpin();
            throw e;
        }
        ReadAcross r = new ReadAcross(read, c);
        try {
            queue.flush();
        } catch (RuntimeException e) {
            read.await();
            r.ended();
            throw e;
        }
        source.countBytes(length, false);
        return r;
    }

    /**
     * On {@code target}'s thread: enqueues on its queue an upload of {@code from} into its chunk for
     * {@code [offset, offset + length)} of {@code s}, once {@code after} (the read landing it, of a device of its real
     * context, and what else it must follow) have ended, and returns its event. The target is not counted as holding
     * the bytes (they may be those of a piece not yet ended): what goes behind the upload on its queue reads them
     * there, nothing else does.
     *
     * @throws ClError {@code CL_MEM_OBJECT_ALLOCATION_FAILURE} where the target has no chunk holding the range
     */
    public static RealEvent uploadAhead(Storage s, long offset, long length, MemoryNode target, ByteBuffer from,
                                        List<RealEvent> after) {
        Chunk c = s.chunkCovering(target.memory(), offset, length);
        if (c == null) {
            throw new ClError(OpenClConstants.CL_MEM_OBJECT_ALLOCATION_FAILURE, "no chunk on " + target.name());
        }
        RealEvent upload = target.queue().write(c.buffer(), c.local(offset), from, after);
        target.countBytes(length, true);
        return upload;
    }

    /** Waits for each of {@code events} to end, then releases it. */
    public static void awaitAndRelease(List<RealEvent> events) {
        for (RealEvent e : events) {
            e.await();
            e.release();
        }
    }

    /**
     * The uploads of {@code moved} to {@code target} failed: it stops holding what others hold too. What it alone holds
     * now (its source gave it up meanwhile, and no write has changed it since) goes back to the host copy from the
     * landed memory where the reads filled it ({@code filled}); where a read failed too, no copy is left but the
     * source's, and they are named to it again rather than taken from memory no read filled. A holder evicting bytes
     * still landing elsewhere writes them back first, and one distrusting them keeps them ({@link Storage#landing}),
     * so the source gave them up as its device was lost (whoever needs them then gets its error), or as a copy of its
     * own failed too.
     */
    private static void unland(Storage s, List<Landed> landed, List<Piece> moved, MemoryNode source,
                               MemoryNode target, boolean filled) {
        synchronized (s.hostWrites()) {
            for (Piece part : moved) {
                dropped(s, part.offset(), part.length(), target.index());
            }
            for (Landed l : landed) {
                for (Piece part : s.map().unchanged(l.piece())) {
                    for (Piece alone : s.map().held(part.offset(), part.length(), target.index())) {
                        if (filled) {
                            HostStore.copy(l.landing(), alone.offset() - l.base(), s.host(), alone.offset(),
                                    alone.length());
                        }
                        committed(s, alone.offset(), alone.length(), filled ? CoherenceMap.HOST : source.index());
                    }
                }
            }
        }
    }

    /** Writes back what the host lacks, then looks again: a holder may have failed, or evicted meanwhile. */
    private void fetchToHost(Storage s, long offset, long length, int rounds, int failure, Completion done) {
        List<Piece> missing = s.map().missing(offset, length, CoherenceMap.HOST);
        if (missing.isEmpty()) {
            done.complete(0);
        } else if (rounds == 0) {
            done.complete(failure);
        } else {
            writeBack(s, missing).onDone(status ->
                    fetchToHost(s, offset, length, rounds - 1, status < 0 ? status : failure, done));
        }
    }

    /** The host memory of an image, which is kept in one piece. */
    private static ByteBuffer wholeImage(HostStore host) {
        ByteBuffer all = host.view(0, host.size());
        if (all == null) {
            throw new ClError(OpenClConstants.CL_OUT_OF_RESOURCES, "an image's host copy over 1 GiB");
        }
        return all;
    }

    /**
     * From the program's thread: {@code s}, a new storage, takes its first content from {@code data} (its first
     * {@code s.size()} bytes; a Java array only where every device of {@code homes} stages its transfers) straight
     * on the devices of {@code homes}, which then alone hold it. The caller may change {@code data} as soon as
     * this returns, so each device's bytes are first copied into its pinned staging memory when it has a
     * slot for them; the upload from there is then left to the device's worker, ahead of anything it runs
     * after (see {@link #fillFromSlot}). The others are uploaded at once, each device's from a thread of its
     * own (an upload from pageable memory keeps its thread copying), and waited for. A device without room
     * now, or whose upload fails, gets nothing; false, having done nothing, when that is every device: then
     * the bytes go to the host copy.
     */
    public static boolean fillOnDevices(Storage s, List<? extends MemoryNode> homes, HostMemory data) {
        Map<MemoryNode, Chunk> chunks = new LinkedHashMap<>();
        Map<MemoryNode, ByteBuffer> staged = new LinkedHashMap<>();
        for (MemoryNode w : homes) {
            ByteBuffer slot = w.takeStaging(s.size());
            Chunk c = w.memory().allocateFresh(s, slot != null);
            if (c == null) {
                if (slot != null) {
                    w.giveStaging(slot);
                }
                continue;
            }
            if (slot != null) {
                staged.put(w, slot);
            }
            chunks.put(w, c);
        }
        List<CompletableFuture<Void>> copies = staged.entrySet().stream()
                .map(e -> e.getKey().copyOnHostThreads(data, e.getValue().limit((int) s.size()))).toList();
        List<MemoryNode> waited = chunks.keySet().stream().filter(w -> !staged.containsKey(w)).toList();
        List<CompletableFuture<Integer>> others = waited.stream().skip(1)
                .map(w -> w.upload(chunks.get(w).buffer(), data, s.size())).toList();
        long holders = 0;
        for (MemoryNode w : staged.keySet()) {
            holders |= w.bit();
        }
        for (int i = 0; i < waited.size(); i++) {
            MemoryNode w = waited.get(i);
            int status = i == 0 ? w.uploadNow(chunks.get(w).buffer(), data, s.size()) : others.get(i - 1).join();
            holders |= status == 0 ? w.bit() : 0;
        }
        copies.forEach(CompletableFuture::join);
        if (holders != 0) {
            committedOn(s, 0, s.size(), holders);
        }
        staged.forEach((w, slot) -> {
            Chunk c = chunks.get(w);
            w.runBeforeNextTask(() -> fillFromSlot(c, slot, w));
        });
        for (MemoryNode w : waited) {
            Chunk c = chunks.get(w);
            w.memory().unpinFresh(c);
            if ((holders & w.bit()) == 0) {
                s.removeChunk(c);
                w.memory().forget(c);
            }
        }
        return holders != 0;
    }

    /**
     * On {@code w}'s thread, before any task it takes after the storage was made: enqueues the upload of a
     * new storage's bytes from {@code slot} into {@code c}, which counts as holding them from the start.
     * Whatever uses the chunk goes on the device's queue behind it ({@link MemoryNode#orderBehindUploads}).
     * Nothing is enqueued when the storage
     * was freed meanwhile. If the upload fails, the device stops holding what others hold too, and what it
     * alone held is put back in the host copy from the slot.
     */
    private static void fillFromSlot(Chunk c, ByteBuffer slot, MemoryNode w) {
        Storage s = c.storage();
        RealEvent upload = null;
        RealEvent ordered = null;
        boolean failed = false;
        synchronized (s) {
            try {
                upload = c.released() ? null : w.inputQueue().write(c.buffer(), 0, slot, List.of());
                ordered = upload == null ? null : w.orderBehindUploads(List.of(upload));
            } catch (RuntimeException e) {
                if (upload != null) {
                    upload.release();
                    upload = null;
                }
                failed = true;
            }
        }
        w.memory().unpinFresh(c);
        IntConsumer settle = status -> {
            if (status < 0) {
                w.countFailure();
                restoreFromSlot(s, w.index(), slot);
            }
            w.giveStaging(slot);
        };
        if (upload == null) {
            settle.accept(failed ? OpenClConstants.CL_OUT_OF_RESOURCES : 0);
            return;
        }
        w.countBytes(c.size(), true);
        trackUploads(w, "fill", List.of(upload), ordered, settle);
    }

    /** The upload from {@code slot} of a new storage to {@code node} failed: see {@link #fillFromSlot}. */
    static void restoreFromSlot(Storage s, int node, ByteBuffer slot) {
        synchronized (s.hostWrites()) {
            dropped(s, 0, s.size(), node);
            for (Piece p : s.map().held(0, s.size(), node)) {
                s.host().forEach(p.offset(), p.length(), (memory, at) ->
                        memory.put(slot.duplicate().limit((int) at + memory.remaining()).position((int) at)));
                committed(s, p.offset(), p.length(), CoherenceMap.HOST);
            }
        }
    }

    /** A command that wrote the range on {@code node} has succeeded. */
    public static void committed(Storage s, long offset, long length, int node) {
        s.map().commitWrite(offset, length, node);
    }

    /** A write has completed and its result is now held by exactly {@code holders} (bits). */
    static void committedOn(Storage s, long offset, long length, long holders) {
        s.map().commitCopies(offset, length, holders);
    }

    /** A copy of {@code piece} has landed on {@code node}: it holds what no write has changed since. */
    static void copied(Storage s, Piece piece, int node) {
        s.map().addHolder(piece, node);
    }

    /**
     * {@code node} gives up its copy of the range (evicted, distrusted after a failure, or its device lost);
     * what it alone holds stays named, so whoever needs it gets the device's error rather than stale data.
     *
     * @return whether {@code node} now holds no byte of the range
     */
    public static boolean dropped(Storage s, long offset, long length, int node) {
        return s.map().dropNode(offset, length, node, (from, bytes) -> 0);
    }

    /**
     * {@code node}'s copy of the range, which a command that failed there read but did not write, is no longer trusted
     * ({@link #dropped}), but where the other holders' copies are still landing ({@link Storage#landing}) it keeps
     * it: the command left it as it was, and those copies may yet fail. Nothing writes the range meanwhile, since
     * what lands elsewhere is read there first.
     */
    public static void distrusted(Storage s, long offset, long length, int node) {
        s.map().dropNode(offset, length, node, s::landingOn);
    }

    /** The range's content no longer matters: no node holds it, so nothing ever transfers it. */
    public static void discarded(Storage s, long offset, long length) {
        s.map().discard(offset, length);
    }

    /** Copies pieces held only by devices back to the host, each on the queue of one device holding it. */
    private Completion writeBack(Storage s, List<Piece> pieces) {
        return fromEachHolder(pieces, (source, list, done) ->
                source.runOnThread(() -> download(s, list, source, done)));
    }

    /** What is done with the pieces one device holds, ending {@code done}. */
    @FunctionalInterface
    private interface HolderTask {
        void start(MemoryNode source, List<Piece> pieces, Completion done);
    }

    /**
     * Starts {@code task} once for each device holding some of {@code pieces} (held by devices), with the pieces it
     * is the first holder of; the completion ends when each has, with the first failure.
     */
    private Completion fromEachHolder(List<Piece> pieces, HolderTask task) {
        Map<MemoryNode, List<Piece>> bySource = new LinkedHashMap<>();
        for (Piece p : pieces) {
            MemoryNode source = nodes.apply(Long.numberOfTrailingZeros(p.holders() & ~1L));
            bySource.computeIfAbsent(source, k -> new ArrayList<>()).add(p);
        }
        List<Completion> parts = new ArrayList<>();
        bySource.forEach((source, list) -> {
            Completion done = new Completion();
            parts.add(done);
            task.start(source, list, done);
        });
        return Completion.all(parts);
    }

    /** A part of a storage read from a device into {@code landing}, which holds storage offset {@code base} at 0. */
    private record Landed(Piece piece, HostStore landing, long base) {
    }

    /**
     * On the holder's worker: reads what of the pieces the device still holds into memory beside the host copy
     * ({@link #readHeld}), then, under the storage's host-write lock, copies into the host copy the bytes that no
     * write has changed meanwhile, and only then counts the host as holding them. Not straight into the host copy:
     * a write of the host copy made meanwhile (a program may write bytes it is also reading, unordered, and expect
     * its write to stay) would be overwritten when the transfer lands.
     */
    private static void download(Storage s, List<Piece> pieces, MemoryNode w, Completion done) {
        readHeld(s, pieces, w, false, done, held -> {
            synchronized (s.hostWrites()) {
                for (Landed l : held.landed()) {
                    for (Piece part : s.map().unchanged(l.piece())) {
                        HostStore.copy(l.landing(), part.offset() - l.base(), s.host(), part.offset(),
                                part.length());
                    }
                    copied(s, l.piece(), CoherenceMap.HOST);
                }
            }
            held.free().run();
            done.complete(0);
        });
    }

    /**
     * On {@code w}'s thread: reads what of {@code pieces} its device still holds (it may have evicted or overwritten
     * some since they were asked for; the asker then looks again) into memory of their own, each with the version
     * it was read at, and hands them to {@code then} once the reads have ended well (which gives back the memory
     * once done with it); ends {@code done} instead where a read failed, the device is lost, or it holds none of them.
     */
    private static void readHeld(Storage s, List<Piece> pieces, MemoryNode w, boolean kept, Completion done,
                                 Consumer<HeldReads> then) {
        HeldReads held = enqueueHeld(s, pieces, w, kept, done);
        if (held != null) {
            trackReads("download", w, held.reads(), held.used(), false, status -> {
                if (status < 0) {
                    held.free().run();
                    done.complete(status);
                } else {
                    then.accept(held);
                }
            });
        }
    }

    /**
     * Reads enqueued by {@link #enqueueHeld}: their events, what they land, the chunks they read; {@code free} gives
     * the landed memory back to the device read from, once nothing reads or writes it any more.
     */
    private record HeldReads(List<RealEvent> reads, List<Landed> landed, List<Chunk> used, Runnable free) {
    }

    /**
     * On {@code w}'s thread: enqueues the reads of {@link #readHeld}; null, having ended {@code done}, where the
     * device is lost, holds none of the pieces, or an enqueue failed. {@code kept}: reads of
     * {@link #KEPT_LANDING_BYTES} or more land in memory the device keeps from one such read to the next (bytes on
     * their way to another device, which launches over the same buffers move again and again); else in memory of
     * their own.
     */
    private static HeldReads enqueueHeld(Storage s, List<Piece> pieces, MemoryNode w, boolean kept,
                                         Completion done) {
        if (w.isLost()) {
            done.complete(OpenClConstants.CL_DEVICE_NOT_AVAILABLE);
            return null;
        }
        List<RealEvent> reads = new ArrayList<>();
        List<Landed> landed = new ArrayList<>();
        List<Chunk> used = new ArrayList<>();
        List<ByteBuffer> taken = new ArrayList<>();
        Runnable free = () -> taken.forEach(w::giveLanding);
        try {
            for (Piece asked : pieces) {
                for (Piece p : s.map().held(asked.offset(), asked.length(), w.index())) {
                    ByteBuffer memory = kept && p.length() >= KEPT_LANDING_BYTES && p.length() <= HostStore.CHUNK
                            ? w.takeLanding(p.length()) : null;
                    if (memory != null) {
                        taken.add(memory);
                    }
                    HostStore landing = memory != null ? new HostStore(memory) : new HostStore(p.length());
                    readFromChunks(s, p.offset(), p.length(), landing, p.offset(), w, reads, used,
                            (from, length) -> landed.add(new Landed(new Piece(from, length, p.holders(), p.version()),
                                    landing, p.offset())));
                }
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            // the reads enqueued land in memory only this method holds: they must end before it goes
            awaitAndRelease(reads);
            free.run();
            done.complete(e instanceof OutOfMemoryError ? OpenClConstants.CL_OUT_OF_HOST_MEMORY : Statuses.of((RuntimeException) e));
            return null;
        }
        if (reads.isEmpty()) {
            free.run();
            done.complete(0);
            return null;
        }
        return new HeldReads(reads, landed, used, free);
    }

    /**
     * On {@code w}'s thread: reads {@code [offset, offset + length)} of buffer {@code s} from the chunks of
     * {@code w}'s device into {@code into} (at 0), behind what is on its queue; {@code then} gets the status
     * when they end. The caller knows the device holds the range once what is before on its queue has run;
     * nothing here is marked valid anywhere. Returns false, having enqueued nothing, when the device has no
     * chunk of the range; throws, having released what it enqueued, when an enqueue fails.
     */
    public static boolean readBehind(Storage s, long offset, long length, MemoryNode w, HostStore into,
                                     IntConsumer then) {
        List<RealEvent> reads = new ArrayList<>();
        List<Chunk> used = new ArrayList<>();
        try {
            readFromChunks(s, offset, length, into, offset, w, reads, used, (from, part) -> { });
        } catch (RuntimeException e) {
            reads.forEach(RealEvent::release);
            throw e;
        }
        if (reads.isEmpty()) {
            return false;
        }
        trackReads("read", w, reads, used, true, then);
        return true;
    }

    /** A part of a range that one chunk holds: storage offset and length. */
    private interface PartRead {
        void accept(long from, long length);
    }

    /**
     * Enqueues reads of what {@code w}'s chunks hold of {@code [offset, offset + length)} of {@code s} into
     * {@code into}, storage offset {@code x} going to {@code x - base}; adds the events to {@code reads}, the
     * chunks to {@code used}, and tells {@code parts} each part read.
     */
    private static void readFromChunks(Storage s, long offset, long length, HostStore into, long base,
                                       MemoryNode w, List<RealEvent> reads, List<Chunk> used, PartRead parts) {
        for (Chunk c : s.chunksOverlapping(w.memory(), offset, length)) {
            long from = Math.max(offset, c.offset());
            long to = Math.min(offset + length, c.end());
            reads.addAll(read(c, from, to - from, into, from - base, w));
            used.add(c);
            parts.accept(from, to - from);
        }
    }

    /** Tracks enqueued reads from {@code used}, which stay pinned until the reads end; then {@code then}. */
    private static void trackReads(String label, MemoryNode w, List<RealEvent> reads, List<Chunk> used,
                                   boolean behind, IntConsumer then) {
        w.memory().pinAll(used);
        RealEvent last = reads.remove(reads.size() - 1);
        w.trackDownload(label, last, reads, behind, status -> {
            w.memory().unpin(used);
            then.accept(status);
        });
    }

    /** Enqueues reads of {@code piece}, which lies in {@code c}, into the host copy; counts the bytes. */
    static List<RealEvent> readToHost(Chunk c, Piece piece, MemoryNode w) {
        return read(c, piece.offset(), piece.length(), c.storage().host(), piece.offset(), w);
    }

    /**
     * Enqueues reads of bytes {@code [offset, offset + length)} of a storage, which lie in {@code c}, into
     * {@code into} at {@code intoOffset} (an image: all of it, into all of {@code into}); counts the bytes.
     */
    static List<RealEvent> read(Chunk c, long offset, long length, HostStore into, long intoOffset,
                                MemoryNode w) {
        Storage s = c.storage();
        List<RealEvent> reads = new ArrayList<>();
        if (s.image() == null) {
            boolean now = w.transfersNow();
            into.forEach(intoOffset, length, (memory, at) -> {
                long from = c.local(offset + at - intoOffset);
                reads.add(now ? w.queue().readNow(c.buffer(), from, memory)
                        : w.queue().read(c.buffer(), from, memory, List.of()));
            });
        } else {
            ImageSpec l = s.image();
            reads.add(w.queue().readImage(c.image(), new long[3], l.fullRegion(), l.rowPitch(), l.slicePitch(),
                    wholeImage(into), List.of()));
        }
        w.countBytes(length, false);
        return reads;
    }
}
