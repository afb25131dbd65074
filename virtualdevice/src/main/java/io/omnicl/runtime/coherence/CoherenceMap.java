package io.omnicl.runtime.coherence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongBinaryOperator;

/**
 * Which memory nodes hold a valid copy of each byte range of one buffer. Node 0 is the host, node k the
 * k-th real device. The buffer is cut into segments; each has the set of nodes holding it (a bit mask:
 * one bit = Modified there, several = Shared, none = never written, so never transferred) and the version
 * of the write that gave it its content, so that a transfer planned before a write cannot mark stale data
 * valid. Versions grow with each write, and segments join only when they have the same holders and the
 * same version: a segment's version stays that of its own bytes, so that writes beside a range being
 * copied (a device writing other parts of the same buffer meanwhile) never make the copy count for nothing.
 */
public final class CoherenceMap {

    public static final int HOST = 0;

    /**
     * A range of segments with the same holders, that a node lacks or holds; {@code holders} says where to
     * copy it from. {@code version}: the latest write when it was listed, so that a copy of it counts for
     * the bytes that no write has changed since.
     */
    public record Piece(long offset, long length, long holders, long version) {
        public long end() {
            return offset + length;
        }
    }

    private static final class Segment {
        long end;
        long holders;
        long version;

        Segment(long end, long holders, long version) {
            this.end = end;
            this.holders = holders;
            this.version = version;
        }
    }

    private final long size;
    private final TreeMap<Long, Segment> segments = new TreeMap<>();
    private long nextVersion = 1;

    /** A map of {@code size} bytes that no node holds yet. */
    public CoherenceMap(long size) {
        this.size = size;
        segments.put(0L, new Segment(size, 0, 0));
    }

    public static long bit(int node) {
        return 1L << node;
    }

    public long size() {
        return size;
    }

    /** The pieces of {@code [offset, offset + length)} that {@code node} lacks and some other node holds. */
    public synchronized List<Piece> missing(long offset, long length, int node) {
        return pieces(offset, length, node, false);
    }

    /** The pieces of {@code [offset, offset + length)} that {@code node} holds. */
    public synchronized List<Piece> held(long offset, long length, int node) {
        return pieces(offset, length, node, true);
    }

    /**
     * The segments of the range that {@code node} holds, or lacks while some node holds them, neighbours
     * with the same holders joined: one transfer each, however many writes cut the range.
     */
    private List<Piece> pieces(long offset, long length, int node, boolean held) {
        List<Piece> pieces = new ArrayList<>();
        long end = offset + length;
        long latest = nextVersion - 1;
        long from = 0;
        long to = -1;
        long holders = 0;
        for (Map.Entry<Long, Segment> e : overlapping(offset, end)) {
            Segment s = e.getValue();
            boolean holds = (s.holders & bit(node)) != 0;
            if (held ? !holds : holds || s.holders == 0) {
                continue;
            }
            long at = Math.max(e.getKey(), offset);
            if (at != to || s.holders != holders) {
                if (to > from) {
                    pieces.add(new Piece(from, to - from, holders, latest));
                }
                from = at;
                holders = s.holders;
            }
            to = Math.min(s.end, end);
        }
        if (to > from) {
            pieces.add(new Piece(from, to - from, holders, latest));
        }
        return pieces;
    }

    /**
     * Bytes of {@code [offset, offset + length)} that {@code node} lacks: {@code [0]} those the host holds,
     * {@code [1]} those only other devices hold (node 0 being the host, the second is what a device would
     * fetch through it).
     */
    public synchronized long[] missingBytes(long offset, long length, int node) {
        long[] bytes = new long[2];
        long end = offset + length;
        Long first = segments.floorKey(offset);
        for (Map.Entry<Long, Segment> e : segments.tailMap(first, true).entrySet()) {
            if (e.getKey() >= end) {
                break;
            }
            Segment s = e.getValue();
            if (s.holders != 0 && (s.holders & bit(node)) == 0) {
                long n = Math.min(s.end, end) - Math.max(e.getKey(), offset);
                bytes[(s.holders & bit(HOST)) != 0 ? 0 : 1] += n;
            }
        }
        return bytes;
    }

    /** The parts of {@code piece} that no write has changed since it was listed (and that some node holds). */
    public synchronized List<Piece> unchanged(Piece piece) {
        List<Piece> parts = new ArrayList<>();
        for (Map.Entry<Long, Segment> e : overlapping(piece.offset, piece.end())) {
            Segment s = e.getValue();
            if (unchangedSince(s, piece)) {
                long from = Math.max(e.getKey(), piece.offset);
                long to = Math.min(s.end, piece.end());
                Piece last = parts.isEmpty() ? null : parts.get(parts.size() - 1);
                if (last != null && last.end() == from) {
                    parts.set(parts.size() - 1, new Piece(last.offset, to - last.offset, piece.holders, piece.version));
                } else {
                    parts.add(new Piece(from, to - from, piece.holders, piece.version));
                }
            }
        }
        return parts;
    }

    /** Marks {@code piece} valid on {@code node} where no write has happened since it was listed. */
    synchronized void addHolder(Piece piece, int node) {
        split(piece.offset);
        split(piece.end());
        for (Map.Entry<Long, Segment> e : overlapping(piece.offset, piece.end())) {
            Segment s = e.getValue();
            if (unchangedSince(s, piece)) {
                s.holders |= bit(node);
            }
        }
        merge(piece.offset, piece.end());
    }

