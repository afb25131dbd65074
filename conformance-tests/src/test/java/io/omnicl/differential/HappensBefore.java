package io.omnicl.differential;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a generated program guarantees to finish before what, so that the generator can make it race-free:
 * when a command touches bytes that an earlier command touched, either of them writing, and the earlier one
 * is not already guaranteed to have finished, the later command gets the earlier one's event in its wait
 * list. Then every execution the OpenCL rules allow gives the result of running the steps one by one in
 * logical order, which is what the reference does.
 *
 * <p>Node n finishes before node m when n is an ancestor of m. The edges are those OpenCL promises: the
 * wait list; the previous command of an in-order queue; the last barrier of an out-of-order queue; every
 * earlier command of an out-of-order queue for a marker or barrier without wait list; and the host, which
 * after a blocking call or a wait knows that the command and its ancestors have finished, so every command
 * enqueued afterwards starts later.
 *
 * <p>It also tracks which user events each node waits for, directly or not, so that the generator never
 * lets the host block on a command held back by a user event that only a later step sets complete.
 */
final class HappensBefore {

    /** A byte range of a root buffer that a command reads or writes. */
    record Span(int root, long start, long end, boolean writes) {
        boolean conflictsWith(Span other) {
            return root == other.root && start < other.end && other.start < end && (writes || other.writes);
        }
    }

    /** What kind of ordering point an enqueued command is. */
    enum Kind {
        COMMAND, MARKER, BARRIER
    }

    private record Touch(int node, Span span) {
    }

    private static final class QueueState {
        final boolean outOfOrder;
        /** In order: the last command; out of order: the last barrier; -1 when none. */
        int last = -1;
        final List<Integer> nodes = new ArrayList<>();

        QueueState(boolean outOfOrder) {
            this.outOfOrder = outOfOrder;
        }
    }

    private final List<QueueState> queues = new ArrayList<>();
    private final List<BitSet> ancestors = new ArrayList<>();
    /** Per node, the user events it waits for, directly or through other nodes. */
    private final List<BitSet> userEventsWaitedFor = new ArrayList<>();
    private final BitSet completedUserEvents = new BitSet();
    private final BitSet finishedForHost = new BitSet();
    private final List<Touch> touches = new ArrayList<>();
    /** Per node, its wait list: the requested events plus those race-freedom needs (none for user events). */
    private final List<List<Integer>> waitLists = new ArrayList<>();
    private final BitSet userEvents = new BitSet();

    HappensBefore(List<Boolean> outOfOrderQueues) {
        for (boolean outOfOrder : outOfOrderQueues) {
            queues.add(new QueueState(outOfOrder));
        }
    }

    int nodeCount() {
        return ancestors.size();
    }

    /** Adds a user event; returns its node. */
    int addUserEvent() {
        int node = nodeCount();
        ancestors.add(new BitSet());
        BitSet self = new BitSet();
        self.set(node);
        userEventsWaitedFor.add(self);
        waitLists.add(List.of());
        userEvents.set(node);
        return node;
    }

    /**
     * Adds a command enqueued on {@code queue} that touches {@code spans}, with the wait list the generator
     * asked for; returns its node. {@link #waitList} then gives the wait list that makes it race-free.
     */
    int addCommand(int queue, Kind kind, List<Integer> requestedWaits, List<Span> spans) {
        int node = nodeCount();
        QueueState q = queues.get(queue);
        BitSet before = (BitSet) finishedForHost.clone();
        BitSet gates = new BitSet();
        Set<Integer> waits = new LinkedHashSet<>(requestedWaits);
        for (int w : waits) {
            include(w, before, gates);
        }
        for (int p : implicitPredecessors(q, kind, waits.isEmpty())) {
            include(p, before, gates);
        }
        // newest first: waiting for a later toucher often covers the earlier ones through its ancestors
        for (int i = touches.size() - 1; i >= 0; i--) {
            Touch t = touches.get(i);
            if (!before.get(t.node) && spans.stream().anyMatch(t.span::conflictsWith)) {
                waits.add(t.node);
                include(t.node, before, gates);
            }
        }
        ancestors.add(before);
        userEventsWaitedFor.add(gates);
        waitLists.add(List.copyOf(waits));
        for (Span s : spans) {
            touches.add(new Touch(node, s));
        }
        q.nodes.add(node);
        if (!q.outOfOrder || kind == Kind.BARRIER) {
            q.last = node;
        }
        return node;
    }

    /** The wait list of a command node: the requested events plus those race-freedom needs. */
    List<Integer> waitList(int node) {
        return waitLists.get(node);
    }

    private List<Integer> implicitPredecessors(QueueState q, Kind kind, boolean noWaitList) {
        if (q.outOfOrder && kind != Kind.COMMAND && noWaitList) {
            return q.nodes;
        }
        return q.last < 0 ? List.of() : List.of(q.last);
    }

    private void include(int node, BitSet before, BitSet gates) {
        before.set(node);
        before.or(ancestors.get(node));
        gates.or(userEventsWaitedFor.get(node));
    }

    /** The user events, not yet set complete, that hold back {@code node}. */
    List<Integer> pendingUserEventsHolding(int node) {
        BitSet pending = (BitSet) userEventsWaitedFor.get(node).clone();
        pending.andNot(completedUserEvents);
        return pending.stream().boxed().toList();
    }

    /** Every user event not yet set complete. */
    List<Integer> pendingUserEvents() {
        BitSet pending = (BitSet) userEvents.clone();
        pending.andNot(completedUserEvents);
        return pending.stream().boxed().toList();
    }

    void completeUserEvent(int node) {
        completedUserEvents.set(node);
    }

    /** The host has waited for {@code node}: it and its ancestors finish before anything enqueued later. */
    void hostWaitedFor(int node) {
        finishedForHost.set(node);
        finishedForHost.or(ancestors.get(node));
    }
}
