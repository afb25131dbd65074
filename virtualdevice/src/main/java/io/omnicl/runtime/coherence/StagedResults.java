package io.omnicl.runtime.coherence;

import io.omnicl.spi.RealEvent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code OMNICL_RESILIENT}: a command's results read back into host memory along with the command, so that
 * when it counts as done the host holds a copy of each result and no device ever holds the only one. They
 * go to the side first, and into the host copy only at the commit, under the storage's host-write lock,
 * so that they cannot cross an eviction writing back older data there.
 */
public final class StagedResults {

    /** The outputs lying in one chunk, and a host copy of the chunk's range from the first to the last. */
    private record Part(Chunk chunk, long offset, HostStore copy, List<Access> outputs) {
    }

    private final List<Part> parts;

    private StagedResults(List<Part> parts) {
        this.parts = parts;
    }

    /** Enqueues on {@code w}'s queue the reads of {@code outputs} from its chunks, adding them to {@code reads}. */
    public static StagedResults read(List<Access> outputs, MemoryNode w, List<RealEvent> reads) {
        Map<Chunk, List<Access>> byChunk = new LinkedHashMap<>();
        for (Access a : outputs) {
            byChunk.computeIfAbsent(a.storage().chunkAt(w.memory(), a.offset()), k -> new ArrayList<>()).add(a);
        }
        List<Part> parts = new ArrayList<>();
        byChunk.forEach((chunk, list) -> {
            long from = list.stream().mapToLong(Access::offset).min().orElseThrow();
            long to = list.stream().mapToLong(Access::end).max().orElseThrow();
            HostStore copy = new HostStore(to - from);
            reads.addAll(Coherency.read(chunk, from, to - from, copy, 0, w));
            parts.add(new Part(chunk, from, copy, list));
        });
        return new StagedResults(parts);
    }

    /** The command succeeded on {@code node}: each result goes into the host copy, held there and on the node. */
    public void commit(int node) {
        long holders = CoherenceMap.bit(node) | CoherenceMap.bit(CoherenceMap.HOST);
        for (Part p : parts) {
            Storage s = p.chunk().storage();
            s.writeHost(() -> {
                for (Access a : p.outputs()) {
                    HostStore.copy(p.copy(), a.offset() - p.offset(), s.host(), a.offset(), a.length());
                    Coherency.committedOn(s, a.offset(), a.length(), holders);
                }
            });
        }
    }
}
