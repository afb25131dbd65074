package io.omnicl.runtime.worker;

import io.omnicl.runtime.completion.Log;
import io.omnicl.runtime.sched.PerfModel;
import io.omnicl.runtime.sched.Scheduler;

import java.util.List;
import java.util.function.Function;

/** Every real device the runtime aggregates, as memory nodes 1..n, and the scheduler that feeds them. */
public final class DeviceNodes {

    private final List<DeviceNode> nodes;
    private final Scheduler<DeviceTask> scheduler;
    private final PerfModel model;

    public DeviceNodes(List<DeviceNode> nodes, PerfModel model,
                       Function<List<DeviceWorker>, Scheduler<DeviceTask>> policy) {
        this.nodes = List.copyOf(nodes);
        this.model = model;
        List<DeviceWorker> workers = nodes.stream().map(n -> n.workerUnstarted()).toList();
        this.scheduler = policy.apply(workers);
        workers.forEach(w -> w.setScheduler(scheduler));
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
     * Stops using a device that has been lost: nothing is placed there any more, and its copies no longer
     * count (what it alone held is lost with it, unless results were kept on the host, see
     * {@code OMNICL_RESILIENT}).
     */
    public void lose(DeviceNode node) {
        if (node.markLost()) {
            Log.LOG.warning("OmniCL: lost " + node + "; its work goes to the other devices");
            node.worker().post(w -> w.memory().abandon(), false);
        }
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
