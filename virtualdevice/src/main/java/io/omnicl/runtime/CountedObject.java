package io.omnicl.runtime;

import io.omnicl.driver.ClError;
import io.omnicl.driver.Counted;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * An object with the user's reference count and the runtime's own holds. The user's count decides
 * validity (use after the last release is {@link #invalidCode()}); the object is destroyed only when the
 * user's references and every hold (commands in flight, children) are gone.
 */
public abstract class CountedObject extends RuntimeObject implements Counted {

    private final AtomicInteger userRefs = new AtomicInteger(1);
    /** One hold stands for all user references together; each command or child adds one. */
    private final AtomicInteger holds = new AtomicInteger(1);

    /** The {@code CL_INVALID_*} code for a handle of this kind. */
    protected abstract int invalidCode();

    /** Frees what the object owns; called once, when nothing uses it any more. */
    protected abstract void destroy();

    @Override
    public final void retain() {
        int n;
        do {
            n = userRefs.get();
            if (n <= 0) {
                throw new ClError(invalidCode());
            }
        } while (!userRefs.compareAndSet(n, n + 1));
    }

    @Override
    public final void release() {
        int n;
        do {
            n = userRefs.get();
            if (n <= 0) {
                throw new ClError(invalidCode());
            }
        } while (!userRefs.compareAndSet(n, n - 1));
        if (n == 1) {
            unhold();
        }
    }

    @Override
    public final boolean isReleased() {
        return userRefs.get() <= 0;
    }

    /** Throws the invalid-handle error when released. */
    protected final void checkValid() {
        if (isReleased()) {
            throw new ClError(invalidCode());
        }
    }

    protected final int referenceCount() {
        return Math.max(0, userRefs.get());
    }

    /** Keeps the object alive for a user inside the runtime. */
    public final void hold() {
        holds.incrementAndGet();
    }

    public final void unhold() {
        if (holds.decrementAndGet() == 0) {
            destroy();
        }
    }
}
