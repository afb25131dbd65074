package io.omnicl.runtime;

import io.omnicl.runtime.access.GeometryVariant;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.RealKernel;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The {@link GeometryVariant} of one kernel, built in the background on the real devices its program is built for
 * (from the program cache when it was built before), the first time a launch would be cut along a dimension the
 * kernel asks the geometry of. Launches run whole until it is built.
 */
final class VariantBuild {

    private final String kernelName;
    private final ProgramBuilds builds;
    private final CompletableFuture<Void> done;
    /** Why there is no variant at all, or null. */
    private final String failure;
    private final Function<DeviceNode, ProgramBuilds.Build> step;
    /** The builds on devices that built the program after the variant's first build; guarded by {@code this}. */
    private final Map<DeviceNode, CompletableFuture<Void>> late = new HashMap<>();
    /** The build started last, which the next late one follows; guarded by {@code this}. */
    private CompletableFuture<Void> lastStarted;
    private boolean released;
    private final Map<DeviceNode, Long> largestGroups = new ConcurrentHashMap<>();

    VariantBuild(Program program, String kernelName) {
        this.kernelName = kernelName;
        this.builds = new ProgramBuilds(program.contextImpl().runtime());
        String source = program.source() == null ? null : GeometryVariant.source(program.source(), kernelName);
        if (source == null) {
            failure = "the kernel is not declared once in plain sight, so no variant answers its geometry queries";
            step = null;
            done = CompletableFuture.completedFuture(null);
            lastStarted = done;
            return;
        }
        failure = null;
        String hash = Program.hash(source.getBytes(StandardCharsets.UTF_8));
        String options = program.buildOptions();
        step = n -> builds.buildOn(n, source, hash, options);
        done = builds.runEverywhere(program.builtNodes(), step);
        lastStarted = done;
    }

    /**
     * The variant's build on {@code node}, which built the program behind the program after the variant's first
     * build ({@link Program#build}), started at the first call after those started before (a driver does not build one
     * program for two identical devices at once); null once the variant is released.
     */
    private synchronized CompletableFuture<Void> buildLate(DeviceNode node) {
        if (released) {
            return null;
        }
        CompletableFuture<Void> building = late.get(node);
        if (building == null) {
            building = lastStarted.handle((v, e) -> null).thenCompose(v -> builds.runEverywhere(List.of(node), step));
            late.put(node, building);
            lastStarted = building;
        }
        return building;
    }

    /**
     * Null when the variant is built on every one of {@code nodes} and takes work-groups of {@code groupItems}
     * work-items there (0: the driver picks), else why a cut cannot use it (yet); waits for the build first when
     * {@code wait}.
     */
    String readyOn(List<DeviceNode> nodes, long groupItems, boolean wait) {
        if (failure != null) {
            return failure;
        }
        if (wait) {
            done.join();
        }
        if (!done.isDone()) {
            return "the variant answering the kernel's geometry queries is being built";
        }
        for (DeviceNode n : nodes) {
            if (builds.get(n) == null) {
                CompletableFuture<Void> building = buildLate(n);
                if (wait && building != null) {
                    building.join();
                }
                if (builds.get(n) == null) {
                    return "the variant answering the kernel's geometry queries is being built on " + n.name();
                }
            }
            if (builds.executable(n) == null) {
                ProgramBuilds.Build b = builds.get(n);
                return "the variant answering the kernel's geometry queries did not build on " + n.name()
                    + (b == null || b.log() == null ? "" : ": " + b.log().strip().lines().findFirst().orElse(""));
            }
            if (groupItems > largestGroup(n)) {
                // its added argument and calls may take registers the kernel's work-groups needed
                return "the variant answering the kernel's geometry queries takes smaller work-groups on " + n.name();
            }
        }
        return null;
    }

    /** The largest work-group the variant takes on {@code node}, where it is built. */
    private long largestGroup(DeviceNode node) {
        return largestGroups.computeIfAbsent(node, n -> {
            RealKernel k = createKernel(n);
            try {
                return k.workGroupInfo().workGroupSize();
            } finally {
                k.release();
            }
        });
    }

    /** A new real kernel of the variant on {@code node}, where {@link #readyOn} said it is built. */
    RealKernel createKernel(DeviceNode node) {
        return builds.executable(node).createKernel(kernelName);
    }

    /** Releases the variant's programs, now or once their builds end. */
    synchronized void release() {
        released = true;
        List<CompletableFuture<Void>> all = new ArrayList<>(late.values());
        all.add(done);
        CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0])).whenComplete((v, e) -> builds.releaseAll());
    }
}
