package io.omnicl.runtime.command;

import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.completion.Completion;
import io.omnicl.runtime.completion.Statuses;
import io.omnicl.runtime.worker.DeviceWorker;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static io.omnicl.driver.OpenClConstants.CL_COMMAND_NDRANGE_KERNEL;
import static io.omnicl.driver.OpenClConstants.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;

/**
 * A node of the command graph. It waits for its dependencies (the queue adds them), then {@link #start()}s
 * and eventually {@link #end(int)}s. {@link #executed} is its own end, which data hazards wait on; its
 * event may end later, since an in-order queue shows commands complete in order.
 * <p>
 * A command may also <em>follow</em> its precursors (the earlier commands of its queue it depends on) onto
 * the device where they are still running: when every precursor has succeeded or is in flight on one
 * device, and nothing from outside the queue is still awaited, it is submitted behind them on that device's
 * in-order queue, without waiting for the host to see them end. The device's queue keeps the order; if a
 * precursor fails, the follower's attempt fails with it and it waits again for its dependencies. A launch cut
 * across devices may follow in pieces instead ({@link #mayFollowInPieces}): each piece behind what is in flight
 * on its own device.
 */
abstract class Command {

    private static final int WAITING = 0;
    private static final int FOLLOWING = 1;
    private static final int STARTED = 2;
    private static final AtomicLong MADE = new AtomicLong();

    final Queue queue;
    /**
     * When the command was made, among all commands: a command comes after those it depends on, so that commands made
     * later come later in any order the program set.
     */
    final long made = MADE.incrementAndGet();
    final int commandType;
    /** Made when the command is enqueued, so that a command rejected while being built leaves nothing behind. */
    Event event;
    final Completion executed = new Completion();
    /** Dependencies not yet met, plus one until the queue has added them all. */
    private final AtomicInteger unmet = new AtomicInteger(1);
    /** Dependencies from outside the queue not yet met, plus one until the queue has added them all. */
    private final AtomicInteger foreignUnmet = new AtomicInteger(1);
    private final AtomicInteger state = new AtomicInteger(WAITING);
    private volatile boolean waitListFailed;
    /** Whether the command waits for events of a wait list. */
    private volatile boolean waitsForEvents;
    private final AtomicBoolean ended = new AtomicBoolean();
    /** Earlier commands of the queue this one depends on; fixed once sealed. */
    private final List<Command> precursors = new ArrayList<>(2);
    /** Later commands that may follow this one when it is submitted; null once it has ended. */
    private List<Command> followers = new ArrayList<>(1);
    /** The written accesses, once asked for (a command's accesses do not change). */
    private List<Access> written;
    /** The worker on whose queue the command is submitted and not yet seen to end, else null. */
    private volatile DeviceWorker runningOn;

    Command(Queue queue, int commandType) {
        this.queue = queue;
        this.commandType = commandType;
    }

    /** Whether the command is a kernel launch. */
    final boolean launch() {
        return commandType == CL_COMMAND_NDRANGE_KERNEL;
    }

    /** The storage ranges the command reads and writes. */
    List<Access> accesses() {
        return List.of();
    }

    /**
     * The ranges the command changes, committed to where it ran when it succeeds: by default its written
     * accesses. A command that writes only part of an access (the rows of a rectangle, not the gaps between
     * them) names just that part; one that writes nothing new (a migration) names none.
     */
    List<Access> outputs() {
        return written();
    }

    /** The accesses that write. */
    final List<Access> written() {
        List<Access> w = written;
        if (w == null) {
            List<Access> writes = new ArrayList<>(1);
            for (Access a : accesses()) {
                if (a.writes()) {
                    writes.add(a);
                }
            }
            w = List.copyOf(writes);
            written = w;
        }
        return w;
    }

    /**
     * Waits for {@code c} before starting. A failed wait-list event fails this command with
     * {@code CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST}; other dependencies only order it. {@code foreign}:
     * {@code c} is not the end of earlier commands of this queue (then the command cannot follow before it).
     */
    final void dependOn(Completion c, boolean fromWaitList, boolean foreign) {
        unmet.incrementAndGet();
        if (fromWaitList) {
            waitsForEvents = true;
        }
        if (foreign) {
            foreignUnmet.incrementAndGet();
        }
        c.onDone(status -> {
            if (status < 0 && fromWaitList) {
                waitListFailed = true;
            }
            if (foreign && foreignUnmet.decrementAndGet() == 0) {
                tryFollow();
            }
            arrive();
        });
    }

    /** Waits for {@code p}, an earlier command of this queue. */
    final void dependOn(Command p) {
        dependOn(p.executed, false, false);
        precede(p);
    }

    /**
     * {@code p}, an earlier command of this queue, is among what this command waits for (through a completion
     * already added): the command may follow it.
     */
    final void precede(Command p) {
        if (precursors.contains(p)) {
            return;
        }
        synchronized (p) {
            if (p.followers == null) {
                return;
            }
            p.followers.add(this);
        }
        precursors.add(p);
    }

    /** All dependencies are added. */
    final void seal() {
        foreignUnmet.decrementAndGet();
        if (unmet.get() > 1) {
            tryFollow();
            if (state.get() == WAITING) {
                waitsWhenSealed();
            }
        }
        arrive();
    }

    /** Whether the command waits for events of a wait list (then a failed one must fail it before it writes). */
    final boolean waitsForEvents() {
        return waitsForEvents;
    }

