package io.omnicl.runtime.worker;

import io.omnicl.driver.DeviceCounters;
import io.omnicl.runtime.coherence.DeviceMemory;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.graph.Log;
import io.omnicl.runtime.graph.Statuses;
import io.omnicl.runtime.sched.DeviceSpeed;
import io.omnicl.runtime.sched.PerfModel;
import io.omnicl.runtime.sched.Scheduler;
import io.omnicl.runtime.sched.Worker;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static io.omnicl.driver.OpenClConstants.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;

/**
 * The one thread that drives one real device: it takes tasks posted to it and tasks the scheduler gives
 * it, submits their real commands to the device's in-order queue, keeps a few in flight, and waits for
 * the oldest. Only this thread enqueues on the device's queue, so "valid on this device" means valid for
 * everything it enqueues next; and drivers that execute work in the waiting thread (PoCL's basic device)
 * run each device's work on its own thread.
 */
public final class DeviceWorker implements Worker {

    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final int CLOCK_SAMPLES = 8;

    /**
     * A submitted command: its own real event (the kernel, copy or transfer), its last one (the same, or a
     * read of its results after it), and the others (transfers before it, and the main one when not last).
     */
    private record Submitted(String label, Trace.Kind kind, RealEvent main, RealEvent last, List<RealEvent> others,
                             List<Access> writes, boolean behind, boolean timed, InFlight handler) {
    }

    /** Commands submitted since the last flush after which the queue is flushed anyway. */
    private static final int FLUSH_EVERY = 16;
    /** Bytes of one pinned slot: the most that {@link #takeStaging} stages. */
    public static final int SLOT_BYTES = PinnedSlots.SLOT_BYTES;
    /** Bytes of the program's memory that one host thread copies, when a copy is split among several. */
    private static final int COPY_PIECE = 512 << 10;
    /** Host threads that one copy keeps busy at most: one per core. */
    private static final int COPY_THREADS = Runtime.getRuntime().availableProcessors();
    /** Pinned slots one upload by {@link #uploadNow} takes at most, leaving the others to other transfers. */
    private static final int STAGED_UPLOAD_SLOTS = 4;
    /** Commands behind others that may go without a real event in a row; the next one gets one. */
    private static final int EVENT_EVERY = 16;

