package io.omnicl.runtime.command;

import io.omnicl.driver.HostMemory;
import io.omnicl.runtime.Device;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.StagedPieces;
import io.omnicl.spi.RealEvent;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static io.omnicl.driver.OpenClConstants.CL_COMMAND_WRITE_BUFFER;

/**
 * A write of a buffer range from the user's memory. When that is a direct buffer it is uploaded from there
 * straight to where the rest of the buffer lives, which spares the host copy (allocating it, then copying
 * into it); other memory is copied into the host copy.
 */
final class HostWriteCommand extends OverwriteCommand {

    private final HostMemory user;
    /** The user's memory when it is a direct buffer, else null. */
    private final ByteBuffer direct;
    /** The pieces of the attempt under way and the pinned slots they hold. */
    private StagedPieces staging;

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

    /**
     * Writes the range on {@code w}'s queue from the user's memory: through pinned slots where the device's
     * transfers are staged, a slot's worth each, copied in pieces on host threads at once (a driver moves
     * pageable memory at a fraction of the bus speed); what finds no slot free goes as it is. The slots are
     * given back when the attempt ends.
     */
    @Override
    RealEvent submit(DeviceWorker w, boolean withEvent) {
        Chunk c = write.storage().chunkAt(w.memory(), write.offset());
        long at = c.local(write.offset());
        StagedPieces pieces = StagedPieces.take(w, write.length());
        List<RealEvent> writes = new ArrayList<>();
        try {
            if (!pieces.staged()) {
                writes.add(w.queue().write(c.buffer(), at, direct, List.of()));
            } else {
                pieces.copyIn(direct);
                for (int i = 0; i < pieces.count(); i++) {
                    ByteBuffer slot = pieces.slot(i);
                    writes.add(w.queue().write(c.buffer(), at + StagedPieces.offset(i),
                            slot != null ? slot : pieces.piece(direct, i), List.of()));
                }
            }
        } catch (RuntimeException e) {
            // what was enqueued may still read the slots
            writes.forEach(RealEvent::await);
            writes.forEach(RealEvent::release);
            pieces.giveBack();
            throw e;
        }
        // the queue is in order: the last write's end is the others'
        writes.subList(0, writes.size() - 1).forEach(RealEvent::release);
        staging = pieces;
        w.countBytes(write.length(), true);
        return writes.get(writes.size() - 1);
    }

    @Override
    void attemptEnded(DeviceWorker w) {
        if (staging != null) {
            staging.giveBack();
            staging = null;
        }
    }
}
