package io.omnicl.runtime.command;

import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.completion.Completion;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;

import java.util.ArrayList;
import java.util.List;

import static io.omnicl.driver.OpenClConstants.*;

/**
 * A migration, which is a placement hint: to the host, the ranges are made valid there; to a pinned
 * queue's device, there; to the virtual device, nowhere yet, since the scheduler places data with the work
 * that uses it. With {@code CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED} nothing is copied: the content is
 * dropped everywhere, so no later command transfers it.
 */
final class MigrateCommand extends DeviceCommand {

    private final List<MemObject> objects;
    private final long flags;
    private final List<Access> ranges = new ArrayList<>();

    MigrateCommand(Queue queue, List<MemObject> objects, long flags) {
        super(queue, CL_COMMAND_MIGRATE_MEM_OBJECTS);
        this.objects = List.copyOf(objects);
        this.flags = flags;
        boolean discards = (flags & CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED) != 0;
        for (MemObject m : objects) {
            ranges.add(new Access(m.storage(), m.storageOffset(), m.size(), discards));
            m.hold();
        }
    }

    @Override
    List<Access> accesses() {
        return ranges;
    }

    @Override
    List<Access> inputs() {
        return ranges;
    }

    @Override
    List<Access> outputs() {
        return List.of();
    }

    @Override
    void start() {
        if ((flags & CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED) != 0) {
            for (Access a : ranges) {
                Coherency.discarded(a.storage(), a.offset(), a.length());
            }
            end(0);
        } else if ((flags & CL_MIGRATE_MEM_OBJECT_HOST) != 0) {
            List<Completion> parts = new ArrayList<>();
            for (Access a : ranges) {
                parts.add(queue.runtime().coherency().toHost(a.storage(), a.offset(), a.length()));
            }
            Completion.all(parts).onDone(this::end);
        } else if (!queue.deviceImpl().isVirtual()) {
            place(queue.deviceImpl().nodeMask());
        } else {
            end(0);
        }
    }

    @Override
    RealEvent submit(DeviceWorker w, boolean withEvent) {
        return w.queue().marker(List.of());
    }

    @Override
    void released() {
        objects.forEach(MemObject::unhold);
    }
}
