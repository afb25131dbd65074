package io.omnicl.runtime;

import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.runtime.config.Config;
import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.DeviceCounters;
import io.omnicl.runtime.config.FaultSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real devices failing as {@code OMNICL_FAULTS} makes them, over two PoCL devices with the second one
 * failing: the virtual device retries elsewhere and gets every result right, a pinned device reports the
 * error, and a lost device is no longer used.
 */
class FaultTest {

    @TempDir
    Path models;

    /** An engine whose eager scheduler lets the failing device take work as soon as it is idle. */
    private RuntimeDriver engine(String faults) {
        return new RuntimeDriver(Config.defaults().withScheduler("eager").withPerfModelDir(models.toString())
                .withFaults(FaultSpec.parse(faults)));
    }

    /** A blocking write then read of {@code data} through a buffer, on {@code device}. */
    private static byte[] roundTrip(RuntimeDriver engine, ClDevice device, byte[] data) {
        ClContext context = engine.platforms().get(0).createContext(List.of(device), new long[0]);
        ClQueue queue = context.createQueue(device, 0);
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, data.length, null);
        try {
            queue.writeBuffer(buffer, true, 0, data.length, new Bytes(data), List.of()).release();
            // a fill on the device, so that the read must come back from it
            queue.fillBuffer(buffer, new byte[] {7}, 0, 16, List.of()).release();
            byte[] back = new byte[data.length];
            queue.readBuffer(buffer, true, 0, back.length, new Bytes(back), List.of()).release();
            return back;
        } finally {
            buffer.release();
            queue.release();
            context.release();
        }
    }

    @Test
    void theVirtualDeviceRetriesWhatAFailingDeviceFails() {
        RuntimeDriver engine = engine("device=1,rate=1,seed=5");
        Workload.runIndependentTasks(engine, Workload.device(engine, 0));
        DeviceCounters failing = engine.counters().get(1);
        assertTrue(failing.failures() > 0, "the failing device was given work: " + failing);
        assertFalse(failing.lost());
        assertEquals(0, engine.counters().get(0).failures());
    }

    @Test
    void aPinnedDeviceReportsItsDevicesError() {
        RuntimeDriver engine = engine("device=1,rate=1,seed=5");
        ClDevice pinned = Workload.device(engine, 2);
        ClContext context = engine.platforms().get(0).createContext(List.of(pinned), new long[0]);
        ClQueue queue = context.createQueue(pinned, 0);
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 64, null);
        int status = queue.fillBuffer(buffer, new byte[] {1}, 0, 64, List.of()).await();
        assertEquals(OpenClConstants.CL_OUT_OF_RESOURCES, status);
        assertTrue(engine.counters().get(1).failures() > 0);
        buffer.release();
        queue.release();
        context.release();
        // the other pinned device is unaffected
        byte[] data = new byte[64];
        data[40] = 3;
        byte[] expected = data.clone();
        java.util.Arrays.fill(expected, 0, 16, (byte) 7);
        assertArrayEquals(expected, roundTrip(engine, Workload.device(engine, 1), data));
    }

    @Test
    void aLostDeviceIsNoLongerUsedAndNothingIsLost() {
        RuntimeDriver engine = engine("device=1,rate=0,seed=1,lose-after=3");
        Workload.runIndependentTasks(engine, Workload.device(engine, 0));
        DeviceCounters lost = engine.counters().get(1);
        assertTrue(lost.lost(), "the device was lost: " + lost);
        long failuresBefore = lost.failures();
        Workload.runIndependentTasks(engine, Workload.device(engine, 0));
        assertEquals(failuresBefore, engine.counters().get(1).failures(), "nothing more was placed there");
        ClDevice pinned = Workload.device(engine, 2);
        ClContext context = engine.platforms().get(0).createContext(List.of(pinned), new long[0]);
        ClQueue queue = context.createQueue(pinned, 0);
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 64, null);
        assertEquals(OpenClConstants.CL_DEVICE_NOT_AVAILABLE, queue.fillBuffer(buffer, new byte[] {1}, 0, 64, List.of()).await());
        buffer.release();
        queue.release();
        context.release();
    }
}
