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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A kernel launched without a driver event (a launch behind others on its device) counts as ended only once a
 * later event of its queue has been waited for, never before. The device's waits for driver events go through a
 * turnstile one at a time ({@link WitnessBackend}); each time one arrives, every command of the chain that has
 * ended must be among the launches that the waits so far covered.
 */
class EventlessLaunchTest {

    private static final int LAUNCHES = 64;

    @TempDir
    Path models;

    /** With the machine's default watch (none on a small machine) and with the worker watching its device. */
    @ParameterizedTest(name = "OMNICL_WATCH={0}")
    @ValueSource(ints = {-1, 200})
    void aLaunchWithoutAnEventEndsOnlyAfterALaterEventIsWaitedFor(int watchMicros) {
        WitnessBackend backend = new WitnessBackend();
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withPerfModelDir(models.toString()).withWatch(watchMicros),
                backend);
        ClDevice device = Workload.device(engine, 1);
        ClContext context = engine.platforms().get(0).createContext(List.of(device), new long[0]);
        // out of order: only the wait lists order the chain, so each launch follows the one before on the device
        ClQueue queue = context.createQueue(device, OpenClConstants.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
        ClProgram program = context.createProgram(Workload.INCREMENT);
        program.build(List.of(), "", null);
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4 * 1024, null);
        launch(program, queue, buffer, null).release();
        queue.finish();

        backend.close();
        int first = backend.launched();
        ClEvent start = context.createUserEvent();
        List<ClEvent> chain = new ArrayList<>();
        ClEvent previous = start;
        for (int k = 0; k < LAUNCHES; k++) {
            previous = launch(program, queue, buffer, previous);
            chain.add(previous);
        }
        start.setUserStatus(OpenClConstants.CL_COMPLETE);
        // each time the device's thread comes to wait, what has ended must be covered by the waits that returned
        List<String> early = new ArrayList<>();
        int arrivals = 0;
        while (chain.get(LAUNCHES - 1).status() != OpenClConstants.CL_COMPLETE) {
            int now = backend.arrivalsAfter(arrivals, 30);
            assertTrue(now > arrivals, "the device's thread came to wait again");
            arrivals = now;
            for (int k = 0; k < LAUNCHES; k++) {
                if (chain.get(k).status() == OpenClConstants.CL_COMPLETE && first + k > backend.waitedFor()) {
                    early.add("command " + k + " ended when launches up to " + (backend.waitedFor() - first)
                            + " were waited for");
                }
            }
            backend.letOneThrough();
        }
        backend.open();
        queue.finish();
        assertEquals(List.of(), early);
        assertTrue(backend.withoutEvent() >= LAUNCHES / 4, "launches without an event: " + backend.withoutEvent());
        chain.forEach(ClEvent::release);
    }

    private static ClEvent launch(ClProgram program, ClQueue queue, ClMem buffer, ClEvent after) {
        ClKernel inc = program.createKernel("inc");
        inc.setArg(0, 8, buffer);
        ClEvent e = queue.ndRange(inc, 1, null, new long[] {1024}, null, after == null ? List.of() : List.of(after));
        inc.release();
        return e;
    }
}
