package io.omnicl.runtime.coherence;

import io.omnicl.driver.ImageSpec;
import io.omnicl.spi.RealMem;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The memory behind one buffer (a root buffer; sub-buffers are ranges of it) or image: the host copy, the
 * chunks allocated on devices (see {@link DeviceMemory}), and the coherence map that says which copies of
 * each range are valid.
 */
public final class Storage {

    private final CoherenceMap map;
    private final HostStore host;
    private final ImageSpec image;
    /** Per node index, its chunks by storage offset. Guarded by {@code this}. */
    private final List<TreeMap<Long, Chunk>> chunks;
    /** Held by writes of the host copy (with their commit) and by evictions writing back into it. */
    private final Object hostWrites = new Object();
    /** Copies being uploaded to a node that the map counts as held there already ({@link #landing}); its own lock. */
    private final List<Landing> landings = new ArrayList<>();

    /** A copy of {@code [offset, offset + length)} being uploaded to node {@code node}. */
    private record Landing(long offset, long length, int node) {
    }

    /** The storage of a buffer. */
    public Storage(HostStore host, int nodeCount) {
        this(host, null, nodeCount);
    }

    /**
     * The storage of a buffer, or of an image when {@code image} is given: an image's copies are real images,
     * and it is kept coherent as a whole (every transfer moves all of it, every write commits all of it).
     */
    public Storage(HostStore host, ImageSpec image, int nodeCount) {
        this.host = host;
        this.image = image;
        this.map = new CoherenceMap(host.size());
        this.chunks = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            chunks.add(new TreeMap<>());
        }
    }

    /** The image, or null for a buffer. */
    public ImageSpec image() {
        return image;
    }

    public long size() {
        return host.size();
    }

    public CoherenceMap map() {
        return map;
    }

    public HostStore host() {
        return host;
    }

    /**
     * Runs a write of the host copy together with its commit, so that no eviction writes device data back
     * into the same bytes in between.
     */
    public void writeHost(Runnable writeAndCommit) {
        synchronized (hostWrites) {
            writeAndCommit.run();
        }
    }

    Object hostWrites() {
        return hostWrites;
    }

    /**
     * A copy of the range is being uploaded to {@code node}, which the map counts as holding it already (so that what
     * goes behind the upload there finds it): until {@link #landed}, another holder evicting the range writes it back
     * first, as if it held it alone, and one distrusting its copy keeps it ({@link Coherency#distrusted}), since the
     * upload may yet fail.
     */
    void landing(long offset, long length, int node) {
        synchronized (landings) {
            landings.add(new Landing(offset, length, node));
        }
    }

    /** The upload {@link #landing} announced has ended, well or not (a failure has taken the copy back). */
    void landed(long offset, long length, int node) {
        synchronized (landings) {
            landings.remove(new Landing(offset, length, node));
        }
    }

    /** The nodes (bits) with a copy of some of the range still landing. */
    long landingOn(long offset, long length) {
        long nodes = 0;
        synchronized (landings) {
            for (Landing l : landings) {
                if (l.offset() < offset + length && offset < l.offset() + l.length()) {
                    nodes |= CoherenceMap.bit(l.node());
                }
            }
        }
        return nodes;
    }

    /** Whether no device has memory for any of the storage. */
    public synchronized boolean allocatedNowhere() {
        for (TreeMap<Long, Chunk> all : chunks) {
            if (!all.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** The chunk in {@code memory} holding all of {@code [offset, offset + length)}, or null. */
    public synchronized Chunk chunkCovering(DeviceMemory memory, long offset, long length) {
        // a key and a get, not floorEntry, which copies the entry
        TreeMap<Long, Chunk> all = chunks.get(memory.index());
        Long at = all.floorKey(offset);
        Chunk c = at == null ? null : all.get(at);
        return c != null && c.covers(offset, length) ? c : null;
    }

    /**
     * The chunk in {@code memory} holding byte {@code offset}: for a command's own accesses, which it has
     * pinned.
     */
    public Chunk chunkAt(DeviceMemory memory, long offset) {
        Chunk c = chunkCovering(memory, offset, 1);
        if (c == null) {
            throw new IllegalStateException("no chunk at " + offset + " on " + memory);
        }
        return c;
    }

    synchronized List<Chunk> chunksOverlapping(DeviceMemory memory, long offset, long length) {
        List<Chunk> result = new ArrayList<>();
        TreeMap<Long, Chunk> all = chunks.get(memory.index());
        Long from = all.floorKey(offset);
        for (Chunk c : all.tailMap(from == null ? offset : from, true).values()) {
            if (c.offset() >= offset + length) {
                break;
            }
            if (c.overlaps(offset, length)) {
                result.add(c);
            }
        }
        return result;
    }

    synchronized Chunk addChunk(DeviceMemory memory, long offset, long size, RealMem mem) {
        Chunk c = new Chunk(this, memory, offset, size, mem);
        chunks.get(memory.index()).put(offset, c);
        return c;
    }

    /** Removes and releases the chunk; false if it was already gone (the storage was freed meanwhile). */
    synchronized boolean removeChunk(Chunk c) {
        chunks.get(c.memory().index()).remove(c.offset(), c);
        return c.release(false);
    }

    /**
     * The real object standing for {@code owner} (a sub-buffer, or an image over a buffer) on the chunk of
     * {@code memory} that holds its bytes, made by {@code make} on first use and released with the chunk.
     */
    public synchronized RealMem view(DeviceMemory memory, Object owner, long offset, long length,
                                     Function<Chunk, RealMem> make) {
        Chunk c = chunkCovering(memory, offset, length);
        if (c == null) {
            throw new IllegalStateException("no chunk for a view at " + offset + " on " + memory);
        }
        RealMem v = c.views().get(owner);
        if (v == null) {
            v = make.apply(c);
            c.views().put(owner, v);
        }
        return v;
    }

    /** Releases the views made for {@code owner}, which is being released. */
    public synchronized void dropViews(Object owner) {
        for (TreeMap<Long, Chunk> perNode : chunks) {
            for (Chunk c : perNode.values()) {
                RealMem v = c.views().remove(owner);
                if (v != null) {
                    v.release();
                }
            }
        }
    }

    /** Frees every device allocation. The host copy goes with the garbage collector. */
    public void free() {
        List<Chunk> all = new ArrayList<>();
        synchronized (this) {
            for (TreeMap<Long, Chunk> perNode : chunks) {
                all.addAll(perNode.values());
                perNode.clear();
            }
            for (Chunk c : all) {
                c.release(true);
            }
        }
        for (Chunk c : all) {
            c.memory().forget(c);
        }
    }
}
