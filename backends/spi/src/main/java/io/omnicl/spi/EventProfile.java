package io.omnicl.spi;

import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The profiling times of one real event, the same rule for every backend: nothing on a queue without
 * profiling or when the device has none to give, and the driver asked only until the command is seen
 * complete (its times no longer change then). A backend supplies its {@code clGetEventProfilingInfo} call and
 * its status query.
 */
public final class EventProfile {

    private static final int CL_PROFILING_INFO_NOT_AVAILABLE = -7;
    /** {@code CL_PROFILING_COMMAND_QUEUED}, {@code _SUBMIT}, {@code _START}, {@code _END}. */
    private static final int[] TIMES = {0x1280, 0x1281, 0x1282, 0x1283};

    private final boolean profiled;
    /** The times of the completed command, once read. */
    private volatile long[] times;

    /** @param profiled whether the event's queue has profiling enabled */
    public EventProfile(boolean profiled) {
        this.profiled = profiled;
    }

    /**
     * {@code {queued, submit, start, end}} in device nanoseconds, or null.
     *
     * @param reader the event's {@code clGetEventProfilingInfo}
     * @param status the event's execution status
     */
    public long[] read(Supplier<InfoReader> reader, IntSupplier status) {
        long[] known = times;
        if (known != null) {
            return known.clone();
        }
        if (!profiled) {
            return null;
        }
        InfoReader info = reader.get();
        long[] measured = new long[TIMES.length];
        try {
            for (int i = 0; i < measured.length; i++) {
                measured[i] = info.number(TIMES[i], Long.BYTES);
            }
        } catch (BackendException e) {
            if (e.status() == CL_PROFILING_INFO_NOT_AVAILABLE) {
                return null;
            }
            throw e;
        }
        if (status.getAsInt() == 0) {
            times = measured;
        }
        return measured.clone();
    }
}
