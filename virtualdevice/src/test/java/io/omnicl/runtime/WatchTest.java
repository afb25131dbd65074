package io.omnicl.runtime;

import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.runtime.config.Config;
import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Threads that watch before they block ({@code OMNICL_WATCH}): a device's worker watching for new work while
 * its commands run and before it parks, the program watching for its events. Watched at 1 us (the worker
 * parks between almost every command) and at 200 us (it rarely does), no wake-up may be lost and no command
 * seen to end early: a program that waits for each launch in turn, or enqueues each as the one before is
 * submitted, gets every increment. (A lost wake-up shows as a park's 200 ms fallback per launch, a minute in
 * all: the timeout is there for that.)
 */
@Timeout(30)
class WatchTest {

    private static final int ITEMS = 1024;
    private static final int LAUNCHES = 300;

    @TempDir
    Path models;

    /** An in-order queue on the first real device, with the program built, watching for {@code micros}. */
    private record Setup(ClContext context, ClQueue queue, ClProgram program, ClMem buffer) {

        static Setup open(Path models, int micros) {
            RuntimeDriver engine = new RuntimeDriver(Config.defaults().withPerfModelDir(models.toString()).withWatch(micros));
            ClDevice device = Workload.device(engine, 1);
            ClContext context = engine.platforms().get(0).createContext(List.of(device), new long[0]);
            ClQueue queue = context.createQueue(device, 0);
            ClProgram program = context.createProgram(Workload.INCREMENT);
            program.build(List.of(), "", null);
            ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
            queue.fillBuffer(buffer, new byte[4], 0, 4L * ITEMS, List.of()).release();
            return new Setup(context, queue, program, buffer);
        }

        ClEvent increment(List<ClEvent> after) {
            ClKernel inc = program.createKernel("inc");
            inc.setArg(0, 8, buffer);
            ClEvent e = queue.ndRange(inc, 1, null, new long[] {ITEMS}, null, after);
            inc.release();
            return e;
        }

        /** Reads the buffer (a blocking read, itself a wait) and checks that every element is {@code times}. */
        void assertIncremented(int times) {
            byte[] bytes = new byte[4 * ITEMS];
            queue.readBuffer(buffer, true, 0, bytes.length, new Bytes(bytes), List.of()).release();
            ByteBuffer view = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
            for (int i = 0; i < ITEMS; i++) {
                assertEquals(times, view.getInt(4 * i), "element " + i);
            }
        }

        void close() {
            buffer.release();
            program.release();
            queue.release();
            context.release();
        }
    }

    @ParameterizedTest(name = "OMNICL_WATCH={0}")
    @ValueSource(ints = {1, 200})
    void eachLaunchWaitedForInTurnSeesTheOneBefore(int micros) {
        Setup s = Setup.open(models, micros);
        for (int k = 0; k < LAUNCHES; k++) {
            ClEvent e = s.increment(List.of());
            assertEquals(OpenClConstants.CL_COMPLETE, e.await(), "launch " + k);
            e.release();
            if (k % 50 == 49) {
                s.assertIncremented(k + 1);
            }
        }
        s.close();
    }

    @ParameterizedTest(name = "OMNICL_WATCH={0}")
    @ValueSource(ints = {1, 200})
    void launchesEnqueuedOneByOneBehindEachOtherAllRun(int micros) {
        Setup s = Setup.open(models, micros);
        ClEvent previous = s.increment(List.of());
        for (int k = 1; k < LAUNCHES; k++) {
            ClEvent e = s.increment(List.of(previous));
            previous.release();
            previous = e;
        }
        s.queue().finish();
        assertEquals(OpenClConstants.CL_COMPLETE, previous.status());
        previous.release();
        s.assertIncremented(LAUNCHES);
        s.close();
    }
}
