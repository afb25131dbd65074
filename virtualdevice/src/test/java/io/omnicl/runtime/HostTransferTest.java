package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.HostMemory;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.coherence.CoherenceMap;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.runtime.worker.DeviceWorker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where a write from the user's memory lands (also one at a buffer's creation), and where a read takes its
 * bytes from (over two PoCL devices): a direct buffer goes straight to or from the device that holds the
 * buffer, anything else through the host copy. The holders of the range tell which.
 */
class HostTransferTest {

    private static final int SIZE = 8192;

    private record Setup(RuntimeDriver runtime, ClContext context, List<ClDevice> devices) {

        static Setup open() {
            return open(Config.defaults());
        }

        static Setup open(Config config) {
            RuntimeDriver engine = new RuntimeDriver(config);
            List<ClDevice> devices = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL);
            return new Setup(engine, engine.platforms().get(0).createContext(devices, new long[0]), devices);
        }

        /** Two devices, the second {@code slower} times slower, both measured (each before its first command). */
        static Setup measured(double slower, Path models) {
            Setup s = open(Config.defaults().withThrottle(Map.of("1", slower)).withPerfModelDir(models.toString()));
            for (int device = 1; device <= 2; device++) {
                s.written(s.queue(device), Direct.of(data(1)));
            }
            return s;
        }

        /** A new buffer of the context of every device, written from {@code data} on {@code queue}. */
        ClMem written(ClQueue queue, HostMemory data) {
            return written(queue, data, true);
        }

