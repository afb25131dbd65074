package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.omnicl.driver.OpenClConstants.CL_COMPLETE;
import static io.omnicl.driver.OpenClConstants.CL_EVENT_COMMAND_EXECUTION_STATUS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a program's thread does for the device workers (ProgramThreads): a thread that waits for its command
 * submits it itself, and work enqueued without a flush still runs, whichever way the program comes back for it.
 */
class ProgramThreadsTest {

    /** Rounds of write, launch, blocking read: more than the performance model times at first. */
    private static final int ROUNDS = 64;
    /** Launches in a row without a flush point: more than the wakes a worker holds and its window of commands. */
    private static final int FOLLOWING_LAUNCHES = 48;

    private final FakeBackend backend = new FakeBackend(FakeConfig.builder()
            .device(DeviceSpec.cpu("fake cpu"))
            .kernel(Increments.KERNEL, Increments::increment)
            .build());
    private final RuntimeDriver engine = new RuntimeDriver(Config.defaults(), backend);
    private final ClDevice device = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(1);
    private final ClContext context = engine.platforms().get(0).createContext(List.of(device), new long[0]);
    private final ClQueue queue = context.createQueue(device, 0);
    private final ClKernel inc;
    private final ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * Increments.ITEMS, null);

    ProgramThreadsTest() {
        ClProgram program = context.createProgram(Increments.SOURCE);
        program.build(List.of(), "", null);
        inc = program.createKernel(Increments.KERNEL);
        inc.setArg(0, 8, buffer);
    }

    private ClEvent launch() {
        return queue.ndRange(inc, 1, null, new long[] {Increments.ITEMS}, null, List.of());
    }

    private int[] read() {
        byte[] back = new byte[4 * Increments.ITEMS];
        queue.readBuffer(buffer, true, 0, back.length, new Bytes(back), List.of()).release();
        int[] values = new int[Increments.ITEMS];
        ByteBuffer.wrap(back).order(ByteOrder.nativeOrder()).asIntBuffer().get(values);
        return values;
    }

    private void write(int value) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * Increments.ITEMS).order(ByteOrder.nativeOrder());
        for (int i = 0; i < Increments.ITEMS; i++) {
            bytes.putInt(value);
        }
        queue.writeBuffer(buffer, true, 0, bytes.capacity(), new Bytes(bytes.array()), List.of()).release();
    }

    /** Queries {@code e}'s status until it is complete (a flush point that does not wait), for a minute at most. */
    private static void pollUntilComplete(ClEvent e, String what) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (ByteBuffer.wrap(e.info(CL_EVENT_COMMAND_EXECUTION_STATUS).bytes()).order(ByteOrder.nativeOrder())
                .getInt() != CL_COMPLETE) {
            assertTrue(System.nanoTime() < deadline, what + " never ended");
            Thread.onSpinWait();
        }
    }

    private static int[] filled(int value) {
        int[] v = new int[Increments.ITEMS];
        java.util.Arrays.fill(v, value);
        return v;
    }

    @Test
    void aThreadWaitingForItsLaunchSubmitsItItself() {
        for (int r = 0; r < ROUNDS; r++) {
            write(r);
            launch().release();
            assertArrayEquals(filled(r + 1), read(), "round " + r);
        }
        // the first rounds may find the device's thread still starting (it then runs them)
        assertTrue(backend.device(0).launchers().contains(Thread.currentThread().getName()),
                "the waiting thread enqueued launches itself: " + backend.device(0).launchers());
        assertTrue(backend.device(0).transfersNow() > 0, "and made its transfers blocking, as it waits anyway");
        assertTrue(backend.device(0).unprofiledLaunches() > 0, "on the queue without profiling, as it wants no times");
    }

    @Test
    void aLaunchReadyOnItsDeviceGoesToTheDriverFromTheEnqueuingThreadAtOnce() {
        int atOnce = 0;
        for (int r = 0; r < ROUNDS; r++) {
            write(r);
            long before = backend.device(0).enqueuedLaunches();
            ClEvent e = launch();
            // no flush point yet: only the enqueuing thread can have submitted it (unless the device's thread held
            // the device at that moment, still finishing what came before)
            if (backend.device(0).enqueuedLaunches() == before + 1) {
                atOnce++;
            }
            assertEquals(CL_COMPLETE, e.await());
            e.release();
            assertArrayEquals(filled(r + 1), read(), "round " + r);
        }
        assertTrue(atOnce > ROUNDS / 2, "launches submitted by the enqueue: " + atOnce + " of " + ROUNDS);
    }

    @Test
    void launchesThatFollowEachOtherRunInOrderWhenTheEnqueuingThreadSubmitsThem() {
        write(0);
        // each launch reads what the one before wrote: it follows it onto the device, and the read follows the last
        for (int i = 0; i < FOLLOWING_LAUNCHES; i++) {
            launch().release();
        }
        assertArrayEquals(filled(FOLLOWING_LAUNCHES), read());
    }

    @Test
    void aNonBlockingReadLeavesTheProgramThreadFreeWhileTheBytesMove() {
        write(9);
        long blocking = backend.device(0).transfersNow();
        byte[] back = new byte[4 * Increments.ITEMS];
        ClEvent e = queue.readBuffer(buffer, false, 0, back.length, new Bytes(back), List.of());
        assertEquals(blocking, backend.device(0).transfersNow(), "the enqueue made no blocking transfer");
        pollUntilComplete(e, "the read");
        e.release();
        int[] values = new int[Increments.ITEMS];
        ByteBuffer.wrap(back).order(ByteOrder.nativeOrder()).asIntBuffer().get(values);
        assertArrayEquals(filled(9), values);
    }

    @Test
    void aProfilingQueuesLaunchesKeepTheirDeviceTimesWhenTheProgramThreadDrives() {
        ClQueue profiling = context.createQueue(device, OpenClConstants.CL_QUEUE_PROFILING_ENABLE);
        for (int r = 0; r < ROUNDS; r++) {
            ClEvent e = profiling.ndRange(inc, 1, null, new long[] {Increments.ITEMS}, null, List.of());
            assertEquals(CL_COMPLETE, e.await());
            e.release();
        }
        assertEquals(0, backend.device(0).unprofiledLaunches(), "every launch went on the queue with profiling");
        profiling.release();
    }

    @Test
    void aLaunchNotFlushedRunsForAProgramPollingItsStatus() {
        write(5);
        ClEvent e = launch();
        pollUntilComplete(e, "the launch");
        e.release();
        assertArrayEquals(filled(6), read());
    }

    @Test
    void aLaunchNotFlushedRunsForAProgramWaitingForItsCallback() throws InterruptedException {
        write(7);
        ClEvent e = launch();
        CountDownLatch called = new CountDownLatch(1);
        e.addCallback(CL_COMPLETE, status -> called.countDown());
        assertTrue(called.await(1, TimeUnit.MINUTES), "the callback came");
        assertEquals(CL_COMPLETE, e.await());
        e.release();
        assertArrayEquals(filled(8), read());
    }

    @Test
    void launchesFlushedRunWhileTheProgramDoesOtherThings() {
        write(0);
        for (int i = 0; i < 3; i++) {
            launch().release();
        }
        queue.flush();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (backend.device(0).launches() < 3) {
            assertTrue(System.nanoTime() < deadline, "the launches never ran");
            Thread.onSpinWait();
        }
        assertArrayEquals(filled(3), read());
    }
}
