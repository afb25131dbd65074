package io.omnicl.spi.fake;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealQueue;
import io.omnicl.spi.suite.ClCodes;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An in-order queue of a fake device. Commands wait, {@code CL_QUEUED}, until the queue is flushed (or finished,
 * or one of its events waited for); then a thread runs them one after the other (one thread per queue at a time, so
 * that queues run side by side), each once the events of its wait list (of any queue of the session, flushed) have
 * ended. A command whose wait list holds a
 * failed event fails with {@code CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST} without running; a failed command
 * fails no later one by itself, except that the failure of a launch made without an event shows on the queue's
 * next event (that command does not run), as a driver reports it. A command starts, on the device's clock, when the
 * host's clock, the queue's previous command and its wait list allow, and takes the time its device's speed gives
 * it: profiling times are simulated, not measured, and nothing sleeps.
 */
final class FakeQueue extends FakeObject implements RealQueue {

    /** Threads that run the queues' commands: one per flushed queue at a time, each ended after a minute idle. */
    private static final ExecutorService RUNNERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "omnicl-fake-queue");
        t.setDaemon(true);
        return t;
    });

    /** A command: its event, its wait list, its time on the device, whether it is made to fail, its work (or none). */
    private record Step(FakeEvent event, List<FakeEvent> waitFor, long nanos, boolean fails, Runnable work) {
    }

    private final FakeDevice device;
    private final boolean profiling;
    private final Object lock = new Object();
    /** Guarded by {@link #lock}: commands enqueued and not flushed. */
    private final List<Step> unflushed = new ArrayList<>();
    /** Guarded by {@link #lock}: commands flushed and not yet taken by the queue's thread. */
    private final ArrayDeque<Step> submitted = new ArrayDeque<>();
    /** Guarded by {@link #lock}: whether a thread runs the commands. */
    private boolean draining;
    /** Guarded by {@link #lock}: the event of the last command enqueued. */
    private FakeEvent last;
    /** Only on the thread running the commands: when the last command ended, on the device's clock. */
    private long deviceClock;
    /** Only on the thread running the commands: the failure of a command without an event, not yet reported. */
    private int carried;

    FakeQueue(FakeSession session, boolean profiling) {
        super(session, ClCodes.CL_INVALID_COMMAND_QUEUE, true);
        this.device = session.fakeDevice();
        this.profiling = profiling;
    }

    @Override
    public RealEvent write(RealBuffer dst, long offset, ByteBuffer src, List<RealEvent> waitFor) {
        requireLive();
        FakeBuffer to = buffer(dst);
        ByteBuffer from = host(src);
        long length = from.remaining();
        checkRange(to, offset, length);
        if (device.failsThisWrite()) {
            return enqueue(waitFor, 0, FakeDevice.Fault.AT_COMPLETION, true, null);
        }
        return transfer(waitFor, length, () -> {
            device.writeMayGo();
            to.bytes(offset, length).put(from);
        });
    }

    /** A blocking write, counted by the device. */
    @Override
    public RealEvent writeNow(RealBuffer dst, long offset, ByteBuffer src) {
        device.transferredNow();
        return RealQueue.super.writeNow(dst, offset, src);
    }

    /** A blocking read, counted by the device. */
    @Override
    public RealEvent readNow(RealBuffer src, long offset, ByteBuffer dst) {
        device.transferredNow();
        return RealQueue.super.readNow(src, offset, dst);
    }

    @Override
    public RealEvent read(RealBuffer src, long offset, ByteBuffer dst, List<RealEvent> waitFor) {
        requireLive();
        FakeBuffer from = buffer(src);
        ByteBuffer to = host(dst);
        long length = to.remaining();
        checkRange(from, offset, length);
        device.readEnqueued();
        if (device.failsThisRead(waitFor != null && !waitFor.isEmpty())) {
            return enqueue(waitFor, 0, FakeDevice.Fault.AT_COMPLETION, true, null);
        }
        return transfer(waitFor, length, () -> {
            device.readMayGo();
            to.put(from.bytes(offset, length));
            device.readRun();
        });
    }

    @Override
    public RealEvent copy(RealBuffer src, long srcOffset, RealBuffer dst, long dstOffset, long size,
                          List<RealEvent> waitFor) {
        requireLive();
        FakeBuffer from = buffer(src);
        FakeBuffer to = buffer(dst);
        checkRange(from, srcOffset, size);
        checkRange(to, dstOffset, size);
        if (from.overlaps(srcOffset, to, dstOffset, size)) {
            throw new BackendException(ClCodes.CL_MEM_COPY_OVERLAP, "the copy's source and destination overlap");
        }
        return transfer(waitFor, size, () -> to.bytes(dstOffset, size).put(from.bytes(srcOffset, size)));
    }

    @Override
    public RealEvent copyRect(RealBuffer src, RealBuffer dst, long[] srcOrigin, long[] dstOrigin, long[] region,
                              long srcRowPitch, long srcSlicePitch, long dstRowPitch, long dstSlicePitch,
                              List<RealEvent> waitFor) {
        requireLive();
        Box from = Box.of(buffer(src), srcOrigin, region, srcRowPitch, srcSlicePitch);
        Box to = Box.of(buffer(dst), dstOrigin, region, dstRowPitch, dstSlicePitch);
        if (from.overlaps(to)) {
            throw new BackendException(ClCodes.CL_MEM_COPY_OVERLAP, "the copy's source and destination overlap");
        }
        return transfer(waitFor, region[0] * region[1] * region[2], () -> {
            for (long z = 0; z < region[2]; z++) {
                for (long y = 0; y < region[1]; y++) {
                    to.buffer.bytes(to.row(y, z), region[0]).put(from.buffer.bytes(from.row(y, z), region[0]));
                }
            }
        });
    }

    /** A box of bytes in a buffer: {@code region[1]} rows of {@code region[0]} bytes, {@code region[2]} slices deep. */
    private record Box(FakeBuffer buffer, long first, long[] region, long rowPitch, long slicePitch) {

        /** A box as {@code clEnqueueCopyBufferRect} takes it, a pitch of 0 meaning rows or slices packed tightly. */
        static Box of(FakeBuffer buffer, long[] origin, long[] region, long rowPitch, long slicePitch) {
            long row = rowPitch == 0 ? region[0] : rowPitch;
            long slice = slicePitch == 0 ? region[1] * row : slicePitch;
            if (region[0] <= 0 || region[1] <= 0 || region[2] <= 0 || row < region[0] || slice < region[1] * row
                    || slice % row != 0) {
                throw new BackendException(ClCodes.CL_INVALID_VALUE, "region or pitches of a rect copy");
            }
            long first = origin[2] * slice + origin[1] * row + origin[0];
            long end = first + (region[2] - 1) * slice + (region[1] - 1) * row + region[0];
            if (origin[0] < 0 || origin[1] < 0 || origin[2] < 0 || end > buffer.size()) {
                throw new BackendException(ClCodes.CL_INVALID_VALUE, "a rect beyond its buffer");
            }
            return new Box(buffer, first, region, row, slice);
        }

        long row(long y, long z) {
            return first + z * slicePitch + y * rowPitch;
        }

        /** Whether a byte of this box is one of {@code other}'s. */
        boolean overlaps(Box other) {
            if (!buffer.sharesStorage(other.buffer)) {
                return false;
            }
            // every row, where its storage places it: {start, end, box}
            List<long[]> rows = new ArrayList<>();
            for (Box b : List.of(this, other)) {
                for (long z = 0; z < region[2]; z++) {
                    for (long y = 0; y < region[1]; y++) {
                        long start = b.buffer.origin() + b.row(y, z);
                        rows.add(new long[] {start, start + region[0], b == this ? 0 : 1});
                    }
                }
            }
            rows.sort(Comparator.comparingLong(r -> r[0]));
            // by box: the furthest end of its rows that start before the row looked at
            long[] reach = {Long.MIN_VALUE, Long.MIN_VALUE};
            for (long[] r : rows) {
                int box = (int) r[2];
                if (r[0] < reach[1 - box]) {
                    return true;
                }
                reach[box] = Math.max(reach[box], r[1]);
            }
            return false;
        }
    }

    @Override
    public RealEvent fill(RealBuffer dst, ByteBuffer pattern, long offset, long size, List<RealEvent> waitFor) {
        requireLive();
        FakeBuffer to = buffer(dst);
        ByteBuffer p = host(pattern);
        // the pattern is taken now, as clEnqueueFillBuffer takes it
        byte[] repeated = new byte[p.remaining()];
        p.get(repeated);
        int n = repeated.length;
        if (n == 0 || n > 128 || (n & (n - 1)) != 0 || offset % n != 0 || size % n != 0) {
            throw new BackendException(ClCodes.CL_INVALID_VALUE, "a pattern of " + n + " bytes over [" + offset
                    + ", " + (offset + size) + ")");
        }
        checkRange(to, offset, size);
        return transfer(waitFor, size, () -> {
            ByteBuffer bytes = to.bytes(offset, size);
            while (bytes.hasRemaining()) {
                bytes.put(repeated);
            }
        });
    }

    @Override
    public RealEvent writeImage(RealImage dst, long[] origin, long[] region, long rowPitch, long slicePitch,
                                ByteBuffer src, List<RealEvent> waitFor) {
        throw noImages();
    }

    @Override
    public RealEvent readImage(RealImage src, long[] origin, long[] region, long rowPitch, long slicePitch,
                               ByteBuffer dst, List<RealEvent> waitFor) {
        throw noImages();
    }

    @Override
    public RealEvent copyImage(RealImage src, RealImage dst, long[] srcOrigin, long[] dstOrigin, long[] region,
                               List<RealEvent> waitFor) {
        throw noImages();
    }

    @Override
    public RealEvent fillImage(RealImage dst, ByteBuffer color, long[] origin, long[] region, List<RealEvent> waitFor) {
        throw noImages();
    }

    @Override
    public RealEvent copyImageToBuffer(RealImage src, RealBuffer dst, long[] srcOrigin, long[] region, long dstOffset,
                                       List<RealEvent> waitFor) {
        throw noImages();
    }

    @Override
    public RealEvent copyBufferToImage(RealBuffer src, RealImage dst, long srcOffset, long[] dstOrigin, long[] region,
                                       List<RealEvent> waitFor) {
        throw noImages();
    }

    /** No fake device makes images, so no image given here is one of this session's. */
    private static BackendException noImages() {
        return new BackendException(ClCodes.CL_INVALID_MEM_OBJECT, "fake devices have no images");
    }

    @Override
    public RealEvent launch(RealKernel kernel, int workDim, long[] offset, long[] global, long[] local,
                            List<RealEvent> waitFor, boolean withEvent) {
        requireLive();
        FakeKernel.Launch launch = FakeObject.own(kernel, FakeKernel.class, session(), ClCodes.CL_INVALID_KERNEL)
                .launch(workDim, offset, global, local);
        device.enqueuedBy(Thread.currentThread(), this, profiling);
        RealEvent event = device.failsThisLaunch()
                ? enqueue(waitFor, 0, FakeDevice.Fault.AT_COMPLETION, withEvent, null)
                : enqueue(waitFor, Math.round(launch.items() * device.spec().nanosPerItem()), true, withEvent, () -> {
                    device.launchMayGo();
                    launch.run();
                    device.launched();
                });
        if (event != null) {
            ((FakeEvent) event).launchOf(device);
        }
        return event;
    }

    @Override
    public RealEvent marker(List<RealEvent> waitFor) {
        requireLive();
        return enqueue(waitFor, 0, false, true, null);
    }

    @Override
    public void flush() {
        requireLive();
        submitAll();
    }

    @Override
    public void finish() {
        requireLive();
        FakeEvent until;
        synchronized (lock) {
            until = last;
        }
        submitAll();
        if (until != null) {
            until.awaitEnd();
        }
    }

    /** Releasing a queue flushes it: what was enqueued still runs. */
    @Override
    void released() {
        submitAll();
    }

    private FakeBuffer buffer(RealBuffer b) {
        return FakeObject.own(b, FakeBuffer.class, session(), ClCodes.CL_INVALID_MEM_OBJECT);
    }

    /** The program's memory, which a driver reaches only where it is direct. */
    private static ByteBuffer host(ByteBuffer memory) {
        if (!memory.isDirect()) {
            throw new IllegalArgumentException("host memory given to a queue must be a direct buffer");
        }
        return memory.duplicate();
    }

    private static void checkRange(FakeBuffer b, long offset, long length) {
        if (length <= 0 || offset < 0 || offset + length > b.size()) {
            throw new BackendException(ClCodes.CL_INVALID_VALUE, "[" + offset + ", " + (offset + length)
                    + ") of a buffer of " + b.size() + " bytes");
        }
    }

    /** A transfer, copy or fill of {@code bytes}: it may be made to fail. */
    private RealEvent transfer(List<RealEvent> waitFor, long bytes, Runnable work) {
        return enqueue(waitFor, Math.round(bytes * device.spec().nanosPerByte()), true, true, work);
    }

    /**
     * Adds a command, unflushed; its event, or null without one.
     *
     * @param mayFail whether it is a launch or transfer, which the device's failure rate applies to
     */
    private RealEvent enqueue(List<RealEvent> waitFor, long nanos, boolean mayFail, boolean withEvent,
                              Runnable work) {
        return enqueue(waitFor, nanos, mayFail ? device.nextFault() : FakeDevice.Fault.NONE, withEvent, work);
    }

    /** Adds a command that fails as {@code fault} says, unflushed; its event, or null without one. */
    private RealEvent enqueue(List<RealEvent> waitFor, long nanos, FakeDevice.Fault fault, boolean withEvent,
                              Runnable work) {
        List<FakeEvent> waits = session().events(waitFor);
        if (waits.stream().anyMatch(e -> e.session() != session())) {
            device.waitedAcross();
        }
        if (fault == FakeDevice.Fault.AT_ENQUEUE) {
            throw new BackendException(FakeDevice.FAULT_STATUS, "a failure injected into " + device.name());
        }
        FakeEvent event = new FakeEvent(this, profiling, withEvent);
        synchronized (lock) {
            unflushed.add(new Step(event, waits, nanos, fault == FakeDevice.Fault.AT_COMPLETION, work));
            last = event;
        }
        return withEvent ? event : null;
    }

    /** Submits what was enqueued to the queue's thread, started if none runs. */
    void submitAll() {
        boolean start;
        synchronized (lock) {
            long now = System.nanoTime();
            for (Step s : unflushed) {
                s.event.submitted(now);
                submitted.add(s);
            }
            unflushed.clear();
            start = !draining && !submitted.isEmpty();
            draining |= start;
        }
        if (start) {
            RUNNERS.execute(this::drain);
        }
    }

    /** Runs the submitted commands in order until none is left. */
    private void drain() {
        while (true) {
            Step s;
            synchronized (lock) {
                s = submitted.poll();
                if (s == null) {
                    draining = false;
                    return;
                }
            }
            run(s);
        }
    }

    private void run(Step s) {
        long ready = deviceClock;
        boolean waitFailed = false;
        for (FakeEvent e : s.waitFor) {
            waitFailed |= e.awaitEnd() < 0;
            ready = Math.max(ready, e.endTime());
        }
        s.event.running();
        long start = Math.max(System.nanoTime(), ready);
        int status;
        if (waitFailed) {
            status = ClCodes.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
        } else if (carried < 0 && s.event.countsAsLive()) {
            status = carried;
        } else if (s.fails) {
            status = FakeDevice.FAULT_STATUS;
        } else {
            status = perform(s.work);
        }
        if (s.event.countsAsLive()) {
            carried = 0;
        } else if (status < 0) {
            carried = status;
        }
        long end = start + (status == ClCodes.CL_COMPLETE ? s.nanos : 0);
        deviceClock = end;
        s.event.end(status, start, end);
    }

    /** Does a command's work: 0, or the failure of a kernel body that threw. */
    private int perform(Runnable work) {
        if (work == null) {
            return ClCodes.CL_COMPLETE;
        }
        try {
            work.run();
            return ClCodes.CL_COMPLETE;
        } catch (RuntimeException | Error e) {
            device.backend().kernelFailed(e);
            return FakeDevice.FAULT_STATUS;
        }
    }
}
