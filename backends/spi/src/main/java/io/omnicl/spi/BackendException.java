package io.omnicl.spi;

/** A real OpenCL call failed; {@link #status()} is the code the device returned. */
public class BackendException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;

    public BackendException(int status, String message) {
        super(message + " (" + status + ")");
        this.status = status;
    }

    /** The negative OpenCL error code. */
    public int status() {
        return status;
    }
}
