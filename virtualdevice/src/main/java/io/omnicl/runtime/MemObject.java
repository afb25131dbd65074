package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.HostMemory;
import io.omnicl.driver.InfoValue;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.HostStore;
import io.omnicl.runtime.coherence.Storage;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.RealBuffer;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static io.omnicl.runtime.Cl.*;

/**
 * A buffer or sub-buffer. A buffer owns a {@link Storage}; a sub-buffer is a range of its parent's.
 * Everything about validity lives in the storage's coherence map, per byte range.
 */
final class MemObject extends CountedObject implements ClMem {

    private final Context context;
    private final long flags;
    private final MemObject parent;
    private final long origin;
    private final long size;
    private final Storage storage;
    private final boolean hasHostPointer;
    private final RealBuffer[] regions;
    private final List<Runnable> destructors = new ArrayList<>();
    private final List<Mapped> mappings = new ArrayList<>();

    /** A live mapping: the buffer handed to the user and the range it covers. */
    record Mapped(ByteBuffer buffer, long offset, long size, boolean writes) {
    }

    private MemObject(Context context, long flags, MemObject parent, long origin, long size, Storage storage,
                      boolean hasHostPointer) {
        this.context = context;
        this.flags = flags;
        this.parent = parent;
        this.origin = origin;
        this.size = size;
        this.storage = storage;
        this.hasHostPointer = hasHostPointer;
        this.regions = parent == null ? null : new RealBuffer[context.engine().machine().nodeCount()];
        context.hold();
        if (parent != null) {
            parent.hold();
        }
    }

    static MemObject createBuffer(Context context, long flags, long size, HostMemory hostData) {
        int nodes = context.engine().machine().nodeCount();
        boolean useHost = (flags & CL_MEM_USE_HOST_PTR) != 0;
        ByteBuffer userMemory = useHost ? hostData.direct() : null;
        HostStore host = userMemory != null ? new HostStore(userMemory) : new HostStore(size);
        Storage storage = new Storage(host, nodes);
        if (hostData != null) {
            if (userMemory == null) {
                host.forEach(0, size, (memory, at) -> hostData.copyOut(at, memory));
            }
            Coherency.committed(storage, 0, size, CoherenceMap.HOST);
        }
        return new MemObject(context, flags, null, 0, size, storage, useHost);
    }

    @Override
    public ClMem createSubBuffer(long subFlags, long subOrigin, long subSize) {
        checkValid();
        return new MemObject(context, subFlags, this, subOrigin, subSize, storage, hasHostPointer);
    }

    Storage storage() {
        return storage;
    }

    /** Offset of this object's first byte in its storage. */
    long storageOffset() {
        return parent == null ? 0 : parent.storageOffset() + origin;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public long flags() {
        return flags;
    }

    @Override
    public ClContext context() {
        return context;
    }

    Context contextImpl() {
        return context;
    }

    @Override
    public boolean isSubBuffer() {
        return parent != null;
    }

    @Override
    public ClMem root() {
        return parent == null ? this : parent.root();
    }

    @Override
    public long origin() {
        return storageOffset();
    }

    /** The real buffer for this object on {@code node}; call on the node's worker thread. */
    RealBuffer realOn(DeviceNode node) {
        RealBuffer whole = storage.allocation(node);
        if (parent == null) {
            return whole;
        }
        synchronized (regions) {
            RealBuffer r = regions[node.index()];
            if (r == null) {
                r = whole.region(storageOffset(), size);
                regions[node.index()] = r;
            }
            return r;
        }
    }

    /** Records a mapping handed to the user. */
    void addMapping(Mapped m) {
        synchronized (mappings) {
            mappings.add(m);
        }
    }

    /** Removes and returns the live mapping whose buffer is {@code buffer} (the same object), or null. */
    Mapped takeMapping(ByteBuffer buffer) {
        synchronized (mappings) {
            for (int i = 0; i < mappings.size(); i++) {
                if (mappings.get(i).buffer() == buffer) {
                    return mappings.remove(i);
                }
            }
        }
        return null;
    }

    private int mapCount() {
        synchronized (mappings) {
            return mappings.size();
        }
    }

    @Override
    public void addDestructorCallback(Runnable callback) {
        checkValid();
        synchronized (destructors) {
            destructors.add(0, callback);
        }
    }

    @Override
    public InfoValue info(int param) {
        switch (param) {
            case CL_MEM_TYPE:
                return InfoValue.ofInt(CL_MEM_OBJECT_BUFFER);
            case CL_MEM_FLAGS:
                return InfoValue.ofLong(flags);
            case CL_MEM_SIZE:
                return InfoValue.ofLong(size);
            case CL_MEM_HOST_PTR:
                return InfoValue.ofLong(hasHostPointer && (flags & CL_MEM_USE_HOST_PTR) != 0
                        ? storage.host().hashCode() | 0x1000L : 0);
            case CL_MEM_MAP_COUNT:
                return InfoValue.ofInt(mapCount());
            case CL_MEM_REFERENCE_COUNT:
                return InfoValue.ofInt(referenceCount());
            case CL_MEM_CONTEXT:
                return InfoValue.ofHandle(context);
            case CL_MEM_ASSOCIATED_MEMOBJECT:
                return InfoValue.ofHandle(parent);
            case CL_MEM_OFFSET:
                return InfoValue.ofLong(origin);
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown mem object info " + param);
        }
    }

    @Override
    int invalidCode() {
        return CL_INVALID_MEM_OBJECT;
    }

    @Override
    void destroy() {
        if (parent == null) {
            storage.free();
        } else {
            synchronized (regions) {
                for (RealBuffer r : regions) {
                    if (r != null) {
                        r.release();
                    }
                }
            }
        }
        List<Runnable> toCall;
        synchronized (destructors) {
            toCall = new ArrayList<>(destructors);
        }
        for (Runnable r : toCall) {
            Callbacks.post(r);
        }
        if (parent != null) {
            parent.unhold();
        }
        context.unhold();
    }
}
