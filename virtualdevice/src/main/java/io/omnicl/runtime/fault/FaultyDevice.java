package io.omnicl.runtime.fault;

import io.omnicl.runtime.config.FaultSpec;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceInfo;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.ImageDesc;
import io.omnicl.spi.ImageFormat;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import io.omnicl.spi.RealSampler;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import static io.omnicl.driver.OpenClConstants.CL_DEVICE_NOT_AVAILABLE;
import static io.omnicl.driver.OpenClConstants.CL_OUT_OF_RESOURCES;

/**
 * A real device that fails as {@code OMNICL_FAULTS} says: some of its launches and transfers fail, at
 * enqueue or at completion (without running), and once lost, everything fails with
 * {@code CL_DEVICE_NOT_AVAILABLE}, even the events of commands that had completed.
 */
public final class FaultyDevice implements RealDevice {

    private final RealDevice real;
    private final FaultInjector faults;

    public FaultyDevice(RealDevice real, FaultSpec spec) {
        this.real = real;
        this.faults = new FaultInjector(spec);
    }

    @Override
    public String name() {
        return real.name();
    }

    @Override
    public String platformName() {
        return real.platformName();
    }

    @Override
    public String platformVersion() {
        return real.platformVersion();
    }

    @Override
    public DeviceInfo info() {
        return real.info();
    }

    @Override
    public DeviceSession open() {
        return new Session(real.open());
    }

    @Override
    public List<DeviceSession> openTogether(List<RealDevice> others) {
        List<RealDevice> reals = new ArrayList<>();
        for (RealDevice d : others) {
            if (!(d instanceof FaultyDevice f)) {
                return null;
            }
            reals.add(f.real);
        }
        List<DeviceSession> opened = real.openTogether(reals);
        if (opened == null) {
            return null;
        }
        List<DeviceSession> sessions = new ArrayList<>(List.of(new Session(opened.get(0))));
        for (int i = 0; i < others.size(); i++) {
            sessions.add(((FaultyDevice) others.get(i)).new Session(opened.get(i + 1)));
        }
        return sessions;
    }

    private void requireAvailable() {
        if (faults.lost()) {
            throw lost();
        }
    }

    private BackendException lost() {
        return new BackendException(CL_DEVICE_NOT_AVAILABLE, real.name() + " is lost (OMNICL_FAULTS)");
    }

    /** The real events behind {@code events}. */
    private static List<RealEvent> unwrap(List<RealEvent> events) {
        return events.stream().map(e -> e instanceof Event f ? f.real : e).toList();
    }

    /** An event that ends in failure when the command was failed, or when the device has been lost since. */
    private final class Event implements RealEvent {
        private final RealEvent real;
        private final int injected;

        Event(RealEvent real, int injected) {
            this.real = real;
            this.injected = injected;
        }

        private int outcome(int status) {
            if (faults.lost()) {
                return CL_DEVICE_NOT_AVAILABLE;
            }
            return status < 0 || injected == 0 || status > 0 ? status : injected;
        }

        @Override
        public int await() {
            return outcome(real.await());
        }

        @Override
        public int status() {
            return outcome(real.status());
        }

        @Override
        public long[] profile() {
            return real.profile();
        }

        @Override
        public void release() {
            real.release();
        }
    }

    private final class Session implements DeviceSession {
        private final DeviceSession real;

        Session(DeviceSession real) {
            this.real = real;
        }

        @Override
        public RealDevice device() {
            return FaultyDevice.this;
        }

        @Override
        public boolean sharesContextWith(DeviceSession other) {
            return other instanceof Session s && real.sharesContextWith(s.real);
        }

        @Override
        public RealBuffer allocate(long size) {
            requireAvailable();
            return real.allocate(size);
        }

        @Override
        public RealImage allocateImage(long flags, ImageFormat format, ImageDesc desc) {
            requireAvailable();
            return real.allocateImage(flags, format, desc);
        }

        @Override
        public List<ImageFormat> supportedImageFormats(long flags, int imageType) {
            return real.supportedImageFormats(flags, imageType);
        }

        @Override
        public RealSampler createSampler(boolean normalizedCoordinates, int addressingMode, int filterMode) {
            requireAvailable();
            return real.createSampler(normalizedCoordinates, addressingMode, filterMode);
        }

        @Override
        public RealQueue createQueue(boolean profiling) {
            requireAvailable();
            return new Queue(real.createQueue(profiling));
        }

        @Override
        public RealProgram createProgram(String source) {
            requireAvailable();
            return real.createProgram(source);
        }

        @Override
        public RealProgram createProgram(byte[] binary) {
            requireAvailable();
            return real.createProgram(binary);
        }

        @Override
        public RealProgram link(List<RealProgram> programs, String options) {
            requireAvailable();
            return real.link(programs, options);
        }

        @Override
        public long liveObjects() {
            return real.liveObjects();
        }

        @Override
        public void close() {
            real.close();
        }
    }

    private final class Queue implements RealQueue {
        private final RealQueue real;
        /** The failure of a command run without an event, shown by the queue's next event (as a driver would). */
        private int carried;

        Queue(RealQueue real) {
            this.real = real;
        }

