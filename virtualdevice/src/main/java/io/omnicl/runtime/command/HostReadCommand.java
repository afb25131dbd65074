package io.omnicl.runtime.command;

import io.omnicl.driver.HostMemory;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.coherence.HostStore;
import io.omnicl.runtime.coherence.Storage;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.HostThreads;
import io.omnicl.runtime.worker.StagedPieces;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import static io.omnicl.driver.OpenClConstants.CL_COMMAND_READ_BUFFER;
import static io.omnicl.driver.OpenClConstants.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;

/**
 * A read of a buffer range into the user's memory: it follows the commands that write the range onto their
 * device and reads it from there, or reads a direct buffer's range from the device that holds it, or makes the
 * range valid on the host copy and copies it from there.
 */
final class HostReadCommand extends Command {

    /**
     * Bytes of a read that the worker copies from pinned slots into the user's memory itself: a hand-over to a
     * host thread costs more than copying that much, and a larger copy would hold up the device's next commands.
     */
    private static final long COPY_ON_WORKER_BYTES = 64 << 10;

    private final MemObject buffer;
    private final HostMemory user;
    private final Access access;
    /** Set when the read waits for a launch cut across GPUs alone: it reads the launch's pieces as they end. */
    private volatile EarlyRead early;

    HostReadCommand(Queue queue, MemObject buffer, long offset, long size, HostMemory user) {
        super(queue, CL_COMMAND_READ_BUFFER);
        this.buffer = buffer;
        this.user = user;
        this.access = new Access(buffer.storage(), buffer.storageOffset() + offset, size, false);
        buffer.hold();
    }

    @Override
    List<Access> accesses() {
        return List.of(access);
    }

    @Override
    void start() {
        EarlyRead e = early;
        if (e == null) {
            read();
        } else {
            e.launchEnded(0);
        }
    }

