package io.omnicl.runtime.command;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.InfoValue;
import io.omnicl.runtime.Callbacks;
import io.omnicl.runtime.Context;
import io.omnicl.runtime.CountedObject;
import io.omnicl.runtime.completion.Completion;
import io.omnicl.runtime.worker.ProgramThreads;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

import static io.omnicl.driver.OpenClConstants.*;

/**
 * An OpenCL event: QUEUED, SUBMITTED, RUNNING, then COMPLETE or a negative error. Profiling times are on
 * one host clock ({@link System#nanoTime()}). {@link #done()} is what other commands wait on.
 */
public final class Event extends CountedObject implements ClEvent {

    private final Context context;
    private final Queue queue;
    private final int commandType;
    private final Completion done = new Completion();
    /** The command whose event this is, until the event ends; null for a user event. */
    private volatile Command command;
    /** QUEUED, SUBMIT, START, END in host nanoseconds; 0 until reached. */
    private final long[] times = new long[4];
    /** Guarded by this: the end of the command before in an in-order queue, which this one starts no earlier than. */
    private long notBefore;
    /** Whether the times are kept: only a profiling queue's commands give them. */
    private final boolean timed;
    private int status;
    private List<Callback> callbacks;

    private record Callback(int type, IntConsumer function) {
    }

    /** The event of {@code command}, enqueued on {@code queue}. */
    Event(Context context, Queue queue, Command command) {
        this(context, queue, command.commandType);
        this.command = command;
    }

    public Event(Context context, Queue queue, int commandType) {
        this.context = context;
        this.queue = queue;
        this.commandType = commandType;
        this.status = queue == null ? CL_SUBMITTED : CL_QUEUED;
        this.timed = queue != null && queue.profiling();
        this.times[0] = timed ? System.nanoTime() : 0;
        context.hold();
        if (queue != null) {
            queue.hold();
        }
    }

    /** Ends when the event is complete or failed. */
    Completion done() {
        return done;
    }

    Queue queue() {
        return queue;
    }

    /** The command whose event this is, or null once ended (or for a user event). */
    Command command() {
        return command;
    }

    int commandType() {
        return commandType;
    }

    /** The command was handed to a device or the host executor. */
    void submitted() {
        advance(CL_SUBMITTED, 0);
    }

    /** The command started, at {@code hostTime} (0 = now). */
    void running(long hostTime) {
        advance(CL_RUNNING, hostTime);
    }

    /**
     * Records the real device's start and end, mapped to the host clock. The mapping is an estimate, so the
     * times are moved, keeping their difference where they can, to lie between the submission and
     * {@code observed}, the host time the completion was seen.
     */
    void executedAt(long start, long end, long observed) {
        long duration = Math.max(0, end - start);
        synchronized (this) {
            long first = Math.max(times[1], notBefore);
            long last = Math.max(observed, first);
            long e = Math.min(end, last);
            long s = Math.max(e - duration, first);
            times[2] = s;
            times[3] = Math.min(Math.max(e, s + duration), last);
        }
    }

    /**
     * In an in-order queue, shows the command starting no earlier than the previous one ended. A command
     * that has no start yet gets one when it completes, which is after the previous command's end anyway.
     */
    void startNotBefore(Event previous) {
        long previousEnd;
        synchronized (previous) {
            previousEnd = previous.times[3];
        }
        synchronized (this) {
            notBefore = Math.max(notBefore, previousEnd);
            if (times[2] != 0 && times[2] < previousEnd) {
                // a command still running (a launch cut across devices: started when its first piece did) has no end
                // to move yet; its times, when they come, start no earlier than notBefore
                if (times[3] != 0) {
                    times[3] = previousEnd + (times[3] - times[2]);
                }
                times[2] = previousEnd;
            }
        }
    }

    /** Ends the event with {@code s} (0 or negative). */
    void finish(int s) {
        advance(s < 0 ? s : CL_COMPLETE, 0);
    }

    private void advance(int to, long hostTime) {
        List<Callback> due = new ArrayList<>();
        synchronized (this) {
            if (status <= CL_COMPLETE || (to >= 0 && to >= status)) {
                return;
            }
            if (timed) {
                long now = hostTime != 0 ? hostTime : System.nanoTime();
                int reached = Math.max(to, 0);
                for (int st = CL_SUBMITTED; st >= reached; st--) {
                    int slot = 3 - st; // SUBMITTED -> 1, RUNNING -> 2, COMPLETE -> 3
                    if (times[slot] == 0) {
                        times[slot] = Math.max(now, times[slot - 1]);
                    }
                }
            }
            status = to;
            if (callbacks != null) {
                callbacks.removeIf(c -> {
                    if (to < 0 || c.type >= to) {
                        due.add(c);
                        return true;
                    }
                    return false;
                });
            }
        }
        for (Callback c : due) {
            int reported = to < 0 ? to : c.type;
            Callbacks.post(() -> c.function.accept(reported));
        }
        if (to <= CL_COMPLETE) {
            command = null;
            done.complete(to);
            if (queue != null) {
                queue.unhold();
            }
            context.unhold();
        }
    }

    @Override
    public synchronized int status() {
        return status;
    }

    @Override
    public int await() {
        return ProgramThreads.await(done, context.runtime().watchNanos());
    }

    @Override
    public ClContext context() {
        return context;
    }

    @Override
    public boolean isUserEvent() {
        return queue == null;
    }

    @Override
    public void setUserStatus(int s) {
        synchronized (this) {
            if (queue != null || status <= CL_COMPLETE) {
                throw new ClError(CL_INVALID_OPERATION, "not a user event, or its status is already set");
            }
        }
        finish(s);
    }

    @Override
    public void addCallback(int type, IntConsumer function) {
        // a program may wait for the callback without flushing (drivers start the command anyway)
        ProgramThreads.flush();
        int reported;
        synchronized (this) {
            if (status > type && status > CL_COMPLETE) {
                if (callbacks == null) {
                    callbacks = new ArrayList<>(2);
                }
                callbacks.add(new Callback(type, function));
                return;
            }
            reported = status < 0 ? status : type;
        }
        Callbacks.post(() -> function.accept(reported));
    }

    @Override
    public InfoValue info(int param) {
        switch (param) {
            case CL_EVENT_COMMAND_QUEUE:
                return InfoValue.ofHandle(queue);
            case CL_EVENT_CONTEXT:
                return InfoValue.ofHandle(context);
            case CL_EVENT_COMMAND_TYPE:
                return InfoValue.ofInt(commandType);
            case CL_EVENT_COMMAND_EXECUTION_STATUS:
                // a program polling for the end of what it did not flush (drivers start it anyway)
                ProgramThreads.flush();
                return InfoValue.ofInt(status());
            case CL_EVENT_REFERENCE_COUNT:
                return InfoValue.ofInt(referenceCount());
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown event info " + param);
        }
    }

    @Override
    public InfoValue profilingInfo(int param) {
        // a program polling for the times of what it did not flush (drivers start it anyway)
        ProgramThreads.flush();
        synchronized (this) {
            if (queue == null || !queue.profiling() || status > CL_COMPLETE) {
                throw new ClError(CL_PROFILING_INFO_NOT_AVAILABLE);
            }
            int slot = param - CL_PROFILING_COMMAND_QUEUED;
            if (slot < 0 || slot > 3) {
                throw new ClError(CL_INVALID_VALUE, "unknown profiling info " + param);
            }
            return InfoValue.ofLong(times[slot]);
        }
    }

    @Override
    protected int invalidCode() {
        return CL_INVALID_EVENT;
    }

    @Override
    protected void destroy() {
    }
}
