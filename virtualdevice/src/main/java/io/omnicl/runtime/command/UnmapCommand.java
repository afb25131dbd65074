package io.omnicl.runtime.command;

import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.coherence.Access;

import java.util.List;

import static io.omnicl.driver.OpenClConstants.CL_COMMAND_UNMAP_MEM_OBJECT;

/** Ends a mapping; a mapping for writing makes the host copy the only holder of its range. */
final class UnmapCommand extends Command {

    private final MemObject memory;
    private final MemObject.Mapped mapping;
    private final Access access;

    UnmapCommand(Queue queue, MemObject memory, MemObject.Mapped mapping) {
        super(queue, CL_COMMAND_UNMAP_MEM_OBJECT);
        this.memory = memory;
        this.mapping = mapping;
        this.access = new Access(memory.storage(), mapping.offset(), mapping.size(), mapping.writes());
        memory.hold();
    }

    @Override
    List<Access> accesses() {
        return List.of(access);
    }

    @Override
    void start() {
        if (mapping.writes()) {
            Coherency.committed(access.storage(), access.offset(), access.length(), CoherenceMap.HOST);
        }
        end(0);
    }

    @Override
    void released() {
        memory.unhold();
    }
}
