package io.omnicl.runtime.coherence;

import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealBuffer;

/**
 * The memory behind one buffer (a root buffer; sub-buffers are ranges of it): the host copy, one
 * allocation per real device made on first use there, and the coherence map that says which copies of
 * each range are valid.
 */
public final class Storage {

    private final CoherenceMap map;
    private final HostStore host;
    private final RealBuffer[] allocations;

    public Storage(HostStore host, int nodeCount) {
        this.host = host;
        this.map = new CoherenceMap(host.size());
        this.allocations = new RealBuffer[nodeCount];
    }

    public long size() {
        return host.size();
    }

    public CoherenceMap map() {
        return map;
    }

    public HostStore host() {
        return host;
    }

    /**
     * The allocation on {@code node}, made now if there is none; call on the node's worker thread.
     *
     * @throws BackendException when the device cannot allocate it
     */
    public RealBuffer allocation(DeviceNode node) {
        synchronized (allocations) {
            RealBuffer b = allocations[node.index()];
            if (b == null) {
                b = node.worker().session().allocate(size());
                allocations[node.index()] = b;
            }
            return b;
        }
    }

    /** Frees every device allocation. The host copy goes with the garbage collector. */
    public void free() {
        synchronized (allocations) {
            for (int i = 0; i < allocations.length; i++) {
                if (allocations[i] != null) {
                    allocations[i].release();
                    allocations[i] = null;
                }
            }
        }
    }
}
