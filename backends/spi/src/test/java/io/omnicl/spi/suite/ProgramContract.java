package io.omnicl.spi.suite;

import static io.omnicl.spi.suite.ClCodes.CL_INVALID_ARG_INDEX;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_ARG_SIZE;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_ARG_VALUE;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_BINARY;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_BUILD_OPTIONS;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_KERNEL;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_KERNEL_NAME;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_PROGRAM;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_PROGRAM_EXECUTABLE;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_VALUE;
import static io.omnicl.spi.suite.ClCodes.CL_KERNEL_ARG_ACCESS_NONE;
import static io.omnicl.spi.suite.ClCodes.CL_KERNEL_ARG_ADDRESS_GLOBAL;
import static io.omnicl.spi.suite.ClCodes.CL_KERNEL_ARG_ADDRESS_LOCAL;
import static io.omnicl.spi.suite.ClCodes.CL_KERNEL_ARG_ADDRESS_PRIVATE;
import static io.omnicl.spi.suite.ClCodes.CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
import static io.omnicl.spi.suite.ClCodes.CL_KERNEL_ARG_TYPE_CONST;
import static io.omnicl.spi.suite.ClCodes.CL_KERNEL_ARG_TYPE_NONE;
import static io.omnicl.spi.suite.Pocl.assertStatus;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.KernelArgInfo;
import io.omnicl.spi.KernelWorkGroupInfo;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Programs build from source and binary, list and make kernels, and describe their arguments. */
public abstract class ProgramContract extends BackendContract {

    /** What the runtime adds to every build. */
    public static final String OPTIONS = "-cl-kernel-arg-info";

    public static final String KERNELS = """
        __kernel void add(const __global float* a, const __global float* b, __global float* sum, float scale) {
            size_t i = get_global_id(0);
            sum[i] = (a[i] + b[i]) * scale;
        }

        __kernel void reverse_groups(__global float* data, __local float* scratch) {
            size_t local_id = get_local_id(0);
            scratch[local_id] = data[get_global_id(0)];
            barrier(CLK_LOCAL_MEM_FENCE);
            data[get_global_id(0)] = scratch[get_local_size(0) - 1 - local_id];
        }

        __kernel __attribute__((reqd_work_group_size(8, 1, 1))) void fixed(__global int* out) {
            out[get_global_id(0)] = 1;
        }
        """;

    private DeviceSession session;

    @BeforeEach
    void open() {
        session = device(0).open();
    }

    @AfterEach
    void close() {
        session.close();
    }

    @Test
    void buildsAndListsItsKernels() {
        RealProgram program = session.createProgram(KERNELS);
        assertTrue(program.build(OPTIONS), program::buildLog);
        assertEquals(List.of("add", "reverse_groups", "fixed"), program.kernelNames());
        program.release();
    }

    @Test
    void buildsWithoutOptions() {
        RealProgram program = session.createProgram(KERNELS);
        assertTrue(program.build(null), program::buildLog);
        RealKernel add = program.createKernel("add");
        assertEquals(4, add.argCount());
        // without -cl-kernel-arg-info the device may say nothing about the arguments
        try {
            assertEquals("a", add.argInfo(0).name());
        } catch (BackendException e) {
            assertEquals(CL_KERNEL_ARG_INFO_NOT_AVAILABLE, e.status());
        }
        add.release();
        program.release();
    }

    @Test
    void aFailedBuildReturnsFalseWithTheDevicesLog() {
        RealProgram program = session.createProgram("__kernel void broken(__global float* x) { x[0] = y; }");
        assertFalse(program.build(OPTIONS));
        String log = program.buildLog();
        assertTrue(log.contains("error") && log.contains("'y'"), log);
        assertFalse(log.endsWith("\0"));
        assertStatus(CL_INVALID_PROGRAM_EXECUTABLE, () -> program.createKernel("broken"));
        program.release();
    }

    @Test
    void invalidBuildOptionsThrow() {
        RealProgram program = session.createProgram(KERNELS);
        assertStatus(CL_INVALID_BUILD_OPTIONS, () -> program.build("-cl-no-such-option"));
        program.release();
    }

    @Test
    void aSourceIsRequired() {
        assertStatus(CL_INVALID_VALUE, () -> session.createProgram((String) null));
        RealProgram program = built();
        assertStatus(CL_INVALID_VALUE, () -> program.createKernel(null));
        program.release();
    }

    @Test
    void aBinaryRoundTripsThroughANewProgram() {
        RealProgram original = session.createProgram(KERNELS);
        assertTrue(original.build(OPTIONS), original::buildLog);
        byte[] binary = original.binary();
        assertTrue(binary.length > 0);
        assertArrayEquals(binary, original.binary());
        original.release();

        RealProgram restored = session.createProgram(binary);
        assertTrue(restored.build(OPTIONS), restored::buildLog);
        assertEquals(List.of("add", "reverse_groups", "fixed"), restored.kernelNames());
        RealKernel add = restored.createKernel("add");
        assertEquals(4, add.argCount());
        add.release();
        restored.release();
        // the binary also works in another device's session: both are the same CPU
        try (DeviceSession other = device(1).open()) {
            RealProgram elsewhere = other.createProgram(binary);
            assertTrue(elsewhere.build(OPTIONS), elsewhere::buildLog);
            elsewhere.release();
        }
    }

    @Test
    void aForeignBinaryIsRejected() {
        assertStatus(CL_INVALID_BINARY, () -> session.createProgram("not a program binary".getBytes()));
        assertStatus(CL_INVALID_BINARY, () -> session.createProgram(new byte[0]));
        assertStatus(CL_INVALID_BINARY, () -> session.createProgram((byte[]) null));
    }

