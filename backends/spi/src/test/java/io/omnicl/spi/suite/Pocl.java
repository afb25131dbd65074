package io.omnicl.spi.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.omnicl.spi.Backend;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.RealEvent;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.function.Executable;

/**
 * The two PoCL "basic" devices that each backend module's surefire configuration asks for
 * ({@code POCL_DEVICES=basic basic}), and helpers for host memory and expected failures.
 */
public final class Pocl {

    /** Found once per backend class: every new backend instance would look for its devices anew. */
    private static final Map<Class<?>, List<RealDevice>> DEVICES = new ConcurrentHashMap<>();

    private Pocl() {
    }

    /** The devices of {@code backend}'s class, as the first instance of it that was asked found them. */
    public static List<RealDevice> devices(Backend backend) {
        return DEVICES.computeIfAbsent(backend.getClass(), kind -> backend.devices());
    }

    public static RealDevice device(Backend backend, int index) {
        return devices(backend).get(index);
    }

    public static ByteBuffer direct(int bytes) {
        return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    }

    public static ByteBuffer floats(float... values) {
        ByteBuffer bytes = direct(values.length * Float.BYTES);
        bytes.asFloatBuffer().put(values);
        return bytes;
    }

    public static float[] floats(ByteBuffer bytes) {
        float[] values = new float[bytes.remaining() / Float.BYTES];
        bytes.duplicate().order(ByteOrder.nativeOrder()).asFloatBuffer().get(values);
        return values;
    }

    public static ByteBuffer ints(int... values) {
        ByteBuffer bytes = direct(values.length * Integer.BYTES);
        bytes.asIntBuffer().put(values);
        return bytes;
    }

    public static int[] ints(ByteBuffer bytes) {
        int[] values = new int[bytes.remaining() / Integer.BYTES];
        bytes.duplicate().order(ByteOrder.nativeOrder()).asIntBuffer().get(values);
        return values;
    }

    public static ByteBuffer bytes(int... values) {
        ByteBuffer bytes = direct(values.length);
        for (int i = 0; i < values.length; i++) {
            bytes.put(i, (byte) values[i]);
        }
        return bytes;
    }

    /** {@code length} bytes from the buffer's position. */
    public static byte[] array(ByteBuffer bytes, int length) {
        byte[] array = new byte[length];
        bytes.duplicate().get(array);
        return array;
    }

    /** Asserts that {@code call} fails with exactly {@code status}. */
    public static void assertStatus(int status, Executable call) {
        assertEquals(status, assertThrows(BackendException.class, call).status());
    }

    /** Waits for the events, checks that they completed, and releases them. */
    public static void awaitAll(RealEvent... events) {
        for (RealEvent event : events) {
            assertEquals(ClCodes.CL_COMPLETE, event.await());
            event.release();
        }
    }
}
