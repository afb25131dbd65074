package io.omnicl.runtime.command;

import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.coherence.HostStore;
import io.omnicl.runtime.coherence.Storage;
import io.omnicl.runtime.completion.Completion;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One command enqueued on a queue that keeps {@code inFlight} commands not yet executed, as a queue's
 * ordering does it: each of the command's accesses registered, then the oldest command executed and its
 * accesses retired. Two streams: row blocks (each command reads all of A and its block of B, and writes its
 * block of C, as a block matrix product) and a Jacobi chain (each command reads one grid and writes the other).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HazardTrackerBenchmark {

    private static final long SIZE = 16L << 20;
    private static final int BLOCKS = 64;

    @Param({"4", "64"})
    int inFlight;

    private final Storage a = new Storage(new HostStore(SIZE), 3);
    private final Storage b = new Storage(new HostStore(SIZE), 3);
    private final Storage c = new Storage(new HostStore(SIZE), 3);

    private HazardTracker<Completion> tracker;
    /** The commands in flight, oldest at {@link #oldest}: each its completion and accesses. */
    private Completion[] executed;
    private Access[][] accesses;
    private int oldest;
    private long enqueued;

    @Setup
    public void emptyQueue() {
        tracker = new HazardTracker<>();
        executed = new Completion[inFlight];
        accesses = new Access[inFlight][];
        oldest = 0;
        enqueued = 0;
    }

    @Benchmark
    public int rowBlocks() {
        int block = (int) (enqueued % BLOCKS);
        long blockBytes = SIZE / BLOCKS;
        return enqueue(new Access(a, 0, SIZE, false),
                new Access(b, block * blockBytes, blockBytes, false),
                new Access(c, block * blockBytes, blockBytes, true));
    }

    @Benchmark
    public int jacobiChain() {
        boolean even = enqueued % 2 == 0;
        return enqueue(new Access(even ? a : b, 0, SIZE, false), new Access(even ? b : a, 0, SIZE, true));
    }

    /** Registers a new command's accesses, first executing the oldest in flight when the queue is full. */
    private int enqueue(Access... commandAccesses) {
        if (executed[oldest] != null) {
            executed[oldest].complete(0);
            for (Access old : accesses[oldest]) {
                tracker.retire(old, executed[oldest]);
            }
        }
        Completion command = new Completion();
        int waits = 0;
        for (Access access : commandAccesses) {
            List<Completion> earlier = tracker.register(access, command, command);
            waits += earlier.size();
        }
        executed[oldest] = command;
        accesses[oldest] = commandAccesses;
        oldest = (oldest + 1) % inFlight;
        enqueued++;
        return waits;
    }
}
