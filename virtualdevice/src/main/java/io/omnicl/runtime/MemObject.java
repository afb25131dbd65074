package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.HostMemory;
import io.omnicl.driver.ImageSpec;
import io.omnicl.driver.InfoValue;
import io.omnicl.driver.Rect;
import io.omnicl.runtime.coherence.Chunk;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.coherence.HostStore;
import io.omnicl.runtime.coherence.RealImages;
import io.omnicl.runtime.coherence.Storage;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.runtime.worker.HostThreads;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealMem;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static io.omnicl.driver.OpenClConstants.*;

/**
 * A buffer, sub-buffer or image. A buffer or image owns a {@link Storage}; a sub-buffer is a range of its
 * parent's, and a 1D buffer image reads its buffer's. Everything about validity lives in the storage's
 * coherence map.
 */
public final class MemObject extends CountedObject implements ClMem {

    private final Context context;
    private final long flags;
    /** The buffer a sub-buffer divides, or the buffer a 1D buffer image reads; null otherwise. */
    private final MemObject parent;
    private final long origin;
    private final long size;
    private final Storage storage;
    private final ImageSpec image;
    private final boolean hasHostPointer;
    private final List<Runnable> destructors = new ArrayList<>();
    private final List<Mapped> mappings = new ArrayList<>();

    /** A live mapping: the buffer handed to the user and the storage range it covers. */
    public record Mapped(ByteBuffer buffer, long offset, long size, boolean writes) {
    }

    private MemObject(Context context, long flags, MemObject parent, long origin, long size, Storage storage,
                      ImageSpec image, boolean hasHostPointer) {
        this.context = context;
        this.flags = flags;
        this.parent = parent;
        this.origin = origin;
        this.size = size;
        this.storage = storage;
        this.image = image;
        this.hasHostPointer = hasHostPointer;
        context.hold();
        if (parent != null) {
            parent.hold();
        }
    }

    static MemObject createBuffer(Context context, long flags, long size, HostMemory hostData) {
        int nodes = context.runtime().devices().nodeCount();
        boolean useHost = (flags & CL_MEM_USE_HOST_PTR) != 0;
        ByteBuffer userMemory = useHost ? hostData.direct() : null;
        HostStore host = userMemory != null ? new HostStore(userMemory) : new HostStore(size);
        Storage storage = new Storage(host, nodes);
        if (hostData != null && (useHost || !fillOnDevice(context, storage, hostData))) {
            if (userMemory == null) {
                host.forEach(0, size, (memory, at) -> hostData.copyOut(at, memory));
            }
            Coherency.committed(storage, 0, size, CoherenceMap.HOST);
        }
        return new MemObject(context, flags, null, 0, size, storage, null, useHost);
    }

    /**
     * A write of all of this buffer (not a sub-buffer, not an image) that nothing holds yet, on the virtual device,
     * from {@code data} (the bytes of the whole buffer, from its first), which stays as it is until this returns,
     * once launches have been cut across devices: the buffer's first content, likely read by such launches, which
     * goes straight to the devices where new data belongs, as from {@code CL_MEM_COPY_HOST_PTR}, where those are
     * several (their links work side by side) and none has memory for the buffer yet. (Where nothing is cut, a copy
     * on each costs the program the host's copies into each device's pinned memory and gains it nothing.) False,
     * having done nothing, otherwise or where no device took the bytes.
     */
    public boolean takeFirstContent(HostMemory data) {
        if (!context.runtime().splitCounters().anySplit() || parent != null || image != null || !fits(storage, data)
                || storage.map().holdersOfAny(0, storage.size()) != 0 || !storage.allocatedNowhere()) {
            return false;
        }
        List<DeviceWorker> homes = context.homesOfNewData(storage.size());
        return homes.size() > 1 && fillOnDevices(storage, homes, data);
    }

    /** Whether {@code data} can fill all of {@code storage} at once: a direct buffer of its size, or an array. */
    private static boolean fits(Storage storage, HostMemory data) {
        ByteBuffer direct = data.direct();
        return direct != null ? direct.remaining() == storage.size() : storage.size() <= Integer.MAX_VALUE;
    }

