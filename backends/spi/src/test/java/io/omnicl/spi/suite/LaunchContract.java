package io.omnicl.spi.suite;

import static io.omnicl.spi.suite.ClCodes.CL_COMPLETE;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_COMMAND_QUEUE;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_CONTEXT;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_EVENT;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_EVENT_WAIT_LIST;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_GLOBAL_OFFSET;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_GLOBAL_WORK_SIZE;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_KERNEL;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_KERNEL_ARGS;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_WORK_DIMENSION;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_WORK_GROUP_SIZE;
import static io.omnicl.spi.suite.Pocl.assertStatus;
import static io.omnicl.spi.suite.Pocl.awaitAll;
import static io.omnicl.spi.suite.Pocl.floats;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Kernels launch with the sizes, offsets and arguments given; markers, wait lists and profiling. */
public abstract class LaunchContract extends BackendContract {

    private static final int N = 64;

    private DeviceSession session;
    private RealQueue queue;
    private RealProgram program;
    private RealKernel add;
    private RealBuffer a;
    private RealBuffer b;
    private RealBuffer sum;
    private final List<Runnable> releases = new ArrayList<>();

    @BeforeEach
    void prepare() {
        session = device(1).open();
        queue = session.createQueue(false);
        program = session.createProgram(ProgramContract.KERNELS);
        assertTrue(program.build(ProgramContract.OPTIONS), program::buildLog);
        add = program.createKernel("add");
        a = session.allocate(N * Float.BYTES);
        b = session.allocate(N * Float.BYTES);
        sum = session.allocate(N * Float.BYTES);
        float[] as = new float[N];
        float[] bs = new float[N];
        for (int i = 0; i < N; i++) {
            as[i] = i;
            bs[i] = 1000 * i;
        }
        awaitAll(queue.write(a, 0, floats(as), List.of()), queue.write(b, 0, floats(bs), List.of()),
            queue.fill(sum, floats(-1), 0, N * Float.BYTES, List.of()));
        add.setArg(0, a);
        add.setArg(1, b);
        add.setArg(2, sum);
        add.setArg(3, floats(2));
    }

    @AfterEach
    void release() {
        releases.forEach(Runnable::run);
        add.release();
        program.release();
        a.release();
        b.release();
        sum.release();
        queue.release();
        session.close();
    }

    @Test
    void addsWithTheDevicesOwnLocalSize() {
        awaitAll(queue.launch(add, 1, null, new long[] {N}, null, List.of()));
        float[] result = readSum();
        for (int i = 0; i < N; i++) {
            assertEquals(2 * 1001 * i, result[i], "sum " + i);
        }
    }

    @Test
    void addsWithALocalSizeAndAnOffset() {
        awaitAll(queue.launch(add, 1, new long[] {8}, new long[] {32}, new long[] {16}, List.of()));
        float[] result = readSum();
        for (int i = 0; i < N; i++) {
            float expected = i >= 8 && i < 40 ? 2 * 1001 * i : -1;
            assertEquals(expected, result[i], "sum " + i);
        }
    }

    /** A launch without an event runs all the same; the queue's next event tells that it has ended. */
    @Test
    void aLaunchWithoutAnEventRunsBeforeTheNextCommand() {
        assertNull(queue.launch(add, 1, null, new long[] {N}, null, List.of(), false));
        float[] result = readSum();
        for (int i = 0; i < N; i++) {
            assertEquals(2 * 1001 * i, result[i], "sum " + i);
        }
    }

    @Test
    void longerSizeArraysAreCutToTheWorkDimension() {
        awaitAll(queue.launch(add, 1, new long[] {0, 7, 7}, new long[] {N, 5, 5}, new long[] {8, 3, 3}, List.of()));
        assertEquals(2 * 1001 * 63, readSum()[63]);
    }

