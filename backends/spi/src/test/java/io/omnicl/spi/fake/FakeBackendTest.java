package io.omnicl.spi.fake;

import static io.omnicl.spi.suite.ClCodes.*;
import static io.omnicl.spi.suite.Pocl.assertStatus;
import static io.omnicl.spi.suite.Pocl.awaitAll;
import static io.omnicl.spi.suite.Pocl.direct;
import static io.omnicl.spi.suite.Pocl.floats;
import static io.omnicl.spi.suite.Pocl.ints;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.ImageDesc;
import io.omnicl.spi.ImageFormat;
import io.omnicl.spi.InfoType;
import io.omnicl.spi.KernelArgInfo;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The fake backend's own behaviour: what a test running on it may count on. */
class FakeBackendTest {

    private static final String INC = "__kernel void inc(__global int* a) { a[get_global_id(0)]++; }";
    private static final String SCALE = String.join("\n",
            "// out = in * factor",
            "__kernel void scale(__global const float* restrict in, global float *out, const float factor) {",
            "    out[get_global_id(0)] = in[get_global_id(0)] * factor;",
            "}");
    private static final String HOLD = "__kernel void hold(__global int* a) { a[0] = 7; }";
    private static final String BOOM = "__kernel void boom(__global int* a) { }";
    private static final String IDS = String.join("\n",
            "__kernel __attribute__((reqd_work_group_size(2, 3, 1)))",
            "void ids(__global uint* out, __local int* scratch, unsigned int width) {",
            "}");

    /** The devices on which inc ran. */
    private final Set<FakeDevice> incRanOn = ConcurrentHashMap.newKeySet();
    /** Opened while a hold launch runs; released by the test. */
    private final CountDownLatch holding = new CountDownLatch(1);
    private final CountDownLatch letGo = new CountDownLatch(1);

