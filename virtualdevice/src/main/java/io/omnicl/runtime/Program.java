package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.InfoValue;
import io.omnicl.runtime.ProgramBuilds.Build;
import io.omnicl.runtime.access.KernelAccesses;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.HostThreads;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;

import static io.omnicl.driver.OpenClConstants.*;

/**
 * A program: from source, from binaries, or linked from compiled programs. Each real device behind its
 * devices holds one real program; building, compiling and linking happen on every real device in parallel
 * ({@link ProgramBuilds}), and a kernel later runs only on the real devices where the program became an
 * executable. Here: which steps run where, the program's info queries, and its kernels.
 */
final class Program extends CountedObject implements ClProgram {

    private final Context context;
    private final String source;
    /** What the program is made of, for the performance model: equal content, equal kernels. */
    private String contentHash;
    private final ProgramBuilds builds;
    private final AtomicInteger kernels = new AtomicInteger();
    /** By kernel name, what its kernels share; guarded by {@code this}, dropped when the program is rebuilt. */
    private final Map<String, KernelTemplate> templates = new HashMap<>();
    private volatile String options = "";
    private volatile Set<DeviceNode> building = Set.of();
    /**
     * By kernel name: what its source says of the bytes its work-items use, analysed on host threads as soon as the
     * program is built, where a launch of it may be cut (by its first launch the analysis is done, and has not cost
     * that launch tens of milliseconds before the JIT compiled it); replaced by the next build.
     */
    private volatile Map<String, CompletableFuture<KernelAccesses>> analyses = Map.of();

    private Program(Context context, String source) {
        this.context = context;
        this.source = source;
        this.builds = new ProgramBuilds(context.runtime());
        context.hold();
    }

    /** A program from source, not built yet. */
    static Program fromSource(Context context, String source) {
        Program p = new Program(context, source);
        p.contentHash = hash(source.getBytes(StandardCharsets.UTF_8));
        return p;
    }

