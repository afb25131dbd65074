package io.omnicl.runtime.coherence;

import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealMem;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One allocation on one device holding bytes {@code [offset, offset + size)} of a storage: all of it, or,
 * for a storage too large to keep whole there, the range some commands use. The chunks of a storage on
 * one device never overlap, so "the device holds this byte" names one place. Views (sub-buffer regions,
 * images over a buffer) made of it go with it.
 */
public final class Chunk {

    private final Storage storage;
    private final DeviceMemory memory;
    private final long offset;
    private final long size;
    private final RealMem mem;
    /**
     * Commands in flight on the device that use the chunk, and reads of it for another device's piece (pinned from
     * that device's thread: {@link Coherency#readAcross}).
     */
    private final AtomicInteger pins = new AtomicInteger();
    /** Guarded by the storage. */
    private final Map<Object, RealMem> views = new LinkedHashMap<>();
    private boolean released;

    Chunk(Storage storage, DeviceMemory memory, long offset, long size, RealMem mem) {
        this.storage = storage;
        this.memory = memory;
        this.offset = offset;
        this.size = size;
        this.mem = mem;
    }

    public Storage storage() {
        return storage;
    }

    public DeviceMemory memory() {
        return memory;
    }

    public long offset() {
        return offset;
    }

    public long size() {
        return size;
    }

    public long end() {
        return offset + size;
    }

    public RealBuffer buffer() {
        return (RealBuffer) mem;
    }

    public RealImage image() {
        return (RealImage) mem;
    }

    RealMem mem() {
        return mem;
    }

    /** The chunk's own offset of storage offset {@code at}. */
    public long local(long at) {
        return at - offset;
    }

    boolean covers(long from, long length) {
        return offset <= from && from + length <= end();
    }

    boolean overlaps(long from, long length) {
        return from < end() && offset < from + length;
    }

    void pin() {
        pins.incrementAndGet();
    }

    void unpin() {
        pins.decrementAndGet();
    }

    boolean pinned() {
        return pins.get() > 0;
    }

    /** Guarded by the storage. */
    Map<Object, RealMem> views() {
        return views;
    }

    /** Whether the allocation was released (the chunk evicted, or its storage freed); guarded by the storage. */
    boolean released() {
        return released;
    }

    /**
     * Releases the views and the allocation, once; guarded by the storage. {@code spare}: the allocation may
     * be kept for a later chunk of its size (the storage was freed, not evicted to make room).
     */
    boolean release(boolean spare) {
        if (released) {
            return false;
        }
        released = true;
        List<RealMem> all = new ArrayList<>(views.values());
        views.clear();
        for (int i = all.size() - 1; i >= 0; i--) {
            all.get(i).release();
        }
        if (!spare || !memory.keepSpare(mem, size)) {
            mem.release();
        }
        return true;
    }

    @Override
    public String toString() {
        return "chunk [" + offset + ", " + end() + ") on " + memory.name();
    }
}
