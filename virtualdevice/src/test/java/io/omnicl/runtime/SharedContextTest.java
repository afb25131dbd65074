package io.omnicl.runtime;

import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.runtime.config.Config;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import io.omnicl.spi.suite.ClCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two fake GPUs of one platform opened in one real context ({@code OMNICL_SHARED_CONTEXT}): the edge rows a cut
 * launch's piece reads from the other GPU are uploaded waiting for their read's event on the devices, with no thread
 * waiting for the read in between; apart, the upload waits for the read to end on the host, and no command ever waits
 * for another context's event (the fake refuses one, as drivers do).
 */
class SharedContextTest {

    private static final int ITEMS = CutProgram.ITEMS;

    private static FakeBackend twoGpus() {
        return new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu too"))
                .kernel(Neighbours.KERNEL, Neighbours::next)
                .build());
    }

    /**
     * The second GPU's reads are held: shared, the first GPU's upload of the edge is enqueued (waiting for the held
     * read) before the read runs; apart, it is not, until the read has run. Both give the right result.
     */
    @ParameterizedTest(name = "shared {0}")
    @ValueSource(booleans = {true, false})
    void theEdgesUploadWaitsForItsReadOnTheDevicesWhereTheGpusShareAContext(boolean shared) {
        FakeBackend backend = twoGpus();
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE,
                Config.defaults().withSplit("always").withSharedContext(shared));
        int[] start = IntStream.range(0, ITEMS).map(i -> i % 7 + 1).toArray();
        ClMem a = p.buffer(start);
        ClMem b = p.buffer(new int[ITEMS]);
        ClMem c = p.buffer(new int[ITEMS]);
        ClKernel first = p.kernel(Neighbours.KERNEL, a, b);
        ClKernel second = p.kernel(Neighbours.KERNEL, b, c);
        p.launch(first).release();
        p.queue().finish();
        AtomicBoolean letGo = new AtomicBoolean();
        backend.device(1).holdReads(letGo::get);
        long readsBefore = backend.device(1).readsEnqueued();
        ClEvent launched = p.launch(second);
        p.queue().flush();
        awaitOrGiveUp(() -> backend.device(1).readsEnqueued() > readsBefore);
        if (shared) {
            awaitOrGiveUp(() -> backend.device(0).commandsWaitingOnOthers() > 0);
        }
        long waitingBeforeTheRead = backend.device(0).commandsWaitingOnOthers();
        letGo.set(true);
        p.queue().finish();
        int[] values = p.read(c, List.of());
        assertEquals(0, launched.status());
        assertEquals(2, p.engine().launchSplits().split(), "both launches were cut");
        assertEquals(shared, waitingBeforeTheRead > 0, "uploads enqueued on the first GPU before the held read ran");
        if (!shared) {
            assertEquals(0, backend.device(0).commandsWaitingOnOthers(), "apart, nothing waits across contexts");
        }
        assertArrayEquals(Neighbours.of(Neighbours.of(start)), values);
        launched.release();
        first.release();
        second.release();
        List.of(a, b, c).forEach(ClMem::release);
        p.release();
    }

    /**
     * The edge's read fails on the second GPU after the first GPU's upload was enqueued waiting for it: the upload
     * fails with it, the first GPU does not count the edge as its own, and the piece behind the upload fails; where
     * that piece may have overwritten bytes only its GPU held, the launch fails and says so (as where an upload
     * fails, shared or not). The next launch reads the edge again and ends well, with the right result.
     */
    @Test
    void aFailedReadOfTheEdgeFailsItsUploadAndTheNextLaunchMovesTheEdgeAgain() {
        FakeBackend backend = twoGpus();
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE,
                Config.defaults().withSplit("always").withSharedContext(true));
        int[] start = IntStream.range(0, ITEMS).map(i -> i % 5 + 2).toArray();
        ClMem a = p.buffer(start);
        ClMem b = p.buffer(new int[ITEMS]);
        ClMem c = p.buffer(new int[ITEMS]);
        ClKernel first = p.kernel(Neighbours.KERNEL, a, b);
        ClKernel second = p.kernel(Neighbours.KERNEL, b, c);
        p.launch(first).release();
        p.queue().finish();
        backend.device(1).failNextReads(1);
        ClEvent failed = p.launch(second);
        p.queue().finish();
        assertEquals(1, backend.device(1).injectedFailures(), "the edge's read failed");
        assertTrue(backend.device(0).commandsWaitingOnOthers() > 0, "an upload waited for it");
        int status = failed.status();
        ClEvent again = p.launch(second);
        p.queue().finish();
        int[] values = p.read(c, List.of());
        assertTrue(status == 0 || status == ClCodes.CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "status " + status);
        assertEquals(0, again.status());
        assertArrayEquals(Neighbours.of(Neighbours.of(start)), values);
        List.of(failed, again).forEach(ClEvent::release);
        first.release();
        second.release();
        List.of(a, b, c).forEach(ClMem::release);
        p.release();
    }

    /**
     * The second GPU's programs make kernels but name none (as NVIDIA's driver does for a program built for a shared
     * context's second GPU): its kernels are still made there by name, and launches are cut across both GPUs.
     */
    @Test
    void aGpuWhoseProgramsNameNoKernelsStillRunsItsPieces() {
        FakeBackend backend = twoGpus();
        backend.device(1).nameNoKernels(true);
        CutProgram p = CutProgram.on(backend, Neighbours.SOURCE,
                Config.defaults().withSplit("always").withSharedContext(true));
        int[] start = IntStream.range(0, ITEMS).map(i -> i % 3 + 1).toArray();
        ClMem a = p.buffer(start);
        ClMem b = p.buffer(new int[ITEMS]);
        ClKernel next = p.kernel(Neighbours.KERNEL, a, b);
        p.launch(next).release();
        p.queue().finish();
        assertEquals(1, p.engine().launchSplits().split(), "the launch was cut");
        assertTrue(backend.device(1).launches() > 0, "the second GPU ran its piece");
        assertArrayEquals(Neighbours.of(start), p.read(b, List.of()));
        next.release();
        List.of(a, b).forEach(ClMem::release);
        p.release();
    }

    /** Waits (ten seconds at most) until {@code done} says so. */
    private static void awaitOrGiveUp(BooleanSupplier done) {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!done.getAsBoolean() && System.nanoTime() < until) {
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
        }
    }
}
