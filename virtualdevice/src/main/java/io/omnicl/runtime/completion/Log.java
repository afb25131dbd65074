package io.omnicl.runtime.completion;

import java.util.logging.Level;
import java.util.logging.Logger;

/** The runtime's logger. */
public final class Log {

    public static final Logger LOG = Logger.getLogger("io.omnicl");

    private Log() {
    }

    /** A fault inside OmniCL that must not stop the thread reporting it. */
    public static void unexpected(Throwable e) {
        LOG.log(Level.SEVERE, "OmniCL internal error", e);
    }
}
