package io.omnicl.differential;

import static org.jocl.CL.CL_COMPLETE;
import static org.jocl.CL.CL_EVENT_COMMAND_EXECUTION_STATUS;
import static org.jocl.CL.CL_SUCCESS;
import static org.jocl.CL.clGetEventInfo;
import static org.jocl.CL.stringFor_errorCode;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_event;

/** Status checks: any code other than CL_SUCCESS fails the program that got it. */
final class ClChecks {

    private ClChecks() {
    }

    static void check(int status, String what) {
        if (status != CL_SUCCESS) {
            throw new AssertionError(what + " returned " + stringFor_errorCode(status));
        }
    }

    /**
     * Fails unless the command of {@code event} ended with CL_COMPLETE: a command that failed on its device
     * leaves no error anywhere else when nothing waits for it, and would pass for one that did nothing.
     */
    static void checkComplete(cl_event event, String what) {
        int[] status = {Integer.MIN_VALUE};
        check(clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, Sizeof.cl_int, Pointer.to(status), null),
                "clGetEventInfo(" + what + ")");
        if (status[0] != CL_COMPLETE) {
            throw new AssertionError(what + " ended with status " + stringFor_errorCode(status[0]));
        }
    }

    /** A fresh errcode_ret array, preset to a value no call returns, so an untouched one is noticed. */
    static int[] err() {
        return new int[] {Integer.MIN_VALUE};
    }
}
