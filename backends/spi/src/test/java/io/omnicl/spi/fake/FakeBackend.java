package io.omnicl.spi.fake;

import io.omnicl.spi.Backend;
import io.omnicl.spi.RealDevice;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A backend of devices simulated in Java, for tests of what runs above the SPI without OpenCL: buffers in the
 * heap, in-order queues run on threads of their own, programs whose kernels are Java bodies
 * ({@link FakeConfig#kernels()}), profiling times from each device's speed rather than a clock (so that tests
 * need not sleep), failures at a seeded rate and a memory limit. No images or samplers: devices have no image
 * support and no image formats. Not installed as a service: a test hands it to what it tests.
 */
public final class FakeBackend implements Backend {

    private final FakeConfig config;
    private final List<FakeDevice> devices = new ArrayList<>();
    private final List<Throwable> kernelErrors = new CopyOnWriteArrayList<>();

    public FakeBackend(FakeConfig config) {
        this.config = config;
        for (DeviceSpec spec : config.devices()) {
            devices.add(new FakeDevice(this, spec));
        }
    }

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public List<RealDevice> devices() {
        return List.copyOf(devices);
    }

    /** Device {@code index}, in the order configured. */
    public FakeDevice device(int index) {
        return devices.get(index);
    }

    /** What kernel bodies threw so far, in the order they did. */
    public List<Throwable> kernelErrors() {
        return List.copyOf(kernelErrors);
    }

    /** The body of kernel {@code name}, or null when none was configured. */
    KernelBody body(String name) {
        return config.kernels().get(name);
    }

    void kernelFailed(Throwable error) {
        kernelErrors.add(error);
    }
}