    /** The launch in the wait list failed: the read fails once the reads of its pieces in flight have ended. */
    @Override
    void failedByWaitList() {
        EarlyRead e = early;
        if (e == null) {
            super.failedByWaitList();
        } else {
            e.launchEnded(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
        }
    }

    private void read() {
        if (!readFromHolder() && !readFromHolders()) {
            readThroughHostCopy();
        }
    }

    /**
     * A read whose only earlier command not yet ended is a launch cut across GPUs, which writes all it reads, reads the
     * launch's pieces as they end. (Where the launch's event is in the read's wait list and the launch fails, the read
     * fails too, its memory holding what pieces that ended well wrote.)
     */
    @Override
    void waitsWhenSealed() {
        // where every result is copied to the host as its piece commits, the read finds it there
        if (access.storage().image() == null && !queue.runtime().config().resilient()
                && onlyPrecursorLeft() instanceof KernelCommand launch) {
            EndedPieces pieces = launch.piecesWritingAll(access);
            if (pieces != null) {
                EarlyRead e = new EarlyRead();
                early = e;
                pieces.watch(e);
            }
        }
    }

    /**
     * The bytes of a cut launch's pieces, each read as its piece ends, on the downloads queue of its device while the
     * device runs the pieces after it, into their place in the user's memory. The read ends once the launch has and
     * they are all there. Where a piece's bytes could not be read so (its piece failed, its device was failing, or
     * had work on its in-order queue without an event), the read is made whole as usual once the launch has ended:
     * the user's memory holds nothing defined until the read ends.
     */
    private final class EarlyRead implements EndedPieces.Watcher {

        /**
         * Under this: the bytes read, the reads in flight, whether one failed or was not made, the launch's end, and
         * the status the read fails with then (its wait list's), else 0.
         */
        private long read;
        private int reading;
        private boolean missed;
        private boolean ended;
        private int failure;

        @Override
        public void ended(DeviceWorker w, List<Access> outputs) {
            for (Access o : outputs) {
                Access both = o.intersection(access);
                if (both == null) {
                    continue;
                }
                synchronized (this) {
                    if (ended || missed) {
                        return;
                    }
                    reading++;
                }
                Route.toThreadOf(w, on -> readEarly(on, both.offset(), both.length()));
            }
        }

        /** On {@code w}'s thread: reads {@code [from, from + length)} of the storage from its downloads queue. */
        private void readEarly(DeviceWorker w, long from, long length) {
            boolean[] tracked = new boolean[1];
            try {
                if (mayReadFrom(w, from, length)) {
                    w.onDownloadQueue(() -> tracked[0] = readSpan(w, from, length, false,
                            status -> spanRead(length, status)));
                }
            } catch (RuntimeException e) {
                // the device is failing (its downloads queue could not be made or flushed); a read tracked still ends
            }
            if (!tracked[0]) {
                spanRead(length, -1);
            }
        }

        private void spanRead(long length, int status) {
            synchronized (this) {
                reading--;
                if (status < 0) {
                    missed = true;
                } else {
                    read += length;
                }
                if (!ended || reading > 0) {
                    return;
                }
            }
            finish();
        }

        /**
         * The launch has ended: the read ends once the reads in flight have, failing with {@code failure} where that
         * is not 0 (its wait list failed).
         */
        void launchEnded(int failure) {
            synchronized (this) {
                ended = true;
                this.failure = failure;
                if (reading > 0) {
                    return;
                }
            }
            finish();
        }

        private void finish() {
            if (failure != 0) {
                end(failure);
                return;
            }
            // each byte read came from a piece that ended well and committed it there, as a read made now would find it
            if (!missed && read == access.length()) {
                event.running(0);
                end(0);
            } else {
                read();
            }
        }
    }

    /** Makes the range valid on the host copy, then copies it from there. */
    private void readThroughHostCopy() {
        long start = access.offset();
        queue.runtime().coherency().toHost(access.storage(), start, access.length()).onDone(s -> {
            if (s < 0) {
                end(s);
                return;
            }
            event.running(0);
            access.storage().host().forEach(start, access.length(), (memory, at) -> user.copyIn(at - start, memory));
            end(0);
        });
    }

    /**
     * A read of a range that the host copy lacks and a device holds whole goes from that device (the queue's
     * own, if it is one of them) to the user's memory, as plain OpenCL would do it: straight into a direct
     * buffer, through one landing into a Java array. Filling the host copy on the way would allocate it and
     * copy everything twice more. Returns false, having done nothing, when the read is not such a read.
     */
    private boolean readFromHolder() {
        Storage s = access.storage();
        if (s.image() != null) {
            return false;
        }
        long holders = s.map().holdersOfAll(access.offset(), access.length());
        long devices = holders & ~queue.runtime().devices().lostNodes();
        if (devices == 0 || (holders & CoherenceMap.bit(CoherenceMap.HOST)) != 0) {
            return false;
        }
        // the queue's own device, when it is one of the holders (a pinned queue)
        long own = devices & queue.deviceImpl().nodeMask();
        DeviceNode holder = queue.runtime().devices().node(Long.numberOfTrailingZeros(own != 0 ? own : devices));
        Route.toHolder(holder, w -> {
            // the device may have evicted the range since; then it is back on the host copy
            if (!mayReadFrom(w, access.offset(), access.length()) || !readOn(w, this::readThroughHostCopy)) {
                readThroughHostCopy();
            }
        });
        return true;
    }

    /**
     * A read of a range that the host copy lacks and devices hold between them (the parts of a launch cut across
     * devices wrote it) goes from each device, its bytes at once, straight to their place in the user's memory.
     * Returns false, having done nothing, when some of the range is on the host or nowhere.
     */
    private boolean readFromHolders() {
        Storage s = access.storage();
        if (s.image() != null) {
            return false;
        }
        long lost = queue.runtime().devices().lostNodes();
        List<Span> spans = new ArrayList<>();
        long covered = 0;
        for (CoherenceMap.Piece p : s.map().missing(access.offset(), access.length(), CoherenceMap.HOST)) {
            long devices = p.holders() & ~lost;
            if (devices == 0) {
                return false;
            }
            int holder = Long.numberOfTrailingZeros(devices);
            Span last = spans.isEmpty() ? null : spans.get(spans.size() - 1);
            if (last != null && last.holder() == holder && last.to() == p.offset()) {
                spans.set(spans.size() - 1, new Span(holder, last.from(), p.end()));
            } else {
                spans.add(new Span(holder, p.offset(), p.end()));
            }
            covered += p.length();
        }
        if (covered != access.length() || spans.size() < 2) {
            return false;
        }
        event.running(0);
        AtomicInteger left = new AtomicInteger(spans.size());
        AtomicBoolean failed = new AtomicBoolean();
        IntConsumer spanDone = status -> {
            if (status < 0) {
                failed.set(true);
            }
            if (left.decrementAndGet() == 0) {
                if (failed.get()) {
                    readThroughHostCopy();
                } else {
                    end(0);
                }
            }
        };
        for (Span span : spans) {
            long from = span.from();
            long length = span.to() - from;
            Route.toOwnThread(queue.runtime().devices().node(span.holder()).worker(), w -> {
                if (!mayReadFrom(w, from, length) || !readSpan(w, from, length, true, spanDone)) {
                    spanDone.accept(-1);
                }
            }, false);
        }
        return true;
    }

    /**
     * On {@code w}'s thread: whether bytes {@code [from, from + length)} of the storage may be read from {@code w}'s
     * device: it still holds them (it may have evicted them since it was asked), and is neither lost nor failing.
     */
    private boolean mayReadFrom(DeviceWorker w, long from, long length) {
        return !w.node().isLost() && !w.failing()
                && (access.storage().map().holdersOfAll(from, length) & w.node().bit()) != 0;
    }

    /** {@link #readOn} of {@code [from, from + length)} of the storage into its place in the user's memory. */
    private boolean readSpan(DeviceWorker w, long from, long length, boolean running, IntConsumer then) {
        return readOn(w, from, length, new Window(user, from - access.offset(), length), running, then);
    }

    /** Bytes {@code [from, to)} of the storage, read from device {@code holder}. */
    private record Span(int holder, long from, long to) {
    }

    /** The part of the user's memory from {@code base} on, {@code size} bytes of it. */
    private record Window(HostMemory user, long base, long size) implements HostMemory {
        @Override
        public void copyOut(long offset, ByteBuffer dst) {
            user.copyOut(base + offset, dst);
        }

        @Override
        public void copyIn(long offset, ByteBuffer src) {
            user.copyIn(base + offset, src);
        }

        @Override
        public ByteBuffer direct() {
            ByteBuffer all = user.direct();
            return all == null ? null : all.slice(all.position() + (int) base, (int) size).order(all.order());
        }
    }

    /** A read of a buffer may follow the commands that write what it reads onto their device. */
    @Override
    boolean canFollowOn(DeviceWorker w) {
        return access.storage().image() == null;
    }

    /**
     * Reads the range from {@code w}'s device behind the precursors into the user's memory.
     */
    @Override
    void follow(DeviceWorker w) {
        if (w.node().isLost() || w.failing() || !precursorsSettledOn(w) || !onDeviceBehindPrecursors(w)) {
            unfollow();
            return;
        }
        if (!readOn(w, this::unfollow)) {
            unfollow();
        }
    }

    /**
     * Reads the range from {@code w}'s device, behind what is on its queue, into the user's memory: through
     * pinned memory where the device's transfers are staged (copied on from host threads, so that the worker
     * goes on), else directly when it is a direct buffer, else through memory of its own (never into the host
     * copy, which must stay as it is should a command before have failed). Ends the command when the read
     * succeeds, runs {@code otherwise} when it fails; returns false, having enqueued nothing, when it could not
     * be enqueued.
     */
    private boolean readOn(DeviceWorker w, Runnable otherwise) {
        boolean reading = readOn(w, access.offset(), access.length(), user, true, status -> {
            if (status < 0) {
                runningOn(null);
                otherwise.run();
            } else {
                end(0);
            }
        });
        if (reading) {
            runningOn(w);
        }
        return reading;
    }

    /**
     * Reads {@code [offset, offset + length)} of the buffer's storage from {@code w}'s device, behind what is on
     * its queue, into {@code into}; {@code then} gets the status once the bytes are there (or the read failed).
     * {@code running}: the command's event is then running (not for bytes read before the command started).
     * Returns false, having enqueued nothing, when it could not be enqueued.
     */
    private boolean readOn(DeviceWorker w, long offset, long length, HostMemory into, boolean running,
                           IntConsumer then) {
        // the user's memory holds nothing defined until the read completes, so it may take the bytes at once
        ByteBuffer intoDirect = into.direct();
        ByteBuffer direct = intoDirect != null && intoDirect.remaining() == length ? intoDirect : null;
        Landing landing = Landing.of(w, length, direct);
        try {
            boolean reading = Coherency.readBehind(access.storage(), offset, length, w, landing.store(), status -> {
                if (status < 0) {
                    landing.giveBack();
                    then.accept(status);
                    return;
                }
                if (running) {
                    event.running(0);
                }
                if (landing.staged() && length > COPY_ON_WORKER_BYTES) {
                    HostThreads.run(() -> {
                        landing.copyOut(into, direct);
                        landing.giveBack();
                        then.accept(0);
                    });
                    return;
                }
                landing.copyOut(into, direct);
                landing.giveBack();
                then.accept(0);
            });
            if (!reading) {
                landing.giveBack();
            }
            return reading;
        } catch (RuntimeException e) {
            landing.giveBack();
            return false;
        }
    }

    /**
     * Where a read from a device lands: in pieces of a pinned slot's size ({@link StagedPieces}), each in a slot
     * of the device where one is free, the others in the user's memory when it is a direct buffer of the range's
     * size, else in memory of their own; or whole in one of those when no slot is free (or the device's
     * transfers are not staged), in the device's kept landing memory ({@link DeviceWorker#takeLanding}) when the
     * user's memory is a Java array.
     */
    private record Landing(HostStore store, StagedPieces pieces, DeviceWorker keeper, ByteBuffer kept) {

        static Landing of(DeviceWorker w, long length, ByteBuffer direct) {
            StagedPieces pieces = StagedPieces.take(w, length);
            if (!pieces.staged()) {
                if (direct != null) {
                    return new Landing(new HostStore(direct), pieces, null, null);
                }
                ByteBuffer kept = w.takeLanding(length);
                return new Landing(kept != null ? new HostStore(kept) : new HostStore(length), pieces, w, kept);
            }
            ByteBuffer[] into = new ByteBuffer[pieces.count()];
            ByteBuffer rest = null;
            for (int i = 0; i < into.length; i++) {
                ByteBuffer slot = pieces.slot(i);
                if (slot == null && direct == null && rest == null) {
                    rest = w.takeLanding(length);
                }
                into[i] = slot != null ? slot : direct != null ? pieces.piece(direct, i)
                        : rest != null ? pieces.piece(rest, i) : ByteBuffer.allocateDirect(pieces.length(i));
            }
            return new Landing(new HostStore(into, DeviceWorker.SLOT_BYTES), pieces, w, rest);
        }

        boolean staged() {
            return pieces.staged();
        }

        /** Copies what is not in the user's memory already into it, the pieces on host threads at once. */
        void copyOut(HostMemory user, ByteBuffer direct) {
            if (direct == null) {
                List<CompletableFuture<Void>> copies = new ArrayList<>();
                store.forEach(0, store.size(), (memory, at) -> copies.add(HostThreads.toUser(memory, user, at)));
                CompletableFuture.allOf(copies.toArray(new CompletableFuture<?>[0])).join();
            } else if (staged()) {
                pieces.copyOut(direct);
            }
        }

        void giveBack() {
            pieces.giveBack();
            if (kept != null) {
                keeper.giveLanding(kept);
            }
        }
    }

    /**
     * Whether {@code w}'s device holds the whole range once the precursors in flight there have run. (The pending writes
     * include those of cut launches' pieces waiting to commit there; a read follows no cut launch, which runs on no
     * single device, so it finds those only where it does not depend on them.)
     */
    private boolean onDeviceBehindPrecursors(DeviceWorker w) {
        long me = CoherenceMap.bit(w.node().index());
        for (Access a : access.minus(w.pendingWrites())) {
            if ((a.storage().map().holdersOfAll(a.offset(), a.length()) & me) == 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    void released() {
        buffer.unhold();
    }
}
