package org.jocl;

/** Thrown by an entry point, when exceptions are enabled, instead of returning an error code. */
public class CLException extends RuntimeException {

    // JOCL's, so that serialized exceptions read back on either side
    private static final long serialVersionUID = 1587809813906124159L;

    private final int status;

    public CLException(String message) {
        this(message, CL.CL_JOCL_INTERNAL_ERROR);
    }

    public CLException(String message, int status) {
        super(message);
        this.status = status;
    }

    public CLException(String message, Throwable cause) {
        this(message, cause, CL.CL_JOCL_INTERNAL_ERROR);
    }

    public CLException(String message, Throwable cause, int status) {
        super(message, cause);
        this.status = status;
    }

    /** The OpenCL error code. */
    public int getStatus() {
        return status;
    }
}
