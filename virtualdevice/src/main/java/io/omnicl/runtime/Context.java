package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.ClSampler;
import io.omnicl.driver.HostMemory;
import io.omnicl.driver.ImageSpec;
import io.omnicl.driver.InfoValue;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceNodes;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.DeviceParam;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static io.omnicl.driver.OpenClConstants.*;

/** An OpenCL context over OmniCL devices. Its objects hold it until they are gone. */
public final class Context extends CountedObject implements ClContext {

    private final Platform platform;
    private final List<Device> devices;
    private final long[] properties;

    Context(Platform platform, List<Device> devices, long[] properties) {
        this.platform = platform;
        this.devices = List.copyOf(devices);
        this.properties = properties.clone();
    }

    public Services runtime() {
        return platform.runtime();
    }

    @Override
    public List<ClDevice> devices() {
        return List.copyOf(devices);
    }

    @Override
    public boolean allowsBuffer(long size) {
        for (Device d : devices) {
            if (d.allowsAllocation(size)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public long subBufferAlignment() {
        long bits = 8;
        for (Device d : devices) {
            bits = Math.max(bits, d.limit(DeviceParam.MEM_BASE_ADDR_ALIGN));
        }
        return bits / 8;
    }

    /**
     * The real devices where data given to a new buffer is best put at once, none when the host copy is:
     * the devices of a context of pinned devices; for a context with the virtual device, those the scheduler
     * expects the readers to run on ({@link io.omnicl.runtime.sched.Scheduler#homeOfNewData}), of which those
     * whose transfers are not staged (their memory is the host's) count as one, the first with room for
     * {@code bytes}: a copy for each would go over the host's memory one after the other, not over links side
     * by side, while a reader on another of them fetches only what it reads. None under {@code OMNICL_RESILIENT},
     * which wants every byte on the host too.
     */
    List<DeviceWorker> homesOfNewData(long bytes) {
        if (runtime().config().resilient()) {
            return List.of();
        }
        DeviceNodes real = runtime().devices();
        List<DeviceNode> nodes = nodes();
        long usable = 0;
        for (DeviceNode n : nodes) {
            usable |= n.bit();
        }
        usable = real.usable(usable);
        boolean virtual = devices.stream().anyMatch(Device::isVirtual);
        long homes = virtual ? oneUnstaged(nodes, real.scheduler().homeOfNewData(usable) & usable, bytes) : usable;
        return nodes.stream().filter(n -> (homes & n.bit()) != 0).map(DeviceNode::worker).toList();
    }

    /**
     * {@code homes}, of {@code nodes}, with one of the devices whose transfers are not staged: the first with room
     * for {@code bytes}.
     */
    private static long oneUnstaged(List<DeviceNode> nodes, long homes, long bytes) {
        boolean kept = false;
        for (DeviceNode n : nodes) {
            if ((homes & n.bit()) == 0 || n.staged()) {
                continue;
            }
            if (kept || !n.memory().hasRoomFor(bytes)) {
                homes &= ~n.bit();
            } else {
                kept = true;
            }
        }
        return homes;
    }

    boolean contains(ClDevice d) {
        return devices.contains(d);
    }

    @Override
    public ClQueue createQueue(ClDevice device, long queueProperties) {
        checkValid();
        return runtime().createQueue(this, (Device) device, queueProperties);
    }

    @Override
    public ClMem createBuffer(long flags, long size, HostMemory hostData) {
        checkValid();
        return MemObject.createBuffer(this, flags, size, hostData);
    }

    @Override
    public ClMem createImage(long flags, ImageSpec spec, HostMemory hostData, long hostRowPitch, long hostSlicePitch) {
        checkValid();
        ClError.require(imageSupport(), CL_INVALID_OPERATION, "a device of the context has no image support");
        boolean supported = supportedImageFormats(flags, spec.type()).stream()
                .anyMatch(f -> f[0] == spec.channelOrder() && f[1] == spec.channelType());
        ClError.require(supported, CL_IMAGE_FORMAT_NOT_SUPPORTED, "a device of the context lacks the format");
        ImageLimits.check(spec, devices);
        return MemObject.createImage(this, flags, spec, hostData, hostRowPitch, hostSlicePitch);
    }

    @Override
    public List<int[]> supportedImageFormats(long flags, int imageType) {
        List<int[]> common = null;
        for (DeviceNode n : nodes()) {
            List<int[]> own = runtime().imageFormats(n, flags, imageType);
            common = common == null ? new ArrayList<>(own)
                    : common.stream().filter(f -> own.stream().anyMatch(g -> g[0] == f[0] && g[1] == f[1])).toList();
        }
        return common == null ? List.of() : common;
    }

    @Override
    public boolean imageSupport() {
        return devices.stream().allMatch(d -> d.limit(DeviceParam.IMAGE_SUPPORT) != 0);
    }

    @Override
    public ClSampler createSampler(boolean normalizedCoordinates, int addressingMode, int filterMode) {
        checkValid();
        ClError.require(imageSupport(), CL_INVALID_OPERATION, "a device of the context has no image support");
        return new Sampler(this, normalizedCoordinates, addressingMode, filterMode);
    }

    /** The real devices behind the context's devices. */
    private List<DeviceNode> nodes() {
        Set<DeviceNode> all = new LinkedHashSet<>();
        for (Device d : devices) {
            all.addAll(d.nodes());
        }
        return new ArrayList<>(all);
    }

    @Override
    public ClProgram createProgram(String source) {
        checkValid();
        return Program.fromSource(this, source);
    }

    @Override
    public ClProgram createProgram(List<ClDevice> devices, List<byte[]> binaries, int[] status) {
        checkValid();
        return Program.fromBinaries(this, devices.stream().map(d -> (Device) d).toList(), binaries, status);
    }

    @Override
    public ClProgram link(List<ClDevice> devices, String options, List<ClProgram> inputs) {
        checkValid();
        List<Device> own = (devices.isEmpty() ? deviceList() : devices).stream().map(d -> (Device) d).toList();
        return Program.linked(this, own, options, inputs.stream().map(p -> (Program) p).toList());
    }

    @Override
    public ClEvent createUserEvent() {
        checkValid();
        return runtime().createUserEvent(this);
    }

    /** Real-device bits of the context's devices. */
    long nodeMask() {
        long mask = 0;
        for (Device d : devices) {
            mask |= d.nodeMask();
        }
        return mask;
    }

    List<Device> deviceList() {
        return devices;
    }

    @Override
    public InfoValue info(int param) {
        switch (param) {
            case CL_CONTEXT_REFERENCE_COUNT:
                return InfoValue.ofInt(referenceCount());
            case CL_CONTEXT_DEVICES:
                return InfoValue.ofHandles(devices);
            case CL_CONTEXT_PROPERTIES:
                return InfoValue.ofLongs(properties);
            case CL_CONTEXT_NUM_DEVICES:
                return InfoValue.ofInt(devices.size());
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown context info " + param);
        }
    }

    @Override
    protected int invalidCode() {
        return CL_INVALID_CONTEXT;
    }

    @Override
    protected void destroy() {
    }
}
