package io.omnicl.runtime.graph;

import org.junit.jupiter.api.Test;

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
        assertEquals(-14, all.await());
    }

    @Test
    void awaitReturnsOnceAnotherThreadCompletes() throws Exception {
        Completion c = new Completion();
        AtomicInteger got = new AtomicInteger(1);
        Thread waiter = new Thread(() -> got.set(c.await()));
        waiter.start();
        c.complete(0);
        waiter.join();
        assertEquals(0, got.get());
    }
}
