package io.omnicl.spi.fake;

import io.omnicl.spi.BackendException;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An object of one fake session, released once. Used after its release, or in a session not its own, it fails
 * with the {@code CL_INVALID_*} code of its kind, as a driver that checks its handles would.
 */
abstract class FakeObject {

    private final FakeSession session;
    private final int invalidStatus;
    /** Whether it counts among the session's live objects: a command's event only once the caller has it. */
    private final boolean counted;
    private final AtomicBoolean released = new AtomicBoolean();

    FakeObject(FakeSession session, int invalidStatus, boolean counted) {
        this.session = session;
        this.invalidStatus = invalidStatus;
        this.counted = counted;
        if (counted) {
            session.objectMade();
        }
    }

    final FakeSession session() {
        return session;
    }

    final void requireLive() {
        if (released.get()) {
            throw new BackendException(invalidStatus, getClass().getSimpleName() + " was released");
        }
    }

    final boolean countsAsLive() {
        return counted;
    }

    final boolean isReleased() {
        return released.get();
    }

    /**
     * {@code object} as a live {@code type} of {@code session}.
     *
     * @throws BackendException with {@code status} when it is not one
     */
    static <T extends FakeObject> T own(Object object, Class<T> type, FakeSession session, int status) {
        if (!type.isInstance(object) || ((FakeObject) object).session != session
                || ((FakeObject) object).isReleased()) {
            throw new BackendException(status, "not a live " + type.getSimpleName() + " of this session: " + object);
        }
        return type.cast(object);
    }

    /** Idempotent. */
    public void release() {
        if (released.compareAndSet(false, true)) {
            if (counted) {
                session.objectReleased();
            }
            released();
        }
    }

    /** What else its release does, once. */
    void released() {
    }
}
