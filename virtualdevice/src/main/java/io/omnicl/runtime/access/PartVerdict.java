package io.omnicl.runtime.access;

import java.util.List;

/** Whether a part of a launch can run alone, and what it then uses of each buffer argument. */
public sealed interface PartVerdict permits PartVerdict.Split, PartVerdict.Whole {

    /** The part can run alone: what it reads and writes of each buffer argument (none for other arguments). */
    record Split(List<ArgAccess> args) implements PartVerdict {
        public Split {
            args = List.copyOf(args);
        }
    }

    /** The launch must run whole, for this reason. */
    record Whole(String reason) implements PartVerdict {
    }
}
