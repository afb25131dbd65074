package io.omnicl.runtime.command;

import io.omnicl.runtime.Device;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.coherence.HostStore;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;

import java.util.List;

import static io.omnicl.driver.OpenClConstants.CL_COMMAND_COPY_BUFFER;

/**
 * A buffer-to-buffer copy. It runs where the source already is: on a device that holds the whole source
 * range (a pinned queue's device always) and has room for both ranges, else on the host copy.
 */
final class CopyCommand extends DeviceCommand {

    private final MemObject src;
    private final MemObject dst;
    private final Access read;
    private final Access write;

    CopyCommand(Queue queue, MemObject src, MemObject dst, long srcOffset, long dstOffset, long size) {
        super(queue, CL_COMMAND_COPY_BUFFER);
        this.src = src;
        this.dst = dst;
        this.read = new Access(src.storage(), src.storageOffset() + srcOffset, size, false);
        this.write = new Access(dst.storage(), dst.storageOffset() + dstOffset, size, true);
        src.hold();
        dst.hold();
    }

    @Override
    List<Access> accesses() {
        return List.of(read, write);
    }

    @Override
    List<Access> inputs() {
        return List.of(read);
    }

    @Override
    void start() {
        Device device = queue.deviceImpl();
        long holders = fitting(read.storage().map().holdersOfAll(read.offset(), read.length()) & device.nodeMask());
        if (!device.isVirtual() && onPinnedDevice(device)) {
            place(device.nodeMask());
        } else if (device.isVirtual() && holders != 0) {
            place(Long.lowestOneBit(holders));
        } else {
            copyOnHost();
        }
    }

    private void copyOnHost() {
        queue.runtime().coherency().toHost(read.storage(), read.offset(), read.length()).onDone(s -> {
            if (s < 0) {
                end(s);
                return;
            }
            event.running(0);
            write.storage().writeHost(() -> {
                HostStore.copy(read.storage().host(), read.offset(), write.storage().host(), write.offset(),
                        read.length());
                Coherency.committed(write.storage(), write.offset(), write.length(), CoherenceMap.HOST);
            });
            end(0);
        });
    }

    @Override
    RealEvent submit(DeviceWorker w, boolean withEvent) {
        Chunk from = read.storage().chunkAt(w.memory(), read.offset());
        Chunk to = write.storage().chunkAt(w.memory(), write.offset());
        return w.queue().copy(from.buffer(), from.local(read.offset()), to.buffer(), to.local(write.offset()),
                read.length(), List.of());
    }

    @Override
    void released() {
        src.unhold();
        dst.unhold();
    }
}
