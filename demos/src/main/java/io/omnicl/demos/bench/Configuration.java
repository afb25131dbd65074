package io.omnicl.demos.bench;

import java.util.Map;

/**
 * One way of running a workload, in a child JVM of its own.
 *
 * @param id          short name, as {@code --configs} takes it ("alone-1", "block", "virtual-dmda", "socl-lws")
 * @param label       what the table calls it
 * @param kind        what kind of placement it is
 * @param realDevice  for {@code ALONE} and {@code JOCL}: the real device it runs on, from 0; else -1
 * @param realJocl    whether the child runs on the real JOCL jar instead of OmniCL's
 * @param target      the context and queues the child opens
 * @param environment variables the child gets on top of the parent's
 */
public record Configuration(String id, String label, Kind kind, int realDevice, boolean realJocl, TargetSpec target,
                            Map<String, String> environment) {

    /** The kinds of placement. */
    public enum Kind {
        /** One real device alone, through OmniCL's pinned device: the per-device throughputs. */
        ALONE,
        /** Tasks placed by hand over OmniCL's pinned devices. */
        SPLIT,
        /** OmniCL's virtual device and one of its schedulers. */
        VIRTUAL,
        /** The real JOCL on one real device: the baseline for OmniCL's own cost. */
        JOCL,
        /** SOCL's automatic placement with one of StarPU's policies. */
        SOCL
    }

    public Configuration {
        environment = Map.copyOf(environment);
    }
}
