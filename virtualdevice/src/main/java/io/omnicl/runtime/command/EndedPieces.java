package io.omnicl.runtime.command;

import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.worker.DeviceWorker;

import java.util.ArrayList;
import java.util.List;

/**
 * The pieces of a cut launch that have ended well, and who is told of each: a read that waits for the launch alone
 * takes a piece's bytes as soon as the piece has written them ({@link HostReadCommand}).
 */
final class EndedPieces {

    /** Told of a piece that ended well: the worker of the device it ran on, which holds what it wrote, and that. */
    interface Watcher {
        void ended(DeviceWorker w, List<Access> outputs);
    }

    private record Ended(DeviceWorker w, List<Access> outputs) {
    }

    private final List<Ended> ended = new ArrayList<>();
    private final List<Watcher> watchers = new ArrayList<>(1);

    /** On {@code w}'s thread: a piece ended well there, its {@code outputs} committed. */
    void add(DeviceWorker w, List<Access> outputs) {
        Watcher[] tell;
        synchronized (this) {
            ended.add(new Ended(w, outputs));
            if (watchers.isEmpty()) {
                return;
            }
            tell = watchers.toArray(new Watcher[0]);
        }
        for (Watcher watcher : tell) {
            watcher.ended(w, outputs);
        }
    }

    /** The launch has ended: nothing more to tell, and its watchers (a read and its memory) are let go. */
    synchronized void clear() {
        ended.clear();
        watchers.clear();
    }

    /** {@code watcher} is told of the pieces that have ended well, now, and of each one after, as it ends. */
    void watch(Watcher watcher) {
        Ended[] past;
        synchronized (this) {
            past = ended.toArray(new Ended[0]);
            watchers.add(watcher);
        }
        for (Ended e : past) {
            watcher.ended(e.w(), e.outputs());
        }
    }
}
