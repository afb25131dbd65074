package io.omnicl.runtime.coherence;

import io.omnicl.driver.ClError;
import io.omnicl.driver.ImageSpec;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.coherence.CoherenceMap.Piece;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealMem;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory of one real device: which chunks of which storages it holds, within a byte limit. A command
 * pins the chunks it uses from the moment its worker takes it until it ends; to make room, the least
 * recently used unpinned chunks are evicted, the ranges that only this device holds (Modified) first
 * written back to the host. A storage small enough is allocated whole; a larger one (even larger than
 * the device can allocate at once) in chunks covering just what commands use.
 */
public final class DeviceMemory {

    /** A range of a storage that must sit in one chunk for a command. */
    public record Region(Storage storage, long offset, long length) {
        long end() {
            return offset + length;
        }
    }

    /** The largest fill pattern OpenCL allows, in bytes. */
    private static final long MAX_PATTERN = 128;

    private final MemoryNode node;
    /** Bytes of chunks this device may hold at once. */
    private final long limit;
    /** The largest single allocation. */
    private final long maxAlloc;
    /** Storages up to this size are allocated whole. */
    private final long wholeUpTo;
    /**
     * Chunks of a storage kept in parts start at multiples of this: a command's offset into its chunk is then
     * as aligned as its offset into the buffer, which real devices require of sub-buffer origins (the base
     * address alignment) and of fills (a multiple of the pattern, up to 128 bytes).
     */
    private final long granule;
    /**
     * Guarded by {@code this}: chunks in least recently used first order (each its own value; a map in access
     * order, so that a use moves a chunk to the end without a new entry), and their bytes.
     */
    private final LinkedHashMap<Chunk, Chunk> chunks = new LinkedHashMap<>(16, 0.75f, true);
    private long used;
    /**
     * Guarded by {@code this}: allocations of freed storages, by size, oldest first, kept for the next chunk of the
     * same size. On a GPU an allocation and a release each hold up the calling thread (docs/benchmarks.md has the
     * figures), and programs make buffers of the same sizes over and over. They count against the limit, hold at
     * most a quarter of it, and go after {@link #SPARE_NANOS} unused, or at once when room is needed.
     */
    private final Map<Long, ArrayDeque<Spare>> spares = new HashMap<>();
    private long spareBytes;
    private int spareCount;

    private record Spare(RealMem mem, long since) {
    }

    /** How long a spare allocation is kept unused. */
    private static final long SPARE_NANOS = TimeUnit.SECONDS.toNanos(2);
    private final AtomicLong evictions = new AtomicLong();

    /**
     * The memory of {@code node}'s device, which it may fill up to {@code limit} bytes, in allocations of at most
     * {@code maxAlloc}, aligned as the device says ({@code CL_DEVICE_MEM_BASE_ADDR_ALIGN}, bits).
     */
    public DeviceMemory(MemoryNode node, long limit, long maxAlloc, long baseAddrAlignBits) {
        this.node = node;
        this.limit = limit;
        this.maxAlloc = Math.min(maxAlloc, limit);
        this.wholeUpTo = Math.min(this.maxAlloc, limit / 4);
        this.granule = Math.max(MAX_PATTERN, baseAddrAlignBits / 8);
    }

    /** The memory node's index (1..n). */
    public int index() {
        return node.index();
    }

    /** The device's name, for messages. */
    public String name() {
        return node.name();
    }

    @Override
    public String toString() {
        return node.toString();
    }

    public long limit() {
        return limit;
    }

    /** Whether a new storage of {@code bytes} fits here now without evicting anything (spares go first anyway). */
    public synchronized boolean hasRoomFor(long bytes) {
        return used + bytes <= limit;
    }

    /** Bytes allocated now for storages' chunks (not counting spare allocations). */
    public synchronized long used() {
        return used;
    }

    /** Spare allocations kept now. */
    public synchronized int spares() {
        return spareCount;
    }

    /**
     * From any thread: keeps {@code mem}, the allocation of a freed chunk of {@code size} bytes, for a later
     * chunk of that size; false when there is no room for it among the spares (the caller releases it).
     */
    synchronized boolean keepSpare(RealMem mem, long size) {
        if (!(mem instanceof RealBuffer) || spareBytes + size > limit / 4) {
            return false;
        }
        spares.computeIfAbsent(size, k -> new ArrayDeque<>()).addLast(new Spare(mem, System.nanoTime()));
        spareBytes += size;
        spareCount++;
        return true;
    }

