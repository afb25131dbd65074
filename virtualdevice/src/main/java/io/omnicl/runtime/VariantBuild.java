package io.omnicl.runtime;

import io.omnicl.runtime.access.GeometryVariant;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.RealKernel;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;

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
    private boolean released;
    private boolean finished;
    private final Map<DeviceNode, Long> largestGroups = new ConcurrentHashMap<>();

    VariantBuild(Program program, String kernelName) {
        this.kernelName = kernelName;
        this.builds = new ProgramBuilds(program.contextImpl().runtime());
        String source = program.source() == null ? null : GeometryVariant.source(program.source(), kernelName);
        if (source == null) {
            failure = "the kernel is not declared once in plain sight, so no variant answers its geometry queries";
            done = CompletableFuture.completedFuture(null);
            return;
        }
        failure = null;
        String hash = Program.hash(source.getBytes(StandardCharsets.UTF_8));
        String options = program.buildOptions();
        done = builds.runEverywhere(program.builtNodes(), n -> builds.buildOn(n, source, hash, options))
            .whenComplete((v, e) -> finished());
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

    /** Releases the variant's programs, now or once their build ends. */
    synchronized void release() {
        released = true;
        if (finished || failure != null) {
            builds.releaseAll();
        }
    }

    private synchronized void finished() {
        finished = true;
        if (released) {
            builds.releaseAll();
        }
    }
}