        ClMem written(ClQueue queue, HostMemory data, boolean blocking) {
            ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, SIZE, null);
            queue.writeBuffer(buffer, blocking, 0, SIZE, data, List.of()).release();
            queue.finish();
            return buffer;
        }

        ClQueue queue(int device) {
            return context.createQueue(devices.get(device), 0);
        }

        /** A context of platform device {@code device} alone. */
        ClContext contextOf(int device) {
            return runtime.platforms().get(0).createContext(List.of(devices.get(device)), new long[0]);
        }

        /** The nodes holding all of {@code buffer}, as bits. */
        long holders(ClMem buffer) {
            return ((MemObject) buffer).storage().map().holdersOfAll(0, SIZE);
        }

        /** Holds the worker of platform device {@code device} (1 and up) until {@code release} counts down. */
        void holdWorker(int device, CountDownLatch release) throws InterruptedException {
            HeldWorker.hold(node(device).worker(), release);
        }

        /** The real device behind platform device {@code device} (1 and up). */
        DeviceNode node(int device) {
            return runtime.devices().nodes().stream().filter(n -> n.bit() == bit(device)).findFirst().orElseThrow();
        }

        /** The allocation holding {@code buffer} (of {@code size} bytes) on platform device {@code device}. */
        Object allocation(ClMem buffer, int device, int size) {
            return ((MemObject) buffer).storage().chunkCovering(node(device).memory(), 0, size).buffer();
        }

        /** The node bit of the real device behind platform device {@code device} (1 and up: pinned). */
        long bit(int device) {
            return ((Device) devices.get(device)).nodeMask();
        }
    }

    private static byte[] data(int seed) {
        byte[] data = new byte[SIZE];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * seed + 3);
        }
        return data;
    }

    private static byte[] read(ClQueue queue, ClMem buffer) {
        byte[] back = new byte[SIZE];
        queue.readBuffer(buffer, true, 0, SIZE, new Bytes(back), List.of()).release();
        return back;
    }

    @Test
    void aDirectBufferWrittenOnAPinnedQueueGoesStraightToItsDevice() {
        writtenOnAPinnedQueueGoesStraightToItsDevice(data(7), Direct::of);
    }

    @Test
    void anArrayWrittenBlockingOnAPinnedQueueGoesStraightToItsDevice() {
        writtenOnAPinnedQueueGoesStraightToItsDevice(data(5), Bytes::new);
    }

    /** {@code data}, given as {@code source} makes it, written blocking on device 2's queue. */
    private static void writtenOnAPinnedQueueGoesStraightToItsDevice(byte[] data,
                                                                     Function<byte[], HostMemory> source) {
        Setup s = Setup.open();
        ClQueue pinned = s.queue(2);
        ClMem buffer = s.written(pinned, source.apply(data));
        assertEquals(s.bit(2), s.holders(buffer), "only the pinned device holds what was written");
        assertEquals(SIZE, s.runtime().counters().get(1).bytesToDevice(), "uploaded once");
        assertArrayEquals(data, read(pinned, buffer));
        assertArrayEquals(data, read(s.queue(1), buffer), "and the other device sees it too");
    }

    @Test
    void anArrayWrittenWithoutBlockingGoesToTheHostCopy() {
        Setup s = Setup.open();
        ClQueue pinned = s.queue(1);
        byte[] data = data(4);
        // the program may change its array once the call returns: the bytes are taken at once
        ClMem buffer = s.written(pinned, new Bytes(data), false);
        assertEquals(CoherenceMap.bit(CoherenceMap.HOST), s.holders(buffer));
        assertArrayEquals(data, read(pinned, buffer));
    }

    @Test
    void onTheVirtualDeviceADirectBufferGoesToADeviceHoldingTheBuffer() {
        Setup s = Setup.open();
        ClQueue virtual = s.queue(0);
        byte[] first = data(3);
        ClMem fresh = s.written(virtual, Direct.of(first));
        long holder = s.holders(fresh);
        assertTrue(holder == s.bit(1) || holder == s.bit(2), "no node held it: one of the devices, not " + holder);
        assertArrayEquals(first, read(virtual, fresh));

        ClMem held = s.written(s.queue(2), Direct.of(data(9)));
        byte[] data = data(11);
        virtual.writeBuffer(held, true, 0, SIZE, Direct.of(data), List.of()).release();
        assertEquals(s.bit(2), s.holders(held), "written where the buffer lives");
        assertArrayEquals(data, read(virtual, held));

        ClMem onBoth = s.context().createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, Direct.of(data(5)));
        virtual.writeBuffer(onBoth, true, 0, SIZE, Direct.of(data), List.of()).release();
        holder = s.holders(onBoth);
        assertTrue(holder == s.bit(1) || holder == s.bit(2), "written on one of its two holders, not " + holder);
        assertArrayEquals(data, read(virtual, onBoth));

        ClMem onHostAndDevice = s.written(s.queue(1), new Bytes(data(7)), false);
        s.queue(1).writeBuffer(onHostAndDevice, true, 0, SIZE / 2, Direct.of(new byte[SIZE / 2]), List.of()).release();
        virtual.writeBuffer(onHostAndDevice, true, SIZE / 2, SIZE / 2, Direct.of(new byte[SIZE / 2]), List.of())
                .release();
        assertEquals(CoherenceMap.bit(CoherenceMap.HOST), ((MemObject) onHostAndDevice).storage().map()
                .holdersOfAll(SIZE / 2, SIZE / 2), "the host held some of it: the host copy");
    }

    /**
     * With device 2 forty times slower, device 1 computes far faster than the other: dmda would run nearly
     * everything there, so a write of a buffer no device holds goes there at once, as do the bytes a buffer is
     * made from.
     */
    @Test
    void onTheVirtualDeviceNewDataGoesToADeviceFarFasterThanTheOthers(@TempDir Path models) {
        Setup s = Setup.measured(40, models);
        ClQueue virtual = s.queue(0);
        byte[] data = data(13);
        ClMem fresh = s.written(virtual, Direct.of(data));
        assertEquals(s.bit(1), s.holders(fresh), "written on the fast device");
        assertArrayEquals(data, read(virtual, fresh));
        ClMem made = s.contextOf(0).createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, Direct.of(data));
        assertEquals(s.bit(1), s.holders(made), "and a buffer made from the data for the virtual device alone");
    }

    /**
     * With device 2 three times slower, both may run readers; but both are CPU devices, whose memory is the host's:
     * a buffer made from data goes to the first only, and the other fetches it when it reads it.
     */
    @Test
    void onTheVirtualDeviceABufferMadeFromDataGoesToOneOfTheDevicesOfTheHostsMemory(@TempDir Path models) {
        Setup s = Setup.measured(3, models);
        byte[] data = data(43);
        ClMem made = s.contextOf(0).createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, Direct.of(data));
        assertEquals(s.bit(1), s.holders(made));
        assertArrayEquals(data, read(s.queue(2), made));
    }

    private static byte[] readDirect(ClQueue queue, ClMem buffer) {
        Direct into = new Direct(ByteBuffer.allocateDirect(SIZE));
        queue.readBuffer(buffer, true, 0, SIZE, into, List.of()).release();
        byte[] back = new byte[SIZE];
        into.memory().get(back);
        return back;
    }

    @Test
    void aReadIntoADirectBufferComesStraightFromTheDeviceHoldingTheRange() {
        Setup s = Setup.open();
        byte[] data = data(17);
        ClMem buffer = s.written(s.queue(2), Direct.of(data));
        for (int queue = 0; queue <= 2; queue++) {
            assertArrayEquals(data, readDirect(s.queue(queue), buffer), "read on queue " + queue);
            assertEquals(s.bit(2), s.holders(buffer), "the host copy was not filled on the way");
        }
        assertEquals(3L * SIZE, s.runtime().counters().get(1).bytesToHost(), "each read came from the device");
    }

    @Test
    void aReadIntoAnArrayComesFromTheDeviceHoldingTheRangeThroughLandingMemory() {
        Setup s = Setup.open();
        byte[] data = data(19);
        ClMem buffer = s.written(s.queue(2), Direct.of(data));
        for (int queue = 0; queue <= 2; queue++) {
            assertArrayEquals(data, read(s.queue(queue), buffer), "read on queue " + queue);
            assertEquals(s.bit(2), s.holders(buffer), "the host copy was not filled on the way");
        }
        assertEquals(3L * SIZE, s.runtime().counters().get(1).bytesToHost(), "each read came from the device");
    }

    @Test
    void aBufferMadeFromADirectBufferForOnePinnedDeviceStartsOnItWithACopyOfTheBytes() {
        Setup s = Setup.open();
        ClContext context = s.contextOf(2);
        byte[] data = data(23);
        Direct user = Direct.of(data);
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_ONLY | OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, user);
        user.memory().put(0, (byte) (data[0] + 1));
        assertEquals(s.bit(2), s.holders(buffer), "only on the device");
        assertEquals(SIZE, s.runtime().counters().get(1).bytesToDevice(), "uploaded once");
        assertArrayEquals(data, readDirect(context.createQueue(s.devices().get(2), 0), buffer),
                "the bytes as they were at the creation");
    }

    @Test
    void aBufferMadeFromAnArrayGoesStraightToTheDevices() {
        Setup s = Setup.open();
        byte[] data = data(29);
        byte[] given = data.clone();
        ClMem fromArray = s.context().createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, new Bytes(given));
        given[0]++;
        // PoCL's devices share the host's memory: one copy is enough (onTheVirtualDevice...OfTheHostsMemory)
        assertEquals(s.bit(1), s.holders(fromArray), "on a device, not on the host copy");
        assertArrayEquals(data, read(s.queue(1), fromArray), "the bytes as they were at the creation");
        assertArrayEquals(data, read(s.queue(2), fromArray));
    }

    /**
     * A context of several pinned devices gets a copy of a new buffer's bytes on each at once (the program chose
     * them); one with the virtual device, on one of PoCL's devices only (they share the host's memory), whether it
     * has the pinned devices too or not. Each copy is read back from its own device (a pinned queue reads from its
     * device when it holds the range); the other device fetches what it reads.
     */
    @Test
    void aBufferMadeFromADirectBufferForSeveralDevicesStartsOnThoseItIsFor() {
        Setup s = Setup.open();
        byte[] data = data(31);
        Direct user = Direct.of(data);
        ClContext pinned = s.runtime().platforms().get(0).createContext(s.devices().subList(1, 3), new long[0]);
        List<ClMem> buffers = List.of(s.context().createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, user),
                s.contextOf(0).createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, user),
                pinned.createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, user));
        user.memory().put(0, (byte) (data[0] + 1));
        assertEquals(s.bit(1), s.holders(buffers.get(0)), "on one device, not on the host");
        assertEquals(s.bit(1), s.holders(buffers.get(1)), "on one device, not on the host");
        assertEquals(s.bit(1) | s.bit(2), s.holders(buffers.get(2)), "on both pinned devices, not on the host");
        assertEquals(3L * SIZE, s.runtime().counters().get(0).bytesToDevice(), "device 1");
        assertEquals(SIZE, s.runtime().counters().get(1).bytesToDevice(), "device 2");
        for (int device = 1; device <= 2; device++) {
            for (ClMem b : buffers) {
                assertArrayEquals(data, readDirect(s.queue(device), b), "the bytes as they were, on device " + device);
            }
        }
        // the two buffers only device 1 holds are read from it on either queue; the pinned one from each device
        assertEquals(5L * SIZE, s.runtime().counters().get(0).bytesToHost(), "read from device 1");
        assertEquals(SIZE, s.runtime().counters().get(1).bytesToHost(), "read from device 2");
    }

    /** A device without room for a new buffer gets no copy; the other still does. */
    @Test
    void aBufferMadeForSeveralDevicesGoesToThoseWithRoom() {
        Setup s = Setup.open(Config.defaults().withDeviceMemLimit(4L * SIZE));
        List<ClMem> fillers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            fillers.add(s.contextOf(1).createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, Direct.of(data(41 + i))));
            assertEquals(s.bit(1), s.holders(fillers.get(i)));
        }
        byte[] data = data(37);
        ClMem made = s.contextOf(0).createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, Direct.of(data));
        assertEquals(s.bit(2), s.holders(made), "device 1 is full");
        assertArrayEquals(data, read(s.queue(1), made));
        for (int i = 0; i < 4; i++) {
            assertArrayEquals(data(41 + i), read(s.queue(1), fillers.get(i)));
        }
    }

    /**
     * With transfers staged through pinned memory (as for a discrete GPU; PoCL's devices share the host's
     * memory, so only {@code OMNICL_PINNED=on} stages them): a buffer made from data, read back whole into a
     * direct buffer and into an array from each device, and a range larger than a slot, which goes unstaged.
     */
    @Test
    void transfersStagedThroughPinnedMemoryKeepTheBytes() {
        Setup s = Setup.open(Config.defaults().withPinned("on"));
        byte[] data = data(47);
        Direct user = Direct.of(data);
        ClMem made = s.contextOf(0).createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, user);
        user.memory().put(0, (byte) (data[0] + 1));
        assertEquals(s.bit(1) | s.bit(2), s.holders(made));
        for (int device = 1; device <= 2; device++) {
            assertArrayEquals(data, readDirect(s.queue(device), made), "direct, from device " + device);
        }
        int large = 5 << 20;
        byte[] big = new byte[large];
        for (int i = 0; i < large; i++) {
            big[i] = (byte) (i * 13 + i / 4096);
        }
        ClMem bigBuffer = s.contextOf(0).createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, large, Direct.of(big));
        Direct back = new Direct(ByteBuffer.allocateDirect(large));
        s.queue(0).readBuffer(bigBuffer, true, 0, large, back, List.of()).release();
        byte[] got = new byte[large];
        back.memory().get(got);
        assertArrayEquals(big, got, "a range larger than a slot");
        Direct part = new Direct(ByteBuffer.allocateDirect(SIZE));
        s.queue(2).readBuffer(bigBuffer, true, large - SIZE, SIZE, part, List.of()).release();
        byte[] tail = new byte[SIZE];
        part.memory().get(tail);
        assertArrayEquals(java.util.Arrays.copyOfRange(big, large - SIZE, large), tail, "a part of it");
    }

    /**
     * A new buffer's bytes, staged, are left for the device's worker to upload: the program does not wait
     * for them (here the worker is held meanwhile), the device counts as holding them at once, and what
     * the worker runs next on the buffer comes after the upload, which is of the bytes as they were at the
     * creation.
     */
    @Test
    void aStagedNewBufferIsUploadedByItsDeviceBeforeItsFirstUse() throws InterruptedException {
        Setup s = Setup.open(Config.defaults().withPinned("on"));
        CountDownLatch release = new CountDownLatch(1);
        s.holdWorker(1, release);
        byte[] data = data(59);
        Direct user = Direct.of(data);
        ClContext context = s.contextOf(1);
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, user);
        user.memory().put(0, (byte) (data[0] + 1));
        assertEquals(s.bit(1), s.holders(buffer), "the device holds it from the start");
        assertEquals(0, s.runtime().counters().get(0).bytesToDevice(), "nothing uploaded while the worker is held");
        ClQueue queue = context.createQueue(s.devices().get(1), 0);
        Direct back = new Direct(ByteBuffer.allocateDirect(SIZE));
        queue.readBuffer(buffer, false, 0, SIZE, back, List.of()).release();
        release.countDown();
        queue.finish();
        byte[] got = new byte[SIZE];
        back.memory().get(got);
        assertArrayEquals(data, got, "the bytes as they were at the creation");
        assertEquals(SIZE, s.runtime().counters().get(0).bytesToDevice(), "uploaded once");
    }

    /**
     * A new buffer of a few MB, staged on two devices: the bytes are copied into each device's slot in pieces,
     * side by side (a length that is no multiple of a piece), and each device gets them all, each in its place.
     */
    @Test
    void aLargeStagedNewBufferReachesEachDeviceWhole() {
        Setup s = Setup.open(Config.defaults().withPinned("on"));
        newBufferReachesEachDeviceWhole(s, (3 << 20) + 12345);
    }

    /**
     * Bytes of a new buffer larger than a pinned slot go through slots a piece at a time (more pieces than one
     * upload may hold slots, so slots are used again), and each device gets them all, each in its place.
     */
    @Test
    void aNewBufferLargerThanASlotIsUploadedThroughSlotsInPieces() {
        Setup s = Setup.open(Config.defaults().withPinned("on"));
        newBufferReachesEachDeviceWhole(s, (9 << 21) + 12345);
    }

    /** With every slot of a device taken, a new buffer's bytes still reach it whole, straight from the program. */
    @Test
    void aLargeNewBufferReachesADeviceWhoseSlotsAreAllTaken() {
        Setup s = Setup.open(Config.defaults().withPinned("on"));
        DeviceWorker worker = s.node(1).worker();
        List<ByteBuffer> taken = takeAllSlots(worker);
        assertFalse(taken.isEmpty(), "the device's transfers are staged");
        newBufferReachesEachDeviceWhole(s, (5 << 20) + 12345);
        taken.forEach(worker::giveStaging);
    }

    /**
     * Writes and reads larger than a pinned slot go through slots a piece each, all at once, and arrive whole:
     * a read into a direct buffer (from the device holding the range) and one into an array (following a write
     * on the device's queue).
     */
    @Test
    void largeWritesAndReadsGoThroughSlotsInPiecesWhole() {
        largeTransfersArriveWhole(Setup.open(Config.defaults().withPinned("on")), 0);
    }

    /** With all but two of the device's slots taken, large writes and reads go partly through slots, whole. */
    @Test
    void largeWritesAndReadsWithFewSlotsFreeArriveWhole() {
        largeTransfersArriveWhole(Setup.open(Config.defaults().withPinned("on")), 2);
    }

    /** Every pinned slot of {@code worker}'s device that is free now, taken. */
    private static List<ByteBuffer> takeAllSlots(DeviceWorker worker) {
        List<ByteBuffer> taken = new ArrayList<>();
        for (ByteBuffer slot = worker.takeStaging(1); slot != null; slot = worker.takeStaging(1)) {
            taken.add(slot);
        }
        return taken;
    }

    /** Large writes to and reads from pinned device 1, with only {@code free} of its slots free (0: all). */
    private static void largeTransfersArriveWhole(Setup s, int free) {
        int size = (9 << 21) + 12345;
        DeviceWorker worker = s.node(1).worker();
        List<ByteBuffer> taken = free > 0 ? takeAllSlots(worker) : new ArrayList<>();
        for (int i = 0; i < free; i++) {
            worker.giveStaging(taken.remove(taken.size() - 1));
        }
        ClQueue queue = s.queue(1);
        ClMem buffer = s.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, size, null);
        byte[] first = new byte[size];
        byte[] second = new byte[size];
        for (int i = 0; i < size; i++) {
            first[i] = (byte) (i * 7 + i / 65536);
            second[i] = (byte) (i * 13 + 5);
        }
        queue.writeBuffer(buffer, true, 0, size, Direct.of(first), List.of()).release();
        Direct direct = new Direct(ByteBuffer.allocateDirect(size));
        queue.readBuffer(buffer, true, 0, size, direct, List.of()).release();
        byte[] got = new byte[size];
        direct.memory().get(got);
        assertArrayEquals(first, got, "into a direct buffer");
        queue.writeBuffer(buffer, false, 0, size, Direct.of(second), List.of()).release();
        byte[] array = new byte[size];
        queue.readBuffer(buffer, true, 0, size, new Bytes(array), List.of()).release();
        assertArrayEquals(second, array, "into an array");
        taken.forEach(worker::giveStaging);
    }

    /**
     * A buffer of {@code size} bytes made from data on a context of pinned devices 1 and 2: both hold it from
     * the start, the program's memory may change as soon as the creation returns, and each device gives back
     * exactly the bytes it was made from.
     */
    private static void newBufferReachesEachDeviceWhole(Setup s, int size) {
        byte[] data = new byte[size];
        for (int i = 0; i < size; i++) {
            data[i] = (byte) (i * 31 + i / 65536);
        }
        Direct user = Direct.of(data);
        ClMem buffer = s.contextOf(0).createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, size, user);
        user.memory().put(size - 1, (byte) (data[size - 1] + 1));
        user.memory().put(0, (byte) (data[0] + 1));
        assertEquals(s.bit(1) | s.bit(2), ((MemObject) buffer).storage().map().holdersOfAll(0, size));
        for (int device = 1; device <= 2; device++) {
            Direct back = new Direct(ByteBuffer.allocateDirect(size));
            s.queue(device).readBuffer(buffer, true, 0, size, back, List.of()).release();
            byte[] got = new byte[size];
            back.memory().get(got);
            assertArrayEquals(data, got, "device " + device);
        }
    }

    /**
     * The device allocation of a freed buffer serves the next buffer of its size, which gets its own bytes;
     * the counters leave the kept allocation out.
     */
    @Test
    void aFreedBuffersAllocationServesTheNextOfItsSize() {
        Setup s = Setup.open();
        ClQueue pinned = s.queue(1);
        ClMem first = s.written(pinned, Direct.of(data(71)));
        Object allocation = s.allocation(first, 1, SIZE);
        long live = s.runtime().counters().get(0).liveObjects();
        first.release();
        assertEquals(live - 1, s.runtime().counters().get(0).liveObjects(), "the kept allocation is not counted");
        assertEquals(0, s.runtime().counters().get(0).bytesAllocated());
        byte[] data = data(73);
        ClMem next = s.written(pinned, Direct.of(data));
        assertSame(allocation, s.allocation(next, 1, SIZE), "the freed buffer's allocation");
        assertArrayEquals(data, readDirect(pinned, next));
    }

    /** Kept allocations of freed buffers give way when a device needs the room. */
    @Test
    void keptAllocationsGiveWayToBuffersThatNeedTheRoom() {
        Setup s = Setup.open(Config.defaults().withDeviceMemLimit(4L * SIZE));
        ClQueue pinned = s.queue(1);
        s.written(pinned, Direct.of(data(79))).release();
        assertEquals(1, s.node(1).memory().spares(), "kept");
        int size = 4 * SIZE;
        byte[] data = new byte[size];
        for (int i = 0; i < size; i++) {
            data[i] = (byte) (i * 5 + 1);
        }
        ClMem big = s.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, size, null);
        pinned.writeBuffer(big, true, 0, size, Direct.of(data), List.of()).release();
        assertEquals(s.bit(1), ((MemObject) big).storage().map().holdersOfAll(0, size), "on the device");
        assertEquals(0, s.node(1).memory().spares(), "the kept allocation went");
        Direct back = new Direct(ByteBuffer.allocateDirect(size));
        pinned.readBuffer(big, true, 0, size, back, List.of()).release();
        byte[] got = new byte[size];
        back.memory().get(got);
        assertArrayEquals(data, got);
    }

    /**
     * A buffer released before its worker got to its upload is not uploaded to; the next buffer of its size,
     * made meanwhile, takes its allocation and gets its own bytes.
     */
    @Test
    void aStagedNewBufferReleasedBeforeItsUploadIsLeftAlone() throws InterruptedException {
        Setup s = Setup.open(Config.defaults().withPinned("on"));
        CountDownLatch release = new CountDownLatch(1);
        s.holdWorker(1, release);
        ClContext context = s.contextOf(1);
        ClMem released = context.createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, Direct.of(data(61)));
        Object allocation = s.allocation(released, 1, SIZE);
        released.release();
        byte[] data = data(67);
        ClMem next = context.createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, Direct.of(data));
        assertSame(allocation, s.allocation(next, 1, SIZE), "the released buffer's allocation");
        release.countDown();
        assertArrayEquals(data, readDirect(context.createQueue(s.devices().get(1), 0), next));
        assertEquals(SIZE, s.runtime().counters().get(0).bytesToDevice(), "only the buffer still there");
        assertEquals(0, s.runtime().counters().get(0).failures(), "and nothing was tried on the released one");
    }

    /**
     * Many staged reads at once, more than there are slots (16 per device) in flight when the copies lag:
     * the ones that find no free slot read unstaged, and every read gets its own bytes.
     */
    @Test
    void readsBeyondTheSlotsStillGetTheirBytes() {
        Setup s = Setup.open(Config.defaults().withPinned("on"));
        int count = 48;
        List<byte[]> data = new ArrayList<>();
        List<ClMem> buffers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            data.add(data(53 + i));
            buffers.add(s.contextOf(0).createBuffer(OpenClConstants.CL_MEM_COPY_HOST_PTR, SIZE, Direct.of(data.get(i))));
        }
        ClQueue virtual = s.queue(0);
        List<Direct> into = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            into.add(new Direct(ByteBuffer.allocateDirect(SIZE)));
            virtual.readBuffer(buffers.get(i), false, 0, SIZE, into.get(i), List.of()).release();
        }
        virtual.finish();
        for (int i = 0; i < count; i++) {
            byte[] got = new byte[SIZE];
            into.get(i).memory().get(got);
            assertArrayEquals(data.get(i), got, "read " + i);
        }
    }
}
