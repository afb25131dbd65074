package io.omnicl.runtime;

import io.omnicl.driver.OpenClConstants;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClPlatform;
import io.omnicl.driver.InfoValue;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.DeviceInfo;
import io.omnicl.spi.DeviceParam;

import java.util.List;
import java.util.Map;

/**
 * An OmniCL device: the virtual device over every real device, or a device pinned to one. Both run on
 * the same runtime; pinning only restricts placement.
 */
public final class Device extends RuntimeObject implements ClDevice {

    private final Platform platform;
    private final List<DeviceNode> nodes;
    private final boolean virtualDevice;
    private final long nodeMask;
    private final Map<Integer, InfoValue> answers;
    private final DeviceInfo values;
    /** The virtual device's largest allocation; null for a pinned device, whose values say it. */
    private final VirtualAllocLimit allocLimit;

    Device(Platform platform, List<DeviceNode> nodes, boolean virtualDevice, String version) {
        this.platform = platform;
        this.nodes = List.copyOf(nodes);
        this.virtualDevice = virtualDevice;
        long mask = 0;
        for (DeviceNode n : nodes) {
            mask |= n.bit();
        }
        this.nodeMask = mask;
        this.values = DeviceInfoRules.values(nodes.stream().map(DeviceNode::info).toList(), virtualDevice, version);
        this.answers = DeviceInfoRules.answers(values, platform);
        this.allocLimit = virtualDevice ? new VirtualAllocLimit(values.getLong(DeviceParam.MAX_MEM_ALLOC_SIZE, 0),
                values.getLong(DeviceParam.GLOBAL_MEM_SIZE, 0), HostMemory::bytes) : null;
    }

    /** The real devices this device runs on. */
    public List<DeviceNode> nodes() {
        return nodes;
    }

    /** Bits of the nodes this device runs on. */
    public long nodeMask() {
        return nodeMask;
    }

    public boolean isVirtual() {
        return virtualDevice;
    }

    /** This device's numeric answers, for the runtime's own checks. */
    long limit(DeviceParam p) {
        return p == DeviceParam.MAX_MEM_ALLOC_SIZE && allocLimit != null ? allocLimit.value() : values.getLong(p, 0);
    }

    /** Whether a buffer of {@code size} bytes is within {@code CL_DEVICE_MAX_MEM_ALLOC_SIZE}. */
    boolean allowsAllocation(long size) {
        return allocLimit != null ? allocLimit.allows(size) : size <= values.getLong(DeviceParam.MAX_MEM_ALLOC_SIZE, 0);
    }

    long[] limits(DeviceParam p) {
        return values.getArray(p);
    }

    @Override
    public ClPlatform platform() {
        return platform;
    }

    @Override
    public long type() {
        return values.getLong(DeviceParam.TYPE, 0);
    }

    @Override
    public InfoValue info(int param) {
        if (allocLimit != null && param == DeviceParam.MAX_MEM_ALLOC_SIZE.code()) {
            return DeviceInfoRules.encode(DeviceParam.MAX_MEM_ALLOC_SIZE, allocLimit.value());
        }
        InfoValue v = answers.get(param);
        if (v == null) {
            throw new ClError(OpenClConstants.CL_INVALID_VALUE, "unknown device info " + param);
        }
        return v;
    }
}
