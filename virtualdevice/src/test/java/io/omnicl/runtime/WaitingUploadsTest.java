package io.omnicl.runtime;

import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.spi.fake.DeviceSpec;
import io.omnicl.spi.fake.FakeBackend;
import io.omnicl.spi.fake.FakeConfig;
import io.omnicl.spi.fake.WorkItem;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A part that must wait for bytes only another device holds may first have enqueued uploads from the host copy, whose
 * bytes count as held on its device from then on. Where such an upload fails, its device stops holding them, and a
 * command its queue ran behind the upload reading them fails and is retried: it does not read memory never written.
 */
class WaitingUploadsTest {

    private static final int ITEMS = CutProgram.ITEMS;

    private static int id(WorkItem item) {
        return (int) item.globalId(0);
    }

    @Test
    void anUploadThatFailsWhileItsPartWaitsLeavesNothingReadAsHeld() {
        FakeBackend backend = new FakeBackend(FakeConfig.builder()
                .device(DeviceSpec.gpu("fake gpu"))
                .device(DeviceSpec.gpu("fake gpu too"))
                .kernel("fill", item -> item.ints(0).put(id(item), 3 * id(item) + 1))
                .kernel("copy", item -> item.ints(1).put(id(item), item.ints(0).get(id(item))))
                .kernel("add", item -> item.ints(2).put(id(item), item.ints(0).get(id(item)) + item.ints(1).get(id(item))))
                .kernel("reverse", item -> item.ints(1).put(id(item), item.ints(0).get(ITEMS - 1 - id(item))))
                .build());
        CutProgram p = CutProgram.on(backend, "__kernel void fill(__global int* b) {"
                + " int i = get_global_id(0); b[i] = 3 * i + 1; }\n"
                + "__kernel void copy(__global const int* c, __global int* e) { int i = get_global_id(0); e[i] = c[i]; }\n"
                + "__kernel void add(__global const int* c, __global const int* b, __global int* d) {"
                + " int i = get_global_id(0); d[i] = c[i] + b[i]; }\n"
                + "__kernel void reverse(__global const int* c, __global int* f) {"
                + " int i = get_global_id(0); f[i] = c[" + (ITEMS - 1) + " - i]; }");
        int[] first = IntStream.range(0, ITEMS).map(i -> 7 * i + 2).toArray();
        ClMem b = p.buffer(new int[ITEMS]);
        // the program's memory is c's host copy, which holds all of it throughout
        ByteBuffer memory = ByteBuffer.allocateDirect(4 * ITEMS).order(ByteOrder.nativeOrder());
        memory.asIntBuffer().put(first);
        ClMem c = p.context().createBuffer(OpenClConstants.CL_MEM_READ_ONLY | OpenClConstants.CL_MEM_USE_HOST_PTR,
                4L * ITEMS, new Direct(memory));
        // written by add alone: its failed piece leaves nothing of it lost
        ClMem d = p.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
        ClMem e = p.buffer(new int[ITEMS]);
        // written by reverse alone: its piece, failed behind the upload, can be retried (a piece that overwrote bytes
        // only its device held could not be, and its launch would fail)
        ClMem f = p.context().createBuffer(OpenClConstants.CL_MEM_READ_WRITE, 4L * ITEMS, null);
        ClKernel fill = p.kernel("fill", b);
        ClKernel copy = p.kernel("copy", c, e);
        ClKernel add = p.kernel("add", c, b, d);
        ClKernel reverse = p.kernel("reverse", c, f);
        // each GPU alone holds its half of b, and its half of c beside the host copy
        p.launch(fill).release();
        p.launch(copy).release();
        p.queue().finish();
        // the first GPU's piece of add fails, and goes to the second GPU: there it uploads the first half of c, which
        // fails, then waits for the first half of b, which the first GPU holds back until the test lets it go
        AtomicBoolean letGo = new AtomicBoolean();
        backend.device(0).failNextLaunches(1);
        backend.device(0).holdReads(letGo::get);
        backend.device(1).failNextWrites(1);
        ClEvent added = p.launch(add);
        p.queue().flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (backend.device(1).injectedFailures() == 0 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        assertEquals(1, backend.device(1).injectedFailures(), "the upload to the second GPU failed");
        // the second GPU's piece of reverse reads the first half of c there
        ClEvent reversed = p.launch(reverse);
        letGo.set(true);
        p.queue().finish();
        assertEquals(0, added.status(), "add ended well");
        assertEquals(0, reversed.status(), "reverse ended well");
        added.release();
        reversed.release();
        int[] backwards = p.read(f, List.of());
        int[] sums = p.read(d, List.of());
        assertEquals(1, backend.device(0).injectedFailures(), "the launch on the first GPU failed");
        assertTrue(p.engine().launchSplits().split() == 4, "every launch was cut");
        assertArrayEquals(IntStream.range(0, ITEMS).map(i -> first[ITEMS - 1 - i]).toArray(), backwards);
        assertArrayEquals(IntStream.range(0, ITEMS).map(i -> first[i] + 3 * i + 1).toArray(), sums);
        List.of(fill, copy, add, reverse).forEach(ClKernel::release);
        List.of(b, c, d, e, f).forEach(ClMem::release);
        p.release();
    }
}
