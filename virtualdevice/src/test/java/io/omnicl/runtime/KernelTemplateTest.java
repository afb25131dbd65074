package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Kernels of one name share their program's real kernels (over two PoCL devices): a released kernel's real
 * kernel serves the next one, with the new kernel's own arguments, and a rebuild drops them.
 */
class KernelTemplateTest {

    private static final String SOURCE =
            "__kernel void put(__global int* out, const int v) { out[get_global_id(0)] = v + ADD; }";
    private static final int ITEMS = 64;

    private record Setup(RuntimeDriver runtime, ClContext context, ClQueue queue, ClProgram program) {

        /** A context and queue on pinned device 1, and the program built with {@code -D ADD=add}. */
        static Setup open(int add) {
            RuntimeDriver engine = new RuntimeDriver(Config.defaults());
            ClDevice device = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(1);
            ClContext context = engine.platforms().get(0).createContext(List.of(device), new long[0]);
            ClProgram program = context.createProgram(SOURCE);
            program.build(List.of(), "-D ADD=" + add, null);
            return new Setup(engine, context, context.createQueue(device, 0), program);
        }

        /** Runs a new kernel writing {@code v} plus ADD into {@code out}, then releases the kernel. */
        void put(ClMem out, int v) {
            ClKernel k = program.createKernel("put");
            k.setArg(0, 8, out);
            k.setArg(1, 4, value(v));
            queue.ndRange(k, 1, null, new long[] {ITEMS}, null, List.of()).release();
            k.release();
        }

        int first(ClMem buffer) {
            byte[] back = new byte[4 * ITEMS];
            queue.readBuffer(buffer, true, 0, back.length, new Bytes(back), List.of()).release();
            return ByteBuffer.wrap(back).order(ByteOrder.nativeOrder()).getInt(4 * (ITEMS - 1));
        }

        long liveObjects() {
            return runtime.counters().get(0).liveObjects();
        }
    }

    private static byte[] value(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(v).array();
    }

    @Test
    void aReleasedKernelsRealKernelServesTheNextWithItsOwnArguments() {
        Setup s = Setup.open(0);
        ClMem a = s.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4 * ITEMS, null);
        ClMem b = s.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4 * ITEMS, null);
        s.put(a, 1);
        s.put(b, 2);
        assertEquals(1, s.first(a));
        assertEquals(2, s.first(b));
        long live = s.liveObjects();
        ClKernel k = s.program().createKernel("put");
        assertEquals(live, s.liveObjects(), "the released kernels' real kernel serves the new one");
        k.setArg(0, 8, b);
        k.setArg(1, 4, value(3));
        s.queue().ndRange(k, 1, null, new long[] {ITEMS}, null, List.of()).release();
        k.release();
        assertEquals(3, s.first(b), "the kernel wrote its own buffer and value");
        assertEquals(live, s.liveObjects(), "kept again for the next kernel");
        s.put(a, 4);
        assertEquals(4, s.first(a));
        assertEquals(3, s.first(b));
    }

    @Test
    void kernelsAliveTogetherEachHaveARealKernel() {
        Setup s = Setup.open(0);
        List<ClKernel> kernels = new ArrayList<>();
        List<ClMem> buffers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ClKernel k = s.program().createKernel("put");
            ClMem out = s.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4 * ITEMS, null);
            k.setArg(0, 8, out);
            k.setArg(1, 4, value(10 + i));
            kernels.add(k);
            buffers.add(out);
        }
        for (ClKernel k : kernels) {
            s.queue().ndRange(k, 1, null, new long[] {ITEMS}, null, List.of()).release();
        }
        for (int i = 0; i < 3; i++) {
            assertEquals(10 + i, s.first(buffers.get(i)));
            kernels.get(i).release();
        }
    }

    @Test
    void aRebuildDropsTheRealKernelsOfTheOldBuild() {
        Setup s = Setup.open(0);
        ClMem out = s.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4 * ITEMS, null);
        s.put(out, 5);
        assertEquals(5, s.first(out));
        s.program().build(List.of(), "-D ADD=100", null);
        s.put(out, 5);
        assertEquals(105, s.first(out), "the kernel of the new build ran");
    }

    @Test
    void aValueOfAnotherSizeIsStillTriedOnTheDevice() {
        Setup s = Setup.open(0);
        ClKernel k = s.program().createKernel("put");
        k.setArg(1, 4, value(1));
        ClError e = assertThrows(ClError.class, () -> k.setArg(1, 2, new byte[2]));
        assertEquals(OpenClConstants.CL_INVALID_ARG_SIZE, e.code());
        k.release();
    }
}
