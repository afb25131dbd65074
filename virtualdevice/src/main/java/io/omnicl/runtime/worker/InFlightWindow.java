package io.omnicl.runtime.worker;

import io.omnicl.runtime.coherence.Access;
import io.omnicl.spi.EndedEvent;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;

import static io.omnicl.driver.OpenClConstants.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;

/**
 * The commands a worker has submitted to its device's in-order queue, or beside it on its side or downloads queue,
 * and not yet seen end, oldest first, and what is known of their end without waiting: only some carry a real event
 * (one costs about as much again as a launch), and the queue is in order, so a later event of it tells of the ones
 * before it. A command on another queue has an event of its own, and goes there only when the newest on the
 * in-order queue has one: so the first event after a command without one is always of the in-order queue. Only for
 * use by the thread that drives the worker.
 */
final class InFlightWindow {

    /** Commands submitted since the last flush after which the queue is flushed anyway. */
    private static final int FLUSH_EVERY = 16;

    private final ArrayDeque<Submitted> inFlight = new ArrayDeque<>();
    /** The ranges the commands in flight write. */
    private final PendingWrites pendingWrites = new PendingWrites();
    /** Those in flight that followed others rather than came from the scheduler. */
    private int followers;
    /** Those in flight on a queue other than the in-order one. */
    private int apart;
    /** Commands submitted since the queue was last flushed. */
    private int unflushed;
    /** How many times the in-order queue has been flushed here. */
    private volatile long flushes;
    /**
     * Whether the newest command in flight ended when it was submitted (a blocking transfer), and so have all on the
     * in-order queue (one on another queue is waited for on its own event).
     */
    boolean lastEnded() {
        Submitted last = inFlight.peekLast();
        return last != null && last.last() instanceof EndedEvent;
    }

    /** Commands submitted without a real event since the last one with. */
    private int withoutEvent;
    /**
     * Commands at the head without an event that are known to have ended, since a later event has, and the
     * status that event ended with.
     */
    private int knownEnded;
    private int knownStatus;
    /** Commands in flight when one failed, which therefore fail too. */
    private int suspect;

    boolean isEmpty() {
        return inFlight.isEmpty();
    }

    /** How many of those in flight came from the scheduler (not following others). */
    int fromScheduler() {
        return inFlight.size() - followers;
    }

    /** Commands submitted without a real event since the last one with. */
    int withoutEvent() {
        return withoutEvent;
    }

    /** Whether commands in flight are failing because one before them failed. */
    boolean failing() {
        return suspect > 0;
    }

    /** Whether the oldest is known to have ended, with no wait. */
    boolean oldestKnownEnded() {
        return knownEnded > 0;
    }

    /**
     * The ranges that commands in flight write, valid on the device for a command submitted behind them. All of
     * them, not only the ones it depends on: in a race-free program a command in flight that writes what a later
     * one reads is ordered before it, whether through the later one's precursors or (in an out-of-order queue,
     * ordered by wait lists alone) through theirs.
     */
    Collection<Access> pendingWrites() {
        return pendingWrites.ranges();
    }

    /**
     * Whether a part of {@code owner} may go on the device's side queue: everything in flight but downloads is a
     * part of {@code owner} on the in-order queue, with no transfer of its own in flight, and the newest has a real
     * event. A side part is then ordered after nothing in flight, which only other parts of its command are (they
     * write other bytes, and moved nothing here that it may read: a range counts as held here once its upload is
     * enqueued, and only the in-order queue waits for that upload), and downloads of bytes that ended pieces wrote.
     */
    boolean sideFreeFor(Object owner) {
        if (!apartFree() || lastEnded()) {
            return false;
        }
        boolean parts = false;
        for (Submitted s : inFlight) {
            if (s.lane() == Lane.DOWNLOADS) {
                continue;
            }
            if (s.lane() == Lane.SIDE || s.owner() != owner || !s.others().isEmpty()) {
                return false;
            }
            parts = true;
        }
        return parts;
    }

