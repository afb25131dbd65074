package io.omnicl.backend.signals;

import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;

import java.nio.ByteBuffer;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.JNI;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.system.Platform;
import org.lwjgl.system.linux.DynamicLinkLoader;

/**
 * Keeps the JVM's signal handlers from LLVM's. PoCL, as it lists its devices, has LLVM put handlers of its own on
 * SIGSEGV, SIGBUS, SIGILL, SIGUSR2, SIGINT and others, each reset to the default action as it runs
 * ({@code SA_RESETHAND}): two Java threads that fault at once (a safepoint's poll) can then meet the default action,
 * and the JVM dies without an {@code hs_err} file. The handlers are read before the first OpenCL call
 * ({@link #readNow}); after each call that lists devices or starts a driver's compiler, {@link #putBack} puts back
 * those read for each signal whose handler now resets itself. The JVM's handlers never do, nor does PoCL's own SIGFPE
 * handler (which lets a kernel's integer division by zero go on), nor what a profiler or the program installs, so
 * those stay. Under the JVM's signal chaining (libjsig) the JVM's handlers for SIGSEGV, SIGBUS, SIGILL, SIGFPE,
 * SIGPIPE and SIGXFSZ stay in place anyway, and what is read and put back for those is only the chaining's record.
 * Linux only; elsewhere, or where a read fails (LWJGL's library does not load), nothing is done. Both backends call
 * it: the LWJGL backend, and the JOCL backend's classes that call the real JOCL (their loader lets this package
 * through).
 */
public final class JvmSignals {

    /** {@code dlsym}'s handle for the default search order. */
    private static final long RTLD_DEFAULT = 0;
    /** The standard signals, 1 to this. */
    private static final int LAST = 31;
    /** Room for one {@code struct sigaction} (152 bytes with glibc and musl on 64-bit Linux). */
    private static final int ACTION_BYTES = 256;
    /** Where {@code sa_flags} is in a {@code struct sigaction} (after the handler and a mask of 1024 bits). */
    private static final int FLAGS_OFFSET = 8 + 128;
    private static final int SA_RESETHAND = 0x80000000;
    static {
        skipHashChecks();
    }

    /** {@code sigaction} of the C library, or NULL where it is not used. */
    private static final long SIGACTION = sigaction();
    /** The handlers before the first OpenCL call, one action per signal (never freed: one per process), or null. */
    private static final ByteBuffer BEFORE = SIGACTION == NULL ? null : MemoryUtil.memCalloc((LAST + 1) * ACTION_BYTES);
    /** Whether each signal's handler was read and did not reset itself then: those are put back. */
    private static final boolean[] KEPT = readAll();

    private JvmSignals() {
    }

    /** Reads the handlers, once: before the first OpenCL call. */
    public static void readNow() {
        // the class's initialization reads them
    }

    /** Puts back the handler read at first for each signal whose handler now resets itself (LLVM's). */
    public static synchronized void putBack() {
        if (BEFORE == null) {
            return;
        }
        ByteBuffer now = MemoryUtil.memAlloc(ACTION_BYTES);
        try {
            for (int sig = 1; sig <= LAST; sig++) {
                if (KEPT[sig] && query(sig, memAddress(now)) && resetsItself(memAddress(now))) {
                    JNI.invokePPI(sig, before(sig), NULL, SIGACTION);
                }
            }
        } finally {
            MemoryUtil.memFree(now);
        }
    }

    /**
     * LWJGL hashes its own native library at load to warn of a jar and a library of different versions; OmniCL's jar
     * brings both, and the hash (of half a megabyte, before the JIT has compiled anything) is a good part of loading
     * LWJGL, which this class does first. A user's choice ({@code org.lwjgl.util.NoHashChecks}) stays.
     */
    private static void skipHashChecks() {
        if (System.getProperty(Configuration.DISABLE_HASH_CHECKS.getProperty()) == null) {
            Configuration.DISABLE_HASH_CHECKS.set(true);
        }
    }

    /** The C library's {@code sigaction} on Linux (by the default search, where signal chaining puts its own). */
    private static long sigaction() {
        if (Platform.get() != Platform.LINUX) {
            return NULL;
        }
        try (MemoryStack stack = MemoryStack.stackPush()) {
            return DynamicLinkLoader.ndlsym(RTLD_DEFAULT, memAddress(stack.ASCII("sigaction")));
        } catch (LinkageError noNativeLibrary) {
            return NULL;
        }
    }

    private static boolean[] readAll() {
        boolean[] kept = new boolean[LAST + 1];
        for (int sig = 1; BEFORE != null && sig <= LAST; sig++) {
            kept[sig] = query(sig, before(sig)) && !resetsItself(before(sig));
        }
        return kept;
    }

    /** The action read at first for {@code sig}. */
    private static long before(int sig) {
        return memAddress(BEFORE) + (long) sig * ACTION_BYTES;
    }

    private static boolean resetsItself(long action) {
        return (MemoryUtil.memGetInt(action + FLAGS_OFFSET) & SA_RESETHAND) != 0;
    }

    private static boolean query(int sig, long into) {
        return JNI.invokePPI(sig, NULL, into, SIGACTION) == 0;
    }
}
