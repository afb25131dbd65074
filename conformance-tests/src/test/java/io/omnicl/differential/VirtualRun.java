package io.omnicl.differential;

import static io.omnicl.differential.ClChecks.check;
import static io.omnicl.differential.ClChecks.checkComplete;
import static io.omnicl.differential.ClChecks.err;
import static org.jocl.CL.CL_COMPLETE;
import static org.jocl.CL.clCreateUserEvent;
import static org.jocl.CL.clFinish;
import static org.jocl.CL.clFlush;
import static org.jocl.CL.clReleaseCommandQueue;
import static org.jocl.CL.clReleaseEvent;
import static org.jocl.CL.clSetUserEventStatus;
import static org.jocl.CL.clWaitForEvents;

import java.util.BitSet;
import java.util.List;

import org.jocl.cl_command_queue;
import org.jocl.cl_event;

/** The run under test: the program's own queues (in order or out of order), events and wait lists. */
final class VirtualRun extends ProgramRun {

    private final cl_command_queue[] queues;
    /** Events by node: those of enqueued commands and the user events. */
    private final cl_event[] events;
    private final BitSet userEvents = new BitSet();
    private final BitSet completedUserEvents = new BitSet();

    VirtualRun(ClSession session, Program program) {
        super(session, program);
        queues = new cl_command_queue[program.queueCount()];
        for (int q = 0; q < queues.length; q++) {
            queues[q] = session.newQueue(program.isOutOfOrder(q));
        }
        events = new cl_event[program.nodeCount()];
    }

    @Override
    cl_command_queue queue(int logicalQueue) {
        return queues[logicalQueue];
    }

    @Override
    cl_event[] waitList(List<Integer> nodes) {
        return nodes.isEmpty() ? null : nodes.stream().map(n -> events[n]).toArray(cl_event[]::new);
    }

    @Override
    cl_event event(int node) {
        events[node] = new cl_event();
        return events[node];
    }

    @Override
    void enqueued(int node) {
        // commands run as their dependences allow
    }

    @Override
    void beforeHostBlocks() {
        // OpenCL only promises progress to commands of flushed queues when the host waits on another queue
        for (cl_command_queue q : queues) {
            check(clFlush(q), "clFlush");
        }
    }

    @Override
    void awaitNode(int node) {
        check(clWaitForEvents(1, new cl_event[] {events[node]}), "clWaitForEvents(e" + node + ")");
    }

    @Override
    void createUserEvent(int node) {
        int[] e = err();
        events[node] = clCreateUserEvent(session.context, e);
        check(e[0], "clCreateUserEvent");
        userEvents.set(node);
    }

    @Override
    void completeUserEvent(int node) {
        check(clSetUserEventStatus(events[node], CL_COMPLETE), "clSetUserEventStatus(e" + node + ")");
        completedUserEvents.set(node);
    }

    @Override
    void releaseEvent(int node) {
        check(clReleaseEvent(events[node]), "clReleaseEvent(e" + node + ")");
        events[node] = null;
    }

    @Override
    void finishAll() {
        for (cl_command_queue q : queues) {
            check(clFinish(q), "clFinish");
        }
        // every command the program still holds an event of must have succeeded, waited for or not
        for (int node = 0; node < events.length; node++) {
            if (events[node] != null) {
                checkComplete(events[node], "e" + node);
            }
        }
    }

    @Override
    void releaseQueuesAndEvents(boolean afterFailure) {
        if (afterFailure) {
            // best effort, statuses ignored: let commands held back by a user event run, so the queues finish
            BitSet pending = (BitSet) userEvents.clone();
            pending.andNot(completedUserEvents);
            pending.stream().forEach(node -> clSetUserEventStatus(events[node], CL_COMPLETE));
            for (cl_command_queue q : queues) {
                clFinish(q);
            }
        }
        for (cl_event e : events) {
            if (e != null && e.getNativePointer() != 0) {
                check(clReleaseEvent(e), "clReleaseEvent");
            }
        }
        for (cl_command_queue q : queues) {
            check(clReleaseCommandQueue(q), "clReleaseCommandQueue");
        }
    }
}
