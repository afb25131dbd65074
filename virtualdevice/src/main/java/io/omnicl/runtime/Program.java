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
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.HashMap;
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
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import static io.omnicl.runtime.Cl.*;

/**
 * A program: from source, from binaries, or linked from compiled programs. Each real device behind its
 * devices holds one real program; building, compiling and linking happen on every real device in parallel,
 * and a kernel later runs only on the real devices where the program became an executable.
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
     * What one real device holds.
     *
     * @param status     {@code CL_SUCCESS}, {@code CL_BUILD_PROGRAM_FAILURE} (or the compile/link failure), or
     *                   the error the device gave; {@code CL_BUILD_NONE} for a binary not built yet
     * @param program    the real program, or null
     * @param binaryType {@code CL_PROGRAM_BINARY_TYPE_*} of what it holds
     */
    record Build(int status, String log, RealProgram program, int binaryType) {
        boolean executable() {
            return program != null && status == CL_SUCCESS && binaryType == CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
        }
    }

    private final Context context;
    private final String source;
    /** What the program is made of, for the performance model: equal content, equal kernels. */
    private String contentHash;
    private final Map<DeviceNode, Build> builds = new ConcurrentHashMap<>();
    private final AtomicInteger kernels = new AtomicInteger();
    /** By kernel name, what its kernels share; guarded by {@code this}, dropped when the program is rebuilt. */
    private final Map<String, KernelTemplate> templates = new HashMap<>();
    private volatile String options = "";
    private volatile Set<DeviceNode> building = Set.of();
    /** Each kernel's declared attributes, when the source was built (or its cached build loaded). */
    private volatile Map<String, String> kernelAttributes;

    private Program(Context context, String source) {
        this.context = context;
        this.source = source;
        context.hold();
    }

    /** A program from source, not built yet. */
    static Program fromSource(Context context, String source) {
        Program p = new Program(context, source);
        p.contentHash = hash(source.getBytes(StandardCharsets.UTF_8));
        return p;
    }

    /** A short hex digest of some bytes. */
    private static String hash(byte[]... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (byte[] part : parts) {
                sha.update(part);
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    String contentHash() {
        return contentHash;
    }

    /**
     * A program from binaries: each real device gets its binary (for the virtual device, the one packed
     * under its name), loaded now so that a bad binary is reported at once.
     */
    static Program fromBinaries(Context context, List<Device> devices, List<byte[]> binaries, int[] status) {
        Program p = new Program(context, null);
        p.contentHash = hash(binaries.toArray(new byte[0][]));
        boolean allValid = true;
        for (int i = 0; i < devices.size(); i++) {
            boolean valid = p.load(devices.get(i), binaries.get(i));
            status[i] = valid ? CL_SUCCESS : CL_INVALID_BINARY;
            allValid &= valid;
        }
        if (!allValid) {
            p.release();
            throw new ClError(CL_INVALID_BINARY, "a binary is not valid for its device");
        }
        return p;
    }

    /** Loads a device's binary on each of its real devices; false when it is not one of theirs. */
    private boolean load(Device device, byte[] binary) {
        Map<String, byte[]> byName;
        if (device.isVirtual()) {
            try {
                byName = ProgramBinaries.unpack(binary);
            } catch (IllegalArgumentException e) {
                return false;
            }
        } else {
            byName = Map.of(device.nodes().get(0).name(), binary);
        }
        boolean any = false;
        for (DeviceNode n : device.nodes()) {
            byte[] own = byName.get(n.name());
            if (own == null) {
                continue;
            }
            try {
                RealProgram real = n.worker().session().createProgram(own);
                builds.put(n, new Build(CL_BUILD_NONE, "", real, CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
                any = true;
            } catch (BackendException e) {
                return false;
            }
        }
        return any;
    }

    /** A program linked from {@code inputs} on the real devices of {@code devices}. */
    static Program linked(Context context, List<Device> devices, String options, List<Program> inputs) {
        Program p = new Program(context, null);
        p.options = options == null ? "" : options;
        p.contentHash = hash(inputs.stream().map(i -> i.contentHash.getBytes(StandardCharsets.UTF_8))
                .toArray(byte[][]::new));
        int binaryType = p.options.contains("-create-library") ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                : CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
        p.runEverywhere(realDevicesOf(devices), n -> linkOn(n, p.options, inputs, binaryType)).join();
        if (p.builds.values().stream().noneMatch(b -> b.status == CL_SUCCESS)) {
            int failure = p.builds.values().stream().mapToInt(Build::status)
                    .filter(s -> s != CL_LINK_PROGRAM_FAILURE).findFirst().orElse(CL_LINK_PROGRAM_FAILURE);
            p.release();
            throw new ClError(failure, "the programs failed to link");
        }
        return p;
    }

    private static Build linkOn(DeviceNode node, String options, List<Program> inputs, int binaryType) {
        List<RealProgram> parts = new ArrayList<>();
        for (Program input : inputs) {
            Build b = input.builds.get(node);
            if (b == null || b.program == null || b.status != CL_SUCCESS) {
                return new Build(CL_INVALID_OPERATION, "an input is not compiled for " + node.name(), null,
                        CL_PROGRAM_BINARY_TYPE_NONE);
            }
            parts.add(b.program);
        }
        try {
            RealProgram linked = node.worker().session().link(parts, options + ARG_INFO_OPTION + node.buildOptions());
            return new Build(CL_SUCCESS, linked.buildLog(), linked, binaryType);
        } catch (BackendException e) {
            return new Build(e.status(), e.getMessage(), null, CL_PROGRAM_BINARY_TYPE_NONE);
        }
    }

    @Override
    public ClContext context() {
        return context;
    }

    Context contextImpl() {
        return context;
    }

    /** The real devices behind {@code devices}, or behind all of the context's when empty. */
    private List<DeviceNode> nodesOf(List<ClDevice> devices) {
        return realDevicesOf((devices.isEmpty() ? context.devices() : devices).stream().map(d -> (Device) d).toList());
    }

    private static List<DeviceNode> realDevicesOf(List<Device> devices) {
        Set<DeviceNode> nodes = new LinkedHashSet<>();
        for (Device d : devices) {
            nodes.addAll(d.nodes());
        }
        return new ArrayList<>(nodes);
    }

    @Override
    public void build(List<ClDevice> devices, String buildOptions, Runnable callback) {
        run(devices, buildOptions, callback, CL_BUILD_PROGRAM_FAILURE, this::buildOn);
    }

    @Override
    public void compile(List<ClDevice> devices, String compileOptions, List<ClProgram> headers,
                        List<String> headerNames, Runnable callback) {
        ClError.require(source != null, CL_INVALID_OPERATION, "a program without source cannot be compiled");
        List<String> headerSources = new ArrayList<>();
        for (ClProgram h : headers) {
            Program header = (Program) h;
            ClError.require(header.source != null, CL_INVALID_OPERATION, "a header program has no source");
            headerSources.add(header.source);
        }
        run(devices, compileOptions, callback, CL_COMPILE_PROGRAM_FAILURE,
                n -> compileOn(n, headerSources, headerNames));
    }

    /**
     * Builds or compiles on the real devices of {@code devices}: blocks without a callback and throws
     * {@code failure} when no real device succeeded; with one, calls back when all are done.
     */
    private void run(List<ClDevice> devices, String newOptions, Runnable callback, int failure,
                     Function<DeviceNode, Build> step) {
        checkValid();
        // a lost device builds nothing; the program is built if the others build it
        List<DeviceNode> nodes = nodesOf(devices).stream().filter(n -> !n.isLost()).toList();
        synchronized (this) {
            if (kernels.get() > 0 || !building.isEmpty()) {
                throw new ClError(CL_INVALID_OPERATION, "kernels are attached or a build is running");
            }
            dropTemplates();
            building = new LinkedHashSet<>(nodes);
            options = newOptions == null ? "" : newOptions;
        }
        hold();
        CompletableFuture<Void> all = runEverywhere(nodes, step).whenComplete((v, e) -> {
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
            if (b != null && b.status != CL_SUCCESS && b.status != failure && !n.isLost()) {
                throw new ClError(b.status, b.log);
            }
        }
        for (ClDevice d : devices.isEmpty() ? context.devices() : devices) {
            boolean any = ((Device) d).nodes().stream().anyMatch(n -> builds.get(n) != null
                    && builds.get(n).status == CL_SUCCESS);
            ClError.require(any, failure, "no real device of the device succeeded");
        }
    }

    /**
     * Runs {@code step} for every node, each in the native gate: in parallel across device models, one after the
     * other for devices of one model. The second of a model then finds the first's binary in the cache, and a
     * driver does not build one program for two identical devices at once (the likely cause of a build on two
     * PoCL basic devices that once failed with "1 error generated").
     */
    private CompletableFuture<Void> runEverywhere(List<DeviceNode> nodes, Function<DeviceNode, Build> step) {
        Map<String, List<DeviceNode>> byModel = new LinkedHashMap<>();
        for (DeviceNode n : nodes) {
            byModel.computeIfAbsent(n.modelId(), k -> new ArrayList<>()).add(n);
        }
        List<CompletableFuture<Void>> parts = new ArrayList<>();
        for (List<DeviceNode> sameModel : byModel.values()) {
            parts.add(CompletableFuture.runAsync(() -> sameModel.forEach(n -> runOn(n, step)), BUILDERS));
        }
        return CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0]));
    }

    private void runOn(DeviceNode n, Function<DeviceNode, Build> step) {
        NativeGate.enter();
        try {
            replace(n, step.apply(n));
        } catch (BackendException e) {
            if (e.status() == CL_DEVICE_NOT_AVAILABLE) {
                context.engine().machine().lose(n);
            }
            replace(n, new Build(e.status(), e.getMessage(), null, CL_PROGRAM_BINARY_TYPE_NONE));
        } catch (RuntimeException e) {
            Log.unexpected(e);
            replace(n, new Build(CL_OUT_OF_RESOURCES, String.valueOf(e), null, CL_PROGRAM_BINARY_TYPE_NONE));
        } finally {
            NativeGate.exit();
        }
    }

    private void replace(DeviceNode n, Build next) {
        Build old = builds.put(n, next);
        if (old != null && old.program != null && old.program != next.program) {
            old.program.release();
        }
    }

    /** Builds the loaded binary, or builds from source (from a cached binary when there is one). */
    private Build buildOn(DeviceNode node) {
        String fullOptions = options + ARG_INFO_OPTION + node.buildOptions();
        if (source == null) {
            Build loaded = builds.get(node);
            if (loaded == null || loaded.program == null) {
                return new Build(CL_INVALID_PROGRAM_EXECUTABLE, "no binary for " + node.name(), null,
                        CL_PROGRAM_BINARY_TYPE_NONE);
            }
            return outcome(loaded.program, () -> loaded.program.build(fullOptions), CL_BUILD_PROGRAM_FAILURE,
                    CL_PROGRAM_BINARY_TYPE_EXECUTABLE, loaded.program);
        }
        ProgramCache cache = context.engine().programCache();
        String key = ProgramCache.key(contentHash, fullOptions, node.modelId());
        Build cached = cache.get(key).map(entry -> fromCache(node, entry, fullOptions)).orElse(null);
        if (cached != null) {
            return cached;
        }
        cache.remove(key);
        RealProgram p = node.worker().session().createProgram(source);
        Build built = outcome(p, () -> p.build(fullOptions), CL_BUILD_PROGRAM_FAILURE,
                CL_PROGRAM_BINARY_TYPE_EXECUTABLE, null);
        if (built.executable()) {
            Map<String, String> attributes = new LinkedHashMap<>();
            for (String name : p.kernelNames()) {
                RealKernel k = p.createKernel(name);
                attributes.put(name, k.attributes());
                k.release();
            }
            kernelAttributes = attributes;
            cache.put(key, new ProgramCache.Entry(p.binary(), attributes));
        }
        return built;
    }

    /** A build from a cached binary, or null when the device no longer takes it. */
    private Build fromCache(DeviceNode node, ProgramCache.Entry entry, String fullOptions) {
        try {
            RealProgram p = node.worker().session().createProgram(entry.binary());
            Build b = outcome(p, () -> p.build(fullOptions), CL_BUILD_PROGRAM_FAILURE,
                    CL_PROGRAM_BINARY_TYPE_EXECUTABLE, null);
            if (b.executable()) {
                kernelAttributes = entry.kernelAttributes();
                return b;
            }
            return null;
        } catch (BackendException e) {
            return null;
        }
    }

    /**
     * The attributes kernel {@code name} was declared with: as the build from source found them (a program
     * loaded from a binary may have forgotten them), else as {@code real} says.
     */
    String kernelAttributes(String name, RealKernel real) {
        Map<String, String> known = kernelAttributes;
        return known != null && known.containsKey(name) ? known.get(name) : real.attributes();
    }

    private Build compileOn(DeviceNode node, List<String> headerSources, List<String> headerNames) {
        RealProgram p = node.worker().session().createProgram(source);
        List<RealProgram> headers = new ArrayList<>();
        try {
            for (String h : headerSources) {
                headers.add(node.worker().session().createProgram(h));
            }
            return outcome(p, () -> p.compile(options + node.buildOptions(), headers, headerNames),
                    CL_COMPILE_PROGRAM_FAILURE,
                    CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, null);
        } finally {
            headers.forEach(RealProgram::release);
        }
    }

    /** The result of one build step on {@code p}, releasing {@code p} when it failed (unless it is kept). */
    private static Build outcome(RealProgram p, BooleanSupplier step, int failure,
                                 int binaryType, RealProgram kept) {
        try {
            if (step.getAsBoolean()) {
                return new Build(CL_SUCCESS, p.buildLog(), p, binaryType);
            }
            String log = p.buildLog();
            if (p != kept) {
                p.release();
            }
            return new Build(failure, log, kept, CL_PROGRAM_BINARY_TYPE_NONE);
        } catch (BackendException e) {
            if (p != kept) {
                p.release();
            }
            return new Build(e.status(), e.getMessage(), kept, CL_PROGRAM_BINARY_TYPE_NONE);
        }
    }

    /** The real devices of {@code device} where the program is an executable, as bits. */
    long builtMask(Device device) {
        long mask = 0;
        for (DeviceNode n : device.nodes()) {
            Build b = builds.get(n);
            if (b != null && b.executable()) {
                mask |= n.bit();
            }
        }
        return mask;
    }

    /** The executable on {@code node}, or null. */
    RealProgram realProgram(DeviceNode node) {
        Build b = builds.get(node);
        return b != null && b.executable() ? b.program : null;
    }

    /** Real devices where the program is an executable, in node order. */
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

    /**
     * A kernel named {@code name} is being created: it holds the program; returns what it shares.
     *
     * @throws ClError {@code CL_INVALID_KERNEL_NAME} when the program has no such kernel
     */
    synchronized KernelTemplate attachKernel(String name) {
        KernelTemplate t = templates.get(name);
        if (t == null) {
            ClError.require(kernelNames().contains(name), CL_INVALID_KERNEL_NAME, "no kernel ", name);
            t = new KernelTemplate(this, name);
            templates.put(name, t);
        }
        kernelAttached(1);
        return t;
    }

    private synchronized void dropTemplates() {
        templates.values().forEach(KernelTemplate::release);
        templates.clear();
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
                return InfoValue.ofInt(binaryType(d));
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown program build info " + param);
        }
    }

    private int buildStatus(Device d) {
        Set<DeviceNode> running = building;
        List<Build> own = new ArrayList<>();
        for (DeviceNode n : d.nodes()) {
            if (running.contains(n)) {
                return CL_BUILD_IN_PROGRESS;
            }
            if (builds.get(n) != null) {
                own.add(builds.get(n));
            }
        }
        if (own.stream().anyMatch(b -> b.status == CL_SUCCESS)) {
            return CL_BUILD_SUCCESS;
        }
        if (own.isEmpty() || own.stream().allMatch(b -> b.status == CL_BUILD_NONE)) {
            return CL_BUILD_NONE;
        }
        return CL_BUILD_ERROR;
    }

    private int binaryType(Device d) {
        for (DeviceNode n : d.nodes()) {
            Build b = builds.get(n);
            if (b != null && b.program != null && b.binaryType != CL_PROGRAM_BINARY_TYPE_NONE) {
                return b.binaryType;
            }
        }
        return CL_PROGRAM_BINARY_TYPE_NONE;
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
     * real device, packed; empty when there is none.
     */
    private byte[] binary(Device device) {
        Map<String, byte[]> byName = new LinkedHashMap<>();
        for (DeviceNode n : device.nodes()) {
            Build b = builds.get(n);
            if (b != null && b.program != null && b.status == CL_SUCCESS) {
                byName.putIfAbsent(n.name(), b.program.binary());
            }
        }
        if (byName.isEmpty()) {
            return new byte[0];
        }
        return device.isVirtual() ? ProgramBinaries.pack(byName) : byName.values().iterator().next();
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
                return InfoValue.ofString(source == null ? "" : source);
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
    protected int invalidCode() {
        return CL_INVALID_PROGRAM;
    }

    @Override
    protected void destroy() {
        dropTemplates();
        for (Build b : builds.values()) {
            if (b.program != null) {
                b.program.release();
            }
        }
        builds.clear();
        context.unhold();
    }
}
