package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.InfoValue;
import io.omnicl.runtime.graph.Log;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.NativeGate;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealProgram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static io.omnicl.runtime.Cl.*;

/**
 * A program from source. Building it builds it on every real device behind the target devices, in
 * parallel; a kernel later runs only on the real devices where the build succeeded.
 */
final class Program extends CountedObject implements ClProgram {

    /** Builds run here, one task per real device. */
    private static final ExecutorService BUILDERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "omnicl-build");
        t.setDaemon(true);
        return t;
    });

    /** Arguments' qualifiers tell which buffers a kernel writes: always ask the device for them. */
    private static final String ARG_INFO_OPTION = " -cl-kernel-arg-info";

    /**
     * The outcome of building on one real device.
     *
     * @param status  {@code CL_SUCCESS}, {@code CL_BUILD_PROGRAM_FAILURE} or the error the device gave
     * @param program the built program, or null
     */
    record Build(int status, String log, RealProgram program) {
        boolean built() {
            return program != null;
        }
    }

    private final Context context;
    private final String source;
    private final Map<DeviceNode, Build> builds = new ConcurrentHashMap<>();
    private final AtomicInteger kernels = new AtomicInteger();
    private volatile String options = "";
    private volatile Set<DeviceNode> building = Set.of();

    Program(Context context, String source) {
        this.context = context;
        this.source = source;
        context.hold();
    }

    @Override
    public ClContext context() {
        return context;
    }

    Context contextImpl() {
        return context;
    }

    @Override
    public void build(List<ClDevice> devices, String buildOptions, Runnable callback) {
        checkValid();
        Set<DeviceNode> nodes = new LinkedHashSet<>();
        for (ClDevice d : devices.isEmpty() ? context.devices() : devices) {
            nodes.addAll(((Device) d).nodes());
        }
        synchronized (this) {
            if (kernels.get() > 0 || !building.isEmpty()) {
                throw new ClError(CL_INVALID_OPERATION, "kernels are attached or a build is running");
            }
            building = nodes;
            options = buildOptions == null ? "" : buildOptions;
        }
        hold();
        List<CompletableFuture<Void>> parts = new ArrayList<>();
        for (DeviceNode n : nodes) {
            parts.add(CompletableFuture.runAsync(() -> {
                NativeGate.enter();
                try {
                    builds.put(n, buildOn(n));
                } finally {
                    NativeGate.exit();
                }
            }, BUILDERS));
        }
        CompletableFuture<Void> all = CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0]))
                .whenComplete((v, e) -> {
                    synchronized (this) {
                        building = Set.of();
                    }
                    unhold();
                });
        if (callback != null) {
            all.whenComplete((v, e) -> Callbacks.post(callback));
            return;
        }
        all.join();
        for (DeviceNode n : nodes) {
            Build b = builds.get(n);
            if (b != null && b.status != CL_SUCCESS && b.status != CL_BUILD_PROGRAM_FAILURE) {
                throw new ClError(b.status, b.log);
            }
        }
        for (ClDevice d : devices.isEmpty() ? context.devices() : devices) {
            if (builtMask((Device) d) == 0) {
                throw new ClError(CL_BUILD_PROGRAM_FAILURE, "the program failed to build");
            }
        }
    }

    private Build buildOn(DeviceNode node) {
        Build old = builds.get(node);
        if (old != null && old.program != null) {
            old.program.release();
        }
        RealProgram p = null;
        try {
            p = node.worker().session().createProgram(source);
            if (p.build(options + ARG_INFO_OPTION)) {
                return new Build(CL_SUCCESS, p.buildLog(), p);
            }
            String log = p.buildLog();
            p.release();
            return new Build(CL_BUILD_PROGRAM_FAILURE, log, null);
        } catch (BackendException e) {
            if (p != null) {
                p.release();
            }
            return new Build(e.status(), e.getMessage(), null);
        } catch (RuntimeException e) {
            Log.unexpected(e);
            return new Build(CL_OUT_OF_RESOURCES, String.valueOf(e), null);
        }
    }

    /** The real devices of {@code device} where the program built, as bits. */
    long builtMask(Device device) {
        long mask = 0;
        for (DeviceNode n : device.nodes()) {
            Build b = builds.get(n);
            if (b != null && b.built()) {
                mask |= n.bit();
            }
        }
        return mask;
    }

    /** The built program on {@code node}, or null. */
    RealProgram realProgram(DeviceNode node) {
        Build b = builds.get(node);
        return b == null ? null : b.program;
    }

    /** Real devices where the program built, in node order. */
    List<DeviceNode> builtNodes() {
        List<DeviceNode> nodes = new ArrayList<>();
        for (DeviceNode n : context.engine().machine().nodes()) {
            if (realProgram(n) != null) {
                nodes.add(n);
            }
        }
        return nodes;
    }

    /** The kernel names of the built program, in the order the first real device gives them. */
    List<String> kernelNames() {
        Set<String> names = new LinkedHashSet<>();
        for (DeviceNode n : builtNodes()) {
            names.addAll(realProgram(n).kernelNames());
        }
        return new ArrayList<>(names);
    }

    private void requireExecutable() {
        if (builtNodes().isEmpty()) {
            throw new ClError(CL_INVALID_PROGRAM_EXECUTABLE, "the program is not built");
        }
    }

    @Override
    public ClKernel createKernel(String name) {
        checkValid();
        requireExecutable();
        if (!kernelNames().contains(name)) {
            throw new ClError(CL_INVALID_KERNEL_NAME, "no kernel " + name);
        }
        return new Kernel(this, name);
    }

    @Override
    public List<ClKernel> createKernels() {
        checkValid();
        requireExecutable();
        List<ClKernel> all = new ArrayList<>();
        for (String name : kernelNames()) {
            all.add(new Kernel(this, name));
        }
        return all;
    }

    /** A kernel of this program was created or released. */
    void kernelAttached(int delta) {
        kernels.addAndGet(delta);
        if (delta > 0) {
            hold();
        } else {
            unhold();
        }
    }

    @Override
    public InfoValue buildInfo(ClDevice device, int param) {
        Device d = (Device) device;
        if (!context.contains(d)) {
            throw new ClError(CL_INVALID_DEVICE, "device not in the program's context");
        }
        switch (param) {
            case CL_PROGRAM_BUILD_STATUS:
                return InfoValue.ofInt(buildStatus(d));
            case CL_PROGRAM_BUILD_OPTIONS:
                return InfoValue.ofString(options);
            case CL_PROGRAM_BUILD_LOG:
                return InfoValue.ofString(buildLog(d));
            case CL_PROGRAM_BINARY_TYPE:
                return InfoValue.ofInt(builtMask(d) != 0 ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE
                        : CL_PROGRAM_BINARY_TYPE_NONE);
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown program build info " + param);
        }
    }

    private int buildStatus(Device d) {
        if (builtMask(d) != 0) {
            return CL_BUILD_SUCCESS;
        }
        Set<DeviceNode> running = building;
        for (DeviceNode n : d.nodes()) {
            if (running.contains(n)) {
                return CL_BUILD_IN_PROGRESS;
            }
        }
        for (DeviceNode n : d.nodes()) {
            if (builds.containsKey(n)) {
                return CL_BUILD_ERROR;
            }
        }
        return CL_BUILD_NONE;
    }

    /** One device's log as it is; a virtual device's as each real device's non-empty log under its name. */
    private String buildLog(Device d) {
        Map<String, String> logs = new LinkedHashMap<>();
        for (DeviceNode n : d.nodes()) {
            Build b = builds.get(n);
            if (b != null && !b.log.isBlank()) {
                logs.put(n.name(), b.log);
            }
        }
        if (!d.isVirtual()) {
            return logs.isEmpty() ? "" : logs.values().iterator().next();
        }
        StringBuilder sb = new StringBuilder();
        logs.forEach((name, log) -> sb.append("[").append(name).append("]\n").append(log).append('\n'));
        return sb.toString();
    }

    /**
     * The binary for {@code device}: a pinned device's real binary, or the virtual device's binaries of every
     * real device where the program built, packed; empty when it is not built for the device.
     */
    private byte[] binary(Device device) {
        Map<String, byte[]> byDevice = new LinkedHashMap<>();
        for (DeviceNode n : device.nodes()) {
            RealProgram p = realProgram(n);
            if (p != null) {
                byDevice.put(n.name(), p.binary());
            }
        }
        if (!device.isVirtual()) {
            return byDevice.isEmpty() ? new byte[0] : byDevice.values().iterator().next();
        }
        return byDevice.isEmpty() ? new byte[0] : ProgramBinaries.pack(byDevice);
    }

    @Override
    public InfoValue info(int param) {
        switch (param) {
            case CL_PROGRAM_REFERENCE_COUNT:
                return InfoValue.ofInt(referenceCount());
            case CL_PROGRAM_CONTEXT:
                return InfoValue.ofHandle(context);
            case CL_PROGRAM_NUM_DEVICES:
                return InfoValue.ofInt(context.deviceList().size());
            case CL_PROGRAM_DEVICES:
                return InfoValue.ofHandles(context.deviceList());
            case CL_PROGRAM_SOURCE:
                return InfoValue.ofString(source);
            case CL_PROGRAM_BINARY_SIZES:
                return InfoValue.ofLongs(context.deviceList().stream().mapToLong(d -> binary(d).length).toArray());
            case CL_PROGRAM_BINARIES:
                return InfoValue.ofBinaries(context.deviceList().stream().map(this::binary).toList());
            case CL_PROGRAM_NUM_KERNELS:
                requireExecutable();
                return InfoValue.ofLong(kernelNames().size());
            case CL_PROGRAM_KERNEL_NAMES:
                requireExecutable();
                return InfoValue.ofString(String.join(";", kernelNames()));
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown program info " + param);
        }
    }

    @Override
    int invalidCode() {
        return CL_INVALID_PROGRAM;
    }

    @Override
    void destroy() {
        for (Build b : builds.values()) {
            if (b.program != null) {
                b.program.release();
            }
        }
        builds.clear();
        context.unhold();
    }
}