        /** Runs a launch or transfer, or fails it as the injector says. */
        private RealEvent submit(Supplier<RealEvent> command) {
            return submit(true, command);
        }

        /** The same; {@code withEvent} false: the command gives no event, and null is returned. */
        private RealEvent submit(boolean withEvent, Supplier<RealEvent> command) {
            switch (faults.next()) {
                case LOST:
                    throw lost();
                case AT_ENQUEUE:
                    throw new BackendException(CL_OUT_OF_RESOURCES, "injected fault on " + name());
                case AT_COMPLETION:
                    if (!withEvent) {
                        carried = CL_OUT_OF_RESOURCES;
                        return null;
                    }
                    return new Event(real.marker(List.of()), CL_OUT_OF_RESOURCES);
                default:
                    RealEvent e = command.get();
                    return e == null ? null : withCarried(e);
            }
        }

        /** {@code e}, failing with what a command without an event before it failed with, if one did. */
        private Event withCarried(RealEvent e) {
            int failure = carried;
            carried = 0;
            return new Event(e, failure);
        }

        @Override
        public RealEvent write(RealBuffer dst, long offset, ByteBuffer src, List<RealEvent> waitFor) {
            return submit(() -> real.write(dst, offset, src, unwrap(waitFor)));
        }

        @Override
        public RealEvent read(RealBuffer src, long offset, ByteBuffer dst, List<RealEvent> waitFor) {
            return submit(() -> real.read(src, offset, dst, unwrap(waitFor)));
        }

        @Override
        public RealEvent copy(RealBuffer src, long srcOffset, RealBuffer dst, long dstOffset, long size,
                              List<RealEvent> waitFor) {
            return submit(() -> real.copy(src, srcOffset, dst, dstOffset, size, unwrap(waitFor)));
        }

        @Override
        public RealEvent copyRect(RealBuffer src, RealBuffer dst, long[] srcOrigin, long[] dstOrigin, long[] region,
                                  long srcRowPitch, long srcSlicePitch, long dstRowPitch, long dstSlicePitch,
                                  List<RealEvent> waitFor) {
            return submit(() -> real.copyRect(src, dst, srcOrigin, dstOrigin, region, srcRowPitch,
                    srcSlicePitch, dstRowPitch, dstSlicePitch, unwrap(waitFor)));
        }

        @Override
        public RealEvent writeImage(RealImage dst, long[] origin, long[] region, long rowPitch, long slicePitch,
                                    ByteBuffer src, List<RealEvent> waitFor) {
            return submit(() -> real.writeImage(dst, origin, region, rowPitch, slicePitch, src,
                    unwrap(waitFor)));
        }

        @Override
        public RealEvent readImage(RealImage src, long[] origin, long[] region, long rowPitch, long slicePitch,
                                   ByteBuffer dst, List<RealEvent> waitFor) {
            return submit(() -> real.readImage(src, origin, region, rowPitch, slicePitch, dst,
                    unwrap(waitFor)));
        }

        @Override
        public RealEvent copyImage(RealImage src, RealImage dst, long[] srcOrigin, long[] dstOrigin, long[] region,
                                   List<RealEvent> waitFor) {
            return submit(() -> real.copyImage(src, dst, srcOrigin, dstOrigin, region, unwrap(waitFor)));
        }

        @Override
        public RealEvent fillImage(RealImage dst, ByteBuffer color, long[] origin, long[] region,
                                   List<RealEvent> waitFor) {
            return submit(() -> real.fillImage(dst, color, origin, region, unwrap(waitFor)));
        }

        @Override
        public RealEvent copyImageToBuffer(RealImage src, RealBuffer dst, long[] srcOrigin, long[] region,
                                           long dstOffset, List<RealEvent> waitFor) {
            return submit(() -> real.copyImageToBuffer(src, dst, srcOrigin, region, dstOffset,
                    unwrap(waitFor)));
        }

        @Override
        public RealEvent copyBufferToImage(RealBuffer src, RealImage dst, long srcOffset, long[] dstOrigin,
                                           long[] region, List<RealEvent> waitFor) {
            return submit(() -> real.copyBufferToImage(src, dst, srcOffset, dstOrigin, region,
                    unwrap(waitFor)));
        }

        @Override
        public RealEvent fill(RealBuffer dst, ByteBuffer pattern, long offset, long size, List<RealEvent> waitFor) {
            return submit(() -> real.fill(dst, pattern, offset, size, unwrap(waitFor)));
        }

        @Override
        public RealEvent launch(RealKernel kernel, int workDim, long[] offset, long[] global, long[] local,
                                List<RealEvent> waitFor, boolean withEvent) {
            return submit(withEvent, () -> real.launch(kernel, workDim, offset, global, local, unwrap(waitFor),
                    withEvent));
        }

        @Override
        public RealEvent marker(List<RealEvent> waitFor) {
            requireAvailable();
            return withCarried(real.marker(unwrap(waitFor)));
        }

        @Override
        public void flush() {
            real.flush();
        }

        @Override
        public void finish() {
            real.finish();
        }

        @Override
        public void release() {
            real.release();
        }
    }
}
