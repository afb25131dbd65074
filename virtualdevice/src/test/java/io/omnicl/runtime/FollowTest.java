package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.DeviceCounters;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.driver.Rect;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.config.FaultSpec;
import io.omnicl.runtime.entry.RuntimeDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Commands that follow their precursors onto the device where those are still running, over two PoCL
 * devices. Each chain is held by a user event until it is all enqueued, and each command waits for the
 * previous one's event (an out-of-order queue, so nothing else orders them): once the head is submitted,
 * the next command is posted to the same device before the host can see the head end, and so on, so every
 * command after the head follows. The chain adds 1 to every element of a buffer the host wrote, so a
 * follower that read the host's old copy instead of what the command before it writes on the device would
 * leave a smaller sum.
 */
class FollowTest {

    private static final int ITEMS = 1024;
    private static final int FILL = 100;

    @TempDir
    Path models;

    private record Chain(ClMem buffer, byte[] result, ClEvent read) {
    }

    /** An engine, a context on one of its devices, an out-of-order queue there and the built program. */
    private record Setup(RuntimeDriver runtime, ClContext context, ClQueue queue, ClProgram program) {

        static Setup open(RuntimeDriver engine, int deviceIndex) {
            ClDevice device = Workload.device(engine, deviceIndex);
            ClContext context = engine.platforms().get(0).createContext(List.of(device), new long[0]);
            ClQueue queue = context.createQueue(device, OpenClConstants.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
            ClProgram program = context.createProgram(Workload.INCREMENT);
            program.build(List.of(), "", null);
            return new Setup(engine, context, queue, program);
        }

        void close() {
            program.release();
            queue.release();
            context.release();
        }
    }

    /**
     * Enqueues on {@code queue}: a host write of 0..ITEMS-1; after {@code start}, a fill with {@link #FILL} when
     * {@code fill}; {@code length} increments; a read.
     */
    private static Chain chain(ClContext context, ClQueue queue, ClProgram program, ClEvent start, boolean fill,
                               int length) {
        ClMem buffer = hostWritten(context, queue);
        ClEvent previous = start;
        if (fill) {
            byte[] pattern = ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(FILL).array();
            previous = queue.fillBuffer(buffer, pattern, 0, 4L * ITEMS, List.of(start));
        }
        for (int k = 0; k < length; k++) {
            ClEvent e = increment(program, queue, buffer, previous);
            if (previous != start) {
                previous.release();
            }
            previous = e;
        }
        byte[] result = new byte[4 * ITEMS];
        ClEvent read = queue.readBuffer(buffer, false, 0, result.length, new Bytes(result), List.of(previous));
        previous.release();
        return new Chain(buffer, result, read);
    }

    /** Checks that the chain's read got {@code times} added to the host's values, or to {@link #FILL}. */
    private static void assertIncremented(Chain c, boolean filled, int times) {
        assertEquals(0, c.read().await(), "the read succeeded");
        ByteBuffer view = ByteBuffer.wrap(c.result()).order(ByteOrder.nativeOrder());
        for (int i = 0; i < ITEMS; i++) {
            assertEquals((filled ? FILL : i) + times, view.getInt(4 * i), "element " + i);
        }
        c.read().release();
        c.buffer().release();
    }

    /**
     * An engine with {@code config}, its performance models kept in the test's own folder, its launches whole (a
     * launch cut across devices follows nothing, and nothing follows it).
     */
    private RuntimeDriver engine(Config config) {
        return new RuntimeDriver(config.withPerfModelDir(models.toString()).withSplit("off"));
    }

    private static long followed(RuntimeDriver engine) {
        return engine.counters().stream().mapToLong(DeviceCounters::followed).sum();
    }

    @Test
    void everyCommandOfAChainFollowsItsHeadAndSeesWhatTheOneBeforeWrote() {
        Setup s = Setup.open(engine(Config.defaults()), 0);
        int length = 40;
        ClEvent start = s.context().createUserEvent();
        Chain c = chain(s.context(), s.queue(), s.program(), start, false, length);
        long before = followed(s.runtime());
        start.setUserStatus(OpenClConstants.CL_COMPLETE);
        assertIncremented(c, false, length);
        // the head waited for the user event; the other kernels and the read followed it
        assertEquals(length, followed(s.runtime()) - before);
        start.release();
        s.close();
    }

    /**
     * A fill on a pinned device writes the buffer there without reading it, so until it ends the device holds
     * no valid copy: the kernel following it must take the fill's result as the device's, not upload the
     * host's older copy behind it.
     */
    @Test
    void aFollowerTakesWhatACommandInFlightWritesAsTheDevicesCopy() {
        Setup s = Setup.open(engine(Config.defaults()), 1);
        int length = 5;
        ClEvent start = s.context().createUserEvent();
        Chain c = chain(s.context(), s.queue(), s.program(), start, true, length);
        long before = followed(s.runtime());
        start.setUserStatus(OpenClConstants.CL_COMPLETE);
        assertIncremented(c, true, length);
        assertEquals(length + 1, followed(s.runtime()) - before, "the kernels and the read followed the fill");
        start.release();
        s.close();
    }

