package io.omnicl.runtime.worker;

import io.omnicl.spi.EndedEvent;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When a part may go on a device's side queue, or a download on its downloads queue, beside its in-order queue. */
class InFlightWindowTest {

    /** An event whose status now is {@code status}, and which ends with {@code end} when waited for. */
    private record FixedEvent(int status, int end) implements RealEvent {
        @Override
        public int await() {
            return end;
        }

        @Override
        public long[] profile() {
            return null;
        }

        @Override
        public void release() {
        }
    }

    /** An event that has not ended. */
    private static final RealEvent RUNNING = new FixedEvent(1, 0);
    /** An event that ended in failure. */
    private static final RealEvent FAILED = new FixedEvent(-5, -5);
    /** An in-order queue that only takes flushes. */
    private static final RealQueue QUEUE = countingFlushes(new int[1]);

    /** An in-order queue that only takes flushes, counted in {@code flushes[0]}. */
    private static RealQueue countingFlushes(int[] flushes) {
        return (RealQueue) Proxy.newProxyInstance(RealQueue.class.getClassLoader(), new Class<?>[] {RealQueue.class},
                (proxy, method, args) -> {
                    if (!method.getName().equals("flush")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    flushes[0]++;
                    return null;
                });
    }

    private static Submitted part(Object owner, RealEvent event, boolean side) {
        return new Submitted("part", Trace.Kind.KERNEL, event, event, List.of(), List.of(), false, false, owner,
                side ? Lane.SIDE : Lane.IN_ORDER, (status, times) -> { });
    }

    /** Bytes of a piece that has ended, read on the downloads queue. */
    private static Submitted download(RealEvent event) {
        return new Submitted("read", Trace.Kind.DOWNLOAD, event, event, List.of(), List.of(), true, false, null,
                Lane.DOWNLOADS, (status, times) -> { });
    }

    @Test
    void aPartGoesBesideOnlyOtherPartsOfItsCommandTheNewestWithAnEvent() {
        Object launch = new Object();
        InFlightWindow window = new InFlightWindow();
        assertFalse(window.sideFreeFor(launch), "nothing in flight: the in-order queue is free");
        window.add(part(launch, RUNNING, false), QUEUE);
        assertTrue(window.sideFreeFor(launch));
        assertFalse(window.sideFreeFor(new Object()), "a part of another command");
        window.add(part(launch, RUNNING, true), QUEUE);
        assertFalse(window.sideFreeFor(launch), "one part on the side queue at a time");
        window.takeOldest();
        assertFalse(window.sideFreeFor(launch), "the side queue still busy");
        window.takeOldest();
        assertFalse(window.sideFreeFor(launch));
    }

    /**
     * A part whose uploads are in flight may have moved what the next part reads: that range counts as held on the
     * device once its upload is enqueued, and only the in-order queue waits for the upload.
     */
    @Test
    void notBesideAPartWhoseUploadsAreInFlight() {
        Object launch = new Object();
        InFlightWindow window = new InFlightWindow();
        window.add(new Submitted("part", Trace.Kind.KERNEL, RUNNING, RUNNING, List.of(RUNNING), List.of(), false,
                false, launch, Lane.IN_ORDER, (status, times) -> { }), QUEUE);
        assertFalse(window.sideFreeFor(launch));
    }

    @Test
    void notBesideWhatHasNoEventOfItsOwnNorBesideAnotherCommand() {
        Object launch = new Object();
        InFlightWindow withoutEvent = new InFlightWindow();
        withoutEvent.add(part(launch, RUNNING, false), QUEUE);
        withoutEvent.add(part(launch, null, false), QUEUE);
        assertFalse(withoutEvent.sideFreeFor(launch), "its end is known only from a later event of its queue");
        InFlightWindow mixed = new InFlightWindow();
        mixed.add(part(null, RUNNING, false), QUEUE);
        mixed.add(part(launch, RUNNING, false), QUEUE);
        assertFalse(mixed.sideFreeFor(launch), "a command the part is not ordered after");
        InFlightWindow ended = new InFlightWindow();
        ended.add(part(launch, EndedEvent.INSTANCE, false), QUEUE);
        assertFalse(ended.sideFreeFor(launch), "a blocking transfer: all in flight have ended");
    }

    /**
     * A download of what an ended piece wrote reads nothing that a part of its launch writes: a part may go beside
     * the parts in flight with it; yet a part does not go on the side queue with downloads alone in flight.
     */
    @Test
    void downloadsInFlightLeaveTheSideQueueToTheParts() {
        Object launch = new Object();
        InFlightWindow window = new InFlightWindow();
        window.add(part(launch, RUNNING, false), QUEUE);
        window.add(download(RUNNING), QUEUE);
        assertTrue(window.sideFreeFor(launch));
        window.takeOldest();
        assertFalse(window.sideFreeFor(launch), "only a download in flight: the in-order queue is free");
    }

    /**
     * A download goes on the downloads queue only where every command without an event of its own on the in-order
     * queue has a later event of that queue (its end is known from that one, never from the download's), and a
     * failed download fails nothing after it.
     */
    @Test
    void downloadsGoApartOnlyBehindAnEventOfTheInOrderQueue() {
        Object launch = new Object();
        InFlightWindow window = new InFlightWindow();
        assertTrue(window.apartFree());
        window.add(part(launch, null, false), QUEUE);
        assertFalse(window.apartFree(), "a command whose end only a later event of its queue tells");
        window.add(part(launch, RUNNING, false), QUEUE);
        assertTrue(window.apartFree());
        InFlightWindow failed = new InFlightWindow();
        failed.add(download(FAILED), QUEUE);
        failed.add(part(launch, RUNNING, false), QUEUE);
        assertTrue(failed.awaitEnd(failed.takeOldest(), QUEUE) < 0);
        assertFalse(failed.failing(), "the launch after the download is not failing");
    }

    /** The first command on an idle in-order queue goes to the device at once, also with downloads in flight. */
    @Test
    void theFirstCommandOnAnIdleInOrderQueueIsFlushedAlsoBesideDownloads() {
        int[] flushes = new int[1];
        RealQueue counting = countingFlushes(flushes);
        InFlightWindow window = new InFlightWindow();
        window.add(download(RUNNING), counting);
        assertEquals(0, flushes[0], "a download's queue is flushed where it is submitted");
        window.add(part(null, RUNNING, false), counting);
        assertEquals(1, flushes[0], "the in-order queue was idle");
        window.add(part(null, RUNNING, false), counting);
        assertEquals(1, flushes[0], "the ones after it go in bunches");
    }
}