    private FakeConfig.Builder kernels() {
        return FakeConfig.builder()
                .kernel("inc", item -> {
                    incRanOn.add(item.device());
                    IntBuffer a = item.ints(0);
                    int i = (int) item.globalId(0);
                    a.put(i, a.get(i) + 1);
                })
                .kernel("scale", item -> {
                    int i = (int) item.globalId(0);
                    item.floats(1).put(i, item.floats(0).get(i) * item.floatArg(2));
                })
                .kernel("hold", item -> {
                    holding.countDown();
                    try {
                        letGo.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    item.ints(0).put(0, 7);
                })
                .kernel("boom", item -> {
                    throw new IllegalStateException("boom");
                })
                .kernel("ids", item -> {
                    int width = item.intArg(2);
                    int at = (int) (item.globalId(1) * width + item.globalId(0));
                    item.buffer(1).putInt(0, at);
                    item.ints(0).put(at, (int) (item.buffer(1).getInt(0) * 100 + item.groupId(0) * 10
                            + item.localId(1)));
                });
    }

    private FakeBackend backend(DeviceSpec... devices) {
        FakeConfig.Builder config = kernels();
        for (DeviceSpec d : devices) {
            config.device(d);
        }
        return new FakeBackend(config.build());
    }

    private static RealKernel kernel(DeviceSession session, String source, String name) {
        RealProgram program = session.createProgram(source);
        assertTrue(program.build(""), program.buildLog());
        return program.createKernel(name);
    }

    private static RealBuffer buffer(DeviceSession session, RealQueue queue, ByteBuffer content) {
        RealBuffer b = session.allocate(content.remaining());
        awaitAll(queue.write(b, 0, content, List.of()));
        return b;
    }

    private static int[] read(RealQueue queue, RealBuffer b) {
        ByteBuffer back = direct((int) b.size());
        awaitAll(queue.read(b, 0, back, List.of()));
        return ints(back);
    }

    @Test
    void commandsRunInTheOrderEnqueuedOnceFlushed() {
        FakeBackend backend = backend(DeviceSpec.gpu("gpu").withSpeed(3, 1));
        DeviceSession session = backend.device(0).open();
        RealQueue queue = session.createQueue(true);
        RealKernel inc = kernel(session, INC, "inc");
        RealBuffer a = session.allocate(16);
        List<RealEvent> events = new ArrayList<>();
        events.add(queue.write(a, 0, ints(1, 2, 3, 4), List.of()));
        inc.setArg(0, a);
        events.add(queue.launch(inc, 1, null, new long[] {4}, null, List.of()));
        assertNull(queue.launch(inc, 1, null, new long[] {4}, null, List.of(), false), "a launch without an event");
        events.add(queue.launch(inc, 1, null, new long[] {4}, null, List.of()));
        ByteBuffer back = direct(16);
        events.add(queue.read(a, 0, back, List.of()));
        for (RealEvent e : events) {
            assertEquals(CL_QUEUED, e.status(), "nothing runs before a flush");
        }
        queue.flush();
        assertEquals(CL_COMPLETE, events.get(events.size() - 1).await());
        assertArrayEquals(new int[] {4, 5, 6, 7}, ints(back));
        long previousEnd = 0;
        for (RealEvent e : events) {
            long[] t = e.profile();
            assertTrue(t[0] <= t[1] && t[1] <= t[2] && t[2] <= t[3], "queued, submitted, started, ended");
            assertTrue(t[2] >= previousEnd, "in order");
            previousEnd = t[3];
        }
        assertEquals(3, backend.device(0).launches());
        assertEquals(Set.of(backend.device(0)), incRanOn);
        events.forEach(RealEvent::release);
    }

    @Test
    void eventsGoThroughTheirStatesAndCarryTheDevicesTimes() throws InterruptedException {
        FakeBackend backend = backend(DeviceSpec.cpu("cpu").withSpeed(5, 2));
        DeviceSession session = backend.device(0).open();
        RealQueue queue = session.createQueue(true);
        RealBuffer a = session.allocate(400);
        RealEvent write = queue.write(a, 0, direct(64), List.of());
        RealKernel hold = kernel(session, HOLD, "hold");
        hold.setArg(0, a);
        RealEvent held = queue.launch(hold, 1, null, new long[] {100}, null, List.of());
        RealEvent behind = queue.marker(List.of());
        assertEquals(CL_QUEUED, held.status());
        assertNull(held.profile(), "no times before the end");
        queue.flush();
        holding.await();
        assertEquals(CL_RUNNING, held.status());
        assertEquals(CL_SUBMITTED, behind.status(), "an in-order queue takes one command at a time");
        letGo.countDown();
        queue.finish();
        assertEquals(CL_COMPLETE, behind.status());
        long[] w = write.profile();
        long[] h = held.profile();
        assertEquals(64 * 2, w[3] - w[2], "2 ns a byte");
        assertEquals(100 * 5, h[3] - h[2], "5 ns a work-item");
        assertTrue(h[2] >= w[3]);
        RealQueue unprofiled = session.createQueue(false);
        RealEvent marker = unprofiled.marker(List.of());
        assertEquals(CL_COMPLETE, marker.await());
        assertNull(marker.profile(), "a queue without profiling");
        awaitAll(write, held, behind, marker);
        assertStatus(CL_INVALID_EVENT, marker::status);
    }

    @Test
    void aWaitListHoldsACommandBehindAnotherQueuesCommand() throws InterruptedException {
        FakeBackend backend = backend(DeviceSpec.gpu("gpu"));
        DeviceSession session = backend.device(0).open();
        RealQueue first = session.createQueue(false);
        RealQueue second = session.createQueue(false);
        RealBuffer a = buffer(session, first, ints(0));

        // a command of another queue that is not flushed is not waited for in vain: it never ends until flushed
        RealEvent unflushed = first.write(a, 0, ints(3), List.of());
        RealEvent marker = second.marker(List.of(unflushed));
        second.flush();
        assertEquals(CL_SUBMITTED, marker.status());
        first.flush();
        assertEquals(CL_COMPLETE, marker.await());

        RealKernel hold = kernel(session, HOLD, "hold");
        hold.setArg(0, a);
        RealEvent held = first.launch(hold, 1, null, new long[] {1}, null, List.of());
        ByteBuffer back = direct(4);
        RealEvent read = second.read(a, 0, back, List.of(held));
        first.flush();
        second.flush();
        holding.await();
        assertEquals(CL_SUBMITTED, read.status(), "waiting for the launch on the other queue");
        letGo.countDown();
        assertEquals(CL_COMPLETE, read.await());
        assertArrayEquals(new int[] {7}, ints(back), "read after the launch wrote");
        assertTrue(read.profile() == null && held.status() == CL_COMPLETE);
        awaitAll(unflushed, marker, held, read);
    }

    /**
     * A test holds the host's view of a device's launch ends: a launch runs and a command waiting for it on the device
     * runs after it, but the host sees the launch running, and a wait for it returns only once the hold ends (and is
     * counted then); other commands are not held.
     */
    @Test
    void theHostSeesALaunchEndOnlyOnceItsHoldEnds() throws InterruptedException {
        FakeBackend backend = backend(DeviceSpec.gpu("gpu"));
        DeviceSession session = backend.device(0).open();
        RealQueue first = session.createQueue(false);
        RealQueue second = session.createQueue(false);
        RealKernel inc = kernel(session, INC, "inc");
        RealBuffer a = buffer(session, first, ints(1));
        inc.setArg(0, a);
        AtomicBoolean seen = new AtomicBoolean();
        backend.device(0).holdLaunchEndsSeen(seen::get);
        RealEvent launch = first.launch(inc, 1, null, new long[] {1}, null, List.of());
        ByteBuffer back = direct(4);
        RealEvent read = second.read(a, 0, back, List.of(launch));
        first.flush();
        second.flush();
        RealEvent marker = first.marker(List.of());
        first.flush();
        assertEquals(CL_COMPLETE, read.await(), "the read waited for the launch on the device");
        assertArrayEquals(new int[] {2}, ints(back), "the launch ran");
        assertEquals(CL_COMPLETE, marker.await(), "a marker after it is not held");
        assertEquals(CL_RUNNING, launch.status(), "the host sees the launch running");
        Thread waiter = new Thread(launch::await);
        waiter.start();
        waiter.join(50);
        assertTrue(waiter.isAlive(), "a wait for the launch has not returned");
        assertEquals(0, backend.device(0).launchEndsAwaited());
        seen.set(true);
        waiter.join();
        assertEquals(CL_COMPLETE, launch.status());
        assertEquals(1, backend.device(0).launchEndsAwaited(), "the wait returned once");
        List.of(launch, read, marker).forEach(RealEvent::release);
    }

    /** A test names the next writes or launches that fail, at their end, without doing anything; the others run. */
    @Test
    void chosenWritesAndLaunchesFailAtTheirEnd() {
        FakeBackend backend = backend(DeviceSpec.gpu("gpu"));
        DeviceSession session = backend.device(0).open();
        RealQueue queue = session.createQueue(false);
        RealKernel inc = kernel(session, INC, "inc");
        RealBuffer a = buffer(session, queue, ints(1));
        inc.setArg(0, a);
        backend.device(0).failNextWrites(1);
        backend.device(0).failNextLaunches(1);
        RealEvent failedWrite = queue.write(a, 0, ints(5), List.of());
        RealEvent failedLaunch = queue.launch(inc, 1, null, new long[] {1}, null, List.of());
        RealEvent launch = queue.launch(inc, 1, null, new long[] {1}, null, List.of());
        ByteBuffer back = direct(4);
        queue.read(a, 0, back, List.of()).release();
        queue.finish();
        assertEquals(CL_OUT_OF_RESOURCES, failedWrite.status());
        assertEquals(CL_OUT_OF_RESOURCES, failedLaunch.status());
        assertEquals(CL_COMPLETE, launch.status());
        assertArrayEquals(new int[] {2}, ints(back), "neither the failed write nor the failed launch ran");
        assertEquals(2, backend.device(0).injectedFailures());
        List.of(failedWrite, failedLaunch, launch).forEach(RealEvent::release);
    }

    @Test
    void aFailingDeviceFailsLaunchesAndTransfersAtEnqueueOrAtTheEnd() {
        FakeBackend backend = backend(DeviceSpec.gpu("failing").withFailures(1, 3));
        DeviceSession session = backend.device(0).open();
        RealQueue queue = session.createQueue(true);
        RealBuffer a = session.allocate(4);
        int atEnqueue = 0;
        List<RealEvent> failed = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            try {
                failed.add(queue.write(a, 0, ints(i), List.of()));
            } catch (BackendException e) {
                assertEquals(CL_OUT_OF_RESOURCES, e.status());
                atEnqueue++;
            }
        }
        assertTrue(atEnqueue > 0 && !failed.isEmpty(), "both ways: " + atEnqueue + " at enqueue");
        assertEquals(20, backend.device(0).injectedFailures());
        RealEvent after = queue.marker(List.of(failed.get(0)));
        RealEvent alone = queue.marker(List.of());
        queue.finish();
        for (RealEvent e : failed) {
            assertEquals(CL_OUT_OF_RESOURCES, e.status());
            assertNull(e.profile(), "a failed command has no times");
        }
        assertEquals(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, after.status());
        assertEquals(CL_COMPLETE, alone.status(), "markers do not fail, nor does a failure fail what follows it");
    }

