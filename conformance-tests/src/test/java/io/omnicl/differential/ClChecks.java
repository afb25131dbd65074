package io.omnicl.differential;

import static org.jocl.CL.CL_SUCCESS;
import static org.jocl.CL.stringFor_errorCode;

/** Status checks: any code other than CL_SUCCESS fails the program that got it. */
final class ClChecks {

    private ClChecks() {
    }

    static void check(int status, String what) {
        if (status != CL_SUCCESS) {
            throw new AssertionError(what + " returned " + stringFor_errorCode(status));
        }
    }

    /** A fresh errcode_ret array, preset to a value no call returns, so an untouched one is noticed. */
    static int[] err() {
        return new int[] {Integer.MIN_VALUE};
    }
}
