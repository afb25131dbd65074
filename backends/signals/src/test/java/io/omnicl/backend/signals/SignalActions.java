package io.omnicl.backend.signals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;

import java.nio.ByteBuffer;
import org.lwjgl.system.JNI;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.system.linux.DynamicLinkLoader;

/**
 * Tests play the OpenCL library that takes a signal: one that nothing sends during the tests and the JVM's signal
 * chaining does not manage, set to {@code SIG_IGN} for a moment (Linux only). Shared with the backends' tests through
 * this module's test-jar.
 */
public final class SignalActions {

    /** Where no OpenCL library is loaded. */
    public static final int SIGUSR1 = 10;
    /** Where one is: LLVM keeps {@code SIGUSR1} for itself (its "info" signal, a handler that does not reset). */
    public static final int SIGWINCH = 28;
    public static final long SIG_IGN = 1;
    /** What LLVM's handlers are installed with: the handler resets itself to the default action as it runs. */
    public static final int SA_RESETHAND = 0x80000000;
    private static final int ACTION_BYTES = 256;
    /** Where {@code sa_flags} is in a {@code struct sigaction}. */
    private static final int FLAGS_OFFSET = 136;

    private SignalActions() {
    }

    private static long sigaction() {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            return DynamicLinkLoader.ndlsym(NULL, memAddress(stack.ASCII("sigaction")));
        }
    }

    /** The handler of {@code sig} now. */
    public static long handlerOf(int sig) {
        ByteBuffer action = MemoryUtil.memCalloc(ACTION_BYTES);
        try {
            assertEquals(0, JNI.invokePPI(sig, NULL, memAddress(action), sigaction()));
            return MemoryUtil.memGetAddress(memAddress(action));
        } finally {
            MemoryUtil.memFree(action);
        }
    }

    /**
     * Sets {@code sig}'s handler to {@code SIG_IGN} with {@code flags}; returns its action before, to set back with
     * {@link #set}.
     */
    public static ByteBuffer ignore(int sig, int flags) {
        ByteBuffer before = MemoryUtil.memCalloc(ACTION_BYTES);
        ByteBuffer ignored = MemoryUtil.memCalloc(ACTION_BYTES);
        try {
            assertEquals(0, JNI.invokePPI(sig, NULL, memAddress(before), sigaction()));
            MemoryUtil.memPutAddress(memAddress(ignored), SIG_IGN);
            MemoryUtil.memPutInt(memAddress(ignored) + FLAGS_OFFSET, flags);
            assertEquals(0, JNI.invokePPI(sig, memAddress(ignored), NULL, sigaction()));
            return before;
        } finally {
            MemoryUtil.memFree(ignored);
        }
    }

    /** Sets {@code sig}'s action back to {@code action} (from {@link #ignore}), and frees it. */
    public static void set(int sig, ByteBuffer action) {
        try {
            assertEquals(0, JNI.invokePPI(sig, memAddress(action), NULL, sigaction()));
        } finally {
            MemoryUtil.memFree(action);
        }
    }
}
