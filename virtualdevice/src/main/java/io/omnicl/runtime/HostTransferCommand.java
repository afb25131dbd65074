package io.omnicl.runtime;

import io.omnicl.driver.HostMemory;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.graph.Access;

import java.util.List;

import static io.omnicl.runtime.Cl.CL_COMMAND_READ_BUFFER;
import static io.omnicl.runtime.Cl.CL_COMMAND_WRITE_BUFFER;

/**
 * A read of a buffer range into the user's memory, or a write from it. A read first makes the range
 * valid on the host copy; a write replaces the host copy's range and makes the host its only holder.
 */
final class HostTransferCommand extends Command {

    private final MemObject buffer;
    private final HostMemory user;
    private final Access access;

    HostTransferCommand(Queue queue, MemObject buffer, long offset, long size, HostMemory user, boolean write) {
        super(queue, write ? CL_COMMAND_WRITE_BUFFER : CL_COMMAND_READ_BUFFER);
        this.buffer = buffer;
        this.user = user;
        this.access = new Access(buffer.storage(), buffer.storageOffset() + offset, size, write);
        buffer.hold();
    }

    @Override
    List<Access> accesses() {
        return List.of(access);
    }

    @Override
    void start() {
        long start = access.offset();
        if (access.writes()) {
            event.running(0);
            access.storage().writeHost(() -> {
                access.storage().host().forEach(start, access.length(),
                        (memory, at) -> user.copyOut(at - start, memory));
                Coherency.committed(access.storage(), start, access.length(), CoherenceMap.HOST);
            });
            end(0);
            return;
        }
        queue.engine().coherency().toHost(access.storage(), start, access.length()).onDone(s -> {
            if (s < 0) {
                end(s);
                return;
            }
            event.running(0);
            access.storage().host().forEach(start, access.length(), (memory, at) -> user.copyIn(at - start, memory));
            end(0);
        });
    }

    @Override
    void released() {
        buffer.unhold();
    }
}
