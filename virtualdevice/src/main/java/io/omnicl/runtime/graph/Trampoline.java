package io.omnicl.runtime.graph;

import java.util.ArrayDeque;

/**
 * Runs completion listeners without nesting: a listener that completes something else from inside a
 * listener is queued and run after the current one, on the same thread, before the outermost call
 * returns. Long chains of dependent commands therefore complete in a loop, not in deep recursion.
 */
final class Trampoline {

    /** One per thread, kept: set and removed per call would cost a thread-local map clean-up each time. */
    private static final class State {
        final ArrayDeque<Runnable> pending = new ArrayDeque<>();
        boolean running;
    }

    private static final ThreadLocal<State> STATE = ThreadLocal.withInitial(State::new);

    private Trampoline() {
    }

    static void run(Runnable task) {
        State state = STATE.get();
        if (state.running) {
            state.pending.add(task);
            return;
        }
        state.running = true;
        try {
            Runnable next = task;
            while (next != null) {
                try {
                    next.run();
                } catch (RuntimeException e) {
                    Log.unexpected(e);
                }
                next = state.pending.poll();
            }
        } finally {
            state.running = false;
        }
    }
}