    /** A spare allocation of {@code size} bytes, taken off the spares, or null. */
    private synchronized RealMem takeSpare(long size) {
        ArrayDeque<Spare> same = spares.get(size);
        Spare spare = same == null ? null : same.pollLast();
        if (spare == null) {
            return null;
        }
        spareBytes -= size;
        spareCount--;
        return spare.mem();
    }

    /** Releases the spare allocations kept for longer than {@link #SPARE_NANOS}, or all of them. */
    public void dropSpares(boolean all) {
        List<RealMem> dropped = new ArrayList<>();
        long now = System.nanoTime();
        synchronized (this) {
            for (Iterator<Map.Entry<Long, ArrayDeque<Spare>>> it = spares.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<Long, ArrayDeque<Spare>> e = it.next();
                ArrayDeque<Spare> same = e.getValue();
                while (!same.isEmpty() && (all || now - same.peekFirst().since() > SPARE_NANOS)) {
                    dropped.add(same.pollFirst().mem());
                    spareBytes -= e.getKey();
                    spareCount--;
                }
                if (same.isEmpty()) {
                    it.remove();
                }
            }
        }
        dropped.forEach(RealMem::release);
    }

    /** Chunks allocated now. */
    public synchronized int chunkCount() {
        return chunks.size();
    }

    /** Chunks evicted so far. */
    public long evictions() {
        return evictions.get();
    }

    /** Whether {@code s} is held here in one chunk (an image, or a buffer small enough), not in parts. */
    private boolean keptWhole(Storage s) {
        return s.image() != null || s.size() <= wholeUpTo;
    }

    /**
     * The usual footprint, worked out without a map: each storage used is kept whole and appears once (a
     * kernel's buffers). Null when some storage is kept in parts or used twice.
     */
    private List<Region> wholeStorages(List<Access> accesses) {
        List<Region> regions = new ArrayList<>(accesses.size());
        for (int i = 0; i < accesses.size(); i++) {
            Storage s = accesses.get(i).storage();
            if (!keptWhole(s)) {
                return null;
            }
            for (int j = 0; j < i; j++) {
                if (accesses.get(j).storage() == s) {
                    return null;
                }
            }
            regions.add(new Region(s, 0, s.size()));
        }
        return regions;
    }

    /**
     * The chunks a command with these accesses needs here: a storage kept whole needs all of it, another
     * the union of the ranges it uses (overlapping ranges together, since chunks cannot overlap).
     */
    public List<Region> footprint(List<Access> accesses) {
        List<Region> whole = wholeStorages(accesses);
        if (whole != null) {
            return whole;
        }
        Map<Storage, List<Access>> byStorage = new LinkedHashMap<>();
        for (Access a : accesses) {
            byStorage.computeIfAbsent(a.storage(), k -> new ArrayList<>()).add(a);
        }
        List<Region> regions = new ArrayList<>();
        byStorage.forEach((s, list) -> {
            if (keptWhole(s)) {
                regions.add(new Region(s, 0, s.size()));
                return;
            }
            List<Access> sorted = new ArrayList<>(list);
            sorted.sort(Comparator.comparingLong(Access::offset));
            long from = alignDown(sorted.get(0).offset());
            long to = alignUp(sorted.get(0).end(), s.size());
            for (Access a : sorted) {
                if (alignDown(a.offset()) < to) {
                    to = Math.max(to, alignUp(a.end(), s.size()));
                } else {
                    regions.add(new Region(s, from, to - from));
                    from = alignDown(a.offset());
                    to = alignUp(a.end(), s.size());
                }
            }
            regions.add(new Region(s, from, to - from));
        });
        return regions;
    }

    private long alignDown(long at) {
        return at - at % granule;
    }

    private long alignUp(long at, long size) {
        return Math.min(size, alignDown(at + granule - 1));
    }

    /** Whether a command with these accesses can have all its memory here at once. */
    public boolean fits(List<Access> accesses) {
        long total = 0;
        for (Region r : footprint(accesses)) {
            if (r.length() > maxAlloc) {
                return false;
            }
            total += r.length();
        }
        return total <= limit;
    }

