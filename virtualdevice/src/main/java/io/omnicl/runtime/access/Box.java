package io.omnicl.runtime.access;

import java.util.Arrays;

/**
 * The interval of each symbol over the work-items a piece of code runs for: a product of intervals, so it may hold
 * combinations no work-item has (local ids with any global id), which only loses precision. Immutable.
 */
final class Box {

    /** Symbols 0 to 2 are the global ids, 3 to 5 the local ids, 6 to 8 the group ids, then one per for loop. */
    static final int LOCAL_ID = 3;
    static final int GROUP_ID = 6;
    static final int FIRST_LOOP = 9;

    private final long[] lo;
    private final long[] hi;

    Box(long[] lo, long[] hi) {
        this.lo = lo;
        this.hi = hi;
    }

    long lo(int symbol) {
        return lo[symbol];
    }

    long hi(int symbol) {
        return hi[symbol];
    }

    /** How many values the box gives {@code symbol}. */
    long extent(int symbol) {
        return hi[symbol] - lo[symbol] + 1;
    }

    /** This box with {@code symbol} limited to {@code [newLo, newHi]} intersected with its interval; null if empty. */
    Box narrowed(int symbol, long newLo, long newHi) {
        long l = Math.max(lo[symbol], newLo);
        long h = Math.min(hi[symbol], newHi);
        if (l > h) {
            return null;
        }
        if (l == lo[symbol] && h == hi[symbol]) {
            return this;
        }
        return with(symbol, l, h);
    }

    /** This box with {@code symbol}'s interval replaced. */
    Box with(int symbol, long newLo, long newHi) {
        long[] l = lo.clone();
        long[] h = hi.clone();
        l[symbol] = newLo;
        h[symbol] = newHi;
        return new Box(l, h);
    }

    /** The smallest box holding both. */
    Box hull(Box o) {
        long[] l = new long[lo.length];
        long[] h = new long[hi.length];
        for (int i = 0; i < l.length; i++) {
            l[i] = Math.min(lo[i], o.lo[i]);
            h[i] = Math.max(hi[i], o.hi[i]);
        }
        return new Box(l, h);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Box b && Arrays.equals(b.lo, lo) && Arrays.equals(b.hi, hi);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(lo) * 31 + Arrays.hashCode(hi);
    }
}
