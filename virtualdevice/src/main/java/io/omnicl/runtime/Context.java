package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.HostMemory;
import io.omnicl.driver.InfoValue;
import io.omnicl.spi.DeviceParam;

import java.util.List;

import static io.omnicl.runtime.Cl.*;

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

    Engine engine() {
        return platform.engine();
    }

    @Override
    public List<ClDevice> devices() {
        return List.copyOf(devices);
    }

    @Override
    public long maxAllocSize() {
        long max = 0;
        for (Device d : devices) {
            max = Math.max(max, d.limit(DeviceParam.MAX_MEM_ALLOC_SIZE));
        }
        return max;
    }

    @Override
    public long subBufferAlignment() {
        long bits = 8;
        for (Device d : devices) {
            bits = Math.max(bits, d.limit(DeviceParam.MEM_BASE_ADDR_ALIGN));
        }
        return bits / 8;
    }

    boolean contains(ClDevice d) {
        return devices.contains(d);
    }

    @Override
    public ClQueue createQueue(ClDevice device, long queueProperties) {
        checkValid();
        return new Queue(this, (Device) device, queueProperties);
    }

    @Override
    public ClMem createBuffer(long flags, long size, HostMemory hostData) {
        checkValid();
        return MemObject.createBuffer(this, flags, size, hostData);
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
        return new Event(this, null, CL_COMMAND_USER);
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
    int invalidCode() {
        return CL_INVALID_CONTEXT;
    }

    @Override
    void destroy() {
    }
}
