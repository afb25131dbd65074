package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeDevice;
import io.omnicl.spi.fake.FakeConfig;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runtime over the fake backend's devices, without OpenCL: the virtual device runs a Java kernel on them and
 * gets the results right, also while one of them fails some of its launches and transfers.
 */
class FakeDevicesTest {

    private static final String SOURCE = "__kernel void inc(__global int* a) { a[get_global_id(0)]++; }";
    private static final int ITEMS = 1024;

    /** The device made to fail, once there is one; the others' work-items wait for it (see {@link #letIn}). */
    private volatile FakeDevice failing;
    private final long waitUntil = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);

    /** A GPU, {@code second}, and a slower CPU, which run {@code inc}. */
    private FakeBackend backend(DeviceSpec second) {
        return new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(second)
                .device(DeviceSpec.cpu("fake cpu").withSpeed(4, 0.5))
                .kernel("inc", item -> {
                    letIn(item.device());
                    IntBuffer a = item.ints(0);
                    int i = (int) item.globalId(0);
                    a.put(i, a.get(i) + 1);
                })
                .build());
    }

    /**
     * Holds a work-item of a device other than {@link #failing} until that one has run or failed a launch or a
     * transfer (for a minute at most): the others, their first launches held, take no more work, which therefore
     * goes to it.
     */
    private void letIn(FakeDevice running) {
        FakeDevice f = failing;
        while (f != null && running != f && f.launches() + f.injectedFailures() == 0 && System.nanoTime() < waitUntil) {
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
        }
    }

    /**
     * On the virtual device, {@code buffers} buffers, the {@code b}-th holding {@code b * ITEMS, b * ITEMS + 1, ...},
     * each incremented {@code times} times; what they hold then.
     */
    private static List<int[]> incremented(RuntimeDriver engine, int buffers, int times) {
        ClDevice virtual = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(0);
        ClContext context = engine.platforms().get(0).createContext(List.of(virtual), new long[0]);
        ClQueue queue = context.createQueue(virtual, 0);
        ClProgram program = context.createProgram(SOURCE);
        program.build(List.of(), "", null);
        ClKernel inc = program.createKernel("inc");
        List<ClMem> memory = new ArrayList<>();
        for (int b = 0; b < buffers; b++) {
            ClMem m = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
            queue.writeBuffer(m, true, 0, 4L * ITEMS, new Bytes(ints(b * ITEMS)), List.of()).release();
            memory.add(m);
        }
        for (int t = 0; t < times; t++) {
            for (ClMem m : memory) {
                inc.setArg(0, 8, m);
                queue.ndRange(inc, 1, null, new long[] {ITEMS}, null, List.of()).release();
            }
        }
        List<int[]> results = new ArrayList<>();
        for (ClMem m : memory) {
            byte[] back = new byte[4 * ITEMS];
            queue.readBuffer(m, true, 0, back.length, new Bytes(back), List.of()).release();
            int[] values = new int[ITEMS];
            ByteBuffer.wrap(back).order(ByteOrder.nativeOrder()).asIntBuffer().get(values);
            results.add(values);
            m.release();
        }
        inc.release();
        program.release();
        queue.release();
        context.release();
        return results;
    }

    /** The bytes of {@code first, first + 1, ...}, {@link #ITEMS} of them. */
    private static byte[] ints(int first) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * ITEMS).order(ByteOrder.nativeOrder());
        IntStream.range(first, first + ITEMS).forEach(bytes::putInt);
        return bytes.array();
    }

    private static void assertIncremented(List<int[]> results, int times) {
        for (int b = 0; b < results.size(); b++) {
            int first = b * ITEMS + times;
            assertArrayEquals(IntStream.range(first, first + ITEMS).toArray(), results.get(b), "buffer " + b);
        }
    }

    private static long launches(FakeBackend backend) {
        return IntStream.range(0, 3).mapToLong(i -> backend.device(i).launches()).sum();
    }

    @Test
    void theVirtualDeviceRunsAJavaKernelOnFakeDevices() {
        FakeBackend backend = backend(DeviceSpec.gpu("fake gpu, slower").withSpeed(3, 0.2));
        RuntimeDriver engine = new RuntimeDriver(Config.defaults(), backend);
        assertEquals(4, engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).size(), "virtual and 3 pinned");
        assertIncremented(incremented(engine, 2, 5), 5);
        assertEquals(2 * 5, launches(backend), "each launch ran once, on a fake device");
        assertTrue(backend.kernelErrors().isEmpty());
    }

    @Test
    void resultsStayRightWhileADeviceFails() {
        // its first launch or transfer fails
        FakeBackend backend = backend(DeviceSpec.gpu("fake gpu, failing").withFailures(0.5, 21));
        failing = backend.device(1);
        // the eager scheduler gives a device work as soon as it has room: more buffers than the other two have room for
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withScheduler("eager").withResilient(true), backend);
        assertIncremented(incremented(engine, 3 * Config.defaults().maxInFlight(), 4), 4);
        assertTrue(backend.device(1).injectedFailures() > 0, "the failing device was given work");
        assertTrue(engine.counters().get(1).failures() > 0, "and the runtime saw it fail");
        assertTrue(backend.kernelErrors().isEmpty());
    }
}