    /**
     * Whether a command may go on a queue beside the in-order one: what is in flight on the in-order queue without
     * an event, ended once a later event of that queue has, has such an event after it.
     */
    boolean apartFree() {
        return withoutEvent == 0;
    }

    /**
     * Adds a submitted command; the in-order queue is flushed every {@value #FLUSH_EVERY} commands, not after each
     * (a command on another queue was flushed when submitted).
     */
    void add(Submitted s, RealQueue queue) {
        if (s.lane() == Lane.IN_ORDER) {
            if (s.last() instanceof EndedEvent) {
                // a blocking transfer: the queue is flushed
                unflushed = 0;
            } else if (++unflushed >= FLUSH_EVERY || inFlight.size() == apart) {
                // the first on an idle in-order queue starts at once, the ones after it as they come in bunches
                flush(queue);
            }
            withoutEvent = s.last() == null ? withoutEvent + 1 : 0;
        } else {
            apart++;
        }
        inFlight.add(s);
        pendingWrites.add(s.writes());
        if (s.behind()) {
            followers++;
        }
    }

    void flush(RealQueue queue) {
        if (unflushed > 0) {
            unflushed = 0;
            queue.flush();
            flushes++;
        }
    }

    /** How many times the in-order queue has been flushed here; read from any thread. */
    long flushes() {
        return flushes;
    }

    /**
     * The event of the oldest command in flight that has one; a marker's, enqueued and flushed now, when none
     * has. The queue is in order: once it has ended, so have the commands before it (what is on the in-order
     * queue before a command on another has an event of that queue after it: {@link #apartFree}).
     */
    RealEvent firstEvent(RealQueue queue) {
        for (Submitted t : inFlight) {
            if (t.last() != null) {
                return t.last();
            }
        }
        RealEvent marker = queue.marker(List.of());
        inFlight.add(new Submitted("marker", Trace.Kind.COPY, marker, marker, List.of(), List.of(), false, false,
                null, Lane.IN_ORDER, (status, times) -> { }));
        unflushed = 0;
        queue.flush();
        flushes++;
        return marker;
    }

    /** Takes the oldest command off the window. */
    Submitted takeOldest() {
        Submitted s = inFlight.poll();
        if (s.behind()) {
            followers--;
        }
        if (s.lane() != Lane.IN_ORDER) {
            apart--;
        }
        pendingWrites.remove(s.writes());
        return s;
    }

    /**
     * Waits for {@code s}, just taken off the window, to end and returns its status: a failed transfer of its
     * fails it, and so does an earlier command's failure, since what was submitted after that may have used
     * what it left.
     */
    int awaitEnd(Submitted s, RealQueue queue) {
        int status = s.last() != null ? s.last().await() : endedWithLaterEvent(queue);
        // the queue is in order, so the others have ended too
        for (int i = 0; i < s.others().size(); i++) {
            int st = s.others().get(i).status();
            status = status < 0 ? status : Math.min(st, 0);
        }
        if (status < 0 && s.lane() != Lane.DOWNLOADS) {
            // a failed download left nothing that the commands after it use
            suspect = inFlight.size();
        } else if (suspect > 0) {
            suspect--;
            status = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
        }
        return status;
    }

    /**
     * The status of a command just taken off the head without an event: the queue is in order, so it has
     * ended once the first later event has (a marker's, enqueued now, when no later command has one), and with
     * that event's failure, if any, since an error of a command without an event shows on the next one.
     */
    private int endedWithLaterEvent(RealQueue queue) {
        if (knownEnded == 0) {
            int without = 0;
            for (Submitted t : inFlight) {
                if (t.last() != null) {
                    break;
                }
                without++;
            }
            RealEvent later = firstEvent(queue);
            knownStatus = Math.min(later.await(), 0);
            knownEnded = without + 1;
        }
        knownEnded--;
        return knownStatus;
    }
}
