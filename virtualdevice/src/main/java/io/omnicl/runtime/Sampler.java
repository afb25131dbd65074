package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClSampler;
import io.omnicl.driver.InfoValue;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.RealSampler;

import static io.omnicl.driver.OpenClConstants.*;

/** A sampler: its settings, and a real sampler per real device, made when a kernel first uses it there. */
public final class Sampler extends CountedObject implements ClSampler {

    private final Context context;
    private final boolean normalizedCoordinates;
    private final int addressingMode;
    private final int filterMode;
    private final RealSampler[] reals;

    Sampler(Context context, boolean normalizedCoordinates, int addressingMode, int filterMode) {
        this.context = context;
        this.normalizedCoordinates = normalizedCoordinates;
        this.addressingMode = addressingMode;
        this.filterMode = filterMode;
        this.reals = new RealSampler[context.runtime().devices().nodeCount()];
        context.hold();
    }

    @Override
    public ClContext context() {
        return context;
    }

    Context contextImpl() {
        return context;
    }

    /** The real sampler on {@code node}, made now if there is none. */
    public RealSampler realOn(DeviceNode node) {
        synchronized (reals) {
            if (reals[node.index()] == null) {
                reals[node.index()] = node.worker().session().createSampler(normalizedCoordinates, addressingMode,
                        filterMode);
            }
            return reals[node.index()];
        }
    }

    @Override
    public InfoValue info(int param) {
        switch (param) {
            case CL_SAMPLER_REFERENCE_COUNT:
                return InfoValue.ofInt(referenceCount());
            case CL_SAMPLER_CONTEXT:
                return InfoValue.ofHandle(context);
            case CL_SAMPLER_NORMALIZED_COORDS:
                return InfoValue.ofBool(normalizedCoordinates);
            case CL_SAMPLER_ADDRESSING_MODE:
                return InfoValue.ofInt(addressingMode);
            case CL_SAMPLER_FILTER_MODE:
                return InfoValue.ofInt(filterMode);
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown sampler info " + param);
        }
    }

    @Override
    protected int invalidCode() {
        return CL_INVALID_SAMPLER;
    }

    @Override
    protected void destroy() {
        synchronized (reals) {
            for (RealSampler r : reals) {
                if (r != null) {
                    r.release();
                }
            }
        }
        context.unhold();
    }
}
