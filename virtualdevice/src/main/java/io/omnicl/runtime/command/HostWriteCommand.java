package io.omnicl.runtime.command;

import io.omnicl.driver.HostMemory;
import io.omnicl.runtime.Device;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.HostThreads;
import io.omnicl.runtime.worker.ProgramThreads;
import io.omnicl.runtime.worker.StagedPieces;
import io.omnicl.runtime.worker.StreamedWrite;
import io.omnicl.spi.RealEvent;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static io.omnicl.driver.OpenClConstants.CL_COMMAND_WRITE_BUFFER;

/**
 * A write of a buffer range from the user's memory. When that is a direct buffer, or a Java array the program
 * waits on (a blocking write), it is uploaded from there straight to where the rest of the buffer lives, which
 * spares the host copy (allocating it, copying into it, uploading it later); other memory is copied into the
 * host copy.
 */
final class HostWriteCommand extends OverwriteCommand {

    /**
     * Bytes of an array written through landing memory even where transfers are staged: so few bytes gain nothing
     * measurable through a slot (docs/benchmarks.md, stop 21), and the slots stay free for large transfers.
     */
    private static final long INLINE_BYTES = 64 << 10;

    private final HostMemory user;
    /** The user's memory when it is a direct buffer, else null. */
    private final ByteBuffer direct;
    /**
     * Whether the user's memory stays as it is until the write ends (a blocking write): then a Java array need
     * not be copied before the write runs.
     */
    private final boolean waitedFor;
    /** The pieces of the attempt under way and the pinned slots they hold. */
    private StagedPieces staging;
    /** The attempt's pinned slots, for a write of a Java array to a staged device. */
    private StreamedWrite streamed;
    /** The attempt's landing memory, for a write of a Java array to a device that is not staged. */
    private ByteBuffer landing;

    HostWriteCommand(Queue queue, MemObject buffer, long offset, long size, HostMemory user, boolean blocking) {
        super(queue, CL_COMMAND_WRITE_BUFFER, buffer, offset, size);
        this.user = user;
        ByteBuffer d = user.direct();
        this.direct = d != null && d.remaining() == size ? d : null;
        this.waitedFor = blocking && size <= Integer.MAX_VALUE;
    }

    @Override
    boolean runsOnDevices() {
        return direct != null || waitedFor;
    }

    @Override
    void writeHostCopy() {
        long start = write.offset();
        write.storage().host().forEach(start, write.length(), (memory, at) -> user.copyOut(at - start, memory));
    }

    /**
     * On the virtual device, a write of all of a buffer that nothing holds yet, from memory that stays as it is until
     * it ends, is the buffer's first content: it goes to each device where new data belongs
     * ({@link MemObject#takeFirstContent}), so that launches cut across them find their parts there. Only from the
     * program's thread as it enqueues the write (as it mostly is: nothing written the buffer before), since the
     * copies take long: on a device's thread they would hold up the device's work in flight.
     */
    @Override
    boolean writtenBeforePlacing() {
        boolean all = write.offset() == 0 && write.length() == write.storage().size();
        if (!all || !queue.deviceImpl().isVirtual() || !ProgramThreads.enqueuingUndriven()
                || !buffer.takeFirstContent(user)) {
            return false;
        }
        event.running(0);
        end(0);
        return true;
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
        if (direct == null) {
            return submitFromArray(w, c, at);
        }
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

    /**
     * Writes the range from a Java array the program waits on: through a few pinned slots where the device's
     * transfers are staged, else through the device's landing memory (kept from one transfer to the next, so
     * not touched for the first time as the host copy would be).
     */
    private RealEvent submitFromArray(DeviceWorker w, Chunk c, long at) {
        StreamedWrite slots = write.length() > INLINE_BYTES ? StreamedWrite.take(w, write.length()) : null;
        RealEvent last;
        if (slots != null) {
            try {
                last = slots.write(w.queue(), c.buffer(), at, user, 0, write.length());
            } catch (RuntimeException e) {
                slots.giveBack();
                throw e;
            }
            streamed = slots;
        } else {
            ByteBuffer memory = w.takeLanding(write.length());
            try {
                HostThreads.fromUser(user, 0, memory).join();
                // a blocking write has no times to give a profiling queue
                last = w.transfersNow() && !queue.profiling() ? w.queue().writeNow(c.buffer(), at, memory)
                        : w.queue().write(c.buffer(), at, memory, List.of());
            } catch (RuntimeException e) {
                w.giveLanding(memory);
                throw e;
            }
            landing = memory;
        }
        w.countBytes(write.length(), true);
        return last;
    }

    @Override
    void attemptEnded(DeviceWorker w) {
        if (staging != null) {
            staging.giveBack();
            staging = null;
        }
        if (streamed != null) {
            streamed.giveBack();
            streamed = null;
        }
        if (landing != null) {
            w.giveLanding(landing);
            landing = null;
        }
    }
}
