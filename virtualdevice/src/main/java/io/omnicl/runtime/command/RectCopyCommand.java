package io.omnicl.runtime.command;

import io.omnicl.driver.Rect;
import io.omnicl.runtime.Device;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.HostStore;
import io.omnicl.runtime.completion.Completion;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;

import java.util.ArrayList;
import java.util.List;

/**
 * A copy of a box of bytes between buffers and images: a rect copy, an image copy, or a copy between an
 * image and a buffer. Like a plain copy it runs where the source already is: on a device holding the
 * source (a pinned queue's device always), with the device's own copy command, else row by row on the host
 * copies, where images are packed, so every kind is the same byte copy.
 */
final class RectCopyCommand extends DeviceCommand {

    /** The device's copy command for this kind of copy. */
    @FunctionalInterface
    interface DeviceCopy {
        RealEvent submit(DeviceWorker w, RectRows from, RectRows to);
    }

    private final MemObject src;
    private final MemObject dst;
    private final RectRows from;
    private final RectRows to;
    private final DeviceCopy deviceCopy;

    RectCopyCommand(Queue queue, int commandType, MemObject src, MemObject dst, Rect srcRect, Rect dstRect,
                    DeviceCopy deviceCopy) {
        super(queue, commandType);
        this.src = src;
        this.dst = dst;
        this.from = RectRows.of(src, srcRect);
        this.to = RectRows.of(dst, dstRect);
        this.deviceCopy = deviceCopy;
        src.hold();
        dst.hold();
    }

    @Override
    List<Access> accesses() {
        return List.of(from.hull(false), to.hull(true));
    }

    @Override
    List<Access> inputs() {
        return to.partialOfWhole() ? List.of(from.hull(false), to.hull(false)) : List.of(from.hull(false));
    }

    @Override
    List<Access> outputs() {
        return to.rowsWritten();
    }

    @Override
    void start() {
        Device device = queue.deviceImpl();
        Access hull = from.hull(false);
        long holders = fitting(hull.storage().map().holdersOfAll(hull.offset(), hull.length()) & device.nodeMask());
        if (from.storage() == to.storage()) {
            // within one buffer the device copy would see one real buffer with two sets of pitches
            copyOnHost();
        } else if (!device.isVirtual() && onPinnedDevice(device)) {
            place(device.nodeMask());
        } else if (device.isVirtual() && holders != 0) {
            place(Long.lowestOneBit(holders));
        } else {
            copyOnHost();
        }
    }

    private void copyOnHost() {
        List<Completion> fetches = new ArrayList<>();
        for (Access a : inputs()) {
            fetches.add(queue.runtime().coherency().toHost(a.storage(), a.offset(), a.length()));
        }
        Completion.all(fetches).onDone(s -> {
            if (s < 0) {
                end(s);
                return;
            }
            event.running(0);
            long length = from.rect().rowLength();
            to.storage().writeHost(() -> {
                for (long i = 0; i < from.rect().rows(); i++) {
                    HostStore.copy(from.storage().host(), from.row(i), to.storage().host(), to.row(i), length);
                }
                to.commitToHost();
            });
            end(0);
        });
    }

    @Override
    RealEvent submit(DeviceWorker w, boolean withEvent) {
        return deviceCopy.submit(w, from, to);
    }

    @Override
    void released() {
        src.unhold();
        dst.unhold();
    }
}