    /**
     * On the worker's thread: pins chunks holding everything a command with these accesses uses, allocating
     * and evicting as needed. Returns null, with nothing pinned, when room can only come from a command in
     * flight here ending.
     *
     * @throws ClError {@code CL_MEM_OBJECT_ALLOCATION_FAILURE} when the device cannot hold it at all
     */
    public List<Chunk> pin(List<Access> accesses) {
        List<Region> regions = footprint(accesses);
        for (int attempt = 0; ; attempt++) {
            if (!clearOverlaps(regions)) {
                return null;
            }
            List<Chunk> pinned = new ArrayList<>(regions.size());
            boolean room = true;
            for (int i = 0; i < regions.size(); i++) {
                Region r = regions.get(i);
                Chunk c = r.storage().chunkCovering(this, r.offset(), r.length());
                if (c == null) {
                    c = allocate(r);
                }
                if (c == null) {
                    room = false;
                    break;
                }
                c.pin();
                touch(c);
                pinned.add(c);
            }
            if (room) {
                return pinned;
            }
            unpin(pinned);
            if (node.hasInFlight()) {
                return null;
            }
            if (attempt > 0) {
                throw new ClError(OpenClConstants.CL_MEM_OBJECT_ALLOCATION_FAILURE,
                        "the memory of one command does not fit on " + node.name());
            }
            // nothing is pinned now: start again from an empty device, each region in a chunk of its own size
            for (Chunk c : snapshot()) {
                evict(c);
            }
        }
    }

    /** Pins chunks already held (a write-back reading them). */
    void pinAll(List<Chunk> list) {
        for (Chunk c : list) {
            c.pin();
        }
    }

    /** Ends what {@link #pin} began. */
    public void unpin(List<Chunk> pinned) {
        for (int i = 0; i < pinned.size(); i++) {
            pinned.get(i).unpin();
        }
    }

    /** Evicts the chunks that overlap a region without holding it all; false if one is pinned. */
    private boolean clearOverlaps(List<Region> regions) {
        for (int i = 0; i < regions.size(); i++) {
            Region r = regions.get(i);
            if (r.storage().chunkCovering(this, r.offset(), r.length()) != null) {
                continue;
            }
            for (Chunk c : r.storage().chunksOverlapping(this, r.offset(), r.length())) {
                if (c.pinned()) {
                    return false;
                }
                evict(c);
            }
        }
        return true;
    }

    /**
     * From any thread: a chunk for all of {@code s}, a storage no command uses yet, when it fits beside what is
     * here now; null when it does not (making room would evict, which only the worker's thread does), the
     * device refuses the allocation or the storage has a chunk here already. {@code spareOk}: the chunk's first
     * bytes are uploaded by the worker, so it may be a spare allocation: nothing touches those any more (a storage is freed once its commands have
     * ended, and a command left running after a failed attempt is waited for). The chunk comes pinned, so that the
     * worker does not evict it before it holds its bytes; {@link #unpinFresh} ends that.
     */
    Chunk allocateFresh(Storage s, boolean spareOk) {
        if (!keptWhole(s) || s.chunkCovering(this, 0, 1) != null) {
            return null;
        }
        RealMem spare = spareOk ? takeSpare(s.size()) : null;
        if (spare == null) {
            dropSparesForRoom(s.size());
        }
        synchronized (this) {
            if (spare == null && used + spareBytes + s.size() > limit) {
                return null;
            }
            used += s.size();
        }
        RealMem mem;
        try {
            mem = spare != null ? spare : create(new Region(s, 0, s.size()));
        } catch (BackendException e) {
            synchronized (this) {
                used -= s.size();
            }
            return null;
        }
        Chunk c = s.addChunk(this, 0, s.size(), mem);
        c.pin();
        synchronized (this) {
            chunks.put(c, c);
        }
        return c;
    }

    /** Ends the pin of a chunk from {@link #allocateFresh}; under this memory's lock, where eviction looks. */
    synchronized void unpinFresh(Chunk c) {
        c.unpin();
    }

    /**
     * A new chunk for the region, after making room; null if there is none to make now. A buffer's may be a
     * spare allocation: nothing touches those any more (see {@link #allocateFresh}).
     */
    private Chunk allocate(Region r) {
        RealMem spare = r.storage().image() == null ? takeSpare(r.length()) : null;
        if (spare == null && !makeRoom(r.length())) {
            return null;
        }
        RealMem mem;
        try {
            mem = spare != null ? spare : create(r);
        } catch (BackendException e) {
            if (e.status() != OpenClConstants.CL_MEM_OBJECT_ALLOCATION_FAILURE && e.status() != OpenClConstants.CL_OUT_OF_RESOURCES) {
                throw e;
            }
            // the device has less than the limit says (other users, fragmentation): free what can be
            for (Chunk c : snapshot()) {
                if (!c.pinned()) {
                    evict(c);
                }
            }
            try {
                mem = create(r);
            } catch (BackendException again) {
                return null;
            }
        }
        Chunk c = r.storage().addChunk(this, r.offset(), r.length(), mem);
        synchronized (this) {
            chunks.put(c, c);
            used += c.size();
        }
        return c;
    }