    /**
     * In an out-of-order queue only the wait list orders commands: a fill of {@code b}, a kernel on {@code a}
     * after it, a kernel on {@code b} after that. The last one's only precursor is the kernel on {@code a}, yet
     * the fill, still in flight before it, writes what it reads: it must take the fill's result as the
     * device's copy too, not upload the host's older {@code b} over it.
     */
    @Test
    void aFollowerTakesWhatAnyCommandBeforeItInFlightWrites() {
        Setup s = Setup.open(engine(Config.defaults()), 1);
        ClEvent start = s.context().createUserEvent();
        ClMem a = hostWritten(s.context(), s.queue());
        ClMem b = hostWritten(s.context(), s.queue());
        byte[] pattern = ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(FILL).array();
        ClEvent fill = s.queue().fillBuffer(b, pattern, 0, 4L * ITEMS, List.of(start));
        ClEvent incA = increment(s.program(), s.queue(), a, fill);
        ClEvent incB = increment(s.program(), s.queue(), b, incA);
        byte[] resultA = new byte[4 * ITEMS];
        byte[] resultB = new byte[4 * ITEMS];
        ClEvent readA = s.queue().readBuffer(a, false, 0, resultA.length, new Bytes(resultA), List.of(incB));
        ClEvent readB = s.queue().readBuffer(b, false, 0, resultB.length, new Bytes(resultB), List.of(incB));
        long before = followed(s.runtime());
        start.setUserStatus(OpenClConstants.CL_COMPLETE);
        assertIncremented(new Chain(a, resultA, readA), false, 1);
        assertIncremented(new Chain(b, resultB, readB), true, 1);
        assertEquals(4, followed(s.runtime()) - before, "both kernels and both reads followed the fill");
        List.of(start, fill, incA, incB).forEach(ClEvent::release);
        s.close();
    }

    /**
     * A rectangle copy writes its rows, not the gaps between them. The device holds an old copy of the
     * target (the host wrote it since): a kernel following the copy must upload the gaps behind it rather
     * than take the whole span of the rows as written there.
     */
    @Test
    void aFollowerTakesOnlyTheRowsARectangleCopyWrites() {
        Setup s = Setup.open(engine(Config.defaults()), 1);
        ClMem source = hostWritten(s.context(), s.queue());
        ClMem target = hostWritten(s.context(), s.queue());
        // the device's copy of the target becomes 1..ITEMS, then the host's 0..ITEMS-1 again
        ClEvent onDevice = increment(s.program(), s.queue(), target, null);
        assertEquals(0, onDevice.await());
        onDevice.release();
        hostWrite(s.queue(), target);
        ClEvent start = s.context().createUserEvent();
        // the source's ints 0..ITEMS/2-1 into the target's even ints
        ClEvent copy = s.queue().copyBufferRect(source, target,
                Rect.of(new long[] {0, 0, 0}, new long[] {4, ITEMS / 2, 1}, 4, 0),
                Rect.of(new long[] {0, 0, 0}, new long[] {4, ITEMS / 2, 1}, 8, 0), List.of(start));
        ClEvent inc = increment(s.program(), s.queue(), target, copy);
        byte[] result = new byte[4 * ITEMS];
        ClEvent read = s.queue().readBuffer(target, false, 0, result.length, new Bytes(result), List.of(inc));
        long before = followed(s.runtime());
        start.setUserStatus(OpenClConstants.CL_COMPLETE);
        assertEquals(0, read.await(), "the read succeeded");
        assertEquals(2, followed(s.runtime()) - before, "the kernel and the read followed the copy");
        ByteBuffer view = ByteBuffer.wrap(result).order(ByteOrder.nativeOrder());
        for (int i = 0; i < ITEMS; i++) {
            assertEquals((i % 2 == 0 ? i / 2 : i) + 1, view.getInt(4 * i), "element " + i);
        }
        List.of(start, copy, inc, read).forEach(ClEvent::release);
        source.release();
        target.release();
        s.close();
    }

    /** A buffer of 0..ITEMS-1 that the host wrote. */
    private static ClMem hostWritten(ClContext context, ClQueue queue) {
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
        hostWrite(queue, buffer);
        return buffer;
    }

    /** Writes 0..ITEMS-1 into {@code buffer}, blocking. */
    private static void hostWrite(ClQueue queue, ClMem buffer) {
        ByteBuffer initial = ByteBuffer.allocate(4 * ITEMS).order(ByteOrder.nativeOrder());
        for (int i = 0; i < ITEMS; i++) {
            initial.putInt(i);
        }
        queue.writeBuffer(buffer, true, 0, 4L * ITEMS, new Bytes(initial.array()), List.of()).release();
    }

    /** Enqueues {@code inc} on {@code buffer} after {@code after} (if not null). */
    private static ClEvent increment(ClProgram program, ClQueue queue, ClMem buffer, ClEvent after) {
        ClKernel inc = program.createKernel("inc");
        inc.setArg(0, 8, buffer);
        ClEvent e = queue.ndRange(inc, 1, null, new long[] {ITEMS}, null, after == null ? List.of() : List.of(after));
        inc.release();
        return e;
    }

    @Test
    void followersOfACommandThatFailsWaitForItsRetry() {
        // device 1 fails a third of its commands; results are kept on the host too, so each failure is retried
        Setup s = Setup.open(engine(Config.defaults().withScheduler("eager")
                .withFaults(FaultSpec.parse("device=1,rate=0.3,seed=11"))), 0);
        int length = 12;
        // ten rounds, and more (up to 50) while device 1 has failed nothing: on a loaded machine it can be
        // slow to take work from eager's queue, and once took none in ten rounds
        for (int round = 0; round < 50 && (round < 10 || s.runtime().counters().get(1).failures() == 0); round++) {
            ClEvent start = s.context().createUserEvent();
            List<Chain> chains = new ArrayList<>();
            for (int k = 0; k < 6; k++) {
                chains.add(chain(s.context(), s.queue(), s.program(), start, false, length));
            }
            start.setUserStatus(OpenClConstants.CL_COMPLETE);
            for (Chain c : chains) {
                assertIncremented(c, false, length);
            }
            start.release();
        }
        assertTrue(s.runtime().counters().get(1).failures() > 0, "device 1 failed commands: " + s.runtime().counters());
        assertTrue(followed(s.runtime()) > 0, "commands followed others: " + s.runtime().counters());
        s.close();
    }
}
