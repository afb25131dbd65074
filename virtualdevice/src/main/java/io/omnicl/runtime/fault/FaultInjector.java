package io.omnicl.runtime.fault;

import io.omnicl.runtime.config.FaultSpec;
import java.util.Random;

/** The fault decisions for one real device, in the order its launches and transfers are submitted. */
final class FaultInjector {

    /** What happens to one launch or transfer. */
    enum Fault {
        /** It runs. */
        NONE,
        /** Its enqueue fails. */
        AT_ENQUEUE,
        /** It is accepted, does not run, and its event ends in failure. */
        AT_COMPLETION,
        /** The device is gone. */
        LOST
    }

    private final Random random;
    private final double rate;
    private final long loseAfter;
    private long commands;
    private volatile boolean lost;

    FaultInjector(FaultSpec spec) {
        this.random = new Random(spec.seed());
        this.rate = spec.rate();
        this.loseAfter = spec.loseAfter();
    }

    synchronized Fault next() {
        commands++;
        if (loseAfter >= 0 && commands > loseAfter) {
            lost = true;
        }
        if (lost) {
            return Fault.LOST;
        }
        if (random.nextDouble() < rate) {
            return random.nextBoolean() ? Fault.AT_ENQUEUE : Fault.AT_COMPLETION;
        }
        return Fault.NONE;
    }

    boolean lost() {
        return lost;
    }
}
