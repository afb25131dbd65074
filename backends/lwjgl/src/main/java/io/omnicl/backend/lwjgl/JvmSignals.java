package io.omnicl.backend.lwjgl;

import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;

import java.nio.ByteBuffer;
import org.lwjgl.system.JNI;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.system.Platform;
import org.lwjgl.system.linux.DynamicLinkLoader;

/**
 * Keeps the JVM's signal handlers from the OpenCL drivers' libraries. PoCL's LLVM, loaded by the ICD loader even where
 * no PoCL device is used, puts handlers of its own on SIGSEGV, SIGBUS, SIGILL, SIGUSR2 and others, each reset to the
 * default action as it runs: two Java threads that fault at once (a safepoint's poll, an implicit null check) can then
 * meet the default action, and the JVM dies without an {@code hs_err} file. The handlers are read before the first
 * OpenCL call ({@link #readNow}), and put back after each call that loads a driver or starts its compiler
 * ({@link #putBack}). SIGFPE stays the driver's: PoCL's handler lets a kernel's integer division by zero go on, as a
 * GPU does. Under the JVM's signal chaining (libjsig) the JVM's handlers stay in place anyway: there a driver's
 * handler is only recorded for chaining, and putting back drops that record. Linux only; elsewhere nothing is done.
 */
final class JvmSignals {

    /** {@code dlsym}'s handle for the default search order. */
    private static final long RTLD_DEFAULT = 0;
    private static final int SIGFPE = 8;
    private static final int SIGKILL = 9;
    private static final int SIGSTOP = 19;
    /** The standard signals, 1 to this. */
    private static final int LAST = 31;
    /** Room for one {@code struct sigaction} (152 bytes with glibc on 64-bit Linux). */
    private static final int ACTION_BYTES = 256;
    /** {@code sigaction} of the C library, or NULL where it is not used. */
    private static final long SIGACTION = sigaction();
    /** The handlers before the first OpenCL call, one action per signal (never freed: one per process). */
    private static final ByteBuffer JVMS = SIGACTION == NULL ? null : readAll();

    private JvmSignals() {
    }

    /** Reads the JVM's handlers, once: before the first OpenCL call. */
    static void readNow() {
        // the class's initialization reads them
    }

    /** Puts back each handler (but SIGFPE's) that is no longer the JVM's. */
    static synchronized void putBack() {
        if (JVMS == null) {
            return;
        }
        ByteBuffer now = MemoryUtil.memAlloc(ACTION_BYTES);
        try {
            for (int sig = 1; sig <= LAST; sig++) {
                if (sig == SIGFPE || sig == SIGKILL || sig == SIGSTOP) {
                    continue;
                }
                long jvms = memAddress(JVMS) + (long) sig * ACTION_BYTES;
                if (query(sig, memAddress(now)) && handler(memAddress(now)) != handler(jvms)) {
                    JNI.invokePPI(sig, jvms, NULL, SIGACTION);
                }
            }
        } finally {
            MemoryUtil.memFree(now);
        }
    }

    /** The C library's {@code sigaction} on Linux (through the default search, where signal chaining puts its own). */
    private static long sigaction() {
        if (Platform.get() != Platform.LINUX) {
            return NULL;
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            return DynamicLinkLoader.ndlsym(RTLD_DEFAULT, memAddress(stack.ASCII("sigaction")));
        }
    }

    private static ByteBuffer readAll() {
        ByteBuffer all = MemoryUtil.memCalloc((LAST + 1) * ACTION_BYTES);
        for (int sig = 1; sig <= LAST; sig++) {
            query(sig, memAddress(all) + (long) sig * ACTION_BYTES);
        }
        return all;
    }

    /** The handler of the action at {@code action} ({@code sa_handler}, the struct's first field). */
    private static long handler(long action) {
        return MemoryUtil.memGetAddress(action);
    }

    private static boolean query(int sig, long into) {
        return JNI.invokePPI(sig, NULL, into, SIGACTION) == 0;
    }
}
