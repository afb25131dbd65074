package io.omnicl.runtime.graph;

import io.omnicl.runtime.coherence.Storage;

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
public final class HazardTracker {

    private record Entry(Access access, Completion executed) {
    }

    private final Map<Storage, List<Entry>> live = new HashMap<>();

    /** The executions that {@code access} must wait for; then registers it. */
    public List<Completion> register(Access access, Completion executed) {
        List<Completion> waits = new ArrayList<>();
        List<Entry> entries = live.computeIfAbsent(access.storage(), k -> new ArrayList<>());
        for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (e.executed.isDone()) {
                it.remove();
                continue;
            }
            if (e.executed == executed) {
                // the same command reaching one buffer through two arguments
                continue;
            }
            if (e.access.overlaps(access) && (e.access.writes() || access.writes())) {
                waits.add(e.executed);
                if (access.writes() && access.covers(e.access)) {
                    it.remove();
                }
            }
        }
        entries.add(new Entry(access, executed));
        return waits;
    }

    /** Forgets an access of a command that has executed. */
    public void retire(Access access, Completion executed) {
        List<Entry> entries = live.get(access.storage());
        if (entries != null) {
            entries.removeIf(e -> e.executed == executed);
            if (entries.isEmpty()) {
                live.remove(access.storage());
            }
        }
    }
}
