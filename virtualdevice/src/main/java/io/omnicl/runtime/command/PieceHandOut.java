package io.omnicl.runtime.command;

import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.ProgramThreads;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * Which pieces of a launch cut across devices are handed out, and when they may follow the launches before it.
 * Handed out: to follow the launches before it piece by piece, each
 * behind them on its own device, or, those with a device, to be placed once the launch has started (its dependencies
 * met); the others go to devices as they end theirs. A piece is handed out once, but a piece that did not follow after
 * all is handed out again: at once where the launch has started, else when it starts.
 */
final class PieceHandOut {

    /**
     * A launch follows at most this many launches not yet ended: its pieces then have work ahead of them on their
     * devices, and the check of each piece against those launches' pieces stays short.
     */
    static final int MOST_AHEAD = 4;

    private final boolean[] handedOut;
    private final boolean[] following;
    private boolean started;
    private boolean followed;

    PieceHandOut(int pieces) {
        handedOut = new boolean[pieces];
        following = new boolean[pieces];
    }

    /**
     * The launch has started: those of its first {@code withDevice} pieces (the pieces with a device) not handed out
     * yet, now handed out to be placed.
     */
    synchronized List<Integer> start(int withDevice) {
        started = true;
        List<Integer> rest = new ArrayList<>(withDevice);
        for (int p = 0; p < withDevice; p++) {
            if (!handedOut[p]) {
                handedOut[p] = true;
                rest.add(p);
            }
        }
        return rest;
    }

    /** Hands every piece out to follow; false, handing out nothing, where they followed once already. */
    synchronized boolean followAll() {
        if (followed) {
            return false;
        }
        followed = true;
        Arrays.fill(handedOut, true);
        Arrays.fill(following, true);
        return true;
    }

    /** Whether the pieces were handed out to follow. */
    synchronized boolean followed() {
        return followed;
    }

    /** Whether {@code piece} follows (submitted behind the launches before, or about to be). */
    synchronized boolean following(int piece) {
        return following[piece];
    }

    /**
     * {@code piece} did not follow after all: whether it is to be placed now (the launch has started); else it is
     * placed when the launch starts.
     */
    synchronized boolean unfollow(int piece) {
        following[piece] = false;
        handedOut[piece] = started;
        return started;
    }

    /**
     * Whether {@code c} may follow the launches before it in pieces: none has failed, and each of those not yet ended
     * ({@link #earlierNotEnded}, a few at most) is a launch cut across devices whose pieces are all submitted or ended
     * well; each piece then goes behind them on its own device where nothing it uses is changed or used elsewhere, or
     * only by pieces it may follow across devices ({@link #settledOn}).
     */
    static boolean mayFollow(Command c) {
        if (precursorFailed(c)) {
            return false;
        }
        List<Command> earlier = earlierNotEnded(c, MOST_AHEAD);
        if (earlier.size() > MOST_AHEAD) {
            // tried again once one of those ahead has ended: the last found, the oldest of a chain of launches
            earlier.get(MOST_AHEAD).executed.onDone(s -> c.tryFollow());
            wakeHeldWorkers();
            return false;
        }
        if (earlier.isEmpty()) {
            return false;
        }
        for (Command e : earlier) {
            if (!(e instanceof KernelCommand k && k.piecesSubmitted())) {
                // tried again once its pieces are submitted, or once it has ended
                wakeHeldWorkers();
                return false;
            }
        }
        return true;
    }

    /**
     * A launch kept back from following waits for what the devices' threads do next (end a piece, submit one, bring
     * bytes): a program thread enqueuing may hold those threads' wakes to a flush point ({@link ProgramThreads}), and
     * this launch and every one after it would wait for that point with the devices idle.
     */
    private static void wakeHeldWorkers() {
        ProgramThreads.flush();
    }

    /**
     * On {@code w}'s thread: whether {@code piece} of {@code c} may go behind the launches before it there: none has
     * failed, and each of those not yet ended is a cut launch settled before it there
     * ({@link KernelCommand#settledBefore}); {@code needs} gets what it reads from their pieces on other devices.
     */
    static boolean settledOn(Command c, LaunchCut.Piece piece, DeviceWorker w, List<RelayAhead.Need> needs) {
        if (precursorFailed(c)) {
            return false;
        }
        List<Command> earlier = earlierNotEnded(c, MOST_AHEAD);
        if (earlier.size() > MOST_AHEAD) {
            return false;
        }
        // the latest first: a byte that several of them write is relayed from the last to write it
        earlier.sort((a, b) -> Long.compare(b.made, a.made));
        for (Command e : earlier) {
            if (!(e instanceof KernelCommand k && k.settledBefore(piece, w, needs))) {
                return false;
            }
        }
        return true;
    }

    /** Whether a precursor of {@code c} has ended in failure (then nothing follows it, as with whole commands). */
    private static boolean precursorFailed(Command c) {
        for (Command p : c.precursors()) {
            if (p.executed.isDone() && p.executed.status() < 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The commands not yet ended that {@code c} comes after: its precursors and, through those not ended, theirs; the
     * walk stops once it has found more than {@code most}. The queue's hazards name only the last of several writers,
     * so a command's precursors alone do not show every earlier command still writing what it uses.
     */
    static List<Command> earlierNotEnded(Command c, int most) {
        List<Command> found = new ArrayList<>(2);
        Deque<Command> toVisit = new ArrayDeque<>(c.precursors());
        while (!toVisit.isEmpty()) {
            Command p = toVisit.pop();
            if (!p.executed.isDone() && !found.contains(p)) {
                found.add(p);
                if (found.size() > most) {
                    return found;
                }
                toVisit.addAll(p.precursors());
            }
        }
        return found;
    }
}
