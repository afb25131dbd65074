package io.omnicl.runtime;

import io.omnicl.driver.ClError;
import io.omnicl.driver.ClEvent;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import io.omnicl.spi.fake.FakeDevice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A read right after a launch cut across fake GPUs takes each piece's bytes as the piece ends: it overlaps the pieces
 * still running, gets the launch's results also where a GPU fails now and then, and ends as a read after the launch
 * would where the launch fails or a GPU cannot take the reads.
 */
class EarlyReadTest {

    /**
     * A blocking read right after a launch cut across two GPUs takes each piece's bytes as the piece ends, while the
     * other GPU still runs its piece: the second GPU's first work-item waits (two seconds at most) until the first GPU
     * has had a read run, which only a read made before the launch has ended can be. So also where the read has the
     * launch's event in its wait list.
     */
    @ParameterizedTest(name = "launch's event in the wait list {0}")
    @ValueSource(booleans = {false, true})
    void aReadAfterACutLaunchTakesEachPiecesBytesAsThePieceEnds(boolean waitsForTheLaunchsEvent) {
        FakeBackend[] made = new FakeBackend[1];
        AtomicLong readsBefore = new AtomicLong(-1);
        AtomicBoolean held = new AtomicBoolean();
        AtomicBoolean waitedInVain = new AtomicBoolean();
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu, held"))
                .kernel(FillProgram.KERNEL, item -> {
                    FakeDevice first = made[0].device(0);
                    if (item.device() == made[0].device(1) && readsBefore.get() >= 0 && held.compareAndSet(false, true)) {
                        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                        while (first.readsRun() == readsBefore.get() && System.nanoTime() < until) {
                            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
                        }
                        waitedInVain.set(first.readsRun() == readsBefore.get());
                    }
                    FillProgram.fill(item);
                })
                .build());
        made[0] = backend;
        FillProgram p = FillProgram.on(backend);
        p.launchOnce();
        readsBefore.set(backend.device(0).readsRun());
        ClEvent launched = p.launch();
        int[] values = p.read(waitsForTheLaunchsEvent ? List.of(launched) : List.of());
        launched.release();
        assertArrayEquals(FillProgram.filled(), values);
        assertTrue(held.get(), "the second GPU ran a piece");
        assertFalse(waitedInVain.get(), "the first GPU's bytes were read only once the launch had ended");
        assertEquals(2, p.engine().launchSplits().split());
        p.release();
    }

    /**
     * Reads of a cut launch's pieces as they end, on two GPUs of which one fails some of its launches and transfers
     * (the reads among them): the results stay right, what could not be read so read again once the launch has ended.
     */
    @Test
    void piecesReadAsTheyEndStayRightWhileAGpuFails() {
        for (int seed = 1; seed <= 8; seed++) {
            FakeBackend backend = new FakeBackend(FakeConfig.builder()
                    .device(DeviceSpec.gpu("fake gpu"))
                    .device(DeviceSpec.gpu("fake gpu, failing").withFailures(0.3, seed))
                    .kernel(Increments.KERNEL, Increments::increment)
                    .build());
            RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always"), backend);
            Increments.assertIncremented(Increments.run(engine, 0, 1, 1), 1);
            assertTrue(backend.kernelErrors().isEmpty());
        }
    }

    /**
     * The launch fails (its first GPU's piece fails where that GPU alone held what it writes, so it is not tried
     * elsewhere) while the second GPU's bytes are on their way to the program: the read, with the launch's event in its
     * wait list, fails too, but only once they have landed, not after the call has returned and the program has its
     * memory back. The second GPU's reads are held until the call has returned, or for 300 ms after the launch failed.
     */
    @Test
    void aReadThatFailsWithItsLaunchHasWrittenAllItWillWhenItReturns() {
        AtomicBoolean failing = new AtomicBoolean();
        FakeBackend[] made = new FakeBackend[1];
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu too"))
                .kernel(FillProgram.KERNEL, item -> {
                    if (failing.get() && item.device() == made[0].device(0)) {
                        throw new IllegalStateException("the first piece fails");
                    }
                    FillProgram.fill(item);
                })
                .build());
        made[0] = backend;
        FillProgram p = FillProgram.on(backend);
        p.launchOnce();
        AtomicReference<ClEvent> launched = new AtomicReference<>();
        AtomicBoolean returned = new AtomicBoolean();
        AtomicLong failedSince = new AtomicLong();
        backend.device(1).holdReads(() -> {
            ClEvent e = launched.get();
            if (returned.get() || e == null || e.status() >= 0) {
                return returned.get();
            }
            failedSince.compareAndSet(0, System.nanoTime());
            return System.nanoTime() - failedSince.get() > TimeUnit.MILLISECONDS.toNanos(300);
        });
        failing.set(true);
        launched.set(p.launch());
        assertThrows(ClError.class, () -> p.read(List.of(launched.get())));
        long enqueued = backend.device(1).readsEnqueued();
        long run = backend.device(1).readsRun();
        returned.set(true);
        assertEquals(enqueued, run, "reads into the program's memory still on their way when the failed read returned");
        assertTrue(failedSince.get() != 0, "the second GPU's piece was read as it ended, and held past the failure");
        launched.get().release();
        p.release();
    }

    /**
     * A GPU that cannot make the queue its pieces' bytes would go on (out of resources) leaves the read to be made as
     * usual once the launch has ended: it neither hangs nor fails.
     */
    @Test
    void aReadWhoseGpusCannotMakeTheirDownloadsQueueIsMadeAsUsual() {
        FillProgram p = FillProgram.onTwoGpus();
        p.launchOnce();
        p.backend().device(0).failNewQueues(true);
        p.backend().device(1).failNewQueues(true);
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            p.launch().release();
            assertArrayEquals(FillProgram.filled(), p.read(List.of()));
            p.queue().finish();
        });
        p.release();
    }
}
