package io.omnicl.runtime.completion;

import io.omnicl.driver.ClError;
import io.omnicl.spi.BackendException;

import static io.omnicl.driver.OpenClConstants.CL_OUT_OF_RESOURCES;

/** Turns exceptions met while running a command into the command's OpenCL status. */
public final class Statuses {

    private Statuses() {
    }

    public static int of(RuntimeException e) {
        if (e instanceof BackendException b) {
            return b.status();
        }
        if (e instanceof ClError c) {
            return c.code();
        }
        Log.unexpected(e);
        return CL_OUT_OF_RESOURCES;
    }
}
