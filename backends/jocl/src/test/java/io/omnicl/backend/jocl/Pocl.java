package io.omnicl.backend.jocl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.Backends;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.RealEvent;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.function.Executable;

/** The two PoCL "basic" devices that surefire asks for, through the JOCL backend, and helpers for host memory. */
final class Pocl {

    static final List<RealDevice> DEVICES = Backends.select("jocl").devices();

    private Pocl() {
    }

    static RealDevice device(int index) {
        return DEVICES.get(index);
    }

    static ByteBuffer direct(int bytes) {
        return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    }

    static ByteBuffer floats(float... values) {
        ByteBuffer bytes = direct(values.length * Float.BYTES);
        bytes.asFloatBuffer().put(values);
        return bytes;
    }

    static float[] floats(ByteBuffer bytes) {
        float[] values = new float[bytes.remaining() / Float.BYTES];
        bytes.duplicate().order(ByteOrder.nativeOrder()).asFloatBuffer().get(values);
        return values;
    }

    static ByteBuffer ints(int... values) {
        ByteBuffer bytes = direct(values.length * Integer.BYTES);
        bytes.asIntBuffer().put(values);
        return bytes;
    }

    static int[] ints(ByteBuffer bytes) {
        int[] values = new int[bytes.remaining() / Integer.BYTES];
        bytes.duplicate().order(ByteOrder.nativeOrder()).asIntBuffer().get(values);
        return values;
    }

    static ByteBuffer bytes(int... values) {
        ByteBuffer bytes = direct(values.length);
        for (int i = 0; i < values.length; i++) {
            bytes.put(i, (byte) values[i]);
        }
        return bytes;
    }

    /** {@code length} bytes from the buffer's position. */
    static byte[] array(ByteBuffer bytes, int length) {
        byte[] array = new byte[length];
        bytes.duplicate().get(array);
        return array;
    }

    /** Asserts that {@code call} fails with exactly {@code status}. */
    static void assertStatus(int status, Executable call) {
        assertEquals(status, assertThrows(BackendException.class, call).status());
    }

    /** Waits for the events, checks that they completed, and releases them. */
    static void awaitAll(RealEvent... events) {
        for (RealEvent event : events) {
            assertEquals(Cl.CL_COMPLETE, event.await());
            event.release();
        }
    }
}
