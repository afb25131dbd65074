package io.omnicl.runtime.access;

import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * Whether the next launch of one kernel and launch shape is cut across devices or runs whole, learnt from the
 * launches so far: each way is timed by the interval between the ends of two launches made that way one after the
 * other (a launch's own time plus what it waited for: transfers, the hand-overs between threads, the launches it
 * follows), or from the later launch's enqueueing where the program enqueued it after the earlier one ended (what
 * the program did in between, such as reading the earlier one's result before the JIT had compiled the code that
 * reads a cut launch's, is not the launch's); the way whose last interval was shorter is taken, and the other
 * tried again now and then (after 16 launches, then 32, 64, ...: each try moves data between devices and back).
 * The first launches are cut, the next ones whole (at the first check, where the cut ones were well under what the
 * performance model expects of the launch whole); a program of one launch gains at once. The last interval of each
 * way is the one that counts, since the first after a change of way includes moving data where that way wants it.
 * Decisions are made as launches are enqueued, ahead of their ends: until both ways have an interval, launches go
 * the way of the one before. Also the devices' shares of the last cut, kept while the model's times move them
 * little, whether its pieces read past what they write, and whether the program waits for each launch.
 */
public final class CutChoice {

    /** Launches made each way at first, and when the way not taken is tried again. */
    private static final int EXPLORE = 3;
    /**
     * Launches after which the way not taken is tried again first; each time after twice as many. Soon at first:
     * the first launches of a run are timed before the JIT has compiled much of OmniCL, the cut ones first.
     */
    private static final int FIRST_RECHECK = 16;
    /**
     * A cut interval under this fraction of the model's time for the launch whole is likely sooner than a whole
     * launch: the model's time, learnt from cut launches, is a device's span over its pieces scaled to the launch.
     */
    private static final double LIKELY_SOONER = 0.8;
    /** A program whose launches found the one before ended this many times in a row waits for each launch. */
    private static final int WAITED_IN_A_ROW = 3;

    private final long[] lastInterval = {-1, -1};
    private final int[] decided = new int[2];
    private int lastDecided = 1;
    private long lastEnd;
    private int lastEnded = -1;
    private int sinceCheck;
    private int recheckAfter = FIRST_RECHECK;
    private int trying;
    private int tryLeft;
    private int[] lastTakers;
    private long[] lastShares;
    private boolean readsBeyondWrites;
    private long readArgs = -1;
    private BooleanSupplier previousEnded;
    private int endedInARow;

    /**
     * A launch of the shape is enqueued, {@code ended} telling whether it has ended: whether the program waits for
     * each launch, the launches of the shape having found the one before ended as they were enqueued, a few times in
     * a row (a loop's first launch, waited for alone after the last loop's result was read, does not count).
     */
    public synchronized boolean programWaits(BooleanSupplier ended) {
        endedInARow = previousEnded != null && previousEnded.getAsBoolean() ? endedInARow + 1 : 0;
        previousEnded = ended;
        return endedInARow >= WAITED_IN_A_ROW;
    }

    /** What the next launch does: it is cut, runs whole being the sooner way, or runs whole to try that way. */
    public enum Next { CUT, WHOLE, TRY_WHOLE }

    /**
     * What the next launch does. {@code expectedWhole}: the performance model's time for the launch whole on its
     * fastest device (NaN when it has none). Where the last cut interval is well under it, the first whole launches
     * are put off to the first check: a program's first launches then run the sooner way, while the model, learnt
     * from cut launches alone, may still be wrong (a device's piece may take longer than its share of the whole).
     */
    public synchronized Next next(double expectedWhole) {
        int way;
        boolean tried = true;
        boolean cutLikelySooner = lastInterval[1] >= 0 && lastInterval[1] < LIKELY_SOONER * expectedWhole;
        if (decided[1] < EXPLORE) {
            way = 1;
        } else if (decided[0] == 0 && cutLikelySooner && sinceCheck < recheckAfter) {
            // the first whole launches wait for the first check
            sinceCheck++;
            way = 1;
        } else if (decided[0] < EXPLORE) {
            if (sinceCheck >= recheckAfter) {
                checked();
            }
            way = 0;
        } else if (lastInterval[0] < 0 || lastInterval[1] < 0) {
            way = lastDecided;
        } else if (tryLeft > 0) {
            tryLeft--;
            way = trying;
        } else {
            way = lastInterval[1] <= lastInterval[0] ? 1 : 0;
            tried = false;
            if (++sinceCheck >= recheckAfter) {
                checked();
                trying = 1 - way;
                tryLeft = EXPLORE - 1;
                way = trying;
                tried = true;
            }
        }
        decided[way]++;
        lastDecided = way;
        return way == 1 ? Next.CUT : tried ? Next.TRY_WHOLE : Next.WHOLE;
    }

    /**
     * The launch {@link #next} last said to cut runs whole for a reason of its own (a cut of it is not possible, or
     * not worth trying): it does not count as a cut one, so the first cut launches are still to come. Its end is not
     * told. (Only the count is taken back, which commutes with other threads' answers meanwhile; the rest of what
     * {@link #next} did for it stays, which matters only where a shape is sometimes refused and sometimes cut.)
     */
    public synchronized void refused() {
        decided[1] = Math.max(0, decided[1] - 1);
    }

    /** The way not taken is tried now: the next check comes after twice as many launches. */
    private void checked() {
        sinceCheck = 0;
        recheckAfter *= 2;
    }

    /**
     * A launch made one way ({@code cut} or not), enqueued at {@code enqueued}, ended at {@code nanos} (its end as
     * seen by the host).
     */
    public synchronized void ended(boolean cut, long enqueued, long nanos) {
        int way = cut ? 1 : 0;
        if (lastEnded == way) {
            lastInterval[way] = nanos - Math.max(lastEnd, enqueued);
        }
        lastEnded = way;
        lastEnd = nanos;
    }

    /**
     * What the last cut worked out for this shape showed: whether its pieces read past the span of what they write (a
     * stencil's neighbours), so that a loop of its launches cut would not keep each piece's bytes on its device, and
     * which arguments they read (bit {@code i} for argument {@code i}).
     */
    public synchronized void piecesRead(boolean withinWrites, long args) {
        readsBeyondWrites = !withinWrites;
        readArgs = args;
    }

    /** The arguments the last cut worked out read ({@link #piecesRead}); all of them (-1) before one was. */
    public synchronized long readArgs() {
        return readArgs;
    }

    /** Whether the last cut worked out for this shape had pieces reading past what they write ({@link #piecesRead}). */
    public synchronized boolean readsBeyondWrites() {
        return readsBeyondWrites;
    }

    /**
     * {@code shares} for the devices {@code takers} (their indices, in the order of the shares), or the last cut's
     * when it had the same devices, shared as many grains, and no share differs from its last by more than
     * {@code tolerance}: timings that wobble would otherwise move a stencil's rows between devices launch after
     * launch.
     */
    public synchronized long[] steady(int[] takers, long[] shares, long tolerance) {
        if (lastShares != null && Arrays.equals(takers, lastTakers)
            && Arrays.stream(lastShares).sum() == Arrays.stream(shares).sum()) {
            boolean near = true;
            for (int i = 0; i < shares.length; i++) {
                near &= Math.abs(shares[i] - lastShares[i]) <= tolerance;
            }
            if (near) {
                return lastShares.clone();
            }
        }
        lastTakers = takers.clone();
        lastShares = shares.clone();
        return shares;
    }
}
