package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Where the bytes a buffer of the virtual device is made from, or first written with, go at once: to each device
 * that may read them (none measured yet, so all of them), but once only to those whose transfers are not staged
 * (their memory is the host's: the fake CPUs, not the fake GPUs).
 */
class NewDataHomesTest {

    private static final int SIZE = 4096;

    private final RuntimeDriver engine = new RuntimeDriver(Config.defaults(), new FakeBackend(FakeConfig.builder()
            .device(DeviceSpec.gpu("fake gpu 1"))
            .device(DeviceSpec.cpu("fake cpu 1"))
            .device(DeviceSpec.gpu("fake gpu 2"))
            .device(DeviceSpec.cpu("fake cpu 2"))
            .build()));
    private final List<ClDevice> devices = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL);

    private long bit(int device) {
        return ((Device) devices.get(device)).nodeMask();
    }

    @Test
    void aBufferMadeFromDataGoesToEachGpuAndToOneOfTheDevicesSharingTheHostsMemory() {
        ClContext context = engine.platforms().get(0).createContext(List.of(devices.get(0)), new long[0]);
        byte[] data = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            data[i] = (byte) (i * 7);
        }
        ClMem made = context.createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, new Bytes(data));
        assertEquals(bit(1) | bit(2) | bit(3), ((MemObject) made).storage().map().holdersOfAll(0, SIZE),
                "both GPUs and the first CPU");
        byte[] back = new byte[SIZE];
        context.createQueue(devices.get(4), 0).readBuffer(made, true, 0, SIZE, new Bytes(back), List.of()).release();
        assertArrayEquals(data, back, "the other CPU reads them all the same");
    }

    /**
     * Once launches have been cut across devices, a blocking write of all of a new buffer on the virtual device's queue
     * is its first content: it goes to each GPU, as the bytes of a buffer made from data. Before, and for a second
     * write, it goes to one of them.
     */
    @Test
    void aFirstWriteOfAllOfANewBufferGoesToEachGpuOnceLaunchesAreCut() {
        FillProgram p = FillProgram.onTwoGpus();
        byte[] data = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            data[i] = (byte) (i * 5);
        }
        ClMem before = p.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, SIZE, null);
        p.queue().writeBuffer(before, true, 0, SIZE, new Bytes(data), List.of()).release();
        assertEquals(1, Long.bitCount(holders(before)), "one GPU, before any launch was cut");
        p.launchOnce();
        assertEquals(1, p.engine().launchSplits().split());
        ClMem after = p.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, SIZE, null);
        p.queue().writeBuffer(after, true, 0, SIZE, new Bytes(data), List.of()).release();
        assertEquals(2, Long.bitCount(holders(after)), "both GPUs");
        data[0] = 42;
        p.queue().writeBuffer(after, true, 0, SIZE, new Bytes(data), List.of()).release();
        assertEquals(1, Long.bitCount(holders(after)), "one GPU, for a second write");
        byte[] back = new byte[SIZE];
        p.queue().readBuffer(after, true, 0, SIZE, new Bytes(back), List.of()).release();
        assertArrayEquals(data, back, "the second write's bytes");
        before.release();
        after.release();
        p.release();
    }

    /** A first write of part of a new buffer, once launches have been cut, goes to one GPU: only its bytes, in place. */
    @Test
    void aFirstWriteOfPartOfANewBufferGoesToOneGpu() {
        FillProgram p = FillProgram.onTwoGpus();
        p.launchOnce();
        byte[] half = new byte[SIZE / 2];
        for (int i = 0; i < half.length; i++) {
            half[i] = (byte) (i * 3 + 1);
        }
        ClMem m = p.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, SIZE, null);
        p.queue().writeBuffer(m, true, SIZE / 2, SIZE / 2, new Bytes(half), List.of()).release();
        assertEquals(1, Long.bitCount(((MemObject) m).storage().map().holdersOfAll(SIZE / 2, SIZE / 2)), "one GPU");
        byte[] back = new byte[SIZE / 2];
        p.queue().readBuffer(m, true, SIZE / 2, SIZE / 2, new Bytes(back), List.of()).release();
        assertArrayEquals(half, back, "the written half, in place");
        m.release();
        p.release();
    }

    private static long holders(ClMem m) {
        return ((MemObject) m).storage().map().holdersOfAll(0, SIZE);
    }
}
