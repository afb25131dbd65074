package io.omnicl.runtime.worker;

import io.omnicl.runtime.coherence.Access;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ranges the commands in flight on a worker write, each with the number of them writing exactly it. Only
 * for use on the worker's thread.
 */
final class PendingWrites {

    private final Map<Access, int[]> counts = new HashMap<>();

    /** A command writing {@code writes} is in flight. */
    void add(List<Access> writes) {
        for (int i = 0; i < writes.size(); i++) {
            int[] count = counts.get(writes.get(i));
            if (count == null) {
                counts.put(writes.get(i), new int[] {1});
            } else {
                count[0]++;
            }
        }
    }

    /** A command writing {@code writes} is no longer in flight. */
    void remove(List<Access> writes) {
        for (int i = 0; i < writes.size(); i++) {
            Access a = writes.get(i);
            if (--counts.get(a)[0] == 0) {
                counts.remove(a);
            }
        }
    }

    /** The ranges written. */
    Collection<Access> ranges() {
        return counts.keySet();
    }
}
