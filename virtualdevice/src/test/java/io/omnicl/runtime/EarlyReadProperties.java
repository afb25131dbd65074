package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * Reads right after launches cut across two fake GPUs, which take each piece's bytes as the piece ends: whatever the
 * buffer's size, the launches' offsets and sizes, the range read, whether the read waits for the last launch's event,
 * and whether one GPU fails some of its launches and transfers, the program reads what the launches wrote in order
 * over what it wrote before them.
 */
class EarlyReadProperties {

    private static final String SOURCE = "__kernel void fill(__global int* a, const int k) {"
            + " int i = get_global_id(0); a[i] = 3 * i + k; }";

    @Property(tries = 60)
    void aReadAfterCutLaunchesGetsWhatTheyWrote(@ForAll long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DeviceSpec second = DeviceSpec.gpu("fake gpu too");
        boolean failing = random.nextBoolean();
        if (failing) {
            second = second.withFailures(0.2, random.nextInt(1000));
        }
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(second)
                .kernel("fill", item -> {
                    int i = (int) item.globalId(0);
                    item.ints(0).put(i, 3 * i + item.intArg(1));
                })
                .build());
        // where a device fails, every result is also kept on the host (OMNICL_RESILIENT, as OMNICL_FAULTS has it):
        // else a launch whose piece fails where it alone held what it overwrites fails, and what it leaves is undefined
        RuntimeDriver engine = new RuntimeDriver(Config.defaults().withSplit("always").withResilient(failing), backend);
        ClDevice virtual = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(0);
        ClContext context = engine.platforms().get(0).createContext(List.of(virtual), new long[0]);
        ClQueue queue = context.createQueue(virtual, 0);
        ClProgram program = context.createProgram(SOURCE);
        program.build(List.of(), "", null);
        ClKernel fill = program.createKernel("fill");

        int items = 64 + random.nextInt(4033);
        int[] expected = new int[items];
        for (int i = 0; i < items; i++) {
            expected[i] = -i - 1;
        }
        ClMem buffer = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * items, null);
        queue.writeBuffer(buffer, true, 0, 4L * items, new Bytes(bytes(expected)), List.of()).release();
        fill.setArg(0, 8, buffer);
        int launches = 1 + random.nextInt(3);
        ClEvent last = null;
        for (int t = 0; t < launches; t++) {
            int offset = random.nextInt(items - 32);
            int size = 32 + random.nextInt(items - offset - 31);
            int k = random.nextInt(1000);
            fill.setArg(1, 4, bytes(new int[] {k}));
            if (last != null) {
                last.release();
            }
            last = queue.ndRange(fill, 1, new long[] {offset}, new long[] {size}, null, List.of());
            for (int i = offset; i < offset + size; i++) {
                expected[i] = 3 * i + k;
            }
        }
        int from = random.nextInt(items);
        int length = 1 + random.nextInt(items - from);
        byte[] back = new byte[4 * length];
        // as a program that reads after its launch's event does, or one that reads after its launch
        queue.readBuffer(buffer, true, 4L * from, back.length, new Bytes(back),
                random.nextBoolean() ? List.of(last) : List.of()).release();
        last.release();
        int[] read = new int[length];
        ByteBuffer.wrap(back).order(ByteOrder.nativeOrder()).asIntBuffer().get(read);
        int[] want = new int[length];
        System.arraycopy(expected, from, want, 0, length);
        assertArrayEquals(want, read, "ints " + from + " to " + (from + length) + " of " + items);
        List.of(buffer, fill, program, queue, context).forEach(o -> o.release());
    }

    private static byte[] bytes(int[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.nativeOrder());
        b.asIntBuffer().put(values);
        return b.array();
    }
}
