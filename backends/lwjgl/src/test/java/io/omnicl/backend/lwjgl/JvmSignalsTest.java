package io.omnicl.backend.lwjgl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.lwjgl.system.JNI;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.system.linux.DynamicLinkLoader;

/**
 * The JVM's signal handlers are put back after a driver's library changed them, as PoCL's LLVM does when it loads,
 * but for SIGFPE's, which PoCL keeps for kernels that divide by zero. The test plays the driver: it changes handlers
 * itself ({@code SIG_IGN}, for a moment, on signals nothing sends then).
 */
@EnabledOnOs(OS.LINUX)
class JvmSignalsTest {

    private static final int SIGFPE = 8;
    private static final int SIGXFSZ = 25;
    private static final long SIG_IGN = 1;
    private static final int ACTION_BYTES = 256;

    private static long sigaction() {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            return DynamicLinkLoader.ndlsym(NULL, memAddress(stack.ASCII("sigaction")));
        }
    }

    /** The handler of {@code sig} now. */
    private static long handlerOf(int sig) {
        ByteBuffer action = MemoryUtil.memCalloc(ACTION_BYTES);
        try {
            assertEquals(0, JNI.invokePPI(sig, NULL, memAddress(action), sigaction()));
            return MemoryUtil.memGetAddress(memAddress(action));
        } finally {
            MemoryUtil.memFree(action);
        }
    }

    /** Sets {@code sig}'s handler to {@code SIG_IGN}; returns its action before, to set back with {@link #set}. */
    private static ByteBuffer ignore(int sig) {
        ByteBuffer before = MemoryUtil.memCalloc(ACTION_BYTES);
        ByteBuffer ignored = MemoryUtil.memCalloc(ACTION_BYTES);
        try {
            assertEquals(0, JNI.invokePPI(sig, NULL, memAddress(before), sigaction()));
            MemoryUtil.memPutAddress(memAddress(ignored), SIG_IGN);
            assertEquals(0, JNI.invokePPI(sig, memAddress(ignored), NULL, sigaction()));
            return before;
        } finally {
            MemoryUtil.memFree(ignored);
        }
    }

    private static void set(int sig, ByteBuffer action) {
        try {
            assertEquals(0, JNI.invokePPI(sig, memAddress(action), NULL, sigaction()));
        } finally {
            MemoryUtil.memFree(action);
        }
    }

    @Test
    void aHandlerADriverChangedIsTheJvmsAgainAfterwards() {
        JvmSignals.readNow();
        long jvms = handlerOf(SIGXFSZ);
        ByteBuffer before = ignore(SIGXFSZ);
        try {
            assertEquals(SIG_IGN, handlerOf(SIGXFSZ));
            JvmSignals.putBack();
            assertEquals(jvms, handlerOf(SIGXFSZ));
        } finally {
            set(SIGXFSZ, before);
        }
    }

    @Test
    void sigfpeStaysTheDriversForItsKernels() {
        JvmSignals.readNow();
        ByteBuffer before = ignore(SIGFPE);
        try {
            JvmSignals.putBack();
            assertEquals(SIG_IGN, handlerOf(SIGFPE));
        } finally {
            set(SIGFPE, before);
        }
        assertNotEquals(SIG_IGN, handlerOf(SIGFPE));
    }
}
