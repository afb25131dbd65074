package io.omnicl.runtime.worker;

import java.util.concurrent.TimeUnit;

/**
 * Counts the threads inside native OpenCL work (device workers, program builds). When the JVM exits,
 * native libraries run their exit handlers (LLVM's tear down its compiler); a worker still compiling or
 * running a kernel then crashes the process. A shutdown hook closes the gate and waits, for a bounded
 * time, until no thread is inside; threads that come to the gate after that stay parked until exit.
 */
public final class NativeGate {

    private static final Object LOCK = new Object();
    private static int inside;
    private static boolean closed;

    static {
        Thread hook = new Thread(() -> close(TimeUnit.SECONDS.toNanos(30)), "omnicl-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private NativeGate() {
    }

    /** Enters native work; never returns once the JVM is exiting. */
    public static void enter() {
        synchronized (LOCK) {
            while (closed) {
                try {
                    LOCK.wait();
                } catch (InterruptedException e) {
                    // exiting: stay out of native code
                }
            }
            inside++;
        }
    }

    public static void exit() {
        synchronized (LOCK) {
            inside--;
            LOCK.notifyAll();
        }
    }

    /** Closes the gate and waits up to {@code nanos} for the threads inside. */
    static void close(long nanos) {
        long deadline = System.nanoTime() + nanos;
        synchronized (LOCK) {
            closed = true;
            while (inside > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                try {
                    LOCK.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }
}
