package io.omnicl.runtime;

import io.omnicl.runtime.completion.Log;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceNodes;
import io.omnicl.runtime.worker.NativeGate;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

import static io.omnicl.driver.OpenClConstants.*;

/**
 * What each real device holds of one program, and the steps that make it: loading a binary, building (from a
 * cached binary when there is one), compiling and linking. {@link Program} decides which steps run where and
 * answers the user's queries from the outcome.
 */
final class ProgramBuilds {

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

    private final Services runtime;
    private final Map<DeviceNode, Build> builds = new ConcurrentHashMap<>();
    /** The last {@link #runEverywhere}'s steps on devices that open behind the program: ends once they have run. */
    private volatile CompletableFuture<Void> behind = CompletableFuture.completedFuture(null);
    /** Devices whose step waits for them to open behind the program. */
    private final AtomicInteger waitingBehind = new AtomicInteger();
    /** Set once every real program is released: a step that ends after it keeps nothing. Guarded by {@code this}. */
    private boolean closed;
    /** The tasks waiting for devices to open behind the program ({@link #onceOpeningBehind}); guarded by {@code this}. */
    private final List<AtomicReference<Runnable>> heldBehind = new ArrayList<>();
    /** Each kernel's declared attributes, when the source was built (or its cached build loaded). */
    private volatile Map<String, String> kernelAttributes;

    ProgramBuilds(Services runtime) {
        this.runtime = runtime;
    }

    /** What {@code node} holds, or null. */
    Build get(DeviceNode node) {
        return builds.get(node);
    }

    /** The executable {@code node} holds, or null. */
    RealProgram executable(DeviceNode node) {
        Build b = builds.get(node);
        return b != null && b.executable() ? b.program() : null;
    }

    Collection<Build> all() {
        return builds.values();
    }

