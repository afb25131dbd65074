package io.omnicl.spi.fake;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.ImageDesc;
import io.omnicl.spi.ImageFormat;
import io.omnicl.spi.PinnedMemory;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import io.omnicl.spi.RealSampler;
import io.omnicl.spi.suite.ClCodes;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A context of one fake device, or the part of a context of several ({@link FakeDevice#openTogether}) that its
 * device uses: its objects are its own, and its commands may wait for the events of every session of the context.
 * Thread-safe.
 */
final class FakeSession implements DeviceSession {

    private final FakeDevice device;
    /** The context: the same object for sessions opened together. */
    private final Object context;
    private final AtomicLong live = new AtomicLong();
    private volatile boolean closed;

    FakeSession(FakeDevice device, Object context) {
        this.device = device;
        this.context = context;
    }

    @Override
    public boolean sharesContextWith(DeviceSession other) {
        return other instanceof FakeSession f && f.context == context;
    }

    @Override
    public RealDevice device() {
        return device;
    }

    FakeDevice fakeDevice() {
        return device;
    }

    private void requireOpen() {
        if (closed) {
            throw new BackendException(ClCodes.CL_INVALID_CONTEXT, "the session was closed");
        }
    }

    @Override
    public RealBuffer allocate(long size) {
        requireOpen();
        if (size <= 0 || size > device.maxAllocation()) {
            throw new BackendException(ClCodes.CL_INVALID_BUFFER_SIZE, "cannot allocate " + size + " bytes");
        }
        if (!device.reserve(size)) {
            throw new BackendException(ClCodes.CL_MEM_OBJECT_ALLOCATION_FAILURE, device.name() + " has "
                    + (device.spec().memory() - device.memoryInUse()) + " bytes free, not " + size);
        }
        return new FakeBuffer(this, size);
    }

    @Override
    public RealImage allocateImage(long flags, ImageFormat format, ImageDesc desc) {
        requireOpen();
        throw new BackendException(ClCodes.CL_IMAGE_FORMAT_NOT_SUPPORTED, "fake devices have no images");
    }

    @Override
    public List<ImageFormat> supportedImageFormats(long flags, int imageType) {
        requireOpen();
        return List.of();
    }

    @Override
    public RealSampler createSampler(boolean normalizedCoordinates, int addressingMode, int filterMode) {
        requireOpen();
        throw new BackendException(ClCodes.CL_INVALID_OPERATION, "fake devices have no images, hence no samplers");
    }

    @Override
    public PinnedMemory allocatePinned(long size) {
        requireOpen();
        if (device.refusesPinnedMemory(size)) {
            return null;
        }
        Pinned made = new Pinned(this, ByteBuffer.allocateDirect(Math.toIntExact(size)));
        device.pinnedRegionMade();
        return made;
    }

    /** Host memory as a pinned region is: the fake's transfers reach any direct buffer alike. */
    private static final class Pinned extends FakeObject implements PinnedMemory {
        private final ByteBuffer memory;

        Pinned(FakeSession session, ByteBuffer memory) {
            super(session, ClCodes.CL_INVALID_MEM_OBJECT, true);
            this.memory = memory;
        }

        @Override
        public ByteBuffer memory() {
            requireLive();
            return memory.duplicate().clear();
        }
    }

    @Override
    public RealQueue createQueue(boolean profiling) {
        requireOpen();
        if (device.failsNewQueues()) {
            throw new BackendException(ClCodes.CL_OUT_OF_RESOURCES, "no resources for another queue on " + device.name());
        }
        return new FakeQueue(this, profiling);
    }

    @Override
    public RealProgram createProgram(String source) {
        requireOpen();
        return FakeProgram.fromSource(this, source);
    }

    @Override
    public RealProgram createProgram(byte[] binary) {
        requireOpen();
        return FakeProgram.fromBinary(this, binary);
    }

    @Override
    public RealProgram link(List<RealProgram> programs, String options) {
        requireOpen();
        List<FakeProgram> parts = new ArrayList<>();
        for (RealProgram p : programs) {
            parts.add(FakeObject.own(p, FakeProgram.class, this, ClCodes.CL_INVALID_PROGRAM));
        }
        return FakeProgram.linked(this, parts, options == null ? "" : options);
    }

    /**
     * The fake events behind a wait list.
     *
     * @throws BackendException with {@code CL_INVALID_EVENT_WAIT_LIST} for an event that is released or not of
     *         this session's queues
     */
    List<FakeEvent> events(List<RealEvent> waitFor) {
        List<FakeEvent> events = new ArrayList<>();
        for (RealEvent e : waitFor == null ? List.<RealEvent>of() : waitFor) {
            // an event of a session of this context, as a driver takes it; any other is refused
            FakeSession owner = e instanceof FakeEvent f && sharesContextWith(f.session()) ? f.session() : this;
            events.add(FakeObject.own(e, FakeEvent.class, owner, ClCodes.CL_INVALID_EVENT_WAIT_LIST));
        }
        return events;
    }

    @Override
    public long liveObjects() {
        return live.get();
    }

    void objectMade() {
        live.incrementAndGet();
    }

    void objectReleased() {
        live.decrementAndGet();
    }

    @Override
    public void close() {
        closed = true;
    }
}
