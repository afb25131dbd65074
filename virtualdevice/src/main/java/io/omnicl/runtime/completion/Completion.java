package io.omnicl.runtime.completion;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Something that ends once, with a status: 0 for success or a negative OpenCL error. Listeners run on
 * the completing thread (through {@link Trampoline}), or at once on the registering thread when already
 * ended.
 */
public final class Completion {

    private static final int PENDING = 1;
    /** Written under the lock; volatile so that {@link #await} can watch it without. */
    private volatile int status = PENDING;
    /** The listeners so far, {@link #count} of them; null until the first. */
    private IntConsumer[] listeners;
    private int count;

    /** A completion that has already ended with {@code status}. */
    public static Completion done(int status) {
        Completion c = new Completion();
        c.complete(status);
        return c;
    }

    public synchronized boolean isDone() {
        return status != PENDING;
    }

    /** The final status; only meaningful once {@link #isDone()}. */
    public synchronized int status() {
        return status;
    }

    /** Calls {@code listener} with the final status once ended. */
    public void onDone(IntConsumer listener) {
        int s;
        synchronized (this) {
            if (status == PENDING) {
                if (listeners == null) {
                    listeners = new IntConsumer[2];
                } else if (count == listeners.length) {
                    listeners = Arrays.copyOf(listeners, count * 2);
                }
                listeners[count++] = listener;
                return;
            }
            s = status;
        }
        Trampoline.call(listener, s);
    }

    /** Ends with {@code s}; only the first call counts. Returns whether this call ended it. */
    public boolean complete(int s) {
        IntConsumer[] toCall;
        int n;
        int end = s > 0 ? 0 : s;
        synchronized (this) {
            if (status != PENDING) {
                return false;
            }
            status = end;
            toCall = listeners;
            n = count;
            listeners = null;
            count = 0;
            notifyAll();
        }
        for (int i = 0; i < n; i++) {
            Trampoline.call(toCall[i], end);
        }
        return true;
    }

    /**
     * Blocks until ended, having first watched for {@code watchNanos} (a blocked thread takes tens of
     * microseconds to wake, more than a short command takes); returns the status.
     */
    public int await(long watchNanos) {
        if (status == PENDING && watchNanos > 0) {
            long deadline = System.nanoTime() + watchNanos;
            while (status == PENDING && System.nanoTime() - deadline < 0) {
                Thread.onSpinWait();
            }
        }
        return status != PENDING ? status : block();
    }

    private synchronized int block() {
        boolean interrupted = false;
        while (status == PENDING) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return status;
    }

    /** A completion that ends when all of {@code parts} have: with the first failure, else success. */
    public static Completion all(List<Completion> parts) {
        if (parts.isEmpty()) {
            return done(0);
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        Completion all = new Completion();
        int[] left = {parts.size()};
        int[] failure = {0};
        for (Completion p : parts) {
            p.onDone(s -> {
                boolean last;
                synchronized (left) {
                    if (s < 0 && failure[0] == 0) {
                        failure[0] = s;
                    }
                    last = --left[0] == 0;
                }
                if (last) {
                    all.complete(failure[0]);
                }
            });
        }
        return all;
    }
}
