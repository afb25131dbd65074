package io.omnicl.runtime;

import io.omnicl.driver.HostMemory;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.graph.Access;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;

import java.nio.ByteBuffer;
import java.util.List;

import static io.omnicl.runtime.Cl.CL_COMMAND_WRITE_BUFFER;

/**
 * A write of a buffer range from the user's memory. Like a fill it needs no valid copy: when the user's
 * memory is a direct buffer it is uploaded from there straight to where the rest of the buffer lives
 * ({@link DeviceCommand#placeWithBuffer}), which spares the host copy (allocating it, then copying into it);
 * otherwise it replaces the host copy's range and makes the host its only holder.
 */
final class HostWriteCommand extends DeviceCommand {

    private final MemObject buffer;
    private final HostMemory user;
    /** The user's memory when it is a direct buffer, else null. */
    private final ByteBuffer direct;
    private final Access write;

    HostWriteCommand(Queue queue, MemObject buffer, long offset, long size, HostMemory user) {
        super(queue, CL_COMMAND_WRITE_BUFFER);
        this.buffer = buffer;
        this.user = user;
        ByteBuffer d = user.direct();
        this.direct = d != null && d.remaining() == size ? d : null;
        this.write = new Access(buffer.storage(), buffer.storageOffset() + offset, size, true);
        buffer.hold();
    }

    @Override
    List<Access> accesses() {
        return List.of(write);
    }

    @Override
    List<Access> inputs() {
        return List.of();
    }

    @Override
    void start() {
        if (direct != null && placeWithBuffer(write)) {
            return;
        }
        event.running(0);
        long start = write.offset();
        write.storage().writeHost(() -> {
            write.storage().host().forEach(start, write.length(), (memory, at) -> user.copyOut(at - start, memory));
            Coherency.committed(write.storage(), start, write.length(), CoherenceMap.HOST);
        });
        end(0);
    }

    /** On a pinned queue, a write from a direct buffer may follow the commands before it onto the device. */
    @Override
    long followNodes() {
        Device device = queue.deviceImpl();
        return direct != null && !device.isVirtual() ? device.nodeMask() : 0;
    }

    @Override
    RealEvent submit(DeviceWorker w, boolean withEvent) {
        Chunk c = write.storage().chunkAt(w.node(), write.offset());
        RealEvent upload = w.queue().write(c.buffer(), c.local(write.offset()), direct, List.of());
        w.countBytes(write.length(), true);
        return upload;
    }

    @Override
    void released() {
        buffer.unhold();
    }
}