    /** Loads a device's binary on each of its real devices; false when it is not one of theirs. */
    boolean load(Device device, byte[] binary) {
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

    /**
     * Runs {@code step} for every node, each in the native gate: in parallel across device models, one after the
     * other for devices of one model. The second of a model then finds the first's binary in the cache, and a
     * driver does not build one program for two identical devices at once (the likely cause of a build on two
     * PoCL basic devices that once failed with "1 error generated").
     * <p>
     * The future ends once the step has run everywhere but on the devices of {@code deferrable} that open behind the
     * program ({@link DeviceNodes}), where another of their model has run it well. They open and run the step once
     * the program has launched twice ({@link DeviceNodes#lateOpening}), each then handed to {@code joined}, unless
     * the program is no longer {@code wanted} by then; {@link #behind} ends when they have. A program that runs once
     * and exits then waits for no more than one device of each model.
     */
    CompletableFuture<Void> runEverywhere(List<DeviceNode> nodes, Function<DeviceNode, Build> step,
                                          Predicate<DeviceNode> deferrable, Consumer<DeviceNode> joined,
                                          BooleanSupplier wanted) {
        Map<String, List<DeviceNode>> byModel = new LinkedHashMap<>();
        for (DeviceNode n : nodes) {
            byModel.computeIfAbsent(n.modelId(), k -> new ArrayList<>()).add(n);
        }
        List<CompletableFuture<?>> ready = new ArrayList<>();
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (List<DeviceNode> sameModel : byModel.values()) {
            CompletableFuture<List<DeviceNode>> modelReady = CompletableFuture.supplyAsync(() -> {
                List<DeviceNode> later = new ArrayList<>();
                boolean built = false;
                for (DeviceNode n : sameModel) {
                    // asked once the devices before it have run: a first that opened fast has cleared the flag
                    if (n.openingLater() && deferrable.test(n)) {
                        later.add(n);
                    } else {
                        runOn(n, step);
                        built |= executable(n) != null;
                    }
                }
                // no device of the model built it (none was asked, or it was lost or failed): the others do now
                while (!built && !later.isEmpty()) {
                    DeviceNode n = later.remove(0);
                    runOn(n, step);
                    built = executable(n) != null;
                }
                waitingBehind.addAndGet(later.size());
                return later;
            }, BUILDERS);
            ready.add(modelReady);
            all.add(modelReady.thenCompose(later -> later.isEmpty() ? CompletableFuture.completedFuture(null)
                    : onceOpeningBehind(() -> later.forEach(n -> runBehind(n, step, joined, wanted)))));
        }
        behind = CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0]));
        return CompletableFuture.allOf(ready.toArray(new CompletableFuture<?>[0]));
    }

    /**
     * Runs {@code step} on {@code node}, which opens behind the program, then hands it to {@code joined} (in the
     * native gate: it makes kernels there); nothing once the program is no longer {@code wanted} (a released program's
     * task is dropped before it starts, {@link #onceOpeningBehind}). A failure stays with this node: the devices after
     * it still run theirs.
     */
    private void runBehind(DeviceNode node, Function<DeviceNode, Build> step, Consumer<DeviceNode> joined,
                           BooleanSupplier wanted) {
        try {
            if (!wanted.getAsBoolean()) {
                return;
            }
            runOn(node, step);
            NativeGate.enter();
            try {
                joined.accept(node);
            } finally {
                NativeGate.exit();
            }
        } catch (RuntimeException | Error e) {
            Log.unexpected(e);
        } finally {
            waitingBehind.decrementAndGet();
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /**
     * Runs {@code task} on a build thread once devices open behind the program ({@link DeviceNodes#lateOpening}):
     * held apart from that future, which lives as long as the runtime, so that a program released before then is
     * not kept by it ({@link #releaseAll} drops the task).
     */
    private CompletableFuture<Void> onceOpeningBehind(Runnable task) {
        AtomicReference<Runnable> held = new AtomicReference<>(task);
        synchronized (this) {
            if (closed) {
                return CompletableFuture.completedFuture(null);
            }
            heldBehind.add(held);
        }
        return runtime.devices().lateOpening().thenRunAsync(() -> {
            Runnable t = held.getAndSet(null);
            if (t != null) {
                t.run();
            }
        }, BUILDERS);
    }

    /** Runs {@code step} for every node, all before the future ends (see the other form). */
    CompletableFuture<Void> runEverywhere(List<DeviceNode> nodes, Function<DeviceNode, Build> step) {
        return runEverywhere(nodes, step, n -> false, n -> { }, () -> true);
    }

    /** Whether steps wait for devices that open behind the program. */
    boolean waitsBehind() {
        return waitingBehind.get() > 0 && !isClosed();
    }

    /**
     * Has devices that open behind the program open now where steps wait for them, and waits until those have run;
     * returns at once where none wait (a build whose first devices still run leaves none yet).
     */
    void awaitBehind() {
        if (waitsBehind()) {
            runtime.devices().openLateNow();
            behind.join();
        }
    }

    private void runOn(DeviceNode n, Function<DeviceNode, Build> step) {
        NativeGate.enter();
        try {
            replace(n, step.apply(n));
        } catch (BackendException e) {
            if (e.status() == CL_DEVICE_NOT_AVAILABLE) {
                runtime.devices().lose(n);
            }
            replace(n, new Build(e.status(), e.getMessage(), null, CL_PROGRAM_BINARY_TYPE_NONE));
        } catch (RuntimeException e) {
            Log.unexpected(e);
            replace(n, new Build(CL_OUT_OF_RESOURCES, String.valueOf(e), null, CL_PROGRAM_BINARY_TYPE_NONE));
        } finally {
            NativeGate.exit();
        }
    }

    private synchronized void replace(DeviceNode n, Build next) {
        if (closed) {
            if (next.program != null) {
                next.program.release();
            }
            return;
        }
        Build old = builds.put(n, next);
        if (old != null && old.program != null && old.program != next.program) {
            old.program.release();
        }
    }

    /**
     * Builds the loaded binary when there is no {@code source}, or builds from source (from a cached binary
     * when there is one).
     */
    Build buildOn(DeviceNode node, String source, String contentHash, String options) {
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
        ProgramCache cache = runtime.programCache();
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
            for (String name : namesOf(p)) {
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

    Build compileOn(DeviceNode node, String source, String options, List<String> headerSources,
                    List<String> headerNames) {
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

    /** Links on {@code node} what each of {@code inputs} compiled there. */
    static Build linkOn(DeviceNode node, String options, List<ProgramBuilds> inputs, int binaryType) {
        List<RealProgram> parts = new ArrayList<>();
        for (ProgramBuilds input : inputs) {
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

    /** Releases every real program, and those of steps that end later. */
    synchronized void releaseAll() {
        closed = true;
        heldBehind.forEach(h -> h.set(null));
        heldBehind.clear();
        for (Build b : builds.values()) {
            if (b.program != null) {
                b.program.release();
            }
        }
        builds.clear();
    }

    /** {@link RealProgram#kernelNames}, or none where the driver will not name them ({@link Program#kernelNamesOn}). */
    static List<String> namesOf(RealProgram p) {
        try {
            return p.kernelNames();
        } catch (BackendException e) {
            if (e.status() != CL_INVALID_PROGRAM_EXECUTABLE) {
                throw e;
            }
            return List.of();
        }
    }
}
