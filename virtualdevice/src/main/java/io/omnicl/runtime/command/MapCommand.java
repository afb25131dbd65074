package io.omnicl.runtime.command;

import io.omnicl.driver.ClError;
import io.omnicl.driver.Rect;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Access;

import java.nio.ByteBuffer;
import java.util.List;

import static io.omnicl.driver.OpenClConstants.*;

/**
 * Maps a buffer range or an image box: the user gets a view of the host copy, made valid first unless the
 * map invalidates all that a write will commit. What the user writes is committed at unmap.
 */
final class MapCommand extends Command {

    private final MemObject buffer;
    private final long flags;
    private final RectRows rows;
    private final ByteBuffer mapped;

    MapCommand(Queue queue, int commandType, MemObject buffer, long flags, RectRows rows) {
        super(queue, commandType);
        this.buffer = buffer;
        this.flags = flags;
        this.rows = rows;
        Rect r = rows.rect();
        ByteBuffer view = buffer.storage().host().view(rows.base() + r.first(), r.end() - r.first());
        ClError.require(view != null, CL_MAP_FAILURE, "the range crosses a 1 GiB chunk of the host copy");
        this.mapped = view;
        boolean writes = (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0;
        Access committed = rows.hull(writes);
        buffer.addMapping(new MemObject.Mapped(view, committed.offset(), committed.length(), writes));
        buffer.hold();
    }

    ByteBuffer mapped() {
        return mapped;
    }

    /** A map for writing writes (at its unmap; an invalidating one from the start): it waits for earlier reads. */
    @Override
    List<Access> accesses() {
        return List.of(rows.hull((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0));
    }

    @Override
    void start() {
        if ((flags & CL_MAP_WRITE_INVALIDATE_REGION) != 0 && !rows.partialOfWhole()) {
            // the region's content is undefined until the unmap commits it: the host holds it alone from now,
            // so that no device writes its old copy back under the user's writes
            rows.storage().writeHost(rows::commitToHost);
            end(0);
            return;
        }
        Access hull = rows.hull(false);
        queue.runtime().coherency().toHost(hull.storage(), hull.offset(), hull.length()).onDone(this::end);
    }

    @Override
    void released() {
        buffer.unhold();
    }
}
