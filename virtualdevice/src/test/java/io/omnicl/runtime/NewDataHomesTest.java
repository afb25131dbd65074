package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClQueue;
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
     * A blocking write of all of a new buffer on the virtual device's queue is its first content: it goes where the
     * bytes of a buffer made from data go. A second write goes to one of the devices holding the buffer.
     */
    @Test
    void aFirstWriteOfAllOfANewBufferGoesWhereDataOfANewBufferGoes() {
        ClContext context = engine.platforms().get(0).createContext(List.of(devices.get(0)), new long[0]);
        ClQueue queue = context.createQueue(devices.get(0), 0);
        byte[] data = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            data[i] = (byte) (i * 5);
        }
        ClMem made = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, SIZE, null);
        queue.writeBuffer(made, true, 0, SIZE, new Bytes(data), List.of()).release();
        assertEquals(bit(1) | bit(2) | bit(3), ((MemObject) made).storage().map().holdersOfAll(0, SIZE),
                "both GPUs and the first CPU");
        data[0] = 42;
        queue.writeBuffer(made, true, 0, SIZE, new Bytes(data), List.of()).release();
        assertEquals(1, Long.bitCount(((MemObject) made).storage().map().holdersOfAll(0, SIZE)), "one device");
        byte[] back = new byte[SIZE];
        context.createQueue(devices.get(4), 0).readBuffer(made, true, 0, SIZE, new Bytes(back), List.of()).release();
        assertArrayEquals(data, back, "the other CPU reads the second write's bytes");
    }
}
