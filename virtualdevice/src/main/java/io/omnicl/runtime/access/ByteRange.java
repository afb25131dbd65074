package io.omnicl.runtime.access;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Bytes {@code [from, to)} of a buffer argument. */
public record ByteRange(long from, long to) {
    public ByteRange {
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("not a range: [" + from + ", " + to + ")");
        }
    }

    public long length() {
        return to - from;
    }

    /** {@code ranges} sorted, with those that meet or overlap joined and empty ones left out. */
    public static List<ByteRange> merged(List<ByteRange> ranges) {
        List<ByteRange> sorted = new ArrayList<>(ranges);
        sorted.removeIf(r -> r.length() == 0);
        sorted.sort(Comparator.comparingLong(ByteRange::from));
        List<ByteRange> out = new ArrayList<>();
        for (ByteRange r : sorted) {
            ByteRange last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && r.from() <= last.to()) {
                out.set(out.size() - 1, new ByteRange(last.from(), Math.max(last.to(), r.to())));
            } else {
                out.add(r);
            }
        }
        return out;
    }
}
