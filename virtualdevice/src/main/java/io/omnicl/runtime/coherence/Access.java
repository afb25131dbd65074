package io.omnicl.runtime.coherence;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * A byte range of one storage that a command reads or writes.
 *
 * @param writes whether the command writes it (then it also conflicts with earlier reads)
 */
public record Access(Storage storage, long offset, long length, boolean writes) {

    // written out: a record's generated equals and hashCode go through method handles, which cost much
    // until the JIT has compiled them, and accesses are map keys on every command's path
    @Override
    public boolean equals(Object o) {
        return o instanceof Access a && storage == a.storage && offset == a.offset && length == a.length
                && writes == a.writes;
    }

    @Override
    public int hashCode() {
        return ((System.identityHashCode(storage) * 31 + Long.hashCode(offset)) * 31 + Long.hashCode(length)) * 2
                + (writes ? 1 : 0);
    }

    public long end() {
        return offset + length;
    }

    public boolean overlaps(Access other) {
        return storage == other.storage && offset < other.end() && other.offset < end();
    }

    /** The bytes both this range and {@code other} hold (as this one's access), or null where none are. */
    public Access intersection(Access other) {
        long from = Math.max(offset, other.offset);
        long to = Math.min(end(), other.end());
        return storage == other.storage && from < to ? new Access(storage, from, to - from, writes) : null;
    }

    /** Whether this range contains all of {@code other}'s. */
    public boolean covers(Access other) {
        return storage == other.storage && offset <= other.offset && other.end() <= end();
    }

    /** The parts of this range that none of {@code others} (of any storage) overlaps, in order. */
    public List<Access> minus(Collection<Access> others) {
        List<Access> same = null;
        for (Access o : others) {
            if (overlaps(o)) {
                if (o.covers(this)) {
                    return List.of();
                }
                if (same == null) {
                    same = new ArrayList<>(2);
                }
                same.add(o);
            }
        }
        if (same == null) {
            return List.of(this);
        }
        same.sort(Comparator.comparingLong(Access::offset));
        List<Access> parts = new ArrayList<>();
        long at = offset;
        for (Access o : same) {
            if (o.offset > at) {
                parts.add(new Access(storage, at, o.offset - at, writes));
            }
            at = Math.max(at, o.end());
        }
        if (at < end()) {
            parts.add(new Access(storage, at, end() - at, writes));
        }
        return parts;
    }
}
