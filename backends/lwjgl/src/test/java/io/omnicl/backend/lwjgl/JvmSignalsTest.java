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
 * A handler that resets itself ({@code SA_RESETHAND}, as LLVM's do) is replaced by the one read before the first
 * OpenCL call; another (PoCL's own SIGFPE handler, a profiler's) stays. The test plays the library: it sets SIGUSR1,
 * which nothing sends during the test and the JVM's signal chaining does not manage, to {@code SIG_IGN} for a moment.
 */
@EnabledOnOs(OS.LINUX)
class JvmSignalsTest {

    private static final int SIGUSR1 = 10;
    private static final long SIG_IGN = 1;
    private static final int SA_RESETHAND = 0x80000000;
    private static final int ACTION_BYTES = 256;
    /** Where {@code sa_flags} is in a {@code struct sigaction}. */
    private static final int FLAGS_OFFSET = 136;

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

    /**
     * Sets {@code sig}'s handler to {@code SIG_IGN} with {@code flags}; returns its action before, to set back with
     * {@link #set}.
     */
    private static ByteBuffer ignore(int sig, int flags) {
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

    private static void set(int sig, ByteBuffer action) {
        try {
            assertEquals(0, JNI.invokePPI(sig, memAddress(action), NULL, sigaction()));
        } finally {
            MemoryUtil.memFree(action);
        }
    }

    @Test
    void aHandlerThatResetsItselfIsReplacedByTheOneReadAtFirst() {
        JvmSignals.readNow();
        long first = handlerOf(SIGUSR1);
        ByteBuffer before = ignore(SIGUSR1, SA_RESETHAND);
        try {
            assertEquals(SIG_IGN, handlerOf(SIGUSR1));
            JvmSignals.putBack();
            assertEquals(first, handlerOf(SIGUSR1));
        } finally {
            set(SIGUSR1, before);
        }
    }

    @Test
    void aHandlerThatDoesNotResetItselfStays() {
        JvmSignals.readNow();
        ByteBuffer before = ignore(SIGUSR1, 0);
        try {
            JvmSignals.putBack();
            assertEquals(SIG_IGN, handlerOf(SIGUSR1));
        } finally {
            set(SIGUSR1, before);
        }
        assertNotEquals(SIG_IGN, handlerOf(SIGUSR1));
    }
}
