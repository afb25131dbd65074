package io.omnicl.driver;

/**
 * An OpenCL error raised by the facade's argument checks or by the runtime: {@link #code()} is the
 * negative status the entry point returns.
 */
public final class ClError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int code;

    public ClError(int code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public ClError(int code) {
        this(code, null);
    }

    public int code() {
        return code;
    }

    /** Throws {@code ClError(code, message)} unless {@code condition} holds. */
    public static void require(boolean condition, int code, String message) {
        if (!condition) {
            throw new ClError(code, message);
        }
    }

    /**
     * Throws {@code ClError(code, message + detail)} unless {@code condition} holds; the message is put
     * together only then, since checks on every enqueue would otherwise build one each time.
     */
    public static void require(boolean condition, int code, String message, String detail) {
        if (!condition) {
            throw new ClError(code, message + detail);
        }
    }

    /** As {@link #require(boolean, int, String, String)}, with a number for the detail. */
    public static void require(boolean condition, int code, String message, long detail) {
        if (!condition) {
            throw new ClError(code, message + detail);
        }
    }
}
