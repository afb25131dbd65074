package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_OUT_OF_HOST_MEMORY;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.InfoReader;
import org.jocl.Pointer;

/**
 * The shapes every OpenCL call here takes: status checks, object creation and info queries. JOCL's exceptions
 * stay off in the isolated loader (its default; nobody else can reach that copy of {@code CL}), so every call
 * returns its status and this class turns failures into {@link BackendException}s.
 */
final class ClCalls {

    private ClCalls() {
    }

    /** A {@code clGet*Info} call with everything bound but the value. */
    @FunctionalInterface
    interface InfoQuery {
        int query(long valueSize, Pointer value, long[] valueSizeReturned);
    }

    /** A {@code clGet*Info} call with everything bound but the parameter to ask for and its value. */
    @FunctionalInterface
    interface ParamQuery {
        int query(int param, long valueSize, Pointer value, long[] valueSizeReturned);

        default InfoQuery of(int param) {
            return (size, value, sizeReturned) -> query(param, size, value, sizeReturned);
        }
    }

    /** A {@code clCreate*} call that reports its status through {@code errcode_ret}. */
    @FunctionalInterface
    interface Creation<H> {
        H create(int[] errcode);
    }

    /** Throws when {@code status} is not {@code CL_SUCCESS}. */
    static void check(int status, String call) {
        if (status != 0) {
            throw new BackendException(status, call + " failed");
        }
    }

    /** Runs a creating call and returns the new object's handle. */
    static <H> H create(Creation<H> creation, String call) {
        int[] status = new int[1];
        H handle = creation.create(status);
        check(status[0], call);
        if (handle == null) {
            throw new BackendException(CL_OUT_OF_HOST_MEMORY, call + " returned no object");
        }
        return handle;
    }

    /** The whole value of a variable-size parameter. */
    static byte[] bytes(InfoQuery query, String call) {
        long[] size = new long[1];
        check(query.query(0, null, size), call);
        if (size[0] == 0) {
            return new byte[0];
        }
        byte[] value = new byte[Math.toIntExact(size[0])];
        check(query.query(value.length, Pointer.to(value), null), call);
        return value;
    }

    /** {@code query} as an {@link InfoReader}: a failure names {@code call} and the parameter. */
    static InfoReader reader(ParamQuery query, String call) {
        return InfoReader.naming(call, (param, width) ->
            width == 0 ? bytes(query.of(param), call) : fixed(query.of(param), width, call));
    }

    /** A value of exactly {@code width} bytes. */
    private static byte[] fixed(InfoQuery query, int width, String call) {
        byte[] value = new byte[width];
        check(query.query(width, Pointer.to(value), null), call);
        return value;
    }
}
