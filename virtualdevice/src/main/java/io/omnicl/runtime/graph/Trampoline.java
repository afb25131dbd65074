package io.omnicl.runtime.graph;

import java.util.ArrayDeque;

/**
 * Runs completion listeners without nesting: a listener that completes something else from inside a
 * listener is queued and run after the current one, on the same thread, before the outermost call
 * returns. Long chains of dependent commands therefore complete in a loop, not in deep recursion.
 */
final class Trampoline {

    private static final ThreadLocal<ArrayDeque<Runnable>> PENDING = new ThreadLocal<>();

    private Trampoline() {
    }

    static void run(Runnable task) {
        ArrayDeque<Runnable> pending = PENDING.get();
        if (pending != null) {
            pending.add(task);
            return;
        }
        pending = new ArrayDeque<>();
        PENDING.set(pending);
        try {
            Runnable next = task;
            while (next != null) {
                try {
                    next.run();
                } catch (RuntimeException e) {
                    Log.unexpected(e);
                }
                next = pending.poll();
            }
        } finally {
            PENDING.remove();
        }
    }
}