    @Test
    void aByValueArgumentIsTakenFromItsPosition() {
        ByteBuffer scale = floats(5, 3, 7);
        scale.position(Float.BYTES).limit(2 * Float.BYTES);
        add.setArg(3, scale);
        assertEquals(Float.BYTES, scale.position());
        awaitAll(queue.launch(add, 1, null, new long[] {N}, null, List.of()));
        assertEquals(3 * 1001 * 10, readSum()[10]);
    }

    @Test
    void localArgumentsGiveEachGroupItsScratch() {
        RealKernel reverse = program.createKernel("reverse_groups");
        releases.add(reverse::release);
        reverse.setArg(0, a);
        reverse.setLocalArg(1, 4 * Float.BYTES);
        awaitAll(queue.launch(reverse, 1, null, new long[] {16}, new long[] {4}, List.of()));
        ByteBuffer read = Pocl.direct(16 * Float.BYTES);
        awaitAll(queue.read(a, 0, read, List.of()));
        assertArrayEquals(new float[] {3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12}, floats(read));
    }

    @Test
    void aNullBufferArgumentIsAccepted() {
        add.setArg(2, (RealBuffer) null);
        add.setArg(2, sum);
        awaitAll(queue.launch(add, 1, null, new long[] {N}, null, List.of()));
        assertEquals(2 * 1001 * 5, readSum()[5]);
    }

    @Test
    void launchErrorsCarryTheDevicesStatus() {
        assertStatus(CL_INVALID_WORK_DIMENSION, () -> queue.launch(add, 0, null, new long[] {N}, null, List.of()));
        assertStatus(CL_INVALID_WORK_DIMENSION, () -> queue.launch(add, 4, null, new long[] {N, 1, 1, 1}, null, List.of()));
        assertStatus(CL_INVALID_GLOBAL_WORK_SIZE, () -> queue.launch(add, 1, null, null, null, List.of()));
        assertStatus(CL_INVALID_GLOBAL_WORK_SIZE, () -> queue.launch(add, 2, null, new long[] {N}, null, List.of()));
        assertStatus(CL_INVALID_GLOBAL_OFFSET, () -> queue.launch(add, 2, new long[] {0}, new long[] {N, 1}, null, List.of()));
        assertStatus(CL_INVALID_WORK_GROUP_SIZE, () -> queue.launch(add, 1, null, new long[] {N}, new long[] {5}, List.of()));
        assertStatus(CL_INVALID_KERNEL, () -> queue.launch(null, 1, null, new long[] {N}, null, List.of()));

        RealKernel unset = program.createKernel("add");
        releases.add(unset::release);
        assertStatus(CL_INVALID_KERNEL_ARGS, () -> queue.launch(unset, 1, null, new long[] {N}, null, List.of()));
    }

    @Test
    void aRequiredWorkGroupSizeMustBeGiven() {
        RealKernel fixed = program.createKernel("fixed");
        releases.add(fixed::release);
        fixed.setArg(0, sum);
        assertStatus(CL_INVALID_WORK_GROUP_SIZE, () -> queue.launch(fixed, 1, null, new long[] {16}, null, List.of()));
        assertStatus(CL_INVALID_WORK_GROUP_SIZE, () -> queue.launch(fixed, 1, null, new long[] {16}, new long[] {4}, List.of()));
        awaitAll(queue.launch(fixed, 1, null, new long[] {16}, new long[] {8}, List.of()));
        ByteBuffer read = Pocl.direct(17 * Integer.BYTES);
        awaitAll(queue.read(sum, 0, read, List.of()));
        for (int i = 0; i < 17; i++) {
            assertEquals(i < 16 ? 1 : Float.floatToRawIntBits(-1), read.getInt(i * Integer.BYTES), "int " + i);
        }
    }

