package io.omnicl.runtime.worker;

import io.omnicl.runtime.completion.Log;
import io.omnicl.runtime.sched.PerfModel;
import io.omnicl.runtime.sched.Scheduler;
import io.omnicl.spi.DeviceParam;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/** Every real device the runtime aggregates, as memory nodes 1..n, and the scheduler that feeds them. */
public final class DeviceNodes {

    /** A first GPU of a model that opened faster than this (ns) has the others of its model open on first use. */
    static final long SLOW_OPEN_NANOS = 50_000_000L;

    /** Launches on the virtual device before devices that open behind the program start to ({@link #lateOpening}). */
    private static final int LAUNCHES_BEFORE_LATE_OPENING = 2;

    private final List<DeviceNode> nodes;
    private final AtomicInteger virtualLaunches = new AtomicInteger();
    /** The longest a model's first GPU took to open, of those whose others open behind the program (ns). */
    private final AtomicLong slowestOpenAhead = new AtomicLong();
    private final CompletableFuture<Void> lateOpening = new CompletableFuture<>();
    private final Scheduler<DeviceTask> scheduler;
    private final PerfModel model;

    /**
     * @param lazyOpen {@code OMNICL_LAZY_OPEN}: the GPUs of a model after its first open behind the program, unless
     *                 the first turns out to open in under {@link #SLOW_OPEN_NANOS}
     */
    public DeviceNodes(List<DeviceNode> nodes, PerfModel model,
                       Function<List<DeviceWorker>, Scheduler<DeviceTask>> policy, boolean lazyOpen) {
        this.nodes = List.copyOf(nodes);
        this.model = model;
        List<DeviceWorker> workers = nodes.stream().map(n -> n.workerUnstarted()).toList();
        this.scheduler = policy.apply(workers);
        workers.forEach(w -> w.setScheduler(scheduler));
        if (lazyOpen) {
            openLaterAfterTheFirstOfEachModel();
        }
    }

    /**
     * Marks the GPUs (devices whose memory is apart from the host's) of each model after its first as opening behind
     * the program: a GPU's driver takes a hundred milliseconds or more to make its context, which a program that
     * launches once on one GPU need not pay for the others. Where the first opens in under {@link #SLOW_OPEN_NANOS},
     * the others open on first use again.
     */
    private void openLaterAfterTheFirstOfEachModel() {
        Map<String, List<DeviceNode>> byModel = new LinkedHashMap<>();
        for (DeviceNode n : nodes) {
            if (!n.info().getBool(DeviceParam.HOST_UNIFIED_MEMORY)) {
                byModel.computeIfAbsent(n.modelId(), k -> new ArrayList<>()).add(n);
            }
        }
        for (List<DeviceNode> gpus : byModel.values()) {
            if (gpus.size() < 2) {
                continue;
            }
            List<DeviceNode> others = gpus.subList(1, gpus.size());
            others.forEach(DeviceNode::openLater);
            DeviceNode first = gpus.get(0);
            first.workerUnstarted().afterOpen(() -> {
                if (first.openNanos() < SLOW_OPEN_NANOS) {
                    others.forEach(n -> n.workerUnstarted().openOnFirstUse());
                } else {
                    slowestOpenAhead.accumulateAndGet(first.openNanos(), Math::max);
                }
            });
        }
    }

    public List<DeviceNode> nodes() {
        return nodes;
    }

    /** The node with index {@code k} (1-based). */
    public DeviceNode node(int k) {
        return nodes.get(k - 1);
    }

    public Scheduler<DeviceTask> scheduler() {
        return scheduler;
    }

    public PerfModel model() {
        return model;
    }

    /** Node count plus one for the host. */
    public int nodeCount() {
        return nodes.size() + 1;
    }

    /** Bits of the devices that have been lost. */
    public long lostNodes() {
        long bits = 0;
        for (DeviceNode n : nodes) {
            if (n.isLost()) {
                bits |= n.bit();
            }
        }
        return bits;
    }

    /**
     * Those of {@code candidates} (bits) to place work on: not lost, and not opening behind the program unless only
     * such devices are left (work placed there waits for the device to open).
     */
    public long usable(long candidates) {
        long kept = candidates;
        long opening = 0;
        for (DeviceNode n : nodes) {
            if ((kept & n.bit()) == 0) {
                continue;
            }
            if (n.isLost()) {
                kept &= ~n.bit();
            } else if (n.openingLater()) {
                opening |= n.bit();
            }
        }
        return kept != opening ? kept & ~opening : kept;
    }

    /**
     * Stops using a device that has been lost: nothing is placed there any more, and its copies no longer
     * count (what it alone held is lost with it, unless results were kept on the host, see
     * {@code OMNICL_RESILIENT}).
     */
    public void lose(DeviceNode node) {
        if (node.markLost()) {
            Log.LOG.warning("OmniCL: lost " + node + "; its work goes to the other devices");
            // those opening behind the program may be the only others that can run its kernels
            openLateNow();
            node.worker().post(w -> w.memory().abandon(), false);
        }
    }

    /**
     * Ends when devices that open behind the program start to: at the virtual device's second launch, so that a
     * program that launches once and exits opens none (its exit would wait for an opening under way), or when a
     * program needs their builds ({@link #openLateNow}).
     */
    public CompletableFuture<Void> lateOpening() {
        return lateOpening;
    }

    /**
     * The longest a model's first GPU took to open, of those whose others open behind the program (ns): about what
     * opening one of them will take; at least {@link #SLOW_OPEN_NANOS}.
     */
    public long slowestOpenAhead() {
        return Math.max(slowestOpenAhead.get(), SLOW_OPEN_NANOS);
    }

    /** A launch on the virtual device has been enqueued. */
    public void launchedOnVirtual() {
        if (!lateOpening.isDone() && virtualLaunches.incrementAndGet() >= LAUNCHES_BEFORE_LATE_OPENING) {
            lateOpening.complete(null);
        }
    }

    /** Devices that open behind the program start to now ({@link #lateOpening}). */
    public void openLateNow() {
        lateOpening.complete(null);
    }

    /** Bits of every real device. */
    public long allDevices() {
        long all = 0;
        for (DeviceNode n : nodes) {
            all |= n.bit();
        }
        return all;
    }
}
