package io.omnicl.runtime.coherence;

import io.omnicl.driver.HostMemory;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntConsumer;

/**
 * A real device's memory as the coherence rules drive it: the one thread that enqueues on its queues, its
 * staging memory, its counters. The device's worker implements it; coherence moves bytes only through here,
 * so it never sees how the worker runs. Methods marked "on the node's thread" are called only from tasks run
 * there ({@link #runOnThread}, {@link #runBeforeNextTask}, or a command the worker runs).
 */
public interface MemoryNode {

    /** The node's index among memory nodes (1..n; the host is 0). */
    int index();

    /** Bit {@link #index()} of a holders mask. */
    default long bit() {
        return CoherenceMap.bit(index());
    }

    /** The device's name, for messages. */
    String name();

    /** Whether the device has been lost: it holds nothing any more and runs nothing. */
    boolean isLost();

    /** The device's chunks and their limit. */
    DeviceMemory memory();

    /** The open device, for allocations. */
    DeviceSession session();

    /**
     * Whether {@code other}'s device is in this device's real context, so that a command enqueued here may wait for
     * {@code other}'s events.
     */
    default boolean sharesContextWith(MemoryNode other) {
        return session().sharesContextWith(other.session());
    }

    /** Whether commands are in flight; on the node's thread. */
    boolean hasInFlight();

    /** The device's queue: what is enqueued here runs behind everything before it; on the node's thread. */
    RealQueue queue();

    /**
     * Whether transfers on {@link #queue()} are made blocking ({@link RealQueue#readNow}): a program thread drives
     * the node and waits anyway. On the node's thread.
     */
    boolean transfersNow();

    /** The queue for uploads: a second queue of the device where its transfers are staged, else {@link #queue()}. */
    RealQueue inputQueue();

    /**
     * Makes what comes next on {@link #queue()} wait for {@code uploads}, enqueued on {@link #inputQueue()};
     * returns the marker that does so (to release), or null when none was needed. On the node's thread.
     */
    RealEvent orderBehindUploads(List<RealEvent> uploads);

    /**
     * Tracks an upload as a command of the node: {@code then} gets its status once {@code last} (the upload, or a
     * marker behind it on the device's queue) has ended; {@code others} are released with it. On the node's thread.
     */
    void trackUpload(String label, RealEvent upload, RealEvent last, List<RealEvent> others, IntConsumer then);

    /**
     * Tracks reads from the device as a command of the node: {@code then} gets their status once {@code last} has
     * ended; {@code others} are released with it. {@code behind}: they follow commands in flight. On the node's
     * thread.
     */
    void trackDownload(String label, RealEvent last, List<RealEvent> others, boolean behind, IntConsumer then);

    void countBytes(long bytes, boolean toDevice);

    void countFailure();

    /** A pinned slot of at least {@code bytes} for staging a transfer, or null when none is free or staged. */
    ByteBuffer takeStaging(long bytes);

    void giveStaging(ByteBuffer slot);

    /**
     * Host memory of exactly {@code bytes} for a read from this device to land in, kept from one read to the next
     * (fresh memory costs more to touch than the read itself); null where one Java buffer cannot hold that many.
     */
    ByteBuffer takeLanding(long bytes);

    /** Gives back memory from {@link #takeLanding} that nothing reads or writes any more. */
    void giveLanding(ByteBuffer memory);

    /** Copies {@code dst.remaining()} bytes of {@code src} from its start into {@code dst} on host threads. */
    CompletableFuture<Void> copyOnHostThreads(HostMemory src, ByteBuffer dst);

    /**
     * Uploads the first {@code length} bytes of {@code src} into {@code dst} from the calling thread, through staging
     * where there is (from a Java array, a slot's worth at a time); the status.
     */
    int uploadNow(RealBuffer dst, HostMemory src, long length);

    /** {@link #uploadNow} on a host thread. */
    CompletableFuture<Integer> upload(RealBuffer dst, HostMemory src, long length);

    /** Runs {@code task} on the node's thread. */
    void runOnThread(Runnable task);

    /** Runs {@code task} on the node's thread before any task it takes after this call. */
    void runBeforeNextTask(Runnable task);

    /**
     * {@link #runBeforeNextTask}, the node's thread woken at once rather than at the program's next flush point: work
     * that another device's command waits for (bytes relayed between devices), while the program thread that gets
     * here may be waiting for something else.
     */
    void runBeforeNextTaskNow(Runnable task);
}
