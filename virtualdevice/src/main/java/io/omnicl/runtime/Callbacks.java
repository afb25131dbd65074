package io.omnicl.runtime;

import io.omnicl.runtime.completion.Log;
import io.omnicl.runtime.worker.ProgramThreads;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Level;

/**
 * Runs the user's callbacks (event, build, destructor) on one thread of their own, in the order they
 * became due, so that user code never runs on a device worker or inside a runtime lock.
 */
public final class Callbacks {

    private static final ExecutorService EXECUTOR = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "omnicl-callbacks");
        t.setDaemon(true);
        return t;
    });

    private Callbacks() {
    }

    public static void post(Runnable callback) {
        EXECUTOR.execute(() -> {
            try {
                callback.run();
            } catch (RuntimeException | Error e) {
                Log.LOG.log(Level.WARNING, "a user callback threw", e);
            } finally {
                // what a callback enqueued starts when it returns, as if it had flushed: chains of callbacks
                // rarely flush, and no other thread may come to a flush point for them
                ProgramThreads.flush();
            }
        });
    }
}
