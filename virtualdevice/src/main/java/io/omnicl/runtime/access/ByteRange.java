package io.omnicl.runtime.access;

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
}
