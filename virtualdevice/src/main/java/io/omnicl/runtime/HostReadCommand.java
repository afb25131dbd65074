package io.omnicl.runtime;

import io.omnicl.driver.HostMemory;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.coherence.HostStore;
import io.omnicl.runtime.coherence.Storage;
import io.omnicl.runtime.graph.Access;
import io.omnicl.runtime.worker.DeviceWorker;

import java.nio.ByteBuffer;
import java.util.List;

import static io.omnicl.runtime.Cl.CL_COMMAND_READ_BUFFER;

/**
 * A read of a buffer range into the user's memory: it makes the range valid on the host copy and copies it
 * from there, or it follows the commands that write the range onto their device and reads it from there.
 */
final class HostReadCommand extends Command {

    private final MemObject buffer;
    private final HostMemory user;
    private final Access access;

    HostReadCommand(Queue queue, MemObject buffer, long offset, long size, HostMemory user) {
        super(queue, CL_COMMAND_READ_BUFFER);
        this.buffer = buffer;
        this.user = user;
        this.access = new Access(buffer.storage(), buffer.storageOffset() + offset, size, false);
        buffer.hold();
    }

    @Override
    List<Access> accesses() {
        return List.of(access);
    }

    @Override
    void start() {
        long start = access.offset();
        queue.engine().coherency().toHost(access.storage(), start, access.length()).onDone(s -> {
            if (s < 0) {
                end(s);
                return;
            }
            event.running(0);
            access.storage().host().forEach(start, access.length(), (memory, at) -> user.copyIn(at - start, memory));
            end(0);
        });
    }

    /** A read of a buffer may follow the commands that write what it reads onto their device. */
    @Override
    boolean canFollowOn(DeviceWorker w) {
        return access.storage().image() == null;
    }

    /**
     * Reads the range from {@code w}'s device behind the precursors into the user's memory: directly when it
     * is a direct buffer, else through memory of its own. Never into the host copy, which must stay as it is
     * should a precursor fail.
     */
    @Override
    void follow(DeviceWorker w) {
        if (w.node().isLost() || w.failing() || !precursorsSettledOn(w) || !onDeviceBehindPrecursors(w)) {
            unfollow();
            return;
        }
        Storage s = access.storage();
        // the user's memory holds nothing defined until the read completes, so it may take the bytes at once
        ByteBuffer direct = user.direct();
        boolean inPlace = direct != null && direct.remaining() == access.length();
        HostStore staging = inPlace ? new HostStore(direct) : new HostStore(access.length());
        boolean reading;
        try {
            reading = Coherency.readBehind(s, access.offset(), access.length(), w, staging, status -> {
                if (status < 0) {
                    runningOn(null);
                    unfollow();
                    return;
                }
                event.running(0);
                if (!inPlace) {
                    staging.forEach(0, access.length(), (memory, at) -> user.copyIn(at, memory));
                }
                end(0);
            });
        } catch (RuntimeException e) {
            reading = false;
        }
        if (reading) {
            runningOn(w);
        } else {
            unfollow();
        }
    }

    /** Whether {@code w}'s device holds the whole range once the precursors in flight there have run. */
    private boolean onDeviceBehindPrecursors(DeviceWorker w) {
        long me = CoherenceMap.bit(w.node().index());
        for (Access a : access.minus(w.pendingWrites())) {
            if ((a.storage().map().holdersOfAll(a.offset(), a.length()) & me) == 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    void released() {
        buffer.unhold();
    }
}
