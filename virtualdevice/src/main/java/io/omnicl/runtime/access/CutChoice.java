package io.omnicl.runtime.access;

/**
 * Whether the next launch of one kernel and launch shape is cut across devices or runs whole, learnt from the
 * launches so far: each way is timed by the interval between the ends of two launches made that way one after the
 * other (a launch's own time plus what it waited for: transfers, the hand-overs between threads, the launches it
 * follows); the way whose last interval was shorter is taken, and the other tried again now and then (after 64
 * launches, then 128, ...: each try moves data between devices and back). The first
 * launches are cut: a program of one launch gains at once, and the second interval of each way is the one that
 * counts, since the first after a change of way includes moving data back where that way wants it.
 */
public final class CutChoice {

    /** Launches made one way before it has an interval that counts (the second). */
    private static final int EXPLORE = 3;
    /** Launches after which the way not taken is tried again first; each time after twice as many. */
    private static final int FIRST_RECHECK = 64;

    private final long[] lastInterval = {-1, -1};
    private final int[] made = new int[2];
    private long lastEnd;
    private int lastWay = -1;
    private int sinceCheck;
    private int recheckAfter = FIRST_RECHECK;
    private int trying = -1;
    private int tryLeft;

    /** Whether the next launch is cut. */
    public synchronized boolean cutNext() {
        if (made[1] < EXPLORE) {
            return true;
        }
        if (made[0] < EXPLORE) {
            return false;
        }
        if (tryLeft > 0) {
            tryLeft--;
            return trying == 1;
        }
        int better = lastInterval[1] <= lastInterval[0] ? 1 : 0;
        if (++sinceCheck >= recheckAfter) {
            sinceCheck = 0;
            recheckAfter *= 2;
            trying = 1 - better;
            tryLeft = EXPLORE - 1;
            return trying == 1;
        }
        return better == 1;
    }

    /** A launch made one way ({@code cut} or not) ended at {@code nanos} (its end as seen by the host). */
    public synchronized void ended(boolean cut, long nanos) {
        int way = cut ? 1 : 0;
        if (lastWay == way) {
            lastInterval[way] = nanos - lastEnd;
        }
        made[way]++;
        lastWay = way;
        lastEnd = nanos;
    }
}
