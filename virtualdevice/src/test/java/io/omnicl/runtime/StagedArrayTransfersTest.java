package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import org.junit.jupiter.api.Test;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Transfers of Java arrays larger than all of a GPU's pinned slots together, on the fake backend's GPU (whose
 * transfers are staged): a blocking write goes straight to the device through a few slots used again and again,
 * a blocking read comes back through the slots and landing memory, and every byte arrives where it belongs.
 */
class StagedArrayTransfersTest {

    /** More than the 16 slots of 4 MiB hold, and not a whole number of slots. */
    private static final int SIZE = (72 << 20) + 123;

    private final RuntimeDriver engine = new RuntimeDriver(Config.defaults(),
            new FakeBackend(FakeConfig.builder().device(DeviceSpec.gpu("fake gpu")).build()));
    private final ClDevice gpu = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(1);
    private final ClContext context = engine.platforms().get(0).createContext(List.of(gpu), new long[0]);
    private final ClQueue queue = context.createQueue(gpu, 0);

    private static byte[] random(long seed) {
        byte[] b = new byte[SIZE];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    @Test
    void aLargeArrayWrittenAndReadBackArrivesWhole() {
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, SIZE, null);
        for (long seed = 1; seed <= 2; seed++) {
            byte[] data = random(seed);
            queue.writeBuffer(buffer, true, 0, SIZE, new Bytes(data), List.of()).release();
            assertEquals(CoherenceMap.bit(1), ((MemObject) buffer).storage().map().holdersOfAll(0, SIZE),
                    "the write went to the device, not to the host copy");
            byte[] back = new byte[SIZE];
            queue.readBuffer(buffer, true, 0, SIZE, new Bytes(back), List.of()).release();
            assertArrayEquals(data, back, "round " + seed);
        }
        assertEquals(2L * SIZE, engine.counters().get(0).bytesToDevice(), "each write uploaded once");
        buffer.release();
    }

    /**
     * A buffer made from an array larger than the slots one upload takes goes from the array through the GPU's pinned
     * slots, each used again, to the device, not to the host copy.
     */
    @Test
    void aLargeBufferMadeFromAnArrayArrivesWhole() {
        int size = (40 << 20) + 77;
        byte[] data = new byte[size];
        new SplittableRandom(5).nextBytes(data);
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE | OpenClConstants.CL_MEM_COPY_HOST_PTR,
                size, new Bytes(data));
        assertEquals(CoherenceMap.bit(1), ((MemObject) buffer).storage().map().holdersOfAll(0, size),
                "made on the device, not in the host copy");
        byte[] back = new byte[size];
        queue.readBuffer(buffer, true, 0, size, new Bytes(back), List.of()).release();
        assertArrayEquals(data, back);
        assertEquals(size, engine.counters().get(0).bytesToDevice(), "uploaded once");
        buffer.release();
    }

    /**
     * Where GPUs have no pinned memory (a backend that makes none), a buffer made from an array on two of them goes
     * through a few pieces' worth of memory of each upload's own, used again and again: the direct memory made on the
     * way stays under the buffer's size (memory of its own for every piece, for each GPU, would be twice it).
     */
    @Test
    void withoutPinnedMemoryABufferMadeFromAnArrayTakesLittleMemoryOnTheWay() {
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu")).device(DeviceSpec.gpu("fake gpu too")).build());
        backend.device(0).refusePinnedMemory();
        backend.device(1).refusePinnedMemory();
        RuntimeDriver two = new RuntimeDriver(Config.defaults(), backend);
        ClDevice virtual = two.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(0);
        ClContext both = two.platforms().get(0).createContext(List.of(virtual), new long[0]);
        ClQueue onBoth = both.createQueue(virtual, 0);
        ClMem first = both.createBuffer(OpenClConstants.CL_MEM_READ_WRITE | OpenClConstants.CL_MEM_COPY_HOST_PTR,
                1024, new Bytes(new byte[1024]));
        onBoth.finish();
        int size = 48 << 20;
        byte[] data = new byte[size];
        new SplittableRandom(6).nextBytes(data);
        BufferPoolMXBean direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(b -> b.getName().equals("direct")).findFirst().orElseThrow();
        long before = direct.getMemoryUsed();
        ClMem buffer = both.createBuffer(OpenClConstants.CL_MEM_READ_WRITE | OpenClConstants.CL_MEM_COPY_HOST_PTR,
                size, new Bytes(data));
        long made = direct.getMemoryUsed() - before;
        assertTrue(made < size, (made >> 20) + " MiB of direct memory made on the way");
        assertEquals(CoherenceMap.bit(1) | CoherenceMap.bit(2),
                ((MemObject) buffer).storage().map().holdersOfAll(0, size), "made on both GPUs");
        byte[] back = new byte[size];
        onBoth.readBuffer(buffer, true, 0, size, new Bytes(back), List.of()).release();
        assertArrayEquals(data, back);
        List.of(buffer, first, onBoth, both).forEach(o -> o.release());
    }

    @Test
    void aWriteIntoPartOfABufferLeavesTheRestAlone() {
        byte[] first = random(3);
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, SIZE, null);
        queue.writeBuffer(buffer, true, 0, SIZE, new Bytes(first), List.of()).release();
        int offset = (9 << 20) + 7;
        byte[] part = new byte[(33 << 20) + 5];
        new SplittableRandom(4).nextBytes(part);
        queue.writeBuffer(buffer, true, offset, part.length, new Bytes(part), List.of()).release();
        System.arraycopy(part, 0, first, offset, part.length);
        byte[] back = new byte[SIZE];
        queue.readBuffer(buffer, true, 0, SIZE, new Bytes(back), List.of()).release();
        assertArrayEquals(first, back);
        buffer.release();
    }
}
