package io.omnicl.runtime.sched;


import java.util.List;
import java.util.Locale;

/** The scheduling policies by name, as {@code OMNICL_SCHED} gives it. */
public final class Schedulers {

    private Schedulers() {
    }

    /**
     * The policy called {@code name} over {@code workers}.
     *
     * @throws IllegalArgumentException for an unknown name
     */
    public static <T extends Task> Scheduler<T> create(String name, List<? extends Worker> workers, PerfModel model) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "dmda":
                return new DmdaScheduler<>(workers, model);
            case "eager":
                return new EagerScheduler<>(workers);
            case "ws":
                return new WorkStealingScheduler<>(workers);
            case "random":
                return new RandomScheduler<>(workers);
            default:
                throw new IllegalArgumentException("unknown OMNICL_SCHED policy '" + name
                        + "' (known: dmda, eager, ws, random)");
        }
    }
}