    /**
     * {@code CL_MEM_COPY_HOST_PTR}: the bytes go straight to the devices where the context's new data belongs,
     * those of them that have room, sparing the host copy (allocating it, copying into it, uploading from it
     * later): from a direct buffer as they are; from a Java array into the pinned slots of devices whose transfers
     * are staged, else first into landing memory of the first of those devices (kept from one transfer to the next,
     * so not touched for the first time). False when they go to the host copy instead.
     */
    private static boolean fillOnDevice(Context context, Storage storage, HostMemory data) {
        if (!fits(storage, data)) {
            return false;
        }
        List<DeviceWorker> homes = context.homesOfNewData(storage.size());
        return !homes.isEmpty() && fillOnDevices(storage, homes, data);
    }

    /** {@code data}, all of {@code storage}'s bytes, to each of {@code homes} that has room; false if none had. */
    private static boolean fillOnDevices(Storage storage, List<DeviceWorker> homes, HostMemory data) {
        if (data.direct() != null || homes.stream().allMatch(w -> w.node().staged())) {
            return Coherency.fillOnDevices(storage, homes, data);
        }
        // every device has taken the bytes, or copied them into its pinned memory, when the fill returns
        DeviceWorker keeper = homes.get(0);
        ByteBuffer copy = keeper.takeLanding(storage.size());
        try {
            HostThreads.fromUser(data, 0, copy).join();
            return Coherency.fillOnDevices(storage, homes, new Landed(copy));
        } finally {
            keeper.giveLanding(copy);
        }
    }

    /** A Java array's bytes copied into landing memory, on their way to devices. */
    private record Landed(ByteBuffer bytes) implements HostMemory {
        @Override
        public long size() {
            return bytes.remaining();
        }

        @Override
        public void copyOut(long offset, ByteBuffer dst) {
            dst.put(bytes.slice(bytes.position() + (int) offset, dst.remaining()));
        }

        @Override
        public void copyIn(long offset, ByteBuffer src) {
            throw new UnsupportedOperationException("landed bytes are only read");
        }

        @Override
        public ByteBuffer direct() {
            return bytes;
        }
    }

    /**
     * An image. Its host copy is packed (so host memory given with other pitches is copied in, row by row);
     * a 1D buffer image has no storage of its own but reads its buffer's.
     */
    static MemObject createImage(Context context, long flags, ImageSpec spec, HostMemory hostData, long rowPitch,
                                 long slicePitch) {
        if (spec.type() == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
            MemObject buffer = (MemObject) spec.buffer();
            return new MemObject(context, flags, buffer, 0, spec.width() * spec.elementSize(), buffer.storage,
                    spec, buffer.hasHostPointer);
        }
        Storage storage = new Storage(new HostStore(spec.size()), spec, context.runtime().devices().nodeCount());
        if (hostData != null) {
            long[] dims = spec.dims();
            Rect user = new Rect(new long[3], new long[] {spec.rowPitch(), dims[1], dims[2]}, rowPitch, slicePitch);
            Rect packed = spec.box(new long[3], spec.fullRegion());
            for (long i = 0; i < packed.rows(); i++) {
                long userRow = user.rowStart(i);
                long from = packed.rowStart(i);
                storage.host().forEach(from, packed.rowLength(), (memory, at) -> hostData.copyOut(userRow + at - from,
                        memory));
            }
            Coherency.committed(storage, 0, spec.size(), CoherenceMap.HOST);
        }
        return new MemObject(context, flags, null, 0, spec.size(), storage, spec, false);
    }

    @Override
    public ClMem createSubBuffer(long subFlags, long subOrigin, long subSize) {
        checkValid();
        return new MemObject(context, subFlags, this, subOrigin, subSize, storage, null, hasHostPointer);
    }

    public Storage storage() {
        return storage;
    }

