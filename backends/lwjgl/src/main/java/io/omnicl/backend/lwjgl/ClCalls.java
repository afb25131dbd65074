package io.omnicl.backend.lwjgl;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;
import static org.lwjgl.system.MemoryUtil.memByteBuffer;
import static org.lwjgl.system.MemoryUtil.nmemAllocChecked;
import static org.lwjgl.system.MemoryUtil.nmemFree;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.InfoReader;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;

/** The shapes every OpenCL call here takes: status checks, object creation and info queries. */
final class ClCalls {

    private ClCalls() {
    }

    /** A {@code clGet*Info} call with everything bound but the value. */
    @FunctionalInterface
    interface InfoQuery {
        int query(long valueSize, long value, long valueSizeReturned);
    }

    /** A {@code clGet*Info} call with everything bound but the parameter to ask for and its value. */
    @FunctionalInterface
    interface ParamQuery {
        int query(int param, long valueSize, long value, long valueSizeReturned);

        default InfoQuery of(int param) {
            return new BoundParam(this, param);
        }
    }

    /**
     * A {@link ParamQuery} with its parameter bound. This and the other small query classes of the backend's
     * start are classes, not lambdas: a cold JVM links each lambda site far more slowly than it loads a class,
     * and finding the devices is on every program's way to its first OpenCL call.
     */
    private static final class BoundParam implements InfoQuery {
        private final ParamQuery query;
        private final int param;

        BoundParam(ParamQuery query, int param) {
            this.query = query;
            this.param = param;
        }

        @Override
        public int query(long valueSize, long value, long valueSizeReturned) {
            return query.query(param, valueSize, value, valueSizeReturned);
        }
    }

    /** A {@code clGet*Info} call's answers as bytes: whole values, or values of a fixed width. */
    private static final class Reader implements InfoReader {
        private final ParamQuery query;
        private final String call;

        Reader(ParamQuery query, String call) {
            this.query = query;
            this.call = call;
        }

        @Override
        public byte[] read(int param, int width) {
            return width == 0 ? bytes(query.of(param), call) : fixed(query.of(param), width, call);
        }
    }

    /** A {@code clCreate*} call that reports its status through {@code errcode_ret}. */
    @FunctionalInterface
    interface Creation {
        long create(long errcodeAddress);
    }

    /** Throws when {@code status} is not {@code CL_SUCCESS}. */
    static void check(int status, String call) {
        if (status != 0) {
            throw new BackendException(status, call + " failed");
        }
    }

    /** {@link #check(int, String)} of a call about its argument {@code index}, named only when it failed. */
    static void check(int status, String call, int index) {
        if (status != 0) {
            throw new BackendException(status, call + "(" + index + ") failed");
        }
    }

    /** Runs a creating call and returns the new object's handle. */
    static long create(Creation creation, String call) {
        try (MemoryStack stack = stackPush()) {
            IntBuffer status = stack.mallocInt(1);
            long handle = creation.create(memAddress(status));
            check(status.get(0), call);
            return handle;
        }
    }

    /** The whole value of a variable-size parameter. */
    static byte[] bytes(InfoQuery query, String call) {
        long size;
        try (MemoryStack stack = stackPush()) {
            PointerBuffer sizeReturned = stack.mallocPointer(1);
            check(query.query(0, NULL, sizeReturned.address()), call);
            size = sizeReturned.get(0);
        }
        if (size == 0) {
            return new byte[0];
        }
        // values such as build logs can outgrow the thread's MemoryStack
        long value = nmemAllocChecked(size);
        try {
            check(query.query(size, value, NULL), call);
            byte[] copy = new byte[Math.toIntExact(size)];
            memByteBuffer(value, copy.length).get(copy);
            return copy;
        } finally {
            nmemFree(value);
        }
    }

    /** {@code query} as an {@link InfoReader}: a failure names {@code call} and the parameter. */
    static InfoReader reader(ParamQuery query, String call) {
        return InfoReader.naming(call, new Reader(query, call));
    }

    /** A value of exactly {@code width} bytes. */
    private static byte[] fixed(InfoQuery query, int width, String call) {
        try (MemoryStack stack = stackPush()) {
            ByteBuffer value = stack.malloc(width);
            check(query.query(width, memAddress(value), NULL), call);
            byte[] copy = new byte[width];
            value.get(copy);
            return copy;
        }
    }
}
