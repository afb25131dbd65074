package io.omnicl.runtime.completion;

import io.omnicl.runtime.completion.Completion;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * A completion's life on one thread: listeners registered while pending and called when it ends, an all-of
 * over several parts, and a chain in which each listener ends the next completion (the trampoline's loop).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CompletionBenchmark {

    private static final int CHAIN = 64;

    /** How many listeners, or parts of an all-of. */
    @State(Scope.Thread)
    public static class FanIn {
        @Param({"1", "16"})
        int n;
    }

    private long statuses;
    private final IntConsumer sum = s -> statuses += s;

    /** {@code n} listeners on one completion, called as it ends. */
    @Benchmark
    public long completeWithListeners(FanIn fanIn) {
        Completion c = new Completion();
        for (int i = 0; i < fanIn.n; i++) {
            c.onDone(sum);
        }
        c.complete(0);
        return statuses;
    }

    /** An all-of over {@code n} pending parts, with a listener, ended as its parts end one by one. */
    @Benchmark
    public long allOf(FanIn fanIn) {
        List<Completion> parts = new ArrayList<>(fanIn.n);
        for (int i = 0; i < fanIn.n; i++) {
            parts.add(new Completion());
        }
        Completion all = Completion.all(parts);
        all.onDone(sum);
        for (Completion p : parts) {
            p.complete(0);
        }
        return statuses;
    }

    /** A chain of dependent completions, each ended by the listener of the one before, from its first. */
    @Benchmark
    public void chain(Blackhole bh) {
        Completion first = new Completion();
        Completion previous = first;
        for (int i = 1; i < CHAIN; i++) {
            Completion next = new Completion();
            previous.onDone(next::complete);
            previous = next;
        }
        first.complete(0);
        bh.consume(previous.isDone());
    }
}
