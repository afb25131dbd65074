package org.jocl;

import io.omnicl.driver.ClError;

import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * How an entry point reports its outcome: as a returned code, through {@code errcode_ret}, or, when
 * exceptions are enabled, as a {@link CLException}. Every call body runs inside {@link #run} or
 * {@link #create}, which turn a {@link ClError} into its code.
 */
final class Status {

    private static final Logger LOG = Logger.getLogger("io.omnicl");

    private static volatile boolean exceptionsEnabled;

    private Status() {
    }

    static void setExceptionsEnabled(boolean enabled) {
        exceptionsEnabled = enabled;
    }

    static void setLogLevel(CL.LogLevel level) {
        Level l;
        switch (level) {
            case LOG_QUIET:
                l = Level.OFF;
                break;
            case LOG_ERROR:
                l = Level.SEVERE;
                break;
            case LOG_WARNING:
                l = Level.WARNING;
                break;
            case LOG_INFO:
                l = Level.INFO;
                break;
            case LOG_DEBUG:
                l = Level.FINE;
                break;
            default:
                l = Level.FINEST;
        }
        LOG.setLevel(l);
    }

    /** Returns {@code code}, or throws it as a {@link CLException} when exceptions are enabled. */
    static int check(int code) {
        if (exceptionsEnabled && code != CL.CL_SUCCESS) {
            throw new CLException(CL.stringFor_errorCode(code), code);
        }
        return code;
    }

    /** Stores {@code code} in {@code errcode_ret} (when given), then {@link #check}s it. */
    static void report(int[] errcode_ret, int code) {
        if (errcode_ret != null && errcode_ret.length > 0) {
            errcode_ret[0] = code;
        }
        check(code);
    }

    /** Runs a call that returns a status. */
    static int run(IntSupplier body) {
        int code;
        try {
            code = body.getAsInt();
        } catch (ClError e) {
            code = e.code();
        } catch (IllegalArgumentException | CLException e) {
            throw e;
        } catch (RuntimeException | OutOfMemoryError e) {
            code = internal(e);
        }
        return check(code);
    }

    /** Runs a call that creates an object and reports through {@code errcode_ret}. */
    static <T> T create(int[] errcode_ret, Supplier<T> body) {
        return create(errcode_ret, body, () -> null);
    }

    /**
     * As {@link #create(int[], Supplier)}, but a failure returns what {@code failed} gives: JOCL's native
     * code hands back an object without a native handle, rather than null, from a few creations.
     */
    static <T> T create(int[] errcode_ret, Supplier<T> body, Supplier<T> failed) {
        T result = null;
        int code;
        try {
            result = body.get();
            code = CL.CL_SUCCESS;
        } catch (ClError e) {
            code = e.code();
        } catch (IllegalArgumentException | CLException e) {
            throw e;
        } catch (RuntimeException | OutOfMemoryError e) {
            code = internal(e);
        }
        report(errcode_ret, code);
        return code == CL.CL_SUCCESS ? result : failed.get();
    }

    /** For entry points OmniCL does not offer: {@code CL_INVALID_OPERATION}. */
    static int unsupported() {
        return check(CL.CL_INVALID_OPERATION);
    }

    static void unsupported(int[] errcode_ret) {
        report(errcode_ret, CL.CL_INVALID_OPERATION);
    }

    /** A fault inside OmniCL itself: logged, and reported as {@code CL_OUT_OF_RESOURCES} or out of memory. */
    private static int internal(Throwable e) {
        LOG.log(Level.WARNING, "OmniCL internal error", e);
        return e instanceof OutOfMemoryError ? CL.CL_OUT_OF_HOST_MEMORY : CL.CL_OUT_OF_RESOURCES;
    }
}