    private RealMem create(Region r) {
        ImageSpec image = r.storage().image();
        if (image == null) {
            return node.session().allocate(r.length());
        }
        return node.session().allocateImage(OpenClConstants.CL_MEM_READ_WRITE, RealImages.format(image),
                RealImages.desc(image, null));
    }

    /** Drops all the spare allocations when {@code bytes} more would not fit beside them: room comes first. */
    private void dropSparesForRoom(long bytes) {
        boolean crowded;
        synchronized (this) {
            crowded = used + spareBytes + bytes > limit;
        }
        if (crowded) {
            dropSpares(true);
        }
    }

    /**
     * Drops the spare allocations, then evicts least recently used unpinned chunks, until {@code bytes} more
     * fit; false if they cannot.
     */
    private boolean makeRoom(long bytes) {
        dropSparesForRoom(bytes);
        while (true) {
            Chunk victim = null;
            synchronized (this) {
                if (used + spareBytes + bytes <= limit) {
                    return true;
                }
                for (Chunk c : chunks.keySet()) {
                    if (!c.pinned()) {
                        victim = c;
                        break;
                    }
                }
            }
            if (victim == null) {
                return false;
            }
            evict(victim);
        }
    }

    /**
     * Takes a chunk off the device: what only this device holds is first read back into the host copy
     * (under the storage's host-write lock, so that no host write is overwritten), then the device stops
     * holding the range and the allocation is released. A copy still landing on another device counts as none.
     */
    private void evict(Chunk c) {
        Storage s = c.storage();
        int me = node.index();
        synchronized (s.hostWrites()) {
            List<Piece> sole = new ArrayList<>();
            for (Piece p : s.map().held(c.offset(), c.size(), me)) {
                if ((p.holders() & ~CoherenceMap.bit(me) & ~s.landingOn(p.offset(), p.length())) == 0) {
                    sole.add(p);
                }
            }
            if (!sole.isEmpty()) {
                writeBack(c, sole);
            }
        }
        Coherency.dropped(s, c.offset(), c.size(), me);
        forget(c);
        if (s.removeChunk(c)) {
            evictions.incrementAndGet();
        }
    }

    /** Reads the pieces into the host copy and waits; then the host holds them too. */
    private void writeBack(Chunk c, List<Piece> pieces) {
        List<RealEvent> reads = new ArrayList<>();
        int status = 0;
        try {
            for (Piece p : pieces) {
                reads.addAll(Coherency.readToHost(c, p, node));
            }
        } finally {
            for (RealEvent e : reads) {
                int st = e.await();
                status = status < 0 ? status : st;
                e.release();
            }
        }
        if (status < 0) {
            throw new BackendException(status, "writing back " + c + " failed");
        }
        for (Piece p : pieces) {
            Coherency.copied(c.storage(), p, CoherenceMap.HOST);
        }
    }

    /**
     * The device is lost: its copies no longer count, except what it alone held, which stays named so that
     * whoever needs it gets the device's error rather than stale data.
     */
    public void abandon() {
        try {
            dropSpares(true);
        } catch (RuntimeException e) {
            // the device is gone: its objects may not even release
        }
        for (Chunk c : snapshot()) {
            Coherency.dropped(c.storage(), c.offset(), c.size(), node.index());
            forget(c);
            try {
                c.storage().removeChunk(c);
            } catch (RuntimeException e) {
                // the device is gone: its objects may not even release
            }
        }
    }

    /** The chunk is gone (evicted, or its storage freed). */
    void forget(Chunk c) {
        synchronized (this) {
            if (chunks.remove(c) != null) {
                used -= c.size();
            }
        }
    }

    private synchronized void touch(Chunk c) {
        chunks.get(c); // the map is in access order: this moves it to the end
    }

    private synchronized List<Chunk> snapshot() {
        return new ArrayList<>(chunks.keySet());
    }
}
