package io.omnicl.runtime.graph;

import io.omnicl.runtime.coherence.Storage;

/**
 * A byte range of one storage that a command reads or writes.
 *
 * @param writes whether the command writes it (then it also conflicts with earlier reads)
 */
public record Access(Storage storage, long offset, long length, boolean writes) {

    public long end() {
        return offset + length;
    }

    public boolean overlaps(Access other) {
        return storage == other.storage && offset < other.end() && other.offset < end();
    }

    /** Whether this range contains all of {@code other}'s. */
    public boolean covers(Access other) {
        return storage == other.storage && offset <= other.offset && other.end() <= end();
    }
}