    /** The earlier commands of this queue the command waits for; fixed once sealed. */
    final List<Command> precursors() {
        return precursors;
    }

    /** Sealed with dependencies unmet, and not following: a command may begin what needs only some of them. */
    void waitsWhenSealed() {
    }

    /**
     * Once sealed: the one earlier command of this queue, among those the command waits for, that has not ended,
     * where nothing from outside the queue is still awaited; else null. The earlier commands that write what the
     * command uses are among them (the queue's hazards), so once that one has written a range, the range holds what
     * the command will find there. Dependencies are met from other threads, but what is met stays met: an answer
     * other than null stays true until that command ends. (The command may wait for that one through several
     * dependencies, its event in the wait list as well as its end; other dependencies of the queue only order.)
     */
    final Command onlyPrecursorLeft() {
        if (foreignUnmet.get() != 0 || waitListFailed) {
            return null;
        }
        Command left = null;
        for (Command p : precursors) {
            if (!p.executed.isDone()) {
                if (left != null) {
                    return null;
                }
                left = p;
            }
        }
        return left;
    }

    private void arrive() {
        if (unmet.decrementAndGet() == 0) {
            if (state.compareAndSet(WAITING, STARTED)) {
                proceed();
            }
        } else {
            tryFollow();
        }
    }

    /** Every dependency is met: runs the command, or fails it when its wait list failed. */
    private void proceed() {
        if (waitListFailed) {
            failedByWaitList();
            return;
        }
        event.submitted();
        try {
            start();
        } catch (RuntimeException e) {
            end(Statuses.of(e));
        }
    }

    /** Runs the command, or hands it to where it runs. */
    abstract void start();

    /** An event of the wait list failed: the command fails without running. */
    void failedByWaitList() {
        end(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    }

    /**
     * The worker that may run this command behind its precursors: the one they are all in flight on (those
     * not already succeeded), when the command could run there; else null.
     */
    private DeviceWorker followable() {
        // foreignUnmet is 0 only once sealed: from then on the precursors no longer change
        if (state.get() != WAITING || foreignUnmet.get() != 0 || waitListFailed) {
            return null;
        }
        for (Command p : precursors) {
            DeviceWorker w = p.runningOn;
            if (w != null) {
                return precursorsSettledOn(w) && canFollowOn(w) ? w : null;
            }
        }
        return null;
    }

    /** Follows the command's precursors, in pieces or onto one device, where it still waits and now can. */
    final void tryFollow() {
        if (state.get() == WAITING && foreignUnmet.get() == 0 && !waitListFailed && mayFollowInPieces()) {
            if (state.compareAndSet(WAITING, FOLLOWING)) {
                event.submitted();
                followInPieces();
            }
            return;
        }
        DeviceWorker w = followable();
        if (w != null && state.compareAndSet(WAITING, FOLLOWING)) {
            event.submitted();
            Route.behindPrecursors(this, w);
        }
    }

    /**
     * On {@code w}'s thread: whether the precursors are still each succeeded or in flight there (the ones in
     * flight there can only end on this thread, so the answer holds while the caller runs).
     */
    final boolean precursorsSettledOn(DeviceWorker w) {
        for (Command p : precursors) {
            if (p.executed.isDone() ? p.executed.status() < 0 : p.runningOn != w) {
                return false;
            }
        }
        return true;
    }

    /**
     * Once sealed, with nothing from outside the queue awaited: whether the command may follow its precursors in
     * pieces, each on its own device ({@link #followInPieces}).
     */
    boolean mayFollowInPieces() {
        return false;
    }

    /**
     * Hands each piece of the command to its device, to go behind what is in flight there; a piece that cannot
     * waits for the command's dependencies, through {@link #unfollow()}.
     */
    void followInPieces() {
    }

    /** Whether this kind of command can follow its precursors onto {@code w}'s device. */
    boolean canFollowOn(DeviceWorker w) {
        return false;
    }

    /**
     * On {@code w}'s thread: submits the command behind its precursors, or calls {@link #unfollow()} when it
     * no longer can.
     */
    void follow(DeviceWorker w) {
        unfollow();
    }

    /**
     * A follow did not happen, or its attempt failed: the command waits for its dependencies again (and starts at
     * once where they are met). Nothing changes where it is no longer following.
     */
    final void unfollow() {
        if (state.compareAndSet(FOLLOWING, WAITING) && unmet.get() == 0 && state.compareAndSet(WAITING, STARTED)) {
            proceed();
        }
    }

    /** Whether the command is following its precursors (submitted behind them, or about to be). */
    final boolean following() {
        return state.get() == FOLLOWING;
    }

    /** The command's real work is submitted on {@code w} (null: it has ended there): later commands may follow. */
    final void runningOn(DeviceWorker w) {
        runningOn = w;
        if (w != null) {
            tellFollowers();
        }
    }

    /** Something of the command was submitted: later commands may follow it. */
    final void tellFollowers() {
        Command[] toTell;
        synchronized (this) {
            if (followers == null || followers.isEmpty()) {
                return;
            }
            toTell = followers.toArray(new Command[0]);
        }
        for (Command f : toTell) {
            f.tryFollow();
        }
    }

    /** The command has executed with {@code status} (0 or negative). */
    final void end(int status) {
        if (ended.getAndSet(true)) {
            return;
        }
        state.set(STARTED);
        runningOn = null;
        synchronized (this) {
            followers = null;
        }
        released();
        executed.complete(status);
    }

    /** Lets go of what the command held. */
    void released() {
    }
}
