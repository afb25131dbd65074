package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.runtime.WitnessBackend.Enqueued;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where a device's transfers are staged (a GPU; here PoCL devices with {@code OMNICL_PINNED=on}), the inputs of
 * a command go up on a queue of their own, so that they move while the kernels before run, and the device's
 * queue waits for them with a marker before what comes next: the kernel then finds its bytes.
 */
class InputQueueTest {

    private static final int ITEMS = 1024;

    @TempDir
    Path models;

    @Test
    void aKernelsInputsGoUpOnTheInputQueueAndItsLaunchWaitsForThem() {
        WitnessBackend backend = new WitnessBackend();
        Engine engine = new Engine(Config.defaults().withPerfModelDir(models.toString()).withPinned("on"), backend);
        ClDevice device = Workload.device(engine, 1);
        ClContext context = engine.platforms().get(0).createContext(List.of(device), new long[0]);
        ClQueue queue = context.createQueue(device, 0);
        ClProgram program = context.createProgram(Workload.INCREMENT);
        program.build(List.of(), "", null);
        ClKernel inc = program.createKernel("inc");
        // the device's worker starts (and measures the device) at its first command
        ClMem first = context.createBuffer(Cl.CL_MEM_READ_WRITE, 4 * ITEMS, null);
        inc.setArg(0, 8, first);
        queue.ndRange(inc, 1, null, new long[] {ITEMS}, null, List.of()).release();
        queue.finish();
        ClMem buffer = context.createBuffer(Cl.CL_MEM_READ_WRITE, 4 * ITEMS, null);
        // from a heap array: into the host copy, so that the launch must upload it
        byte[] values = ints(i -> 3 * i);
        queue.writeBuffer(buffer, true, 0, values.length, new Bytes(values), List.of()).release();
        int before = backend.enqueued().size();

        inc.setArg(0, 8, buffer);
        queue.ndRange(inc, 1, null, new long[] {ITEMS}, null, List.of()).release();
        byte[] read = new byte[values.length];
        queue.readBuffer(buffer, true, 0, read.length, new Bytes(read), List.of()).release();
        assertArrayEquals(ints(i -> 3 * i + 1), read);

        List<Enqueued> after = backend.enqueued().subList(before, backend.enqueued().size());
        int launch = indexOf(after, "launch");
        assertTrue(launch >= 0, "launched: " + after);
        Enqueued launched = after.get(launch);
        Enqueued upload = after.stream().filter(e -> e.method().equals("write")).findFirst().orElseThrow();
        assertNotSame(launched.queue(), upload.queue(), "the input went up on a queue of its own: " + after);
        assertTrue(after.indexOf(upload) < launch, "the input went up before the launch");
        boolean ordered = after.subList(after.indexOf(upload), launch).stream().anyMatch(e ->
                e.queue() == launched.queue() && e.method().equals("marker") && e.waitFor().contains(upload.event()));
        assertTrue(ordered, "a marker on the device's queue waits for the upload before the launch: " + after);
        inc.release();
        first.release();
        buffer.release();
        queue.release();
        program.release();
        context.release();
    }

    private static int indexOf(List<Enqueued> log, String method) {
        for (int i = 0; i < log.size(); i++) {
            if (log.get(i).method().equals(method)) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] ints(java.util.function.IntUnaryOperator value) {
        ByteBuffer b = ByteBuffer.allocate(4 * ITEMS).order(ByteOrder.nativeOrder());
        for (int i = 0; i < ITEMS; i++) {
            b.putInt(value.applyAsInt(i));
        }
        return b.array();
    }
}