    @Test
    void argInfoDescribesEachArgument() {
        RealProgram program = built();
        RealKernel add = program.createKernel("add");
        assertEquals("add", add.name());
        assertEquals(4, add.argCount());
        assertEquals(new KernelArgInfo(CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ACCESS_NONE, "float*",
            CL_KERNEL_ARG_TYPE_CONST, "a"), add.argInfo(0));
        assertEquals(new KernelArgInfo(CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ACCESS_NONE, "float*",
            CL_KERNEL_ARG_TYPE_NONE, "sum"), add.argInfo(2));
        assertEquals(new KernelArgInfo(CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ACCESS_NONE, "float",
            CL_KERNEL_ARG_TYPE_NONE, "scale"), add.argInfo(3));
        assertStatus(CL_INVALID_ARG_INDEX, () -> add.argInfo(4));

        RealKernel reverse = program.createKernel("reverse_groups");
        assertEquals(CL_KERNEL_ARG_ADDRESS_LOCAL, reverse.argInfo(1).addressQualifier());
        assertEquals("scratch", reverse.argInfo(1).name());
        add.release();
        reverse.release();
        program.release();
    }

    @Test
    void workGroupInfoIsTheDevicesAnswer() {
        RealProgram program = built();
        RealKernel add = program.createKernel("add");
        KernelWorkGroupInfo info = add.workGroupInfo();
        long maxGroup = device(0).info().getLong(DeviceParam.MAX_WORK_GROUP_SIZE, -1);
        assertTrue(info.workGroupSize() > 0 && info.workGroupSize() <= maxGroup);
        assertArrayEquals(new long[] {0, 0, 0}, info.compileWorkGroupSize());
        assertTrue(info.preferredSizeMultiple() > 0);
        assertTrue(info.localMemSize() >= 0 && info.privateMemSize() >= 0);

        RealKernel fixed = program.createKernel("fixed");
        assertArrayEquals(new long[] {8, 1, 1}, fixed.workGroupInfo().compileWorkGroupSize());
        add.release();
        fixed.release();
        program.release();
    }

    @Test
    void kernelErrorsCarryTheDevicesStatus() {
        RealProgram program = built();
        assertStatus(CL_INVALID_KERNEL_NAME, () -> program.createKernel("no_such_kernel"));
        RealKernel add = program.createKernel("add");
        RealBuffer buffer = session.allocate(64);
        // a by-value float of the wrong size, and buffers where a value belongs and the other way round
        assertStatus(CL_INVALID_ARG_SIZE, () -> add.setArg(3, Pocl.direct(2)));
        assertStatus(CL_INVALID_ARG_SIZE, () -> add.setArg(3, buffer));
        assertStatus(CL_INVALID_ARG_INDEX, () -> add.setArg(4, buffer));
        assertStatus(CL_INVALID_ARG_SIZE, () -> add.setLocalArg(0, 16));
        assertStatus(CL_INVALID_ARG_VALUE, () -> add.setArg(3, ByteBuffer.allocate(4)));
        assertStatus(CL_INVALID_ARG_VALUE, () -> add.setArg(3, (ByteBuffer) null));

        RealKernel reverse = program.createKernel("reverse_groups");
        assertStatus(CL_INVALID_ARG_SIZE, () -> reverse.setLocalArg(1, 0));
        buffer.release();
        add.release();
        reverse.release();
        program.release();
    }

    @Test
    void releaseIsIdempotentAndReleasedObjectsAreRefused() {
        RealProgram program = built();
        RealKernel add = program.createKernel("add");
        add.release();
        add.release();
        assertStatus(CL_INVALID_KERNEL, add::workGroupInfo);
        assertStatus(CL_INVALID_KERNEL, add::argCount);
        assertStatus(CL_INVALID_KERNEL, () -> add.setLocalArg(0, 4));
        program.release();
        program.release();
        assertStatus(CL_INVALID_PROGRAM, () -> program.createKernel("add"));
        assertStatus(CL_INVALID_PROGRAM, () -> program.build(OPTIONS));
        assertStatus(CL_INVALID_PROGRAM, program::buildLog);
        assertStatus(CL_INVALID_PROGRAM, program::binary);
    }

    @Test
    void buildsAndTransfersRunOnSeveralThreadsOfOneSession() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try {
            List<Future<Boolean>> builds = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                String source = "__kernel void k" + i + "(__global int* x) { x[get_global_id(0)] = " + i + "; }";
                builds.add(threads.submit(() -> {
                    RealProgram program = session.createProgram(source);
                    try {
                        return program.build(OPTIONS) && program.kernelNames().size() == 1;
                    } finally {
                        program.release();
                    }
                }));
            }
            Future<byte[]> transfers = threads.submit(() -> {
                RealQueue queue = session.createQueue(false);
                RealBuffer buffer = session.allocate(256);
                ByteBuffer read = Pocl.direct(256);
                for (int round = 0; round < 20; round++) {
                    Pocl.awaitAll(queue.fill(buffer, Pocl.bytes(round), 0, 256, List.of()),
                        queue.read(buffer, 0, read, List.of()));
                }
                buffer.release();
                queue.release();
                return Pocl.array(read, 256);
            });
            for (Future<Boolean> build : builds) {
                assertTrue(build.get());
            }
            byte[] last = new byte[256];
            Arrays.fill(last, (byte) 19);
            assertArrayEquals(last, transfers.get());
        } finally {
            threads.shutdownNow();
        }
    }

    private RealProgram built() {
        RealProgram program = session.createProgram(KERNELS);
        assertTrue(program.build(OPTIONS), program::buildLog);
        return program;
    }
}
