package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.DeviceCounters;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.runtime.sched.DeviceSpeed;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.fake.FakeBackend;

import org.junit.jupiter.api.function.ThrowingSupplier;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.List;
import java.util.function.ToDoubleFunction;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A program on the virtual device of a fake backend for the runtime's tests of cut launches, every launch cut
 * ({@code OMNICL_SPLIT=always}): a context, an in-order queue there and the program's source built; buffers of
 * {@link #ITEMS} ints, written, launched over and read whole.
 */
record CutProgram(RuntimeDriver engine, ClContext context, ClQueue queue, ClProgram program) {

    static final int ITEMS = 1024;

    /** {@code source} built on {@code backend}'s virtual device. */
    static CutProgram on(FakeBackend backend, String source) {
        return on(backend, source, Config.defaults().withSplit("always"));
    }

    /** {@code source} built on {@code backend}'s virtual device, the runtime configured as {@code config} says. */
    static CutProgram on(FakeBackend backend, String source, Config config) {
        return on(new RuntimeDriver(config, backend), source);
    }

    /**
     * A runtime over {@code backend}, configured as {@code config} says, whose performance model has each device's
     * compute speed as {@code opsPerNano} gives it, as calibration would find it before a program's first launch.
     */
    static RuntimeDriver withSpeeds(FakeBackend backend, Config config, ToDoubleFunction<DeviceNode> opsPerNano) {
        RuntimeDriver engine = new RuntimeDriver(config, backend);
        for (DeviceNode n : engine.devices().nodes()) {
            engine.devices().model().setSpeed(n.modelId(), new DeviceSpeed(opsPerNano.applyAsDouble(n), 1, 1, 0));
        }
        return engine;
    }

    /** {@code source} built on {@code engine}'s virtual device. */
    static CutProgram on(RuntimeDriver engine, String source) {
        ClDevice virtual = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(0);
        ClContext context = engine.platforms().get(0).createContext(List.of(virtual), new long[0]);
        ClQueue queue = context.createQueue(virtual, 0);
        ClProgram program = context.createProgram(source);
        program.build(List.of(), "", null);
        return new CutProgram(engine, context, queue, program);
    }

    /** A kernel of the program whose arguments are {@code buffers}, in order. */
    ClKernel kernel(String name, ClMem... buffers) {
        ClKernel k = program.createKernel(name);
        for (int i = 0; i < buffers.length; i++) {
            k.setArg(i, 8, buffers[i]);
        }
        return k;
    }

    /** A new buffer, written with {@code values} by a blocking write. */
    ClMem buffer(int[] values) {
        ClMem m = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
        write(m, values);
        return m;
    }

    /** A new buffer made from {@code values} ({@code CL_MEM_COPY_HOST_PTR}), as many ints as they are. */
    ClMem madeFrom(int[] values) {
        return context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE | OpenClConstants.CL_MEM_COPY_HOST_PTR,
                4L * values.length, new Bytes(bytesOf(values)));
    }

    /** A blocking write of all of {@code m}. */
    void write(ClMem m, int[] values) {
        queue.writeBuffer(m, true, 0, 4L * ITEMS, new Bytes(bytesOf(values)), List.of()).release();
    }

    /** A write of all of {@code m} that the program does not wait for, then a finish. */
    void writeUnwaited(ClMem m, int[] values) {
        queue.writeBuffer(m, false, 0, 4L * ITEMS, new Bytes(bytesOf(values)), List.of()).release();
        queue.finish();
    }

    /** {@code values} in the host's byte order. */
    private static byte[] bytesOf(int[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.nativeOrder());
        bytes.asIntBuffer().put(values);
        return bytes.array();
    }

    /** A launch of {@code k} over all of the buffers. */
    ClEvent launch(ClKernel k) {
        return queue.ndRange(k, 1, null, new long[] {ITEMS}, null, List.of());
    }

    /** A blocking read of all of {@code m}, after {@code waitList}. */
    int[] read(ClMem m, List<ClEvent> waitList) {
        byte[] back = new byte[4 * ITEMS];
        queue.readBuffer(m, true, 0, back.length, new Bytes(back), waitList).release();
        int[] values = new int[ITEMS];
        ByteBuffer.wrap(back).order(ByteOrder.nativeOrder()).asIntBuffer().get(values);
        return values;
    }

    /** Commands submitted behind others on their device so far, on every device. */
    long followed() {
        return engine.counters().stream().mapToLong(DeviceCounters::followed).sum();
    }

    void release() {
        List.of(program, queue, context).forEach(o -> o.release());
    }

    /**
     * What {@code run} returns, which must end within thirty seconds (a hang fails the test); null where a blocking
     * transfer failed on a failing device (reported, not hung).
     */
    static int[] endsOrReports(ThrowingSupplier<int[]> run) {
        return assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try {
                return run.get();
            } catch (ClError e) {
                return null;
            }
        });
    }
}
