package io.omnicl.runtime.command;

import io.omnicl.driver.Rect;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.coherence.DeviceMemory;
import io.omnicl.runtime.coherence.Storage;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Rect} of a memory object placed in its storage: the rows it covers. In a buffer's storage each
 * row is its own byte range; an image's storage is kept coherent as a whole, so there every access is to
 * the whole image, and writing part of it needs the rest to be valid first.
 */
record RectRows(Storage storage, long base, Rect rect) {

    /** The rect of {@code memory}, whose offsets count from the memory object's first byte. */
    static RectRows of(MemObject memory, Rect rect) {
        return new RectRows(memory.storage(), memory.storageOffset(), rect);
    }

    /** The bytes {@code [offset, offset + length)} of {@code memory}, as one row. */
    static RectRows range(MemObject memory, long offset, long length) {
        return of(memory, new Rect(new long[] {offset, 0, 0}, new long[] {length, 1, 1}, length, length));
    }

    private boolean whole() {
        return storage.image() != null;
    }

    /** Whether a write of these rows leaves other bytes that must be valid where it runs. */
    boolean partialOfWhole() {
        return whole() && rect.end() - rect.first() < storage.size();
    }

    /** The smallest range holding every row (for an image, all of it), for hazards and fetching. */
    Access hull(boolean writes) {
        if (whole()) {
            return new Access(storage, 0, storage.size(), writes);
        }
        return new Access(storage, base + rect.first(), rect.end() - rect.first(), writes);
    }

    /** The chunk in {@code memory} that holds the rows (pinned by the command using them). */
    Chunk chunk(DeviceMemory memory) {
        return storage.chunkAt(memory, base + rect.first());
    }

    /** The rect's origin counted from the start of {@code c}: its first byte's offset there. */
    long[] originIn(Chunk c) {
        return new long[] {c.local(base + rect.first()), 0, 0};
    }

    /** Storage offset of row {@code i}. */
    long row(long i) {
        return base + rect.rowStart(i);
    }

    /** What a write of these rows commits: each row, or the hull when the rows are contiguous or whole. */
    List<Access> rowsWritten() {
        List<Access> rows = new ArrayList<>();
        if (whole() || (rect.rowPitch() == rect.rowLength() && rect.slicePitch() == rect.rowPitch() * rect.region()[1])) {
            rows.add(hull(true));
            return rows;
        }
        for (long i = 0; i < rect.rows(); i++) {
            rows.add(new Access(storage, row(i), rect.rowLength(), true));
        }
        return rows;
    }

    /** Makes the host the only holder of what the rows' write commits. */
    void commitToHost() {
        for (Access a : rowsWritten()) {
            Coherency.committed(storage, a.offset(), a.length(), CoherenceMap.HOST);
        }
    }
}
