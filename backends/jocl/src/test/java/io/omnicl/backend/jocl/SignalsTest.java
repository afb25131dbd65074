package io.omnicl.backend.jocl;

import static io.omnicl.backend.signals.SignalActions.SA_RESETHAND;
import static io.omnicl.backend.signals.SignalActions.SIGWINCH;
import static io.omnicl.backend.signals.SignalActions.handlerOf;
import static io.omnicl.backend.signals.SignalActions.ignore;
import static io.omnicl.backend.signals.SignalActions.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.RealProgram;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Where the OpenCL library may take the JVM's signals (PoCL has LLVM do it as it lists its devices, makes a context or
 * builds), this backend puts the JVM's handlers back, as the LWJGL backend does: the test plays the library, leaving a
 * handler that resets itself on {@code SIGWINCH} (which LLVM does not take) before each of those calls.
 */
@EnabledOnOs(OS.LINUX)
class SignalsTest {

    /** Runs {@code call} with {@code SIGWINCH} taken as LLVM takes signals; the handler found after it. */
    private static long handlerAfter(Runnable call) {
        ByteBuffer before = ignore(SIGWINCH, SA_RESETHAND);
        try {
            call.run();
            return handlerOf(SIGWINCH);
        } finally {
            set(SIGWINCH, before);
        }
    }

    @Test
    void theJvmsHandlersComeBackAfterTheDevicesAreListedAContextMadeAndAProgramBuilt() {
        JvmSignals.readNow();
        long first = handlerOf(SIGWINCH);
        assertEquals(first, handlerAfter(() -> new JoclBackend().devices()), "after the listing");
        List<RealDevice> devices = new JoclBackend().devices();
        assertFalse(devices.isEmpty(), "PoCL's devices (POCL_DEVICES)");
        DeviceSession[] session = new DeviceSession[1];
        assertEquals(first, handlerAfter(() -> session[0] = devices.get(0).open()), "after the context");
        try {
            RealProgram program = session[0].createProgram("__kernel void k(__global int* a) { a[0] = 1; }");
            assertEquals(first, handlerAfter(() -> program.build("")), "after the build");
            program.release();
        } finally {
            session[0].close();
        }
    }
}
