package io.omnicl.runtime.coherence;

import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.BackendException;
import io.omnicl.driver.ImageSpec;
import io.omnicl.runtime.Cl;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealMem;

/**
 * The memory behind one buffer (a root buffer; sub-buffers are ranges of it): the host copy, one
 * allocation per real device made on first use there, and the coherence map that says which copies of
 * each range are valid.
 */
public final class Storage {

    private final CoherenceMap map;
    private final HostStore host;
    private final ImageSpec image;
    private final RealMem[] allocations;

    /** The storage of a buffer. */
    public Storage(HostStore host, int nodeCount) {
        this(host, null, nodeCount);
    }

    /**
     * The storage of a buffer, or of an image when {@code image} is given: an image's copies are real images,
     * and it is kept coherent as a whole (every transfer moves all of it, every write commits all of it).
     */
    public Storage(HostStore host, ImageSpec image, int nodeCount) {
        this.host = host;
        this.image = image;
        this.map = new CoherenceMap(host.size());
        this.allocations = new RealMem[nodeCount];
    }

    /** The image, or null for a buffer. */
    public ImageSpec image() {
        return image;
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
     * The allocation on {@code node} (a buffer, or a real image for an image), made now if there is none.
     *
     * @throws BackendException when the device cannot allocate it
     */
    public RealMem allocation(DeviceNode node) {
        synchronized (allocations) {
            RealMem m = allocations[node.index()];
            if (m == null) {
                m = image == null ? node.worker().session().allocate(size())
                        : node.worker().session().allocateImage(Cl.CL_MEM_READ_WRITE, RealImages.format(image),
                        RealImages.desc(image, null));
                allocations[node.index()] = m;
            }
            return m;
        }
    }

    /** The allocation of a buffer's storage on {@code node}. */
    public RealBuffer buffer(DeviceNode node) {
        return (RealBuffer) allocation(node);
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
