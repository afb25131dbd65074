package io.omnicl.runtime;

import io.omnicl.runtime.graph.Access;
import io.omnicl.runtime.graph.Completion;
import io.omnicl.runtime.graph.Statuses;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static io.omnicl.runtime.Cl.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;

/**
 * A node of the command graph. It waits for its dependencies (the queue adds them), then {@link #start()}s
 * and eventually {@link #end(int)}s. {@link #executed} is its own end, which data hazards wait on; its
 * event may end later, since an in-order queue shows commands complete in order.
 */
abstract class Command {

    final Queue queue;
    final int commandType;
    /** Made when the command is enqueued, so that a command rejected while being built leaves nothing behind. */
    Event event;
    final Completion executed = new Completion();
    /** Dependencies not yet met, plus one until the queue has added them all. */
    private final AtomicInteger unmet = new AtomicInteger(1);
    private volatile boolean waitListFailed;
    private final AtomicBoolean ended = new AtomicBoolean();

    Command(Queue queue, int commandType) {
        this.queue = queue;
        this.commandType = commandType;
    }

    /** The storage ranges the command reads and writes. */
    List<Access> accesses() {
        return List.of();
    }

    /**
     * Waits for {@code c} before starting. A failed wait-list event fails this command with
     * {@code CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST}; other dependencies only order it.
     */
    final void dependOn(Completion c, boolean fromWaitList) {
        unmet.incrementAndGet();
        c.onDone(status -> {
            if (status < 0 && fromWaitList) {
                waitListFailed = true;
            }
            arrive();
        });
    }

    /** All dependencies are added. */
    final void seal() {
        arrive();
    }

    private void arrive() {
        if (unmet.decrementAndGet() != 0) {
            return;
        }
        if (waitListFailed) {
            end(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
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

    /** The command has executed with {@code status} (0 or negative). */
    final void end(int status) {
        if (ended.getAndSet(true)) {
            return;
        }
        released();
        executed.complete(status);
    }

    /** Lets go of what the command held. */
    void released() {
    }
}
