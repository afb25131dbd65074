package io.omnicl.runtime.completion;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompletionTest {

    @Test
    void listenersRunOnceWithTheFirstStatus() {
        Completion c = new Completion();
        List<Integer> seen = new ArrayList<>();
        c.onDone(seen::add);
        assertTrue(c.complete(-5));
        assertFalse(c.complete(0));
        c.onDone(seen::add);
        assertEquals(List.of(-5, -5), seen);
    }

    @Test
    void listenersCompletedFromAListenerRunAfterItInTheOrderTheyCameIn() {
        // more queued at once than the trampoline's first ring holds, some queuing more as they run
        Completion outer = new Completion();
        List<Integer> seen = new ArrayList<>();
        List<Completion> inner = new ArrayList<>();
        List<Integer> expected = new ArrayList<>(List.of(0, 1));
        for (int i = 0; i < 40; i++) {
            Completion c = new Completion();
            Completion further = new Completion();
            int n = i;
            c.onDone(s -> {
                seen.add(100 + n);
                if (n % 2 == 0) {
                    further.complete(s);
                }
            });
            further.onDone(s -> seen.add(200 + n));
            inner.add(c);
            expected.add(100 + i);
        }
        for (int i = 0; i < 40; i += 2) {
            expected.add(200 + i);
        }
        expected.add(2);
        outer.onDone(s -> {
            seen.add(0);
            inner.forEach(c -> c.complete(0));
            seen.add(1);
        });
        outer.onDone(s -> seen.add(2));
        outer.complete(0);
        assertEquals(expected, seen);
    }

    @Test
    void aLongChainCompletesWithoutDeepRecursion() {
        int length = 200_000;
        Completion first = new Completion();
        Completion previous = first;
        for (int i = 0; i < length; i++) {
            Completion next = new Completion();
            previous.onDone(next::complete);
            previous = next;
        }
        first.complete(0);
        assertTrue(previous.isDone());
        assertEquals(0, previous.status());
    }

    @Test
    void allEndsWithTheFirstFailureAfterEveryPart() {
        Completion a = new Completion();
        Completion b = new Completion();
        Completion all = Completion.all(List.of(a, b));
        a.complete(-14);
        assertFalse(all.isDone());
        b.complete(0);
        assertEquals(-14, all.await(0));
    }

    @ParameterizedTest(name = "watching {0} ns first")
    @ValueSource(longs = {0, 1_000, 10_000_000_000L})
    void awaitReturnsOnceAnotherThreadCompletes(long watchNanos) throws Exception {
        Completion c = new Completion();
        AtomicInteger got = new AtomicInteger(1);
        Thread waiter = new Thread(() -> got.set(c.await(watchNanos)));
        waiter.start();
        c.complete(-5);
        waiter.join();
        assertEquals(-5, got.get());
    }

    @Test
    void awaitBlocksOnceItHasWatchedAndWakesOnCompletion() throws Exception {
        Completion c = new Completion();
        AtomicInteger got = new AtomicInteger(1);
        Thread waiter = new Thread(() -> got.set(c.await(1_000)));
        waiter.start();
        while (waiter.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        c.complete(0);
        waiter.join();
        assertEquals(0, got.get());
    }
}