    /** Offset of this object's first byte in its storage. */
    public long storageOffset() {
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
    public ImageSpec image() {
        return image;
    }

    @Override
    public boolean isSubBuffer() {
        return parent != null && image == null;
    }

    @Override
    public ClMem root() {
        return isSubBuffer() ? parent.root() : this;
    }

    @Override
    public long origin() {
        return isSubBuffer() ? storageOffset() : 0;
    }

    /**
     * The real buffer or image for this object on {@code node}, in the chunk that holds it there; call on the
     * node's worker thread, for a command that has pinned that chunk.
     */
    public RealMem realOn(DeviceNode node) {
        if (parent == null) {
            Chunk whole = storage.chunkAt(node.memory(), 0);
            return image == null ? whole.buffer() : whole.image();
        }
        long at = storageOffset();
        return storage.view(node.memory(), this, at, size, c -> image == null
                ? c.buffer().region(c.local(at), size)
                : node.worker().session().allocateImage(CL_MEM_READ_WRITE, RealImages.format(image),
                        RealImages.desc(image, parent.realBufferOn(node))));
    }

    /** The real buffer of a buffer or sub-buffer on {@code node}. */
    RealBuffer realBufferOn(DeviceNode node) {
        return (RealBuffer) realOn(node);
    }

    /** The real image of an image on {@code node}. */
    public RealImage realImageOn(DeviceNode node) {
        return (RealImage) realOn(node);
    }

    /** Records a mapping handed to the user. */
    public void addMapping(Mapped m) {
        synchronized (mappings) {
            mappings.add(m);
        }
    }

    /** Removes and returns the live mapping whose buffer is {@code buffer} (the same object), or null. */
    public Mapped takeMapping(ByteBuffer buffer) {
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
                return InfoValue.ofInt(image == null ? CL_MEM_OBJECT_BUFFER : image.type());
            case CL_MEM_FLAGS:
                return InfoValue.ofLong(flags);
            case CL_MEM_SIZE:
                return InfoValue.ofLong(size);
            case CL_MEM_HOST_PTR:
                // Java shows no addresses: a stand-in that is the same for a buffer and its sub-buffers'
                // parent, offset by their origin, as the user's pointer would be
                long base = 0x7f0000000000L + ((long) System.identityHashCode(storage) << 12);
                return InfoValue.ofLong(hasHostPointer && (flags & CL_MEM_USE_HOST_PTR) != 0
                        ? base + storageOffset() : 0);
            case CL_MEM_MAP_COUNT:
                return InfoValue.ofInt(mapCount());
            case CL_MEM_REFERENCE_COUNT:
                return InfoValue.ofInt(referenceCount());
            case CL_MEM_CONTEXT:
                return InfoValue.ofHandle(context);
            case CL_MEM_ASSOCIATED_MEMOBJECT:
                return InfoValue.ofHandle(parent);
            case CL_MEM_OFFSET:
                return InfoValue.ofLong(isSubBuffer() ? origin : 0);
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown mem object info " + param);
        }
    }

    @Override
    public InfoValue imageInfo(int param) {
        ClError.require(image != null, CL_INVALID_MEM_OBJECT, "not an image");
        boolean array = image.type() == CL_MEM_OBJECT_IMAGE1D_ARRAY || image.type() == CL_MEM_OBJECT_IMAGE2D_ARRAY;
        boolean hasSlices = image.type() == CL_MEM_OBJECT_IMAGE3D || array;
        switch (param) {
            case CL_IMAGE_FORMAT:
                return InfoValue.ofInts(new int[] {image.channelOrder(), image.channelType()});
            case CL_IMAGE_ELEMENT_SIZE:
                return InfoValue.ofLong(image.elementSize());
            case CL_IMAGE_ROW_PITCH:
                return InfoValue.ofLong(image.rowPitch());
            case CL_IMAGE_SLICE_PITCH:
                long slice = image.type() == CL_MEM_OBJECT_IMAGE1D_ARRAY ? image.rowPitch() : image.slicePitch();
                return InfoValue.ofLong(hasSlices ? slice : 0);
            case CL_IMAGE_WIDTH:
                return InfoValue.ofLong(image.width());
            case CL_IMAGE_HEIGHT:
                boolean twoD = image.type() == CL_MEM_OBJECT_IMAGE2D || image.type() == CL_MEM_OBJECT_IMAGE2D_ARRAY
                        || image.type() == CL_MEM_OBJECT_IMAGE3D;
                return InfoValue.ofLong(twoD ? image.height() : 0);
            case CL_IMAGE_DEPTH:
                return InfoValue.ofLong(image.type() == CL_MEM_OBJECT_IMAGE3D ? image.depth() : 0);
            case CL_IMAGE_ARRAY_SIZE:
                return InfoValue.ofLong(array ? image.arraySize() : 0);
            case CL_IMAGE_BUFFER:
                return InfoValue.ofHandle(image.type() == CL_MEM_OBJECT_IMAGE1D_BUFFER ? parent : null);
            case CL_IMAGE_NUM_MIP_LEVELS:
            case CL_IMAGE_NUM_SAMPLES:
                return InfoValue.ofInt(0);
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown image info " + param);
        }
    }

    @Override
    protected int invalidCode() {
        return CL_INVALID_MEM_OBJECT;
    }

    @Override
    protected void destroy() {
        if (parent == null) {
            storage.free();
        } else {
            storage.dropViews(this);
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
