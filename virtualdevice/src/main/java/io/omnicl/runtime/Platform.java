package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClPlatform;
import io.omnicl.driver.InfoValue;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.DeviceParam;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static io.omnicl.driver.OpenClConstants.*;

/** The OmniCL platform: device 0 is the virtual device, devices 1..n are pinned to one real device each. */
public final class Platform extends RuntimeObject implements ClPlatform {

    /** OmniCL's version, as the platform and its devices report it. */
    private static final String VERSION = "0.1.0";

    static final String NAME = "OmniCL";

    private final Services runtime;
    private final List<Device> devices = new ArrayList<>();

    public Platform(Services runtime) {
        this.runtime = runtime;
        List<DeviceNode> nodes = runtime.devices().nodes();
        if (!nodes.isEmpty()) {
            devices.add(new Device(this, nodes, true, VERSION));
            for (DeviceNode n : nodes) {
                devices.add(new Device(this, List.of(n), false, VERSION));
            }
        }
    }

    Services runtime() {
        return runtime;
    }

    List<Device> allDevices() {
        return devices;
    }

    @Override
    public List<ClDevice> devices(long type) {
        List<ClDevice> result = new ArrayList<>();
        if (type == CL_DEVICE_TYPE_DEFAULT) {
            if (!devices.isEmpty()) {
                result.add(devices.get(0));
            }
            return result;
        }
        for (Device d : devices) {
            if (type == CL_DEVICE_TYPE_ALL || (d.type() & type) != 0) {
                result.add(d);
            }
        }
        return result;
    }

    @Override
    public ClContext createContext(List<ClDevice> list, long[] properties) {
        List<Device> own = new ArrayList<>();
        for (ClDevice d : list) {
            own.add((Device) d);
        }
        return new Context(this, own, properties);
    }

    @Override
    public InfoValue info(int param) {
        switch (param) {
            case CL_PLATFORM_PROFILE:
                return InfoValue.ofString("FULL_PROFILE");
            case CL_PLATFORM_VERSION:
                return InfoValue.ofString(DeviceInfoRules.OPENCL_VERSION + " OmniCL " + VERSION);
            case CL_PLATFORM_NAME:
                return InfoValue.ofString(NAME);
            case CL_PLATFORM_VENDOR:
                return InfoValue.ofString(NAME);
            case CL_PLATFORM_EXTENSIONS:
                return InfoValue.ofString(commonExtensions());
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown platform info " + param);
        }
    }

    /** The extensions every device has, as the specification asks of a platform. */
    private String commonExtensions() {
        Set<String> common = null;
        for (Device d : devices) {
            Set<String> own = new LinkedHashSet<>(Arrays.asList(extensionsOf(d).split(" ")));
            if (common == null) {
                common = own;
            } else {
                common.retainAll(own);
            }
        }
        common = common == null ? Set.of() : common;
        common.remove("");
        return String.join(" ", common);
    }

    private static String extensionsOf(Device d) {
        byte[] b = d.info(DeviceParam.EXTENSIONS.code()).bytes();
        return new String(b, 0, b.length - 1, StandardCharsets.UTF_8);
    }
}
