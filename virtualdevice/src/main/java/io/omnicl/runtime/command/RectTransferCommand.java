package io.omnicl.runtime.command;

import io.omnicl.driver.HostMemory;
import io.omnicl.driver.Rect;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Access;

import java.util.List;

/**
 * A rect read into the user's memory, or a rect write from it, row by row through the host copy. A write of
 * part of an image first makes the rest of the image valid on the host, since the image is committed whole.
 */
final class RectTransferCommand extends Command {

    private final MemObject buffer;
    private final RectRows rows;
    private final Rect hostRect;
    private final HostMemory user;
    private final boolean write;

    /** A rect of a buffer, or a box of an image, to or from the user's rect. */
    RectTransferCommand(Queue queue, int commandType, MemObject buffer, Rect bufferRect, Rect hostRect,
                        HostMemory user, boolean write) {
        super(queue, commandType);
        this.buffer = buffer;
        this.rows = RectRows.of(buffer, bufferRect);
        this.hostRect = hostRect;
        this.user = user;
        this.write = write;
        buffer.hold();
    }

    @Override
    List<Access> accesses() {
        return List.of(rows.hull(write));
    }

    @Override
    void start() {
        if (write && !rows.partialOfWhole()) {
            event.running(0);
            rows.storage().writeHost(() -> {
                copyRows();
                rows.commitToHost();
            });
            end(0);
            return;
        }
        Access hull = rows.hull(false);
        queue.runtime().coherency().toHost(hull.storage(), hull.offset(), hull.length()).onDone(s -> {
            if (s < 0) {
                end(s);
                return;
            }
            event.running(0);
            if (write) {
                rows.storage().writeHost(() -> {
                    copyRows();
                    rows.commitToHost();
                });
            } else {
                copyRows();
            }
            end(0);
        });
    }

    /** Moves each row between the host copy and the user's memory. */
    private void copyRows() {
        long length = hostRect.rowLength();
        for (long i = 0; i < hostRect.rows(); i++) {
            long from = rows.row(i);
            long userRow = hostRect.rowStart(i);
            rows.storage().host().forEach(from, length, (memory, at) -> {
                if (write) {
                    user.copyOut(userRow + (at - from), memory);
                } else {
                    user.copyIn(userRow + (at - from), memory);
                }
            });
        }
    }

    @Override
    void released() {
        buffer.unhold();
    }
}
