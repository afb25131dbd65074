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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A read of bytes that only a device holds brings them back through the host copy. A write of some of those
 * bytes made meanwhile, unordered with the read (an out-of-order queue), must stay: the read may see either
 * value, the buffer keeps the write's. The device's thread is held as it enqueues the transfer
 * ({@link WitnessBackend#holdReads}) until the write is done, so that the transfer lands after it.
 */
class ReadBackTest {

    private static final int ITEMS = 1024;
    /** The bytes a device alone holds: a sub-buffer's, at an origin every device accepts. */
    private static final int HEAD = 128;

    @TempDir
    Path models;

    @Test
    void aWriteMadeWhileItsBytesComeBackStays() {
        WitnessBackend backend = new WitnessBackend();
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withPerfModelDir(models.toString()), backend);
        ClDevice virtual = Workload.device(engine, 0);
        ClContext context = engine.platforms().get(0).createContext(List.of(virtual), new long[0]);
        ClQueue queue = context.createQueue(virtual, OpenClConstants.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
        ClProgram program = context.createProgram(Workload.INCREMENT);
        program.build(List.of(), "", null);
        // zeros written from a heap array without blocking: the host copy holds the buffer
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4 * ITEMS, null);
        queue.writeBuffer(buffer, false, 0, 4 * ITEMS, new Bytes(new byte[4 * ITEMS]), List.of()).release();
        queue.finish();
        // a device alone holds the first 128 bytes, all ones; the host the rest
        ClMem head = buffer.createSubBuffer(OpenClConstants.CL_MEM_READ_WRITE, 0, HEAD);
        ClKernel inc = program.createKernel("inc");
        inc.setArg(0, 8, head);
        queue.ndRange(inc, 1, null, new long[] {HEAD / 4}, null, List.of()).release();
        queue.finish();

        int seen = backend.readsAfter(-1, 0);
        backend.holdReads();
        ClEvent read = queue.readBuffer(buffer, false, 0, HEAD, new Bytes(new byte[HEAD]), List.of());
        assertTrue(backend.readsAfter(seen, 30) > seen, "the device's thread comes to enqueue the read back");
        // unordered with the read; the host holds most of the buffer, so it goes into the host copy
        queue.writeBuffer(buffer, true, 0, 4, new Bytes(intBytes(42)), List.of()).release();
        backend.releaseReads();
        read.await();
        read.release();

        byte[] after = new byte[HEAD];
        queue.readBuffer(buffer, true, 0, after.length, new Bytes(after), List.of()).release();
        ByteBuffer values = ByteBuffer.wrap(after).order(ByteOrder.nativeOrder());
        assertEquals(42, values.getInt(0), "the write made while the bytes came back");
        assertEquals(1, values.getInt(4), "the bytes that came back");
        inc.release();
        head.release();
        buffer.release();
        queue.release();
        program.release();
        context.release();
    }

    private static byte[] intBytes(int value) {
        return ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(value).array();
    }
}
