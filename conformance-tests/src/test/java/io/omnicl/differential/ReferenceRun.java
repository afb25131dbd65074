package io.omnicl.differential;

import static io.omnicl.differential.ClChecks.check;
import static io.omnicl.differential.ClChecks.checkComplete;
import static org.jocl.CL.clFinish;
import static org.jocl.CL.clReleaseCommandQueue;
import static org.jocl.CL.clReleaseEvent;

import java.util.List;

import org.jocl.cl_command_queue;
import org.jocl.cl_event;

/**
 * The reference: every step in logical order on one in-order queue, with clFinish after each command. Wait
 * lists and user events are left out: when a command is enqueued, everything it could wait for is complete.
 * Each command must end complete: a failed one is an error of the reference, not a difference.
 */
final class ReferenceRun extends ProgramRun {

    private final cl_command_queue queue;
    /** The event of the command being enqueued, checked and released once it is finished. */
    private cl_event last;

    ReferenceRun(ClSession session, Program program) {
        super(session, program);
        this.queue = session.newQueue(false);
    }

    @Override
    cl_command_queue queue(int logicalQueue) {
        return queue;
    }

    @Override
    cl_event[] waitList(List<Integer> nodes) {
        return null;
    }

    @Override
    cl_event event(int node) {
        last = new cl_event();
        return last;
    }

    @Override
    void enqueued(int node) {
        check(clFinish(queue), "clFinish after e" + node);
        checkComplete(last, "e" + node);
        check(clReleaseEvent(last), "clReleaseEvent(e" + node + ")");
        last = null;
    }

    @Override
    void beforeHostBlocks() {
        // the queue is always finished
    }

    @Override
    void awaitNode(int node) {
        // finished right after it was enqueued
    }

    @Override
    void createUserEvent(int node) {
        // nothing waits: see the class comment
    }

    @Override
    void completeUserEvent(int node) {
        // nothing waits: see the class comment
    }

    @Override
    void releaseEvent(int node) {
        // no events
    }

    @Override
    void finishAll() {
        check(clFinish(queue), "clFinish");
    }

    @Override
    void releaseQueuesAndEvents(boolean afterFailure) {
        check(clReleaseCommandQueue(queue), "clReleaseCommandQueue");
    }
}
