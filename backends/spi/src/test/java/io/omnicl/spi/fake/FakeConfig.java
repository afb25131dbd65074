package io.omnicl.spi.fake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a {@link FakeBackend} is: its devices, in order, and the Java bodies of the kernels its programs may
 * declare, by kernel name.
 */
public record FakeConfig(List<DeviceSpec> devices, Map<String, KernelBody> kernels) {

    public FakeConfig {
        devices = List.copyOf(devices);
        kernels = Map.copyOf(kernels);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Devices and kernels, one at a time. */
    public static final class Builder {
        private final List<DeviceSpec> devices = new ArrayList<>();
        private final Map<String, KernelBody> kernels = new LinkedHashMap<>();

        private Builder() {
        }

        /** Adds a device after those added before. */
        public Builder device(DeviceSpec device) {
            devices.add(device);
            return this;
        }

        /** What a kernel called {@code name} does, on every device; replaces a body given before. */
        public Builder kernel(String name, KernelBody body) {
            kernels.put(name, body);
            return this;
        }

        public FakeConfig build() {
            return new FakeConfig(devices, kernels);
        }
    }
}
