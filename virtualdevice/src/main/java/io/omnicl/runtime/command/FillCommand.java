package io.omnicl.runtime.command;

import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;

import java.nio.ByteBuffer;
import java.util.List;

import static io.omnicl.driver.OpenClConstants.CL_COMMAND_FILL_BUFFER;

/** A fill: an overwrite that repeats a pattern. */
final class FillCommand extends OverwriteCommand {

    private final byte[] pattern;

    FillCommand(Queue queue, MemObject buffer, byte[] pattern, long offset, long size) {
        super(queue, CL_COMMAND_FILL_BUFFER, buffer, offset, size);
        this.pattern = pattern.clone();
    }

    @Override
    void writeHostCopy() {
        write.storage().host().fill(pattern, write.offset(), write.length());
    }

    @Override
    RealEvent submit(DeviceWorker w, boolean withEvent) {
        Chunk c = write.storage().chunkAt(w.memory(), write.offset());
        return w.queue().fill(c.buffer(), ByteBuffer.allocateDirect(pattern.length).put(pattern).flip(),
                c.local(write.offset()), write.length(), List.of());
    }
}
