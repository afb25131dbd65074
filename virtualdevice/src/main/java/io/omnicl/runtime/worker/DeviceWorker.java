package io.omnicl.runtime.worker;

import io.omnicl.driver.DeviceCounters;
import io.omnicl.driver.HostMemory;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.DeviceMemory;
import io.omnicl.runtime.coherence.MemoryNode;
import io.omnicl.runtime.completion.Completion;
import io.omnicl.runtime.completion.Log;
import io.omnicl.runtime.sched.DeviceSpeed;
import io.omnicl.runtime.sched.PerfModel;
import io.omnicl.runtime.sched.Scheduler;
import io.omnicl.runtime.sched.Worker;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The one thread that drives one real device: it takes tasks posted to it and tasks the scheduler gives
 * it, submits their real commands to the device's in-order queue, keeps a few in flight, and waits for
 * the oldest. Only this thread enqueues on the device's queue, so "valid on this device" means valid for
 * everything it enqueues next; and drivers that execute work in the waiting thread (PoCL's basic device)
 * run each device's work on its own thread.
 */
public final class DeviceWorker implements Worker, MemoryNode {

    /** Bytes of one pinned slot: the most that {@link #takeStaging} stages. */
    public static final int SLOT_BYTES = PinnedSlots.SLOT_BYTES;
    /** Commands behind others that may go without a real event in a row; the next one gets one. */
    private static final int EVENT_EVERY = 16;

    private final DeviceNode node;
    private final int maxInFlight;
    /** {@code OMNICL_THROTTLE}: how many times slower this device pretends to be. */
    private final double throttle;
    private final Trace trace;
    private final PerfModel model;
    /** The signal of new work, which the worker watches for before it waits (see {@link #workBeforeOldestEnds}). */
    private final WorkSignal signal;
    /** When the work this worker has taken is expected to be done (host ns), 0 when idle. */
    private final AtomicLong busyUntil = new AtomicLong();
    private final PostedTasks tasks = new PostedTasks();
    private final InFlightWindow inFlight = new InFlightWindow();
    private final Object startLock = new Object();
    /**
     * The right to drive the device (its queue, what is in flight, its memory): held by the worker's thread
     * while it steps, or by a program thread that drives the worker while it waits ({@link ProgramThreads}).
     */
    private final ReentrantLock role = new ReentrantLock();
    /** Set once the worker's thread has made its queues: from then on another thread may drive it. */
    private volatile boolean ready;
    /** Wakes held since the last flush point ({@link ProgramThreads#absorbs}). */
    private final HeldWakes heldWakes = new HeldWakes();
    /** Whether the scheduler may have work for this worker its driving thread has not looked for; under the role. */
    private boolean schedulerMayHaveWork;
    /** Whether a program thread drives the worker now; only under {@link #role}. */
    private boolean driven;
    /** Whether the thread driving it waits for what it submits (then its transfers block); only under {@link #role}. */
    private boolean waits;
    private volatile Scheduler<DeviceTask> scheduler;
    private volatile Thread thread;
    private volatile DeviceSession session;
    /** How long opening the device took (ns), or -1 while it has not opened. */
    private volatile long openNanos = -1;
    /** Whether the device opens behind the program ({@link #openLater}); cleared once it has opened. */
    private volatile boolean openingLater;
    /** Run by the thread that opened the device, once it has ({@link DeviceNodes}: the first GPU of a model). */
    private volatile Runnable afterOpen = () -> { };
    /** Only on the thread driving the worker: {@link #waitingTail}. */
    private Object waitingTail;
    /** Only on the thread driving the worker: {@link #attemptsNotJudged}. */
    private final List<Object> notJudged = new ArrayList<>();
    /** Only on the thread driving the worker: what pieces ended here write that is not yet committed. */
    private final PendingWrites uncommitted = new PendingWrites();
    /** The device's queue for what is submitted next (one of {@link #queues}). */
    private RealQueue queue;
    private DeviceQueues queues;
    private final WorkerCounters counters = new WorkerCounters();
    /** The uploads beside {@link #queue}, and the pinned slots where this device's transfers are staged. */
    private final StagedTransfers staging;
    private final Landings landings = new Landings();
    private final DeviceClock clock = new DeviceClock();
    private final DeviceMemory memory;

    DeviceWorker(DeviceNode node, int maxInFlight, double throttle, Trace trace, PerfModel model, long memLimit,
                 boolean staged, long watchNanos) {
        this.signal = new WorkSignal(watchNanos, () -> thread);
        this.staging = new StagedTransfers(this, startLock, counters, staged);
        this.node = node;
        this.maxInFlight = Math.max(1, maxInFlight);
        this.throttle = throttle;
        this.trace = trace;
        this.model = model;
        this.memory = new DeviceMemory(this, memLimit, node.maxAllocSize(),
                node.info().getLong(DeviceParam.MEM_BASE_ADDR_ALIGN, 8));
    }

    /** The device's memory: its chunks and their limit. */
    @Override
    public DeviceMemory memory() {
        return memory;
    }

    /** Whether commands are in flight; only for use on this worker's thread. */
    @Override
    public boolean hasInFlight() {
        return !inFlight.isEmpty();
    }

    /**
     * Whether commands in flight here are failing because one before them failed; only on this worker's
     * thread. Nothing may then follow them: it would run after the failure and yet succeed.
     */
    public boolean failing() {
        return inFlight.failing();
    }

    /** Runs {@code task} again once the oldest command in flight has ended; only on this worker's thread. */
    public void retryAfterNextEnd(WorkerTask task) {
        tasks.afterNextEnd(task);
    }

    public DeviceNode node() {
        return node;
    }

    @Override
    public long bit() {
        return node.bit();
    }

    @Override
    public String name() {
        return node.name();
    }

    @Override
    public boolean isLost() {
        return node.isLost();
    }

    @Override
    public void runOnThread(Runnable task) {
        post(w -> task.run(), false);
    }

    @Override
    public void runBeforeNextTask(Runnable task) {
        precede(w -> task.run(), false);
    }

    @Override
    public void runBeforeNextTaskNow(Runnable task) {
        precede(w -> task.run(), true);
    }

    @Override
    public void trackUpload(String label, RealEvent upload, RealEvent last, List<RealEvent> others, IntConsumer then) {
        track(label, Trace.Kind.UPLOAD, upload, last, others, List.of(), false, false, null, false,
                (status, times) -> then.accept(status));
    }

    @Override
    public void trackDownload(String label, RealEvent last, List<RealEvent> others, boolean behind,
                              IntConsumer then) {
        add(new Submitted(label, Trace.Kind.DOWNLOAD, last, last, others, List.of(), behind, false, null,
                submittingDownloads() ? Lane.DOWNLOADS : Lane.IN_ORDER,
                (status, times) -> then.accept(status)));
    }

    @Override
    public int index() {
        return node.index();
    }

    @Override
    public String modelId() {
        return node.modelId();
    }

    void setScheduler(Scheduler<DeviceTask> scheduler) {
        this.scheduler = scheduler;
    }

    void start() {
        if (thread != null) {
            return;
        }
        boolean opened = false;
        synchronized (startLock) {
            if (thread == null) {
                opened = true;
                long opening = System.nanoTime();
                session = node.open();
                staging.open(session, node.inContextGroup());
                openNanos = System.nanoTime() - opening;
                Thread t = new Thread(this::loop, "omnicl-device-" + node.index());
                t.setDaemon(true);
                thread = t;
                t.start();
                openingLater = false;
            }
        }
        if (opened) {
            afterOpen.run();
        }
    }

    /** Runs {@code then} once the device has opened, on the thread that opened it. */
    void afterOpen(Runnable then) {
        afterOpen = then;
    }

    /** Clears {@link #openLater}: the device opens on first use again. */
    void openOnFirstUse() {
        openingLater = false;
    }

    /** Marks the device, unless it is open already, as one that opens behind the program ({@link DeviceNodes}). */
    void openLater() {
        synchronized (startLock) {
            if (thread == null) {
                openingLater = true;
            }
        }
    }

    /** Whether the device is opening behind the program ({@link #openLater}). */
    boolean openingLater() {
        return openingLater;
    }

    /** How long opening the device took (ns), or -1 while it has not opened. */
    long openNanos() {
        return openNanos;
    }

    /** The device's session (its real context); the worker is started if it was not yet. */
    @Override
    public DeviceSession session() {
        start();
        return session;
    }

    /**
     * From any thread: the queue where the threads of other devices of this device's real context read bytes their
     * pieces need that this device's pieces write ({@link io.omnicl.runtime.coherence.Coherency#readAcross}).
     */
    public RealQueue relayQueue() {
        return queues.relay();
    }

    /** On the thread driving the worker: how many times the in-order queue has been flushed ({@link #flushedSince}). */
    public long flushes() {
        return inFlight.flushes();
    }

    /**
     * From any thread: whether the in-order queue has been flushed since it had been {@code flushes} times, so that a
     * command submitted then may be waited for by another queue's (flushes the worker did not count make it false).
     */
    public boolean flushedSince(long flushes) {
        return inFlight.flushes() > flushes;
    }

    /** The in-order queue; only for use on this worker's thread. */
    @Override
    public RealQueue queue() {
        return queue;
    }

    /**
     * Before an attempt, on the thread driving the worker: the queue it goes on. A program thread's commands that
     * want no device times go on the queue without profiling, the others on the one with; the queue changes only
     * when nothing is in flight, so that what is in flight is always in one queue's order. {@code untimedAnywhere}:
     * wanting no times, it goes without profiling from the worker's own thread too (a piece of a cut launch: a loop of
     * short launches cut over GPUs has most of its pieces submitted there, one behind the other).
     */
    public void queueFor(boolean timed, boolean untimedAnywhere) {
        if (inFlight.isEmpty()) {
            queue = queues.of(timed || !driven && !untimedAnywhere || throttle != 1 || trace.recording());
        }
    }

    @Override
    public boolean transfersNow() {
        return driven && waits && !submittingDownloads();
    }

    /** Whether what is submitted now goes on the downloads queue ({@link #onDownloadQueue}). */
    private boolean submittingDownloads() {
        return queue == queues.downloadsIfMade();
    }

    /** The queue for uploads of the inputs of commands taken here: {@link StagedTransfers#inputQueue}. */
    @Override
    public RealQueue inputQueue() {
        return staging.inputQueue(queue);
    }

    /** Orders what is submitted next behind uploads: {@link StagedTransfers#orderBehindUploads}. */
    @Override
    public RealEvent orderBehindUploads(List<RealEvent> uploads) {
        return staging.orderBehindUploads(queue, uploads);
    }

    /** Waits for a command submitted but not tracked, on either queue: {@link StagedTransfers#settleUntracked}. */
    public void settleUntracked() {
        staging.settleUntracked(queue);
        if (queues.sideMade()) {
            staging.settleUntracked(queues.side());
        }
        RealQueue downloads = queues.downloadsIfMade();
        if (downloads != null) {
            staging.settleUntracked(downloads);
        }
    }

    /**
     * From any thread: {@link StagedTransfers#uploadNow}. (A new buffer's bytes that fit a pinned slot go
     * through {@link #precede} instead; this is for the others.)
     */
    @Override
    public int uploadNow(RealBuffer dst, HostMemory src, long length) {
        return staging.uploadNow(dst, src, length);
    }

    /** {@link #uploadNow} from a host thread, so that uploads to several devices overlap. */
    @Override
    public CompletableFuture<Integer> upload(RealBuffer dst, HostMemory src, long length) {
        return staging.upload(dst, src, length);
    }

    @Override
    public ByteBuffer takeLanding(long bytes) {
        return landings.take(bytes);
    }

    @Override
    public void giveLanding(ByteBuffer memory) {
        landings.give(memory);
    }

    @Override
    public CompletableFuture<Void> copyOnHostThreads(HostMemory src, ByteBuffer dst) {
        return HostThreads.fromUser(src, 0, dst);
    }

    /** From any thread: pinned memory to stage a transfer, {@link StagedTransfers#take}. */
    @Override
    public ByteBuffer takeStaging(long bytes) {
        start();
        return staging.take(bytes);
    }

    @Override
    public void giveStaging(ByteBuffer slot) {
        staging.give(slot);
    }

    /** From any thread: pinned memory to relay bytes through, {@link StagedTransfers#takeRelay}. */
    public ByteBuffer takeRelay(long bytes) {
        start();
        return staging.takeRelay(bytes);
    }

    /**
     * On the thread driving the worker: the latest piece submitted here whose run hangs on another device's command
     * (the command package's attempt, opaque here), for a piece submitted behind it to wait for; or null.
     */
    public Object waitingTail() {
        return waitingTail;
    }

    /** On the thread driving the worker: sets {@link #waitingTail}. */
    public void waitingTail(Object attempt) {
        waitingTail = attempt;
    }

    /**
     * On the thread driving the worker: the pieces submitted here that another device's piece may read from (the
     * command package's attempts, opaque here) and that have neither committed nor failed yet, for a piece that
     * follows them to commit after those whose writes it uses.
     */
    public List<Object> attemptsNotJudged() {
        return notJudged;
    }

    /** On the thread driving the worker: adds to {@link #attemptsNotJudged}. */
    public void attemptSubmitted(Object attempt) {
        notJudged.add(attempt);
    }

    /** On the thread driving the worker: takes from {@link #attemptsNotJudged}. */
    public void attemptJudged(Object attempt) {
        notJudged.remove(attempt);
    }

    /**
     * On the thread driving the worker: a piece that ended here waits to commit {@code writes}; until
     * {@link #committedWrites}, they count among the {@link #pendingWrites}, valid here for what is submitted behind it.
     */
    public void uncommittedWrites(List<Access> writes) {
        uncommitted.add(writes);
    }

    /** On the thread driving the worker: the piece of {@link #uncommittedWrites} is about to commit or fail. */
    public void committedWrites(List<Access> writes) {
        uncommitted.remove(writes);
    }

    /** From any thread: gives back what {@link #takeRelay} took. */
    public void giveRelay(ByteBuffer slot) {
        staging.giveRelay(slot);
    }

    /**
     * Runs {@code task} on this worker's thread, before anything the scheduler has for it; {@code now}: the worker
     * is woken at once, not at the program's next flush point.
     */
    public void post(WorkerTask task, boolean now) {
        start();
        tasks.post(task);
        wakeFor(true, now);
    }

    /**
     * Runs {@code task} on this worker's thread before any task it takes from then on, posted or from the
     * scheduler, so what it enqueues comes first in the device's queue: an upload of a new buffer's bytes that
     * the buffer's first users, from whichever thread they come, must find done. {@code now}: the worker is woken at
     * once, not at the program's next flush point.
     */
    private void precede(WorkerTask task, boolean now) {
        start();
        tasks.precede(task);
        wakeFor(true, now);
    }

    /** Tells the worker there may be work for it, starting it if it has not started ({@link WorkSignal#raise}). */
    @Override
    public void wake() {
        wakeFor(false, false);
    }

    /** {@link #wake}; {@code posted}: for a task posted to this worker; {@code now}: not held until a flush point. */
    private void wakeFor(boolean posted, boolean now) {
        start();
        if (now || !ProgramThreads.absorbs(this, posted)) {
            signal.raise();
        }
    }

    /** The wakes held for this worker until a flush point. */
    HeldWakes heldWakes() {
        return heldWakes;
    }

    /** A flush point: the held wakes are let go; {@code onlyIfWork}: woken only with something left for it to do. */
    void releaseWake(boolean onlyIfWork) {
        heldWakes.letGo();
        if (!onlyIfWork || hasInFlight() || tasks.any() || scheduler == null || scheduler.mayHaveWorkFor(this)) {
            signal.raise();
        }
    }

    /** The thread driving the worker gave the scheduler work for it. */
    void wokenWhileDriven() {
        schedulerMayHaveWork = true;
    }

    /** Takes the role and the held wakes for the calling thread, if the worker is ready and its thread not stepping. */
    boolean tryDrive() {
        if (ready && role.tryLock()) {
            heldWakes.letGo();
            return true;
        }
        return false;
    }

    /**
     * On a program thread holding no worker's role, while it enqueues: runs {@code task} now in this worker's role
     * and ends what is then known to have ended; refused, having done nothing, when the worker is not ready, has
     * tasks posted, or is driven or stepping. {@code fromScheduler}: the task needs room among the commands in flight
     * taken from the scheduler; {@code waits}: the thread waits for what it submits, so transfers may block.
     */
    DirectRun runNow(WorkerTask task, boolean fromScheduler, boolean waits) {
        // a thread in the role already (reentrant) would step inside its own step
        if (!ready || tasks.any() || role.isHeldByCurrentThread() || !role.tryLock()) {
            return DirectRun.REFUSED;
        }
        schedulerMayHaveWork = false;
        driven = true;
        this.waits = waits;
        NativeGate.enter();
        try {
            if (fromScheduler && inFlight.fromScheduler() >= maxInFlight) {
                return DirectRun.REFUSED;
            }
            task.run(this);
            while (inFlight.lastEnded()) {
                endOldest();
            }
            return nothingLeft() ? DirectRun.IDLE : DirectRun.BUSY;
        } finally {
            NativeGate.exit();
            driven = false;
            role.unlock();
        }
    }

    /**
     * On the thread that took the role ({@link #tryDrive}): steps as the worker's thread would, until {@code c}
     * has ended or there is nothing to do, then gives the role back, waking the worker's thread if work is left.
     */
    void driveUntil(Completion c) {
        boolean idle = false;
        schedulerMayHaveWork = false;
        driven = true;
        waits = true;
        try {
            while (!c.isDone() && !idle) {
                idle = !stepInGate();
            }
            idle = idle || nothingLeft();
        } finally {
            driven = false;
            role.unlock();
        }
        if (!idle) {
            signal.raise();
        }
    }

    /**
     * Whether no thread holds the worker's role now and it has nothing in flight or posted: a program thread
     * enqueuing now would submit to it itself ({@link #runNow}), unless its thread wakes first.
     */
    public boolean idle() {
        if (!role.tryLock()) {
            return false;
        }
        try {
            return inFlight.isEmpty() && !tasks.any();
        } finally {
            role.unlock();
        }
    }

    /** Under {@link #role}: nothing in flight, posted, or given to the scheduler while driven. */
    private boolean nothingLeft() {
        return inFlight.isEmpty() && !tasks.any() && !schedulerMayHaveWork;
    }

    /**
     * Registers a submitted command: {@code handler} runs on this thread when {@code last} ends, then
     * {@code last} and {@code others} are released. {@code main} (in {@code others}, or {@code last}) is the
     * command's own event. {@code writes}: the ranges it writes here, which count as this device's for
     * commands submitted behind it until it ends. {@code behind}: it follows commands still in flight here; it
     * does not count against the commands the worker takes from the scheduler at once. {@code timed}: the
     * handler wants the device's times of {@code main} (it gets null otherwise, unless a trace or a throttle
     * needs them anyway). {@code owner}: the command it is a part of; {@code side}: submitted through
     * {@link #onSideQueue}. The queue is flushed before the worker waits, or now and then, not after each.
     */
    public void track(String label, Trace.Kind kind, RealEvent main, RealEvent last, List<RealEvent> others,
                      List<Access> writes, boolean behind, boolean timed, Object owner, boolean side,
                      InFlight handler) {
        add(new Submitted(label, kind, main, last, others, writes, behind, timed, owner,
                side ? Lane.SIDE : Lane.IN_ORDER, handler));
    }

    private void add(Submitted s) {
        inFlight.add(s, queue);
        counters.countCommands(1 + s.others().size());
        // a download of bytes a piece wrote is behind nothing, but is not the scheduler's either
        if (s.behind() && s.lane() != Lane.DOWNLOADS) {
            counters.countFollowed();
        }
    }

    /**
     * Whether the next command submitted here needs a real event: when its device times are wanted (by its
     * caller, a trace or a throttle), and often enough that the worker sees commands end without waiting for
     * the queue to drain. The worker waits for its oldest command once it has as many in flight as it may take
     * from the scheduler: one of those in every half of that window has an event, so that the ones after it
     * still keep the device busy while the worker hands out what ended. Commands behind others (which do not
     * count against that window) get one in {@value #EVENT_EVERY}. So does, where the worker's thread watches, a
     * command alone in flight with no new work signalled: the worker will likely watch for just that one next
     * (a program waiting for each command), and would otherwise enqueue a marker to watch. The others go
     * without: a driver's event costs about as much again as a launch.
     */
    public boolean needsEvent(boolean timed, boolean behind) {
        int every = behind ? EVENT_EVERY : Math.max(1, maxInFlight / 2);
        return timed || trace.recording() || throttle != 1 || inFlight.withoutEvent() + 1 >= every
                || signal.watches() && !driven && inFlight.isEmpty() && !signal.raised();
    }

    /** On the thread driving the worker: whether a part of {@code owner} may go on the side queue now. */
    public boolean sideQueueFreeFor(Object owner) {
        return inFlight.sideFreeFor(owner);
    }

    /**
     * On the thread driving the worker: {@code submit} enqueues on the side queue ({@link DeviceQueues}), which is
     * then flushed; the command must have a real event.
     */
    public RealEvent onSideQueue(Supplier<RealEvent> submit) {
        return on(queues.side(), submit);
    }

    /**
     * On the thread driving the worker: {@code read} enqueues reads of bytes that a command seen to end wrote (never
     * blocking), and tracks them, on the downloads queue ({@link DeviceQueues}), which is then flushed; it returns
     * whether it did. Returns false, having called nothing, where commands may not go beside the in-order queue now
     * ({@link InFlightWindow#apartFree}).
     */
    public boolean onDownloadQueue(BooleanSupplier read) {
        return inFlight.apartFree() && on(queues.downloads(), read::getAsBoolean);
    }

    private <T> T on(RealQueue other, Supplier<T> submit) {
        RealQueue inOrder = queue;
        queue = other;
        try {
            return submit.get();
        } finally {
            queue = inOrder;
            other.flush();
        }
    }

    /**
     * On this thread: {@link InFlightWindow#pendingWrites}, and what pieces that ended here write while they wait to
     * commit ({@link #uncommittedWrites}).
     */
    public Collection<Access> pendingWrites() {
        Collection<Access> inFlightWrites = inFlight.pendingWrites();
        if (uncommitted.ranges().isEmpty()) {
            return inFlightWrites;
        }
        List<Access> all = new ArrayList<>(inFlightWrites);
        all.addAll(uncommitted.ranges());
        return all;
    }

    /** Counts a kernel launch. */
    public void countKernel() {
        counters.countKernel();
    }

    /** Counts a command that failed here. */
    @Override
    public void countFailure() {
        counters.countFailure();
    }

    /** Counts bytes moved to ({@code toDevice}) or from this device. */
    @Override
    public void countBytes(long bytes, boolean toDevice) {
        counters.countBytes(bytes, toDevice);
    }

    /** This worker's counters. */
    public DeviceCounters counters() {
        return counters.read(node, memory, session);
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
        return clock.hostTime(deviceTime);
    }

    private void loop() {
        role.lock();
        try {
            queues = new DeviceQueues(session);
            queue = queues.timed();
            staging.openInputQueue(session);
            Calibration.measureOnce(node, session, queue, clock, model, throttle);
        } finally {
            ready = true;
            role.unlock();
        }
        while (true) {
            try {
                if (stepInGate() || signal.within(null)) {
                    continue;
                }
                role.lock();
                try {
                    memory.dropSpares(false);
                } finally {
                    role.unlock();
                }
                signal.park(this);
            } catch (RuntimeException | Error e) {
                Log.unexpected(e);
            }
        }
    }

    /** One {@link #step} in the worker's role and inside the native gate. */
    private boolean stepInGate() {
        role.lock();
        try {
            NativeGate.enter();
            try {
                return step();
            } finally {
                NativeGate.exit();
            }
        } finally {
            role.unlock();
        }
    }

    /** Does one thing; returns false when there was nothing to do. */
    private boolean step() {
        boolean preceded = tasks.runPreceding(this);
        WorkerTask posted = tasks.next();
        if (posted != null) {
            tasks.runPreceding(this);
            posted.run(this);
            return true;
        }
        if (inFlight.fromScheduler() < maxInFlight && scheduler != null) {
            DeviceTask task = scheduler.pop(this);
            schedulerMayHaveWork = false;
            if (task != null) {
                // what was given to precede it before it was pushed is seen now, since the pop saw the push
                tasks.runPreceding(this);
                task.run(this);
                return true;
            }
        }
        if (preceded) {
            return true;
        }
        if (!inFlight.isEmpty()) {
            inFlight.flush(queue);
            if (!workBeforeOldestEnds()) {
                endOldest();
            }
            return true;
        }
        return false;
    }

    /**
     * Whether new work is signalled before the oldest command in flight ends, watching for a while at most
     * ({@link WorkSignal#within}). A wait in the driver cannot be cut short: a worker waiting there while the
     * program enqueues its next command would leave the device idle from the end of the one to the launch of the
     * next, once per command when the program enqueues about as fast as the worker submits (Jacobi's steps).
     */
    private boolean workBeforeOldestEnds() {
        // no watch, no look for the event to watch: endOldest finds it when it needs it
        // a program thread driving the worker waits for its command, not for more work
        return signal.watches() && !driven && !inFlight.oldestKnownEnded() && signal.within(inFlight.firstEvent(queue));
    }

    private void endOldest() {
        Submitted s = inFlight.takeOldest();
        int status = inFlight.awaitEnd(s, queue);
        boolean timed = s.timed() || trace.recording() || (throttle > 1 && s.kind() == Trace.Kind.KERNEL);
        long[] times = status == 0 && timed && s.main() != null ? s.main().profile() : null;
        if (times != null) {
            clock.seenEnded(times[3]);
            s.recordSlices(trace, node.index(), clock, times);
        }
        // the real events go before the handler runs: once a command is seen to end, it holds nothing
        s.release();
        try {
            if (times != null && s.kind() == Trace.Kind.KERNEL && throttle > 1) {
                DeviceClock.slowDown((long) ((throttle - 1) * (times[3] - times[2])));
            }
            s.handler().ended(status, times);
            if (inFlight.isEmpty()) {
                busyUntil.set(0);
            }
        } finally {
            tasks.oldestEnded();
        }
    }
}
