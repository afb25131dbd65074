package io.omnicl.runtime;

import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.graph.Access;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;

import java.nio.ByteBuffer;
import java.util.List;

import static io.omnicl.runtime.Cl.CL_COMMAND_FILL_BUFFER;

/**
 * A fill. It needs no valid copy, so it runs where the rest of the buffer lives
 * ({@link DeviceCommand#placeWithBuffer}), else on the host copy.
 */
final class FillCommand extends DeviceCommand {

    private final MemObject buffer;
    private final byte[] pattern;
    private final Access write;

    FillCommand(Queue queue, MemObject buffer, byte[] pattern, long offset, long size) {
        super(queue, CL_COMMAND_FILL_BUFFER);
        this.buffer = buffer;
        this.pattern = pattern.clone();
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
        if (placeWithBuffer(write)) {
            return;
        }
        event.running(0);
        write.storage().writeHost(() -> {
            write.storage().host().fill(pattern, write.offset(), write.length());
            Coherency.committed(write.storage(), write.offset(), write.length(), CoherenceMap.HOST);
        });
        end(0);
    }

    @Override
    RealEvent submit(DeviceWorker w, boolean withEvent) {
        Chunk c = write.storage().chunkAt(w.node(), write.offset());
        return w.queue().fill(c.buffer(), ByteBuffer.allocateDirect(pattern.length).put(pattern).flip(),
                c.local(write.offset()), write.length(), List.of());
    }

    @Override
    void released() {
        buffer.unhold();
    }
}
