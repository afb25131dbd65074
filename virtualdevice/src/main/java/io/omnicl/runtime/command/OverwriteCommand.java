package io.omnicl.runtime.command;

import io.omnicl.runtime.Device;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;

import java.util.List;

/**
 * A command that overwrites a buffer range without reading it (a fill, a write from the user's memory). It
 * needs no valid copy, so it runs where the rest of the buffer lives ({@link #placeWithBuffer}), or else
 * replaces the host copy's range and makes the host its only holder.
 */
abstract class OverwriteCommand extends DeviceCommand {

    final MemObject buffer;
    final Access write;

    OverwriteCommand(Queue queue, int commandType, MemObject buffer, long offset, long size) {
        super(queue, commandType);
        this.buffer = buffer;
        this.write = new Access(buffer.storage(), buffer.storageOffset() + offset, size, true);
        buffer.hold();
    }

    /** Whether this command can run on a device at all. */
    boolean runsOnDevices() {
        return true;
    }

    /** Writes the range into the host copy. */
    abstract void writeHostCopy();

    @Override
    final List<Access> accesses() {
        return List.of(write);
    }

    @Override
    final List<Access> inputs() {
        return List.of();
    }

    /**
     * Where it can, writes the range straight to devices without a command on any of their queues, and returns
     * true having ended the command; by default it cannot.
     */
    boolean writtenBeforePlacing() {
        return false;
    }

    @Override
    final void start() {
        if (runsOnDevices() && (writtenBeforePlacing() || placeWithBuffer())) {
            return;
        }
        event.running(0);
        write.storage().writeHost(() -> {
            writeHostCopy();
            Coherency.committed(write.storage(), write.offset(), write.length(), CoherenceMap.HOST);
        });
        end(0);
    }

    /**
     * Places the command where the rest of its buffer lives:
     * on a pinned queue's device; on the virtual device, on a device holding the buffer, or, when no device
     * holds any of it, on one of those where the scheduler expects its readers to run
     * ({@link io.omnicl.runtime.sched.Scheduler#homeOfNewData}); the scheduler picks which. Returns false,
     * having placed nothing, when it is better done on the host copy: the host holds some of the buffer, or
     * no such device has room for the range.
     */
    private boolean placeWithBuffer() {
        Device device = queue.deviceImpl();
        if (!device.isVirtual()) {
            if (!onPinnedDevice(device)) {
                return false;
            }
            place(device.nodeMask());
            return true;
        }
        long holders = write.storage().map().holdersOfAny(0, write.storage().size());
        long target = (holders & ~CoherenceMap.bit(CoherenceMap.HOST)) != 0 ? holders
                : queue.runtime().devices().scheduler().homeOfNewData(available(device.nodeMask()));
        long devices = fitting(target & device.nodeMask());
        if ((target & CoherenceMap.bit(CoherenceMap.HOST)) != 0 || devices == 0) {
            return false;
        }
        place(devices);
        return true;
    }

    @Override
    final void released() {
        buffer.unhold();
    }
}