    private final DeviceNode node;
    private final int maxInFlight;
    /** {@code OMNICL_THROTTLE}: how many times slower this device pretends to be. */
    private final double throttle;
    private final Trace trace;
    private final PerfModel model;
    /**
     * How long the worker, with nothing to submit, watches for new work: while its oldest command runs, before
     * it waits in the driver (see {@link #workBeforeOldestEnds}), and when idle, before it parks. A parked
     * thread takes tens of microseconds to wake; a program that waits for each command would pay that each time.
     */
    private final long watchNanos;
    /** When the work this worker has taken is expected to be done (host ns), 0 when idle. */
    private final AtomicLong busyUntil = new AtomicLong();
    private final ConcurrentLinkedQueue<WorkerTask> inbox = new ConcurrentLinkedQueue<>();
    /** Tasks that go on the queue before any task taken after they were given (see {@link #precede}). */
    private final ConcurrentLinkedQueue<WorkerTask> preceding = new ConcurrentLinkedQueue<>();
    private final ArrayDeque<Submitted> inFlight = new ArrayDeque<>();
    /** The ranges the commands in flight write, each with the number of them writing exactly it (a counter). */
    private final Map<Access, int[]> pendingWrites = new HashMap<>();
    /** Those of {@link #inFlight} that followed others rather than came from the scheduler. */
    private int followersInFlight;
    /** Commands submitted since the queue was last flushed. */
    private int unflushed;
    /** Commands submitted without a real event since the last one with. */
    private int withoutEvent;
    /**
     * Commands at the head of {@link #inFlight} without an event that are known to have ended, since a later
     * event has, and the status that event ended with.
     */
    private int knownEnded;
    private int knownStatus;
    private final AtomicBoolean signalled = new AtomicBoolean();
    private volatile boolean parked;
    private final Object startLock = new Object();
    private volatile Scheduler<DeviceTask> scheduler;
    private volatile Thread thread;
    private volatile DeviceSession session;
    private RealQueue queue;
    /** Threads for host-side work off the workers' threads, made as needed and ended after a minute idle. */
    private static final ExecutorService HOST_THREADS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "omnicl-host");
        t.setDaemon(true);
        return t;
    });
    /** Pinned memory for staging transfers of the program's memory; null when this device's are not staged. */
    private final PinnedSlots pinned;
    /** A second queue of the device, for {@link #uploadNow} from other threads; made on first use. */
    private RealQueue uploads;
    /**
     * Where this device's transfers are staged (a GPU): a queue of the worker's own for the uploads of its
     * commands' inputs, so that they run on the device's copy engine while earlier kernels run (see
     * {@link #inputQueue}); null elsewhere, where they go on {@link #queue}.
     */
    private RealQueue inputs;
    /**
     * Host time minus device time, to put device profiling times on the host clock: set from markers when
     * the worker starts, and lowered whenever a command's end would put it after the moment the worker saw
     * it end. Until a marker or a command sets it, far ahead (some drivers time markers on another clock).
     */
    private long clockOffset = Long.MAX_VALUE / 4;
    private final AtomicLong commands = new AtomicLong();
    private final AtomicLong kernels = new AtomicLong();
    private final AtomicLong followed = new AtomicLong();
    private final AtomicLong bytesIn = new AtomicLong();
    private final AtomicLong bytesOut = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private ByteBuffer scratch = ByteBuffer.allocateDirect(256);
    private final DeviceMemory memory;
    /** Tasks to run again once the oldest command in flight has ended. */
    private final List<WorkerTask> afterNextEnd = new ArrayList<>();
    /** Commands in flight when one failed, which therefore fail too. */
    private int suspect;

    DeviceWorker(DeviceNode node, int maxInFlight, double throttle, Trace trace, PerfModel model, long memLimit,
                 boolean staged, long watchNanos) {
        this.watchNanos = watchNanos;
        this.pinned = staged ? new PinnedSlots() : null;
        this.node = node;
        this.maxInFlight = Math.max(1, maxInFlight);
        this.throttle = throttle;
        this.trace = trace;
        this.model = model;
        this.memory = new DeviceMemory(this, memLimit, node.maxAllocSize());
    }

    /** The device's memory: its chunks and their limit. */
    public DeviceMemory memory() {
        return memory;
    }

    /** Whether commands are in flight; only for use on this worker's thread. */
    public boolean hasInFlight() {
        return !inFlight.isEmpty();
    }

    /**
     * Whether commands in flight here are failing because one before them failed; only on this worker's
     * thread. Nothing may then follow them: it would run after the failure and yet succeed.
     */
    public boolean failing() {
        return suspect > 0;
    }

    /** Runs {@code task} again once the oldest command in flight has ended; only on this worker's thread. */
    public void retryAfterNextEnd(WorkerTask task) {
        afterNextEnd.add(task);
    }

    public DeviceNode node() {
        return node;
    }

    @Override
    public int index() {
        return node.index();
    }

    @Override
    public String modelId() {
        return node.modelId();
    }

    public void setScheduler(Scheduler<DeviceTask> scheduler) {
        this.scheduler = scheduler;
    }

    void start() {
        if (thread != null) {
            return;
        }
        synchronized (startLock) {
            if (thread == null) {
                session = node.device().open();
                if (pinned != null) {
                    pinned.make(session);
                }
                Thread t = new Thread(this::loop, "omnicl-device-" + node.index());
                t.setDaemon(true);
                thread = t;
                t.start();
            }
        }
    }

    /** The device's session (its real context); the worker is started if it was not yet. */
    public DeviceSession session() {
        start();
        return session;
    }

    /** The in-order queue; only for use on this worker's thread. */
    public RealQueue queue() {
        return queue;
    }

    /**
     * The queue for uploads of the inputs of commands this worker has taken; only for use on this worker's
     * thread, each upload then ordered on {@link #queue} with {@link #orderBehindUploads}. On one in-order
     * queue the inputs of the next command would wait for the kernel before it to end: on a GPU with a queue
     * of their own they move while it runs, and the next kernel waits only for them.
     */
    public RealQueue inputQueue() {
        return inputs != null ? inputs : queue;
    }

    /**
     * Orders whatever is submitted next on {@link #queue} behind {@code uploads}, enqueued on the
     * {@link #inputQueue}: flushes that queue and enqueues on {@link #queue} a marker waiting for them. From
     * then on the device's queue finds the bytes there, as it would had they been written on it (the coherence
     * map already counts them as held). Returns the marker's event, for the caller to track or release (the
     * order holds without it), or null where the input queue is the device's queue and there is nothing to do.
     * A command tracked here must end with an event of {@link #queue}: the worker takes the commands in flight
     * to end in that queue's order.
     */
    public RealEvent orderBehindUploads(List<RealEvent> uploads) {
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
     * A command was submitted here but fails before it is tracked (an enqueue after it failed): it may still run,
     * unseen. Waits for it, so that no upload on the {@link #inputQueue}, which is not ordered behind it, lands
     * under it in memory it uses. Best effort: the device may be failing.
     */
    public void settleUntracked() {
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
     * From any thread: writes {@code src} to the start of {@code dst} on a queue of its own, and waits. Only
     * for memory no command uses yet, which therefore needs no order against this worker's queue. (A new
     * buffer's bytes that fit a pinned slot go through {@link #precede} instead; this is for the others.)
     * Where this device's transfers are staged, the bytes go through pinned slots a slot's worth at a time,
     * several copied at once while the device takes those already copied: a driver moves pageable memory at a
     * fraction of the bus speed (64 MB took ~11 ms on an H200). Pieces that find no slot free go as they are.
     *
     * @return 0, or the first failed piece's negative status
     */
    public int uploadNow(RealBuffer dst, ByteBuffer src) {
        NativeGate.enter();
        ArrayDeque<Piece> pending = new ArrayDeque<>();
        int status = 0;
        try {
            int length = src.remaining();
            for (long at = 0; at < length && status == 0; at += PinnedSlots.SLOT_BYTES) {
                int part = (int) Math.min(PinnedSlots.SLOT_BYTES, length - at);
                ByteBuffer slot = pinned != null && pending.size() < STAGED_UPLOAD_SLOTS ? pinned.take(part) : null;
                if (slot == null && pending.peek() != null && pending.peek().slot != null) {
                    Piece oldest = pending.poll();
                    status = oldest.end(dst, true);
                    slot = oldest.slot.clear();
                }
                if (status < 0) {
                    pinned.give(slot);
                    break;
                }
                pending.add(new Piece(at, src.slice(src.position() + (int) at, part), slot));
                for (Piece p : pending) {
                    p.writeOnceCopied(dst, false);
                }
            }
        } catch (RuntimeException e) {
            status = Statuses.of(e);
        } finally {
            for (Piece p : pending) {
                int ended = p.end(dst, status == 0);
                status = status < 0 ? status : ended;
                if (p.slot != null) {
                    pinned.give(p.slot);
                }
            }
            NativeGate.exit();
        }
        if (status == 0) {
            countBytes(src.remaining(), true);
        }
        return status;
    }

    /**
     * A piece of an upload at {@code offset}: its bytes are copied into {@code slot} on host threads (when
     * it has one; otherwise they go straight from the program's memory), then written.
     */
    private final class Piece {
        private final long offset;
        private final ByteBuffer slot;
        private final ByteBuffer bytes;
        private final CompletableFuture<Void> copied;
        private RealEvent write;

        Piece(long offset, ByteBuffer from, ByteBuffer slot) {
            this.offset = offset;
            this.slot = slot;
            this.bytes = slot == null ? from : slot.slice(0, from.remaining());
            this.copied = slot == null ? CompletableFuture.completedFuture(null) : copy(from, slot);
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
        synchronized (startLock) {
            if (uploads == null) {
                uploads = session().createQueue(false);
            }
            RealEvent e = uploads.write(dst, offset, src, List.of());
            uploads.flush();
            return e;
        }
    }

    /** {@link #uploadNow} from a host thread, so that uploads to several devices overlap. */
    public CompletableFuture<Integer> upload(RealBuffer dst, ByteBuffer src) {
        return CompletableFuture.supplyAsync(() -> uploadNow(dst, src), HOST_THREADS);
    }

    /** Runs {@code work} on a host thread: copies between the program's memory and staging, off a worker. */
    public static CompletableFuture<Void> offWorker(Runnable work) {
        return CompletableFuture.runAsync(work, HOST_THREADS);
    }

    /** Copies the remaining bytes of {@code src} to {@code dst} as {@link #copy(List, List)} does. */
    public static CompletableFuture<Void> copy(ByteBuffer src, ByteBuffer dst) {
        return copy(List.of(src), List.of(dst));
    }

    /**
     * Copies the remaining bytes of each of {@code from} to the same-numbered buffer of {@code to} from its
     * position on, no position moving: in pieces, by at most one host thread per core at once, since one thread
     * copies at a fraction of what the memory can take (2 MB into pinned memory took ~250 us on the GPU
     * machine). Small copies are done at once on the calling thread. Done when the future is.
     */
    public static CompletableFuture<Void> copy(List<ByteBuffer> from, List<ByteBuffer> to) {
        List<Runnable> pieces = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < from.size(); i++) {
            ByteBuffer src = from.get(i);
            ByteBuffer dst = to.get(i);
            int length = src.remaining();
            total += length;
            for (int at = 0; at < length; at += COPY_PIECE) {
                int part = Math.min(COPY_PIECE, length - at);
                ByteBuffer f = src.slice(src.position() + at, part);
                ByteBuffer t = dst.slice(dst.position() + at, part);
                pieces.add(() -> t.put(f));
            }
        }
        if (total < 2 * COPY_PIECE) {
            pieces.forEach(Runnable::run);
            return CompletableFuture.completedFuture(null);
        }
        AtomicInteger next = new AtomicInteger();
        CompletableFuture<?>[] threads = new CompletableFuture<?>[Math.min(pieces.size(), COPY_THREADS)];
        for (int k = 0; k < threads.length; k++) {
            threads[k] = offWorker(() -> {
                for (int i = next.getAndIncrement(); i < pieces.size(); i = next.getAndIncrement()) {
                    pieces.get(i).run();
                }
            });
        }
        return CompletableFuture.allOf(threads);
    }

    /**
     * From any thread: pinned memory to stage a transfer of {@code bytes} between the program's memory and
     * this device, or null when the transfer goes as it is (this device is not staged, the transfer is large,
     * every slot is in use). Given back with {@link #giveStaging}.
     */
    public ByteBuffer takeStaging(long bytes) {
        start();
        return pinned == null ? null : pinned.take(bytes);
    }

    public void giveStaging(ByteBuffer slot) {
        pinned.give(slot);
    }

    /** Runs {@code task} on this worker's thread, before anything the scheduler has for it. */
    public void post(WorkerTask task) {
        start();
        inbox.add(task);
        wake();
    }

    /**
     * Runs {@code task} on this worker's thread before any task it takes from then on, posted or from the
     * scheduler, so what it enqueues comes first in the device's queue: an upload of a new buffer's bytes that
     * the buffer's first users, from whichever thread they come, must find done.
     */
    public void precede(WorkerTask task) {
        start();
        preceding.add(task);
        wake();
    }

    /**
     * Tells the worker there may be work for it, starting it if it has not started. Only a parked worker is
     * unparked: a busy one looks for work anyway before it parks (it sets {@link #parked} before checking
     * the signal, the waker sets the signal before checking {@link #parked}, so one of them sees the other).
     */
    @Override
    public void wake() {
        start();
        signalled.set(true);
        Thread t = thread;
        if (t != null && parked) {
            LockSupport.unpark(t);
        }
    }

    /**
     * Registers a submitted command: {@code handler} runs on this thread when {@code last} ends, then
     * {@code last} and {@code others} are released. {@code main} (in {@code others}, or {@code last}) is the
     * command's own event. {@code writes}: the ranges it writes here, which count as this device's for
     * commands submitted behind it until it ends. {@code behind}: it follows commands still in flight here; it
     * does not count against the commands the worker takes from the scheduler at once. {@code timed}: the
     * handler wants the device's times of {@code main} (it gets null otherwise, unless a trace or a throttle
     * needs them anyway). The queue is flushed before the worker waits, or after {@value #FLUSH_EVERY}
     * commands, not after each.
     */
    public void track(String label, Trace.Kind kind, RealEvent main, RealEvent last, List<RealEvent> others,
                      List<Access> writes, boolean behind, boolean timed, InFlight handler) {
        if (++unflushed >= FLUSH_EVERY) {
            flush();
        }
        inFlight.add(new Submitted(label, kind, main, last, others, writes, behind, timed, handler));
        withoutEvent = last == null ? withoutEvent + 1 : 0;
        for (int i = 0; i < writes.size(); i++) {
            int[] count = pendingWrites.get(writes.get(i));
            if (count == null) {
                pendingWrites.put(writes.get(i), new int[] {1});
            } else {
                count[0]++;
            }
        }
        commands.addAndGet(1 + others.size());
        if (behind) {
            followed.incrementAndGet();
            followersInFlight++;
        }
    }

    /**
     * Whether the next command submitted here needs a real event: when its device times are wanted (by its
     * caller, a trace or a throttle), and often enough that the worker sees commands end without waiting for
     * the queue to drain. The worker waits for its oldest command once it has as many in flight as it may take
     * from the scheduler: one of those in every half of that window has an event, so that the ones after it
     * still keep the device busy while the worker hands out what ended. Commands behind others (which do not
     * count against that window) get one in {@value #EVENT_EVERY}. So does, where the worker watches, a
     * command alone in flight with no new work signalled: the worker will likely watch for just that one next
     * (a program waiting for each command), and would otherwise enqueue a marker to watch. The others go
     * without: a driver's event costs about as much again as a launch.
     */
    public boolean needsEvent(boolean timed, boolean behind) {
        int every = behind ? EVENT_EVERY : Math.max(1, maxInFlight / 2);
        return timed || trace.recording() || throttle != 1 || withoutEvent + 1 >= every
                || watchNanos > 0 && inFlight.isEmpty() && !signalled.get();
    }

    /**
     * On this thread: the ranges that commands in flight here write, valid on this device for a command
     * submitted behind them. All of them, not only the ones it depends on: in a race-free program a command
     * in flight here that writes what a later one reads is ordered before it, whether through the later one's
     * precursors or (in an out-of-order queue, ordered by wait lists alone) through theirs.
     */
    public Collection<Access> pendingWrites() {
        return pendingWrites.keySet();
    }

    /** Counts a kernel launch. */
    public void countKernel() {
        kernels.incrementAndGet();
    }

    /** Counts a command that failed here. */
    public void countFailure() {
        failures.incrementAndGet();
    }

    /** Counts bytes moved to ({@code toDevice}) or from this device. */
    public void countBytes(long bytes, boolean toDevice) {
        (toDevice ? bytesIn : bytesOut).addAndGet(bytes);
    }

    /** This worker's counters. */
    public DeviceCounters counters() {
        DeviceSession s = session;
        long live = s == null ? 0 : s.liveObjects();
        return new DeviceCounters(node.name(), kernels.get(), commands.get(), followed.get(), bytesIn.get(), bytesOut.get(),
                memory.evictions(), memory.used(), live < 0 ? live : live - memory.spares(), failures.get(), node.isLost());
    }

    /**
     * {@code bytes} in a direct buffer that is reused: only for values the driver copies at once, such
     * as kernel arguments. Only for use on this worker's thread.
     */
    public ByteBuffer scratch(byte[] bytes) {
        if (scratch.capacity() < bytes.length) {
            scratch = ByteBuffer.allocateDirect(Math.max(bytes.length, 2 * scratch.capacity()));
        }
        return scratch.clear().put(bytes).flip();
    }

    /** The device's measured speed (what is assumed until it has been measured). */
    @Override
    public DeviceSpeed speed() {
        DeviceSpeed s = model.speed(node.modelId());
        return s == null ? DeviceSpeed.UNKNOWN : s;
    }

    /** The worker takes work expected to take {@code nanos}. */
    @Override
    public void expect(double nanos) {
        long now = System.nanoTime();
        busyUntil.accumulateAndGet((long) nanos, (until, add) -> Math.max(until, now) + add);
    }

    /** When the work taken so far is expected to be done: {@code now} or later. */
    @Override
    public long freeAt(long now) {
        return Math.max(now, busyUntil.get());
    }

    /** How many times slower than it is this device behaves. */
    public double throttle() {
        return throttle;
    }

    /** The host time of a device profiling time. */
    public long hostTime(long deviceTime) {
        return deviceTime + clockOffset;
    }

    private void loop() {
        queue = session.createQueue(true);
        inputs = pinned != null ? session.createQueue(true) : null;
        try {
            calibrateClock();
            if (model.speed(node.modelId()) == null) {
                DeviceSpeed measured = Calibration.measure(session, queue);
                model.setSpeed(node.modelId(), new DeviceSpeed(measured.opsPerNano() / throttle,
                        measured.uploadPerNano(), measured.downloadPerNano(), measured.latencyNanos()));
            }
        } catch (RuntimeException e) {
            // a failing device is measured by the work it does, and dropped if it is lost
            Log.LOG.warning("OmniCL: could not calibrate " + node + ": " + e.getMessage());
        }
        while (true) {
            try {
                boolean worked;
                NativeGate.enter();
                try {
                    worked = step();
                } finally {
                    NativeGate.exit();
                }
                if (worked) {
                    continue;
                }
                if (signalledWithin(null)) {
                    continue;
                }
                memory.dropSpares(false);
                parked = true;
                if (!signalled.getAndSet(false)) {
                    LockSupport.parkNanos(this, IDLE_PARK_NANOS);
                }
                parked = false;
            } catch (RuntimeException | Error e) {
                Log.unexpected(e);
            }
        }
    }

    /** Does one thing; returns false when there was nothing to do. */
    private boolean step() {
        boolean preceded = runPreceding();
        WorkerTask posted = inbox.poll();
        if (posted != null) {
            runPreceding();
            posted.run(this);
            return true;
        }
        if (inFlight.size() - followersInFlight < maxInFlight && scheduler != null) {
            DeviceTask task = scheduler.pop(this);
            if (task != null) {
                // what was given to precede it before it was pushed is seen now, since the pop saw the push
                runPreceding();
                task.run(this);
                return true;
            }
        }
        if (preceded) {
            return true;
        }
        if (!inFlight.isEmpty()) {
            flush();
            if (!workBeforeOldestEnds()) {
                endOldest();
            }
            return true;
        }
        return false;
    }

    /**
     * Whether new work is signalled before the oldest command in flight ends, watching for at most
     * {@link #watchNanos}. A wait in the driver cannot be cut short: a worker waiting there while the program
     * enqueues its next command would leave the device idle from the end of the one to the launch of the next,
     * once per command when the program enqueues about as fast as the worker submits (Jacobi's steps).
     */
    private boolean workBeforeOldestEnds() {
        // no watch, no look for the event to watch: endOldest finds it when it needs it
        return watchNanos > 0 && knownEnded == 0 && signalledWithin(firstEventInFlight());
    }

    /**
     * Watches for the signal of new work for at most {@link #watchNanos}, and while {@code until} (if not null)
     * has not ended; true, the signal taken, when it came.
     */
    private boolean signalledWithin(RealEvent until) {
        if (watchNanos == 0) {
            return false;
        }
        long deadline = System.nanoTime() + watchNanos;
        while (until == null || until.status() > 0) {
            if (signalled.getAndSet(false)) {
                return true;
            }
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.onSpinWait();
        }
        return false;
    }

    /**
     * The event of the oldest command in flight that has one; a marker's, enqueued and flushed now, when none
     * has. The queue is in order: once it has ended, so have the commands before it.
     */
    private RealEvent firstEventInFlight() {
        for (Submitted t : inFlight) {
            if (t.last != null) {
                return t.last;
            }
        }
        RealEvent marker = queue.marker(List.of());
        inFlight.add(new Submitted("marker", Trace.Kind.COPY, marker, marker, List.of(), List.of(), false, false,
                (status, times) -> { }));
        unflushed = 0;
        queue.flush();
        return marker;
    }

    /** Runs the tasks given to {@link #precede}; false when there were none. */
    private boolean runPreceding() {
        boolean ran = false;
        for (WorkerTask t = preceding.poll(); t != null; t = preceding.poll()) {
            t.run(this);
            ran = true;
        }
        return ran;
    }

    private void flush() {
        if (unflushed > 0) {
            unflushed = 0;
            queue.flush();
        }
    }

    private void endOldest() {
        Submitted s = inFlight.poll();
        if (s.behind) {
            followersInFlight--;
        }
        for (int i = 0; i < s.writes.size(); i++) {
            Access a = s.writes.get(i);
            if (--pendingWrites.get(a)[0] == 0) {
                pendingWrites.remove(a);
            }
        }
        int status = s.last != null ? s.last.await() : endedWithLaterEvent();
        // the queue is in order, so the others have ended too; a failed transfer fails the command
        for (int i = 0; i < s.others.size(); i++) {
            int st = s.others.get(i).status();
            status = status < 0 ? status : Math.min(st, 0);
        }
        if (status < 0) {
            // what was submitted after a failed command may have used what it left: none of it counts
            suspect = inFlight.size();
        } else if (suspect > 0) {
            suspect--;
            status = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
        }
        boolean timed = s.timed || trace.recording() || (throttle > 1 && s.kind == Trace.Kind.KERNEL);
        long[] times = status == 0 && timed && s.main != null ? s.main.profile() : null;
        if (times != null) {
            clockOffset = Math.min(clockOffset, System.nanoTime() - times[3]);
            recordTrace(s, times);
        }
        // the real events go before the handler runs: once a command is seen to end, it holds nothing
        if (s.last != null) {
            s.last.release();
        }
        for (int i = 0; i < s.others.size(); i++) {
            s.others.get(i).release();
        }
        try {
            if (times != null && s.kind == Trace.Kind.KERNEL && throttle > 1) {
                slowDown((long) ((throttle - 1) * (times[3] - times[2])));
            }
            s.handler.ended(status, times);
            if (inFlight.isEmpty()) {
                busyUntil.set(0);
            }
        } finally {
            inbox.addAll(afterNextEnd);
            afterNextEnd.clear();
        }
    }

    /**
     * The status of a command that was just taken off the head of {@link #inFlight} and has no event: the
     * queue is in order, so it has ended once the first later event has (a marker's, enqueued now, when no
     * later command has one), and with that event's failure, if any, since an error of a command without an
     * event shows on the next one.
     */
    private int endedWithLaterEvent() {
        if (knownEnded == 0) {
            int without = 0;
            for (Submitted t : inFlight) {
                if (t.last != null) {
                    break;
                }
                without++;
            }
            RealEvent later = firstEventInFlight();
            knownStatus = Math.min(later.await(), 0);
            knownEnded = without + 1;
        }
        knownEnded--;
        return knownStatus;
    }

    /**
     * A slower device: waits as long as the kernel took, (factor - 1) times. A sleep, not a park, since
     * wake-ups for new work must not cut it short.
     */
    private static void slowDown(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void recordTrace(Submitted s, long[] times) {
        if (!trace.recording()) {
            return;
        }
        // the other events: a command's uploads (and reads of its results), or the other pieces of a download
        Trace.Kind before = s.kind == Trace.Kind.DOWNLOAD ? Trace.Kind.DOWNLOAD : Trace.Kind.UPLOAD;
        for (RealEvent e : s.others) {
            if (e == s.main) {
                continue;
            }
            long[] t = e.profile();
            if (t != null) {
                trace.record(new Trace.Slice(node.index(), before.name().toLowerCase(), before, hostTime(t[2]),
                        hostTime(t[3])));
            }
        }
        trace.record(new Trace.Slice(node.index(), s.label, s.kind, hostTime(times[2]), hostTime(times[3])));
    }

    /**
     * A marker ends on the device between the host times before its enqueue and after its finish: of a few
     * markers, the one with the narrowest window places the device clock best, at the window's middle.
     */
    private void calibrateClock() {
        long narrowest = Long.MAX_VALUE;
        for (int i = 0; i < CLOCK_SAMPLES; i++) {
            long before = System.nanoTime();
            RealEvent marker = queue.marker(List.of());
            queue.finish();
            long after = System.nanoTime();
            long[] times = marker.profile();
            marker.release();
            if (times != null && times[3] != 0 && after - before < narrowest) {
                narrowest = after - before;
                clockOffset = before + (after - before) / 2 - times[3];
            }
        }
    }
}
