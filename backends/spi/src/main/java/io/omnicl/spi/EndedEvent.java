package io.omnicl.spi;

/**
 * The event of a command that has ended well and that the driver made no event for (a blocking transfer,
 * {@link RealQueue#writeNow}): no profiling times, nothing to release.
 */
public final class EndedEvent implements RealEvent {

    /** The one such event. */
    public static final EndedEvent INSTANCE = new EndedEvent();

    private EndedEvent() {
    }

    @Override
    public int await() {
        return 0;
    }

    @Override
    public int status() {
        return 0;
    }

    @Override
    public long[] profile() {
        return null;
    }

    @Override
    public void release() {
    }
}