    /** A write on {@code node} has completed: {@code node} alone now holds the range. */
    synchronized void commitWrite(long offset, long length, int node) {
        assign(offset, length, bit(node));
    }

    /**
     * {@code node} gives up its copy of the range (it is evicted there). Segments it alone holds keep it:
     * their content would be lost, so the caller must first have copied them elsewhere. The nodes (bits) that
     * {@code notYet} names for a segment (its offset and length) count as holding none of it.
     *
     * @return whether {@code node} now holds no byte of the range
     */
    synchronized boolean dropNode(long offset, long length, int node, LongBinaryOperator notYet) {
        long end = offset + length;
        split(offset);
        split(end);
        boolean dropped = true;
        for (Map.Entry<Long, Segment> e : overlapping(offset, end)) {
            Segment s = e.getValue();
            long others = s.holders & ~bit(node);
            if ((s.holders & bit(node)) != 0
                    && (others & ~notYet.applyAsLong(e.getKey(), s.end - e.getKey())) == 0) {
                dropped = false;
            } else {
                s.holders &= ~bit(node);
            }
        }
        merge(offset, end);
        return dropped;
    }

    /** A write has completed and its result is now held by exactly {@code holders} (bits). */
    synchronized void commitCopies(long offset, long length, long holders) {
        assign(offset, length, holders);
    }

    /** The range's content no longer matters: no node holds it, so nothing ever transfers it. */
    synchronized void discard(long offset, long length) {
        assign(offset, length, 0);
    }

    /** Gives the range new content held by exactly {@code holders}. */
    private void assign(long offset, long length, long holders) {
        if (length == 0) {
            return;
        }
        if (length == size && segments.size() == 1) {
            // the usual case, a whole buffer rewritten: its one segment changes in place
            Segment whole = segments.get(0L);
            whole.holders = holders;
            whole.version = nextVersion++;
            return;
        }
        long end = offset + length;
        split(offset);
        split(end);
        long version = nextVersion++;
        for (Map.Entry<Long, Segment> e : overlapping(offset, end)) {
            e.getValue().holders = holders;
            e.getValue().version = version;
        }
        merge(offset, end);
    }

    /** The nodes that hold every byte of the range (an intersection; 0 if any byte is held nowhere). */
    public synchronized long holdersOfAll(long offset, long length) {
        long all = -1L;
        for (Map.Entry<Long, Segment> e : overlapping(offset, offset + length)) {
            all &= e.getValue().holders;
        }
        return all == -1L ? 0 : all;
    }

    /** The nodes that hold some byte of the range (a union). */
    public synchronized long holdersOfAny(long offset, long length) {
        return union(offset, length, false);
    }

    /**
     * The nodes that hold some byte of the range, or 0 where some byte is held nowhere: never written, or being
     * written for the first time by commands that have not all ended, so that where it will all be is not known yet.
     */
    public synchronized long holdersOfAnyOnceAllHeld(long offset, long length) {
        return union(offset, length, true);
    }

    /** The union of the range's holders; 0 where {@code allHeld} and some byte is held nowhere. */
    private long union(long offset, long length, boolean allHeld) {
        long any = 0;
        for (Map.Entry<Long, Segment> e : overlapping(offset, offset + length)) {
            if (allHeld && e.getValue().holders == 0) {
                return 0;
            }
            any |= e.getValue().holders;
        }
        return any;
    }

    /** Number of segments, for tests and statistics. */
    public synchronized int segmentCount() {
        return segments.size();
    }

    private List<Map.Entry<Long, Segment>> overlapping(long from, long to) {
        List<Map.Entry<Long, Segment>> result = new ArrayList<>();
        if (from >= to) {
            return result;
        }
        Long first = segments.floorKey(from);
        for (Map.Entry<Long, Segment> e : segments.tailMap(first, true).entrySet()) {
            if (e.getKey() >= to) {
                break;
            }
            result.add(e);
        }
        return result;
    }

    /** Cuts the segment containing {@code at} so that a segment starts there. */
    private void split(long at) {
        if (at <= 0 || at >= size) {
            return;
        }
        Map.Entry<Long, Segment> e = segments.floorEntry(at);
        if (e.getKey() == at) {
            return;
        }
        Segment s = e.getValue();
        segments.put(at, new Segment(s.end, s.holders, s.version));
        s.end = at;
    }

    /** Whether no write has given {@code s} new content since {@code piece} was listed (and some node holds it). */
    private static boolean unchangedSince(Segment s, Piece piece) {
        return s.version <= piece.version && s.holders != 0;
    }

    /** Joins neighbours with the same holders and version around {@code [from, to)}. */
    private void merge(long from, long to) {
        Long key = segments.floorKey(Math.max(0, from - 1));
        while (key != null && key <= to) {
            Segment s = segments.get(key);
            Long nextKey = segments.higherKey(key);
            if (nextKey == null) {
                break;
            }
            Segment next = segments.get(nextKey);
            if (next.holders == s.holders && next.version == s.version) {
                s.end = next.end;
                segments.remove(nextKey);
            } else {
                key = nextKey;
            }
        }
    }
}
