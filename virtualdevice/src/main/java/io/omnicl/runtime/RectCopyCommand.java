package io.omnicl.runtime;

import io.omnicl.driver.Rect;
import io.omnicl.runtime.coherence.HostStore;
import io.omnicl.runtime.graph.Access;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;

import java.util.List;

import static io.omnicl.runtime.Cl.CL_COMMAND_COPY_BUFFER_RECT;

/**
 * A rect copy between buffers. Like a plain copy it runs where the source already is: on a device holding
 * the source rect's hull (a pinned queue's device always), else row by row on the host copy.
 */
final class RectCopyCommand extends DeviceCommand {

    private final MemObject src;
    private final MemObject dst;
    private final RectRows from;
    private final RectRows to;

    RectCopyCommand(Queue queue, MemObject src, MemObject dst, Rect srcRect, Rect dstRect) {
        super(queue, CL_COMMAND_COPY_BUFFER_RECT);
        this.src = src;
        this.dst = dst;
        this.from = RectRows.of(src, srcRect);
        this.to = RectRows.of(dst, dstRect);
        src.hold();
        dst.hold();
    }

    @Override
    List<Access> accesses() {
        return List.of(from.hull(false), to.hull(true));
    }

    @Override
    List<Access> inputs() {
        return List.of(from.hull(false));
    }

    @Override
    List<Access> outputs() {
        return to.rowsWritten();
    }

    @Override
    void start() {
        Device device = queue.deviceImpl();
        Access hull = from.hull(false);
        long holders = hull.storage().map().holdersOfAll(hull.offset(), hull.length()) & device.nodeMask();
        if (!device.isVirtual()) {
            place(device.nodeMask());
        } else if (holders != 0) {
            place(Long.lowestOneBit(holders));
        } else {
            copyOnHost(hull);
        }
    }

    private void copyOnHost(Access hull) {
        queue.engine().coherency().toHost(hull.storage(), hull.offset(), hull.length()).onDone(s -> {
            if (s < 0) {
                end(s);
                return;
            }
            event.running(0);
            long length = from.rect().rowLength();
            for (long i = 0; i < from.rect().rows(); i++) {
                HostStore.copy(from.storage().host(), from.row(i), to.storage().host(), to.row(i), length);
            }
            to.commitToHost();
            end(0);
        });
    }

    @Override
    RealEvent submit(DeviceWorker w) {
        Rect s = from.rect();
        Rect d = to.rect();
        return w.queue().copyRect(src.realOn(w.node()), dst.realOn(w.node()), s.origin(), d.origin(), s.region(),
                s.rowPitch(), s.slicePitch(), d.rowPitch(), d.slicePitch(), List.of());
    }

    @Override
    void released() {
        src.unhold();
        dst.unhold();
    }
}
