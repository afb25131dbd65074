package io.omnicl.runtime.command;

import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.Storage;
import io.omnicl.runtime.completion.Completion;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The data hazards of one in-order queue: for each storage, the accesses of commands that have not yet
 * executed. A new access depends on every earlier overlapping access where either side writes
 * (read-after-write, write-after-read, write-after-write). An earlier access that a new write covers is
 * forgotten, since anything that conflicts with it later conflicts with the write, which waits for it:
 * a chain of commands on one buffer keeps one entry, not a growing list. Not thread-safe: the queue
 * guards it.
 */
final class HazardTracker<C> {

    private record Entry<C>(Access access, Completion executed, C command) {
    }

    private final Map<Storage, List<Entry<C>>> live = new HashMap<>();

    /** The commands that {@code access} of {@code command} must wait for; then registers it. */
    List<C> register(Access access, C command, Completion executed) {
        List<C> waits = new ArrayList<>();
        List<Entry<C>> entries = live.computeIfAbsent(access.storage(), k -> new ArrayList<>());
        for (Iterator<Entry<C>> it = entries.iterator(); it.hasNext(); ) {
            Entry<C> e = it.next();
            if (e.executed.isDone()) {
                it.remove();
                continue;
            }
            if (e.executed == executed) {
                // the same command reaching one buffer through two arguments
                continue;
            }
            if (e.access.overlaps(access) && (e.access.writes() || access.writes())) {
                waits.add(e.command);
                if (access.writes() && access.covers(e.access)) {
                    it.remove();
                }
            }
        }
        entries.add(new Entry<>(access, executed, command));
        return waits;
    }

    /** Forgets an access of a command that has executed. */
    void retire(Access access, Completion executed) {
        List<Entry<C>> entries = live.get(access.storage());
        if (entries != null) {
            entries.removeIf(e -> e.executed == executed);
            if (entries.isEmpty()) {
                live.remove(access.storage());
            }
        }
    }
}
