package io.omnicl.runtime.completion;

import java.util.function.IntConsumer;

/**
 * Runs completion listeners without nesting: a listener that completes something else from inside a
 * listener is queued and run after the current one, on the same thread, before the outermost call
 * returns. Long chains of dependent commands therefore complete in a loop, not in deep recursion.
 */
final class Trampoline {

    /**
     * One per thread, kept: set and removed per call would cost a thread-local map clean-up each time. The
     * queued calls are listener and status side by side in a ring, so that queuing one allocates nothing.
     */
    private static final class State {
        IntConsumer[] listeners = new IntConsumer[16];
        int[] statuses = new int[16];
        int head;
        int size;
        boolean running;

        void add(IntConsumer listener, int status) {
            if (size == listeners.length) {
                grow();
            }
            int at = (head + size) & (listeners.length - 1);
            listeners[at] = listener;
            statuses[at] = status;
            size++;
        }

        private void grow() {
            IntConsumer[] l = new IntConsumer[listeners.length * 2];
            int[] s = new int[l.length];
            for (int i = 0; i < size; i++) {
                int from = (head + i) & (listeners.length - 1);
                l[i] = listeners[from];
                s[i] = statuses[from];
            }
            listeners = l;
            statuses = s;
            head = 0;
        }
    }

    private static final ThreadLocal<State> STATE = ThreadLocal.withInitial(State::new);

    private Trampoline() {
    }

    /** Calls {@code listener} with {@code status}, now or, when inside another call, after it. */
    static void call(IntConsumer listener, int status) {
        State state = STATE.get();
        if (state.running) {
            state.add(listener, status);
            return;
        }
        state.running = true;
        try {
            IntConsumer next = listener;
            int s = status;
            while (next != null) {
                try {
                    next.accept(s);
                } catch (RuntimeException e) {
                    Log.unexpected(e);
                }
                next = null;
                if (state.size > 0) {
                    next = state.listeners[state.head];
                    s = state.statuses[state.head];
                    state.listeners[state.head] = null;
                    state.head = (state.head + 1) & (state.listeners.length - 1);
                    state.size--;
                }
            }
        } finally {
            state.running = false;
        }
    }
}
