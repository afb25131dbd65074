package io.omnicl.runtime;

import io.omnicl.driver.ClError;
import io.omnicl.runtime.graph.Access;

import java.nio.ByteBuffer;
import java.util.List;

import static io.omnicl.runtime.Cl.*;

/**
 * Maps a buffer range: the user gets a view of the host copy, made valid first unless the map
 * invalidates the region. What the user writes is committed at unmap.
 */
final class MapCommand extends Command {

    private final MemObject buffer;
    private final long flags;
    private final Access access;
    private final ByteBuffer mapped;

    MapCommand(Queue queue, MemObject buffer, long flags, long offset, long size) {
        super(queue, CL_COMMAND_MAP_BUFFER);
        this.buffer = buffer;
        this.flags = flags;
        this.access = new Access(buffer.storage(), buffer.storageOffset() + offset, size, false);
        ByteBuffer view = buffer.storage().host().view(access.offset(), size);
        ClError.require(view != null, CL_MAP_FAILURE, "the range crosses a 1 GiB chunk of the host copy");
        this.mapped = view;
        boolean writes = (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0;
        buffer.addMapping(new MemObject.Mapped(view, access.offset(), size, writes));
        buffer.hold();
    }

    ByteBuffer mapped() {
        return mapped;
    }

    @Override
    List<Access> accesses() {
        return List.of(access);
    }

    @Override
    void start() {
        if ((flags & CL_MAP_WRITE_INVALIDATE_REGION) != 0) {
            end(0);
            return;
        }
        queue.engine().coherency().toHost(access.storage(), access.offset(), access.length()).onDone(this::end);
    }

    @Override
    void released() {
        buffer.unhold();
    }
}
