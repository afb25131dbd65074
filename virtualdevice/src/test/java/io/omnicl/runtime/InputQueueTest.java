package io.omnicl.runtime;

import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.runtime.config.Config;
import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.runtime.WitnessBackend.Enqueued;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where a device's transfers are staged (a GPU; here PoCL devices with {@code OMNICL_PINNED=on}), what goes up
 * to it, a command's inputs or a new buffer's bytes, goes on a queue of its own, so that it moves while the
 * kernels before run, and the device's queue waits for it with a marker before what comes next: the kernel then
 * finds its bytes.
 */
class InputQueueTest {

    private static final int ITEMS = 1024;

    @TempDir
    Path models;

    private WitnessBackend backend;
    private ClContext context;
    private ClQueue queue;
    private ClProgram program;
    private ClKernel inc;

    @BeforeEach
    void open() {
        backend = new WitnessBackend();
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withPerfModelDir(models.toString()).withPinned("on"), backend);
        ClDevice device = Workload.device(engine, 1);
        context = engine.platforms().get(0).createContext(List.of(device), new long[0]);
        queue = context.createQueue(device, 0);
        program = context.createProgram(Workload.INCREMENT);
        program.build(List.of(), "", null);
        inc = program.createKernel("inc");
        // the device's worker starts (and measures the device) at its first command
        ClMem first = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4 * ITEMS, null);
        incrementOnDevice(first);
        queue.finish();
        first.release();
    }

    @AfterEach
    void close() {
        inc.release();
        queue.release();
        program.release();
        context.release();
    }

    @Test
    void aKernelsInputsGoUpOnTheInputQueueAndItsLaunchWaitsForThem() {
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4 * ITEMS, null);
        // from a heap array, not blocking: into the host copy, so that the launch must upload it
        byte[] values = ints(i -> 3 * i);
        queue.writeBuffer(buffer, false, 0, values.length, new Bytes(values), List.of()).release();
        queue.finish();
        int before = backend.enqueued().size();
        incrementOnDevice(buffer);
        assertArrayEquals(ints(i -> 3 * i + 1), read(buffer));
        assertLaunchWaitsForAnUploadOfItsOwnQueue(before);
        buffer.release();
    }

    @Test
    void aNewBuffersBytesGoUpOnTheInputQueueAndTheLaunchUsingThemWaitsForThem() {
        int before = backend.enqueued().size();
        // from a direct buffer: straight to the device, through a pinned slot
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE | OpenClConstants.CL_MEM_COPY_HOST_PTR, 4 * ITEMS,
                Direct.of(ints(i -> 5 * i)));
        incrementOnDevice(buffer);
        assertArrayEquals(ints(i -> 5 * i + 1), read(buffer));
        assertLaunchWaitsForAnUploadOfItsOwnQueue(before);
        buffer.release();
    }

    /** Since {@code before}: an upload on one queue, then a marker waiting for it and the launch on another. */
    private void assertLaunchWaitsForAnUploadOfItsOwnQueue(int before) {
        List<Enqueued> after = backend.enqueued().subList(before, backend.enqueued().size());
        Enqueued launch = after.stream().filter(e -> e.method().equals("launch")).findFirst().orElseThrow();
        Enqueued upload = after.stream().filter(e -> e.method().equals("write")).findFirst().orElseThrow();
        assertNotSame(launch.queue(), upload.queue(), "the upload went on a queue of its own: " + after);
        int at = after.indexOf(launch);
        assertTrue(after.indexOf(upload) < at, "the upload went before the launch: " + after);
        boolean ordered = after.subList(after.indexOf(upload), at).stream().anyMatch(e ->
                e.queue() == launch.queue() && e.method().equals("marker") && e.waitFor().contains(upload.event()));
        assertTrue(ordered, "a marker on the device's queue waits for the upload before the launch: " + after);
    }

    private void incrementOnDevice(ClMem buffer) {
        inc.setArg(0, 8, buffer);
        queue.ndRange(inc, 1, null, new long[] {ITEMS}, null, List.of()).release();
    }

    private byte[] read(ClMem buffer) {
        byte[] read = new byte[4 * ITEMS];
        queue.readBuffer(buffer, true, 0, read.length, new Bytes(read), List.of()).release();
        return read;
    }

    private static byte[] ints(IntUnaryOperator value) {
        ByteBuffer b = ByteBuffer.allocate(4 * ITEMS).order(ByteOrder.nativeOrder());
        for (int i = 0; i < ITEMS; i++) {
            b.putInt(value.applyAsInt(i));
        }
        return b.array();
    }
}
