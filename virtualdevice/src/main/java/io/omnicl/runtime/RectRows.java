package io.omnicl.runtime;

import io.omnicl.driver.Rect;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.coherence.Storage;
import io.omnicl.runtime.graph.Access;

import java.util.ArrayList;
import java.util.List;

/** A {@link Rect} of a memory object placed in its storage: the rows it covers and its hull. */
record RectRows(Storage storage, long base, Rect rect) {

    /** The rect of {@code memory}, whose offsets count from the memory object's first byte. */
    static RectRows of(MemObject memory, Rect rect) {
        return new RectRows(memory.storage(), memory.storageOffset(), rect);
    }

    /** The smallest range holding every row, for data hazards and fetching. */
    Access hull(boolean writes) {
        return new Access(storage, base + rect.first(), rect.end() - rect.first(), writes);
    }

    /** Storage offset of row {@code i}. */
    long row(long i) {
        return base + rect.rowStart(i);
    }

    /** Each row as a written range: what a write commits, exactly. */
    List<Access> rowsWritten() {
        List<Access> rows = new ArrayList<>();
        if (rect.rowPitch() == rect.rowLength() && rect.slicePitch() == rect.rowPitch() * rect.region()[1]) {
            rows.add(hull(true));
            return rows;
        }
        for (long i = 0; i < rect.rows(); i++) {
            rows.add(new Access(storage, row(i), rect.rowLength(), true));
        }
        return rows;
    }

    /** Makes the host the only holder of every row. */
    void commitToHost() {
        for (Access a : rowsWritten()) {
            Coherency.committed(storage, a.offset(), a.length(), CoherenceMap.HOST);
        }
    }
}