    /** For each of 40 writes: 0 when it succeeded, else where it failed. */
    private static List<String> outcomes(FakeBackend backend) {
        DeviceSession session = backend.device(0).open();
        RealQueue queue = session.createQueue(false);
        RealBuffer a = session.allocate(4);
        List<String> outcomes = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            try {
                RealEvent e = queue.write(a, 0, ints(i), List.of());
                outcomes.add(e.await() == CL_COMPLETE ? "ran" : "failed at the end");
            } catch (BackendException e) {
                outcomes.add("failed at enqueue");
            }
        }
        return outcomes;
    }

    @Test
    void failuresFollowTheSeed() {
        List<String> first = outcomes(backend(DeviceSpec.gpu("flaky").withFailures(0.5, 11)));
        assertEquals(first, outcomes(backend(DeviceSpec.gpu("flaky").withFailures(0.5, 11))));
        assertNotEquals(first, outcomes(backend(DeviceSpec.gpu("flaky").withFailures(0.5, 12))));
        assertEquals(3, first.stream().distinct().count(), "some run, some fail each way: " + first);
        assertTrue(outcomes(backend(DeviceSpec.gpu("sound"))).stream().allMatch("ran"::equals));
    }

    @Test
    void aLaunchWithoutAnEventFailsTheQueuesNextEvent() {
        FakeBackend backend = backend(DeviceSpec.gpu("gpu"));
        DeviceSession session = backend.device(0).open();
        RealQueue queue = session.createQueue(false);
        RealKernel boom = kernel(session, BOOM, "boom");
        boom.setArg(0, session.allocate(4));
        queue.launch(boom, 1, null, new long[] {1}, null, List.of(), false);
        RealEvent next = queue.marker(List.of());
        RealEvent later = queue.marker(List.of());
        queue.finish();
        assertEquals(CL_OUT_OF_RESOURCES, next.status(), "the body threw");
        assertEquals(CL_COMPLETE, later.status(), "reported once");
        assertEquals("boom", backend.kernelErrors().get(0).getMessage());
        assertEquals(0, backend.device(0).launches());
    }

    @Test
    void memoryBeyondTheDevicesFailsToAllocate() {
        FakeBackend backend = backend(DeviceSpec.gpu("small").withMemory(1 << 20));
        FakeDevice device = backend.device(0);
        assertEquals(1 << 20, device.info().getLong(DeviceParam.GLOBAL_MEM_SIZE, 0));
        DeviceSession session = device.open();
        RealBuffer first = session.allocate(600 << 10);
        assertStatus(CL_MEM_OBJECT_ALLOCATION_FAILURE, () -> session.allocate(600 << 10));
        assertStatus(CL_INVALID_BUFFER_SIZE, () -> session.allocate(2 << 20));
        assertStatus(CL_INVALID_BUFFER_SIZE, () -> session.allocate(0));
        RealBuffer region = first.region(1024, 1024);
        assertEquals(600 << 10, device.memoryInUse(), "a region takes nothing more");
        first.release();
        assertEquals(600 << 10, device.memoryInUse(), "its region still holds the bytes");
        region.release();
        assertEquals(0, device.memoryInUse());
        session.allocate(600 << 10).release();
        assertEquals(0, session.liveObjects());
    }

    @Test
    void aRegionSharesItsBuffersBytes() {
        FakeBackend backend = backend(DeviceSpec.gpu("gpu"));
        DeviceSession session = backend.device(0).open();
        RealQueue queue = session.createQueue(false);
        RealBuffer whole = buffer(session, queue, ints(new int[64]));
        RealBuffer tail = whole.region(128, 128);
        assertStatus(CL_MISALIGNED_SUB_BUFFER_OFFSET, () -> whole.region(4, 16));
        assertStatus(CL_INVALID_MEM_OBJECT, () -> tail.region(0, 4));
        assertStatus(CL_INVALID_VALUE, () -> whole.region(128, 256));
        awaitAll(queue.fill(tail, ints(9), 0, 128, List.of()));
        int[] all = read(queue, whole);
        assertEquals(0, all[31]);
        assertEquals(9, all[32]);
        assertEquals(9, all[63]);
        assertStatus(CL_MEM_COPY_OVERLAP, () -> queue.copy(whole, 120, tail, 0, 16, List.of()));
        awaitAll(queue.copy(whole, 112, tail, 0, 16, List.of()));
        assertArrayEquals(new int[] {0, 0, 0, 0, 9}, Arrays.copyOfRange(read(queue, whole), 32, 37));
        // two rows of 16 bytes, pitched 64 apart, into the gaps between them: no byte shared
        long[] region = {16, 2, 1};
        awaitAll(queue.copyRect(whole, whole, new long[] {0, 0, 0}, new long[] {16, 0, 0}, region, 64, 0, 64, 0,
                List.of()));
        assertStatus(CL_MEM_COPY_OVERLAP, () -> queue.copyRect(whole, whole, new long[] {0, 0, 0},
                new long[] {8, 0, 0}, region, 64, 0, 64, 0, List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.write(whole, 250, ints(1, 2), List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.fill(whole, ints(1, 2, 3), 0, 12, List.of()));
    }

    @Test
    void kernelsRunTheirJavaBodiesWithTheArgumentsOfTheirSignature() {
        FakeBackend backend = backend(DeviceSpec.gpu("gpu"));
        DeviceSession session = backend.device(0).open();
        RealQueue queue = session.createQueue(false);
        RealKernel scale = kernel(session, SCALE, "scale");
        assertEquals(3, scale.argCount());
        assertEquals(new KernelArgInfo(CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ACCESS_NONE, "float*",
                CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_RESTRICT, "in"), scale.argInfo(0));
        assertEquals(new KernelArgInfo(CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ACCESS_NONE, "float*",
                CL_KERNEL_ARG_TYPE_NONE, "out"), scale.argInfo(1));
        assertEquals(new KernelArgInfo(CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ACCESS_NONE, "float",
                CL_KERNEL_ARG_TYPE_NONE, "factor"), scale.argInfo(2));
        assertStatus(CL_INVALID_ARG_INDEX, () -> scale.argInfo(3));
        RealBuffer in = buffer(session, queue, floats(1, 2, 3));
        RealBuffer out = session.allocate(12);
        scale.setArg(0, in);
        scale.setArg(1, out);
        assertStatus(CL_INVALID_KERNEL_ARGS, () -> queue.launch(scale, 1, null, new long[] {3}, null, List.of()));
        assertStatus(CL_INVALID_ARG_SIZE, () -> scale.setArg(2, direct(8)));
        assertStatus(CL_INVALID_ARG_SIZE, () -> scale.setArg(2, out));
        scale.setArg(2, floats(2.5f));
        RealEvent launch = queue.launch(scale, 1, null, new long[] {3}, null, List.of());
        // arguments set after the enqueue do not change it
        scale.setArg(2, floats(100));
        awaitAll(launch);
        ByteBuffer back = direct(12);
        awaitAll(queue.read(out, 0, back, List.of()));
        assertArrayEquals(new float[] {2.5f, 5, 7.5f}, floats(back));

        RealKernel ids = kernel(session, IDS, "ids");
        assertEquals("reqd_work_group_size(2,3,1)", ids.attributes());
        assertArrayEquals(new long[] {2, 3, 1}, ids.workGroupInfo().compileWorkGroupSize());
        assertEquals("uint", ids.argInfo(2).typeName());
        assertEquals(CL_KERNEL_ARG_ADDRESS_LOCAL, ids.argInfo(1).addressQualifier());
        RealBuffer grid = session.allocate(4 * 4 * 6);
        ids.setArg(0, grid);
        ids.setLocalArg(1, 4);
        ids.setArg(2, ints(4));
        assertStatus(CL_INVALID_ARG_VALUE, () -> ids.setLocalArg(0, 4));
        assertStatus(CL_INVALID_WORK_GROUP_SIZE, () -> queue.launch(ids, 2, null, new long[] {4, 6}, null,
                List.of()));
        awaitAll(queue.launch(ids, 2, null, new long[] {4, 6}, new long[] {2, 3}, List.of()));
        int[] values = read(queue, grid);
        // item (3, 4): index 19, in group 1 along x, local id 1 along y
        assertEquals(19 * 100 + 10 + 1, values[19]);
        assertEquals(0, values[0]);
        assertTrue(backend.kernelErrors().isEmpty());
    }

    @Test
    void programsBuildOnlyTheKernelsThatHaveABody() {
        FakeBackend backend = backend(DeviceSpec.gpu("gpu"), DeviceSpec.gpu("other"));
        DeviceSession session = backend.device(0).open();
        RealProgram unknown = session.createProgram(INC + "\nkernel void nobody(__global int* a, int n) { }");
        assertFalse(unknown.build(""));
        assertTrue(unknown.buildLog().contains("nobody"), unknown.buildLog());
        assertStatus(CL_INVALID_PROGRAM_EXECUTABLE, unknown::kernelNames);
        RealProgram broken = session.createProgram("__kernel void inc(__global int* a");
        assertFalse(broken.build(""));
        RealProgram two = session.createProgram(INC + "\n" + SCALE);
        assertTrue(two.build(" -cl-kernel-arg-info"));
        assertEquals(List.of("inc", "scale"), two.kernelNames());
        assertStatus(CL_INVALID_KERNEL_NAME, () -> two.createKernel("nobody"));

        RealProgram again = backend.device(0).open().createProgram(two.binary());
        assertTrue(again.build(""));
        assertEquals(List.of("inc", "scale"), again.kernelNames());
        assertStatus(CL_INVALID_BINARY, () -> backend.device(1).open().createProgram(two.binary()));

        RealProgram compiled = session.createProgram(INC);
        assertTrue(compiled.compile("", List.of(), List.of()));
        RealProgram linked = session.link(List.of(compiled), "");
        assertEquals(List.of("inc"), linked.kernelNames());
        RealProgram orphan = session.createProgram("__kernel void nobody(__global int* a) { }");
        assertTrue(orphan.compile("", List.of(), List.of()));
        assertStatus(CL_LINK_PROGRAM_FAILURE, () -> session.link(List.of(orphan), ""));
    }

    @Test
    void aDeviceAnswersEveryParameterButHandles() {
        FakeBackend backend = backend(DeviceSpec.gpu("gpu"), DeviceSpec.cpu("cpu"));
        for (int i = 0; i < 2; i++) {
            FakeDevice device = backend.device(i);
            for (DeviceParam p : DeviceParam.values()) {
                assertEquals(p.type() != InfoType.HANDLE, device.info().has(p), device.name() + ": " + p);
            }
        }
        assertFalse(backend.device(0).info().getBool(DeviceParam.HOST_UNIFIED_MEMORY), "a GPU's memory is its own");
        assertTrue(backend.device(1).info().getBool(DeviceParam.HOST_UNIFIED_MEMORY), "a CPU's is the host's");
        assertEquals(CL_DEVICE_TYPE_CPU, backend.device(1).info().getLong(DeviceParam.TYPE, 0));
        assertEquals("cpu", backend.device(1).name());
    }

    @Test
    void devicesHaveNoImages() {
        FakeBackend backend = backend(DeviceSpec.gpu("gpu"));
        DeviceSession session = backend.device(0).open();
        assertFalse(backend.device(0).info().getBool(DeviceParam.IMAGE_SUPPORT));
        assertTrue(session.supportedImageFormats(CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D).isEmpty());
        assertStatus(CL_IMAGE_FORMAT_NOT_SUPPORTED, () -> session.allocateImage(CL_MEM_READ_WRITE,
                new ImageFormat(CL_RGBA, CL_FLOAT), new ImageDesc(CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 1, null)));
        assertStatus(CL_INVALID_OPERATION, () -> session.createSampler(false, CL_ADDRESS_NONE, CL_FILTER_NEAREST));
    }

    @Test
    void releasedObjectsAreNoLongerCountedNorUsable() {
        FakeBackend backend = backend(DeviceSpec.cpu("cpu"));
        DeviceSession session = backend.device(0).open();
        RealQueue queue = session.createQueue(false);
        RealKernel inc = kernel(session, INC, "inc");
        RealBuffer a = session.allocate(4);
        inc.setArg(0, a);
        RealEvent write = queue.write(a, 0, ints(1), List.of());
        assertNull(queue.launch(inc, 1, null, new long[] {1}, null, List.of(write), false));
        queue.finish();
        // the queue, the program, the kernel, the buffer and the write's event: a launch without one has none
        assertEquals(5, session.liveObjects());
        write.release();
        write.release();
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, () -> queue.marker(List.of(write)));
        a.release();
        assertStatus(CL_INVALID_MEM_OBJECT, () -> queue.launch(inc, 1, null, new long[] {1}, null, List.of()));
        assertStatus(CL_INVALID_MEM_OBJECT, () -> queue.read(a, 0, direct(4), List.of()));
        RealQueue other = backend.device(0).open().createQueue(false);
        assertStatus(CL_INVALID_KERNEL, () -> other.launch(inc, 1, null, new long[] {1}, null, List.of()));
        inc.release();
        queue.release();
        assertEquals(1, session.liveObjects(), "the program");
    }
}
