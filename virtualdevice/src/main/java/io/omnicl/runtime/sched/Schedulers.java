package io.omnicl.runtime.sched;

import io.omnicl.runtime.worker.DeviceWorker;

import java.util.List;
import java.util.Locale;

/** The scheduling policies by name. */
public final class Schedulers {

    private Schedulers() {
    }

    /**
     * The policy called {@code name} over {@code workers}.
     *
     * @throws IllegalArgumentException for an unknown name
     */
    public static Scheduler create(String name, List<DeviceWorker> workers) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "eager":
                return new EagerScheduler(workers);
            default:
                throw new IllegalArgumentException("unknown OMNICL_SCHED policy '" + name + "' (known: eager)");
        }
    }
}
