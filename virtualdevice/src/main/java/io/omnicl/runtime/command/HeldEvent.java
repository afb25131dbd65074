package io.omnicl.runtime.command;

import io.omnicl.spi.RealEvent;

/**
 * The real event of a piece, which the device's worker releases when it sees the piece end, and which the piece keeps
 * until its launch has ended, so that a thread of another device may hold it for as long as it enqueues a command
 * waiting for it ({@link RelayAhead}): the real event goes once none of them holds it.
 */
final class HeldEvent implements RealEvent {

    private final RealEvent real;
    /** Guarded by this: holders but the worker (the piece's own hold among them), and whether the worker has let go. */
    private int others = 1;
    private boolean released;
    /** The status it ended with, once awaited; 1 until then. */
    private volatile int ended = 1;

    HeldEvent(RealEvent real) {
        this.real = real;
    }

    /** The real event, held until {@link #letGo}; null where it is gone. */
    synchronized RealEvent hold() {
        if (others == 0) {
            return null;
        }
        others++;
        return real;
    }

    /** Ends a {@link #hold}, or the piece's own. */
    void letGo() {
        boolean last;
        synchronized (this) {
            last = --others == 0 && released;
        }
        if (last) {
            real.release();
        }
    }

    @Override
    public int await() {
        int status = real.await();
        ended = status;
        return status;
    }

    /** The status; once the worker has seen it end, the status it ended with (the real event may be gone). */
    @Override
    public int status() {
        return ended <= 0 ? ended : real.status();
    }

    @Override
    public long[] profile() {
        return real.profile();
    }

    @Override
    public void release() {
        boolean last;
        synchronized (this) {
            last = !released && others == 0;
            released = true;
        }
        if (last) {
            real.release();
        }
    }
}
