package io.omnicl.runtime.worker;

import io.omnicl.driver.HostMemory;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Threads for host-side work off the workers' threads (copies between the program's memory and staging,
 * uploads to several devices at once), made as needed and ended after a minute idle; and copies of the
 * program's memory split among them.
 */
public final class HostThreads {

    /** Bytes of the program's memory that one host thread copies, when a copy is split among several. */
    private static final int COPY_PIECE = 512 << 10;
    /** Host threads that one copy keeps busy at most: one per core. */
    private static final int COPY_THREADS = Runtime.getRuntime().availableProcessors();

    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "omnicl-host");
        t.setDaemon(true);
        return t;
    });

    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private HostThreads() {
    }

    /** Runs {@code work} on a host thread. */
    public static CompletableFuture<Void> run(Runnable work) {
        return CompletableFuture.runAsync(work, POOL);
    }

    /** Runs {@code work} on a host thread, for its result. */
    public static <T> CompletableFuture<T> supply(Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, POOL);
    }

    /** Copies the remaining bytes of {@code src} to {@code dst} as {@link #copy(List, List)} does. */
    public static CompletableFuture<Void> copy(ByteBuffer src, ByteBuffer dst) {
        return copy(List.of(src), List.of(dst));
    }

    /**
     * Copies the remaining bytes of each of {@code from} to the same-numbered buffer of {@code to} from its
     * position on, no position moving: in pieces, by at most one host thread per core at once, since one thread
     * copies at a fraction of what the memory can take. Small copies are done at once on the calling thread.
     * Done when the future is.
     */
    static CompletableFuture<Void> copy(List<ByteBuffer> from, List<ByteBuffer> to) {
        List<Runnable> pieces = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < from.size(); i++) {
            ByteBuffer src = from.get(i);
            ByteBuffer dst = to.get(i);
            int length = src.remaining();
            total += length;
            for (int at = 0; at < length; at += COPY_PIECE) {
                int part = Math.min(COPY_PIECE, length - at);
                ByteBuffer f = src.slice(src.position() + at, part);
                ByteBuffer t = dst.slice(dst.position() + at, part);
                pieces.add(() -> t.put(f));
            }
        }
        return inPieces(pieces, total);
    }

    /**
     * Copies {@code dst.remaining()} bytes of the program's memory from {@code offset} into {@code dst}, no
     * position moving, as {@link #copy(List, List)} does.
     */
    public static CompletableFuture<Void> fromUser(HostMemory user, long offset, ByteBuffer dst) {
        return betweenUser(user, offset, dst, false);
    }

    /** Copies the remaining bytes of {@code src} into the program's memory at {@code offset}, as {@link #fromUser}. */
    public static CompletableFuture<Void> toUser(ByteBuffer src, HostMemory user, long offset) {
        return betweenUser(user, offset, src, true);
    }

    private static CompletableFuture<Void> betweenUser(HostMemory user, long offset, ByteBuffer memory, boolean in) {
        int length = memory.remaining();
        if (length < 2 * COPY_PIECE) {
            ByteBuffer m = memory.duplicate();
            if (in) {
                user.copyIn(offset, m);
            } else {
                user.copyOut(offset, m);
            }
            return DONE;
        }
        List<Runnable> pieces = new ArrayList<>();
        for (int at = 0; at < length; at += COPY_PIECE) {
            ByteBuffer m = memory.slice(memory.position() + at, Math.min(COPY_PIECE, length - at));
            long userAt = offset + at;
            pieces.add(in ? () -> user.copyIn(userAt, m) : () -> user.copyOut(userAt, m));
        }
        return inPieces(pieces, length);
    }

    /** Runs {@code pieces} of a copy of {@code total} bytes, on host threads unless it is small. */
    private static CompletableFuture<Void> inPieces(List<Runnable> pieces, long total) {
        if (total < 2 * COPY_PIECE) {
            pieces.forEach(Runnable::run);
            return CompletableFuture.completedFuture(null);
        }
        AtomicInteger next = new AtomicInteger();
        CompletableFuture<?>[] threads = new CompletableFuture<?>[Math.min(pieces.size(), COPY_THREADS)];
        for (int k = 0; k < threads.length; k++) {
            threads[k] = run(() -> {
                for (int i = next.getAndIncrement(); i < pieces.size(); i = next.getAndIncrement()) {
                    pieces.get(i).run();
                }
            });
        }
        return CompletableFuture.allOf(threads);
    }
}