    @Test
    void markersOrderCommandsAcrossTheQueuesOfASession() {
        RealQueue other = session.createQueue(false);
        releases.add(other::release);
        RealEvent launched = queue.launch(add, 1, null, new long[] {N}, null, List.of());
        RealEvent marker = other.marker(List.of(launched));
        ByteBuffer read = Pocl.direct(N * Float.BYTES);
        RealEvent copied = other.copy(sum, 0, a, 0, N * Float.BYTES, List.of(marker));
        RealEvent readBack = other.read(a, 0, read, List.of(copied));
        queue.flush();
        other.flush();
        awaitAll(readBack, copied, marker, launched);
        float[] result = floats(read);
        for (int i = 0; i < N; i++) {
            assertEquals(2 * 1001 * i, result[i], "copied sum " + i);
        }
    }

    @Test
    void aMarkerWithoutEventsWaitsForEveryEarlierCommand() {
        RealEvent launched = queue.launch(add, 1, null, new long[] {N}, null, List.of());
        RealEvent marker = queue.marker(List.of());
        assertEquals(CL_COMPLETE, marker.await());
        assertEquals(CL_COMPLETE, launched.status());
        queue.finish();
        awaitAll(marker, launched);
    }

    /** After a flush a command ends without anyone waiting (OpenCL's clFlush), so watching its status ends. */
    @Test
    @Timeout(30)
    void anEndedEventKeepsItsStatusWhicheverWayItIsAsked() {
        RealEvent launched = queue.launch(add, 1, null, new long[] {N}, null, List.of());
        queue.flush();
        int seen;
        do {
            seen = launched.status();
        } while (seen > 0);
        assertEquals(CL_COMPLETE, seen);
        assertEquals(CL_COMPLETE, launched.await());
        assertEquals(CL_COMPLETE, launched.status());
        assertEquals(CL_COMPLETE, launched.await());
        launched.release();
        assertStatus(CL_INVALID_EVENT, launched::status);
    }

    @Test
    void profiledEventsReportOrderedTimes() {
        RealQueue profiled = session.createQueue(true);
        releases.add(profiled::release);
        RealEvent launched = profiled.launch(add, 1, null, new long[] {N}, null, List.of());
        assertEquals(CL_COMPLETE, launched.await());
        long[] times = launched.profile();
        assertNotNull(times);
        assertEquals(4, times.length);
        assertTrue(times[0] > 0 && times[0] <= times[1] && times[1] <= times[2] && times[2] <= times[3],
            Arrays.toString(times));
        // asked once, then the same
        assertArrayEquals(times, launched.profile());
        launched.release();

        RealEvent unprofiled = queue.marker(List.of());
        assertEquals(CL_COMPLETE, unprofiled.await());
        assertNull(unprofiled.profile());
        unprofiled.release();
    }

    @Test
    void waitListsRefuseForeignAndReleasedEvents() {
        RealEvent done = queue.marker(List.of());
        assertEquals(CL_COMPLETE, done.await());
        done.release();
        done.release();
        assertStatus(CL_INVALID_EVENT, done::status);
        assertStatus(CL_INVALID_EVENT, done::await);
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, () -> queue.marker(List.of(done)));
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, () -> queue.marker(Collections.singletonList(null)));

        try (DeviceSession elsewhere = device(0).open()) {
            RealQueue foreignQueue = elsewhere.createQueue(false);
            RealEvent foreign = foreignQueue.marker(List.of());
            assertStatus(CL_INVALID_CONTEXT, () -> queue.marker(List.of(foreign)));
            assertEquals(CL_COMPLETE, foreign.await());
            foreign.release();
            foreignQueue.release();
            foreignQueue.release();
            assertStatus(CL_INVALID_COMMAND_QUEUE, foreignQueue::flush);
            assertStatus(CL_INVALID_COMMAND_QUEUE, foreignQueue::finish);
            assertStatus(CL_INVALID_COMMAND_QUEUE, () -> foreignQueue.marker(List.of()));
        }
    }

    private float[] readSum() {
        ByteBuffer read = Pocl.direct(N * Float.BYTES);
        awaitAll(queue.read(sum, 0, read, List.of()));
        return floats(read);
    }
}
