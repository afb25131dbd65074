package io.omnicl.conformance;

import static org.jocl.CL.CL_SUCCESS;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;

/**
 * Reads clGet*Info answers with the size protocol: first the size (null value), then the value into a
 * buffer of exactly that size. Every reader fails the calling test with the error name when a query fails.
 */
public final class Info {

    /** One clGet*Info call with its object (and, where needed, device) already bound. */
    @FunctionalInterface
    public interface Query {
        int get(int param, long size, Pointer value, long[] sizeRet);
    }

    /** Thrown when a query the test expected to work does not. */
    public static final class QueryFailed extends AssertionError {
        private static final long serialVersionUID = 1L;
        public final int status;

        QueryFailed(String message, int status) {
            super(message);
            this.status = status;
        }
    }

    private Info() {
    }

    /** The size the implementation reports for a parameter. */
    public static long size(Query q, int param) {
        long[] size = new long[1];
        int rc = q.get(param, 0, null, size);
        if (rc != CL_SUCCESS) {
            throw new QueryFailed("size query of param 0x" + Integer.toHexString(param) + " failed: "
                    + CL.stringFor_errorCode(rc), rc);
        }
        return size[0];
    }

    /** The raw bytes of a parameter, in the platform's byte order. */
    public static ByteBuffer bytes(Query q, int param) {
        long size = size(q, param);
        byte[] data = new byte[(int) size];
        long[] sizeRet = new long[1];
        int rc = size == 0 ? q.get(param, 0, null, sizeRet) : q.get(param, size, Pointer.to(data), sizeRet);
        if (rc != CL_SUCCESS) {
            throw new QueryFailed("value query of param 0x" + Integer.toHexString(param) + " failed: "
                    + CL.stringFor_errorCode(rc), rc);
        }
        if (sizeRet[0] != size) {
            throw new AssertionError("param 0x" + Integer.toHexString(param) + ": size query said " + size
                    + " but the value query said " + sizeRet[0]);
        }
        return ByteBuffer.wrap(data).order(ByteOrder.nativeOrder());
    }

    /** A string parameter, without its terminating NUL (which is checked). */
    public static String string(Query q, int param) {
        ByteBuffer b = bytes(q, param);
        int n = b.capacity();
        if (n == 0 || b.get(n - 1) != 0) {
            throw new AssertionError("string param 0x" + Integer.toHexString(param)
                    + " is not NUL-terminated (size " + n + ")");
        }
        return new String(b.array(), 0, n - 1, StandardCharsets.UTF_8);
    }

    /** A cl_uint (or cl_bool, or a 32-bit enum) parameter. */
    public static int uint(Query q, int param) {
        ByteBuffer b = bytes(q, param);
        expectSize(param, b, Sizeof.cl_uint);
        return b.getInt(0);
    }

    /** A cl_ulong (or 64-bit bitfield) parameter. */
    public static long ulong(Query q, int param) {
        ByteBuffer b = bytes(q, param);
        expectSize(param, b, Sizeof.cl_ulong);
        return b.getLong(0);
    }

    /** A size_t parameter. */
    public static long sizeT(Query q, int param) {
        ByteBuffer b = bytes(q, param);
        expectSize(param, b, Sizeof.size_t);
        return readSizeT(b, 0);
    }

    /** A size_t[] parameter. */
    public static long[] sizeTArray(Query q, int param) {
        ByteBuffer b = bytes(q, param);
        if (b.capacity() % Sizeof.size_t != 0) {
            throw new AssertionError("param 0x" + Integer.toHexString(param) + " has size " + b.capacity()
                    + ", not a multiple of sizeof(size_t)");
        }
        long[] out = new long[b.capacity() / Sizeof.size_t];
        for (int i = 0; i < out.length; i++) {
            out[i] = readSizeT(b, i * Sizeof.size_t);
        }
        return out;
    }

    /** A handle (or any pointer-sized) parameter, as the raw value; 0 for NULL. */
    public static long pointer(Query q, int param) {
        ByteBuffer b = bytes(q, param);
        expectSize(param, b, Sizeof.POINTER);
        return Sizeof.POINTER == 8 ? b.getLong(0) : b.getInt(0) & 0xffffffffL;
    }

    /** Reads a size_t at a byte index of a buffer in native order. */
    public static long readSizeT(ByteBuffer b, int index) {
        return Sizeof.size_t == 8 ? b.getLong(index) : b.getInt(index) & 0xffffffffL;
    }

    private static void expectSize(int param, ByteBuffer b, int expected) {
        if (b.capacity() != expected) {
            throw new AssertionError("param 0x" + Integer.toHexString(param) + " has size " + b.capacity()
                    + ", expected " + expected);
        }
    }
}
