package io.omnicl.spi.fake;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.EventProfile;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.suite.ClCodes;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;

/**
 * The event of one command of a fake queue: {@code CL_QUEUED} when enqueued, {@code CL_SUBMITTED} when flushed,
 * {@code CL_RUNNING} when its queue's thread takes it, then {@code CL_COMPLETE} or a negative error. Its profiling
 * times are on the host's {@link System#nanoTime} clock, a command starting when its queue and its wait list let it
 * and taking the time its device's speed gives it.
 */
final class FakeEvent extends FakeObject implements RealEvent {

    private static final int FIRST_TIME = 0x1280; // CL_PROFILING_COMMAND_QUEUED, then SUBMIT, START, END

    private final FakeQueue queue;
    private final EventProfile profile;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile int status = ClCodes.CL_QUEUED;
    /** The device whose launch it is, or null for another command. */
    private volatile FakeDevice launchOf;
    /** While it says false, the host sees no end of the launch ({@link FakeDevice#holdLaunchEndsSeen}); or null. */
    private volatile BooleanSupplier endSeenWhen;
    /** Queued, submit, start, end; each written before the status that makes it valid. */
    private final long[] times = new long[4];

    /** @param returned whether the caller gets it (a launch may be asked for none) */
    FakeEvent(FakeQueue queue, boolean profiled, boolean returned) {
        super(queue.session(), ClCodes.CL_INVALID_EVENT, returned);
        this.queue = queue;
        this.profile = new EventProfile(profiled);
        this.times[0] = System.nanoTime();
    }

    void submitted(long now) {
        times[1] = now;
        status = ClCodes.CL_SUBMITTED;
    }

    void running() {
        status = ClCodes.CL_RUNNING;
    }

    void end(int outcome, long start, long end) {
        times[2] = start;
        times[3] = end;
        status = outcome;
        ended.countDown();
    }

    /** Waits for the end, as a command waiting for this one does: without flushing its queue. */
    int awaitEnd() {
        boolean interrupted = false;
        while (true) {
            try {
                ended.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return status;
    }

    /** The device time at which the command ended; only once it has. */
    long endTime() {
        return times[3];
    }

    @Override
    public int await() {
        requireLive();
        // a wait flushes the event's queue, as drivers' clWaitForEvents does
        queue.submitAll();
        int outcome = awaitEnd();
        FakeDevice device = launchOf;
        if (device != null) {
            FakeDevice.awaitUntil(endSeenWhen);
            device.launchEndAwaited();
        }
        return outcome;
    }

    /** The command is a launch of {@code device}: the host sees its end as {@link FakeDevice#holdLaunchEndsSeen} says. */
    void launchOf(FakeDevice device) {
        endSeenWhen = device.launchEndsSeenWhen();
        launchOf = device;
    }

    @Override
    public int status() {
        requireLive();
        BooleanSupplier when = endSeenWhen;
        int now = status;
        return now <= 0 && when != null && !when.getAsBoolean() ? ClCodes.CL_RUNNING : now;
    }

    @Override
    public long[] profile() {
        requireLive();
        return profile.read(() -> (param, width) -> {
            if (status != ClCodes.CL_COMPLETE) {
                throw new BackendException(ClCodes.CL_PROFILING_INFO_NOT_AVAILABLE, "the command has not completed");
            }
            return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.nativeOrder()).putLong(0, times[param - FIRST_TIME])
                    .array();
        }, () -> status);
    }
}
