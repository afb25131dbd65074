package io.omnicl.runtime;

import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClQueue;
import io.omnicl.runtime.access.CutChoice;
import io.omnicl.runtime.access.SplitCounters;
import io.omnicl.runtime.coherence.Coherency;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.sched.PerfKey;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceNodes;

import java.util.List;

/**
 * What the OpenCL objects need of the running runtime: its configuration, devices, coherence rules and
 * program cache, and the command graph's queues and user events, which live in a package above them.
 */
public interface Services {

    Config config();

    /** The counts of launches on the virtual device cut into parts or not. */
    SplitCounters splitCounters();

    /**
     * What was learnt of cutting launches of shape {@code key} on the virtual device, for as long as the runtime
     * runs: programs built again and kernels made again keep it.
     */
    CutChoice cutChoice(PerfKey key);

    DeviceNodes devices();

    Coherency coherency();

    ProgramCache programCache();

    /** How long a waiting program thread watches before it blocks. */
    long watchNanos();

    /** The image formats {@code node} supports for {@code flags} and {@code imageType}, as {channel order, type}. */
    List<int[]> imageFormats(DeviceNode node, long flags, int imageType);

    /** A command queue of {@code context} on {@code device}. */
    ClQueue createQueue(Context context, Device device, long properties);

    /** A user event of {@code context}. */
    ClEvent createUserEvent(Context context);
}
