package io.omnicl.differential;

import static io.omnicl.differential.ClChecks.check;
import static org.jocl.CL.clFinish;
import static org.jocl.CL.clReleaseCommandQueue;

import java.util.List;

import org.jocl.cl_command_queue;
import org.jocl.cl_event;

/**
 * The reference: every step in logical order on one in-order queue, with clFinish after each command. Wait
 * lists and user events are left out: when a command is enqueued, everything it could wait for is complete.
 */
final class ReferenceRun extends ProgramRun {

    private final cl_command_queue queue;

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
        return null;
    }

    @Override
    void enqueued(int node) {
        check(clFinish(queue), "clFinish after e" + node);
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