    /** A short hex digest of some bytes. */
    static String hash(byte[]... parts) {
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
            boolean valid = p.builds.load(devices.get(i), binaries.get(i));
            status[i] = valid ? CL_SUCCESS : CL_INVALID_BINARY;
            allValid &= valid;
        }
        if (!allValid) {
            p.release();
            throw new ClError(CL_INVALID_BINARY, "a binary is not valid for its device");
        }
        return p;
    }

    /** A program linked from {@code inputs} on the real devices of {@code devices}. */
    static Program linked(Context context, List<Device> devices, String options, List<Program> inputs) {
        Program p = new Program(context, null);
        p.options = options == null ? "" : options;
        p.contentHash = hash(inputs.stream().map(i -> i.contentHash.getBytes(StandardCharsets.UTF_8))
                .toArray(byte[][]::new));
        int binaryType = p.options.contains("-create-library") ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                : CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
        List<ProgramBuilds> compiled = inputs.stream().map(i -> i.builds).toList();
        p.builds.runEverywhere(realDevicesOf(devices), n -> ProgramBuilds.linkOn(n, p.options, compiled, binaryType))
                .join();
        if (p.builds.all().stream().noneMatch(b -> b.status() == CL_SUCCESS)) {
            int failure = p.builds.all().stream().mapToInt(Build::status)
                    .filter(s -> s != CL_LINK_PROGRAM_FAILURE).findFirst().orElse(CL_LINK_PROGRAM_FAILURE);
            p.release();
            throw new ClError(failure, "the programs failed to link");
        }
        return p;
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
        run(devices, buildOptions, callback, CL_BUILD_PROGRAM_FAILURE,
                n -> builds.buildOn(n, source, contentHash, options), this::onlyVirtual);
    }

    /**
     * Whether {@code node} is in the context only behind the virtual device: the program then need not wait for it
     * ({@link ProgramBuilds#runEverywhere}), as no queue of the context's runs there alone.
     */
    private boolean onlyVirtual(DeviceNode node) {
        for (ClDevice d : context.devices()) {
            Device device = (Device) d;
            if (!device.isVirtual() && device.nodes().contains(node)) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code node} has run the program's build behind the program: the kernels made meanwhile may run there from
     * now on ({@link KernelTemplate#join}).
     */
    private synchronized void joinKernels(DeviceNode node) {
        for (KernelTemplate t : templates.values()) {
            t.join(node);
        }
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
                n -> builds.compileOn(n, source, options, headerSources, headerNames), n -> false);
    }

    /**
     * Builds or compiles on the real devices of {@code devices}: blocks without a callback and throws
     * {@code failure} when no real device succeeded; with one, calls back when all are done, but those of
     * {@code deferrable} that open behind the program ({@link ProgramBuilds#runEverywhere}).
     */
    private void run(List<ClDevice> devices, String newOptions, Runnable callback, int failure,
                     Function<DeviceNode, Build> step, Predicate<DeviceNode> deferrable) {
        checkValid();
        // a lost device builds nothing; the program is built if the others build it
        List<DeviceNode> nodes = nodesOf(devices).stream().filter(n -> !n.isLost()).toList();
        while (true) {
            synchronized (this) {
                if (kernels.get() > 0 || !building.isEmpty()) {
                    throw new ClError(CL_INVALID_OPERATION, "kernels are attached or a build is running");
                }
                if (!builds.waitsBehind()) {
                    dropTemplates();
                    building = new LinkedHashSet<>(nodes);
                    options = newOptions == null ? "" : newOptions;
                    break;
                }
            }
            // the build before still runs on devices opening behind the program: this one replaces it there too
            builds.awaitBehind();
        }
        hold();
        // a program the user has released by the time devices open behind it is not built there
        CompletableFuture<Void> all = builds.runEverywhere(nodes, step, deferrable, this::joinKernels,
                        () -> !isReleased())
                .whenComplete((v, e) -> {
                    synchronized (this) {
                        building = Set.of();
                    }
                    analyseKernels();
                    unhold();
                });
        if (callback != null) {
            all.whenComplete((v, e) -> Callbacks.post(callback));
            return;
        }
        all.join();
        for (DeviceNode n : nodes) {
            Build b = builds.get(n);
            if (b != null && b.status() != CL_SUCCESS && b.status() != failure && !n.isLost()) {
                throw new ClError(b.status(), b.log());
            }
        }
        for (ClDevice d : devices.isEmpty() ? context.devices() : devices) {
            boolean any = ((Device) d).nodes().stream().anyMatch(n -> builds.get(n) != null
                    && builds.get(n).status() == CL_SUCCESS);
            ClError.require(any, failure, "no real device of the device succeeded");
        }
    }

    /** Starts the analysis of each kernel of the built program, where the virtual device may cut its launches. */
    private void analyseKernels() {
        boolean mayCut = source != null && context.runtime().config().splits()
                && context.devices().stream().anyMatch(d -> ((Device) d).isVirtual());
        Map<String, CompletableFuture<KernelAccesses>> started = new LinkedHashMap<>();
        for (String name : mayCut ? kernelNames() : List.<String>of()) {
            started.put(name, new CompletableFuture<>());
        }
        analyses = started;
        if (!started.isEmpty()) {
            // one host thread for them all, in turn: a program of many kernels does not take every core at once
            String built = options;
            HostThreads.run(() -> started.forEach((name, f) -> {
                try {
                    f.complete(KernelAccesses.analyse(source, built, name));
                } catch (Throwable e) {
                    f.completeExceptionally(e);
                }
            }));
        }
    }

    /** The analysis of kernel {@code name} started when the program was built, or null. */
    CompletableFuture<KernelAccesses> analysis(String name) {
        return analyses.get(name);
    }

    /** The program's source, or null for a program made from binaries or linked. */
    String source() {
        return source;
    }

    /**
     * Has the devices that open behind the program open and build it now where it waits for them, and waits until
     * they have ({@link ProgramBuilds#awaitBehind}).
     */
    void awaitBuildsBehind() {
        builds.awaitBehind();
    }

    /** Whether the program waits for devices that open behind the program to build it. */
    boolean waitsForBuildsBehind() {
        return builds.waitsBehind();
    }

    /** The options of the last build, compilation or link. */
    String buildOptions() {
        return options;
    }

    /** The executable on {@code node}, or null. */
    RealProgram realProgram(DeviceNode node) {
        return builds.executable(node);
    }

    /** Real devices where the program is an executable, in node order. */
    List<DeviceNode> builtNodes() {
        List<DeviceNode> nodes = new ArrayList<>();
        for (DeviceNode n : context.runtime().devices().nodes()) {
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
            names.addAll(kernelNamesOn(n));
        }
        return new ArrayList<>(names);
    }

    /**
     * The kernel names of the program built on {@code n}; none where its driver will not name them. NVIDIA's names
     * the kernels of a program of a context of several GPUs only where it is built for the context's first
     * ({@code OMNICL_SHARED_CONTEXT}), though it makes them on every GPU it is built for: a kernel is then looked
     * for by its name there too ({@link KernelTemplate}).
     */
    List<String> kernelNamesOn(DeviceNode n) {
        return ProgramBuilds.namesOf(realProgram(n));
    }

    /**
     * Whether the program built on {@code n} names kernel {@code name}, or names none ({@link #kernelNamesOn}) while
     * the program has it: then it is made there by its name.
     */
    boolean mayMake(DeviceNode n, String name) {
        List<String> here = kernelNamesOn(n);
        return here.contains(name) || here.isEmpty() && kernelNames().contains(name);
    }

    /** The attributes kernel {@code name} was declared with ({@link ProgramBuilds#kernelAttributes}). */
    String kernelAttributes(String name, RealKernel real) {
        return builds.kernelAttributes(name, real);
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
        if (own.stream().anyMatch(b -> b.status() == CL_SUCCESS)) {
            return CL_BUILD_SUCCESS;
        }
        if (own.isEmpty() || own.stream().allMatch(b -> b.status() == CL_BUILD_NONE)) {
            return CL_BUILD_NONE;
        }
        return CL_BUILD_ERROR;
    }

    private int binaryType(Device d) {
        for (DeviceNode n : d.nodes()) {
            Build b = builds.get(n);
            if (b != null && b.program() != null && b.binaryType() != CL_PROGRAM_BINARY_TYPE_NONE) {
                return b.binaryType();
            }
        }
        return CL_PROGRAM_BINARY_TYPE_NONE;
    }

    /** One device's log as it is; a virtual device's as each real device's non-empty log under its name. */
    private String buildLog(Device d) {
        Map<String, String> logs = new LinkedHashMap<>();
        for (DeviceNode n : d.nodes()) {
            Build b = builds.get(n);
            if (b != null && !b.log().isBlank()) {
                logs.put(n.name(), b.log());
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
            if (b != null && b.program() != null && b.status() == CL_SUCCESS) {
                byName.putIfAbsent(n.name(), b.program().binary());
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
                builds.awaitBehind();
                return InfoValue.ofLongs(context.deviceList().stream().mapToLong(d -> binary(d).length).toArray());
            case CL_PROGRAM_BINARIES:
                builds.awaitBehind();
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
        builds.releaseAll();
        context.unhold();
    }
}
