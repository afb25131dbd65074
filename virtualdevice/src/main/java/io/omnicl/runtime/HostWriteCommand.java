package io.omnicl.runtime;

import io.omnicl.driver.HostMemory;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;

import java.nio.ByteBuffer;
import java.util.List;

import static io.omnicl.runtime.Cl.CL_COMMAND_WRITE_BUFFER;

/**
 * A write of a buffer range from the user's memory. When that is a direct buffer it is uploaded from there
 * straight to where the rest of the buffer lives, which spares the host copy (allocating it, then copying
 * into it); other memory is copied into the host copy.
 */
final class HostWriteCommand extends OverwriteCommand {

    private final HostMemory user;
    /** The user's memory when it is a direct buffer, else null. */
    private final ByteBuffer direct;

    HostWriteCommand(Queue queue, MemObject buffer, long offset, long size, HostMemory user) {
        super(queue, CL_COMMAND_WRITE_BUFFER, buffer, offset, size);
        this.user = user;
        ByteBuffer d = user.direct();
        this.direct = d != null && d.remaining() == size ? d : null;
    }

    @Override
    boolean runsOnDevices() {
        return direct != null;
    }

    @Override
    void writeHostCopy() {
        long start = write.offset();
        write.storage().host().forEach(start, write.length(), (memory, at) -> user.copyOut(at - start, memory));
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
}
