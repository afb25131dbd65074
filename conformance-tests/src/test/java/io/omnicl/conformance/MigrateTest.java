package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * clEnqueueMigrateMemObjects: a migration completes and keeps the data (except with
 * CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED, whose content is not asserted), orders with other commands, and
 * rejects bad arguments.
 */
class MigrateTest extends ClTestBase {

    private static final int N = 256;
    private static final long BYTES = N * Sizeof.cl_int;

    private int migrate(cl_command_queue q, long flags, cl_mem... objects) {
        return clEnqueueMigrateMemObjects(q, objects.length, objects, flags, 0, null, null);
    }

    @ParameterizedTest(name = "flags {0}")
    @ValueSource(longs = {0, CL_MIGRATE_MEM_OBJECT_HOST})
    void migrationKeepsTheData(long flags) {
        int[] data = ramp(N, 3, -1);
        cl_mem m = intBuffer(data);
        cl_event done = track(newEvent());
        ok(clEnqueueMigrateMemObjects(queue, 1, new cl_mem[] {m}, flags, 0, null, done), "migrate");
        waitFor(done);
        assertEquals(CL_COMPLETE, execStatus(done));
        assertArrayEquals(data, readInts(m, N));
    }

    @Test
    void migrationOfSeveralObjectsIncludingASubBufferKeepsEveryOne() {
        int[] a = ramp(N, 1, 0);
        int[] b = ramp(N, -1, 5);
        cl_mem ma = intBuffer(a);
        cl_mem mb = intBuffer(b);
        long align = baseAlignBytes(device);
        int[] c = ramp((int) (2 * align / Sizeof.cl_int), 7, 7);
        cl_mem parent = intBuffer(c);
        cl_mem sub = subBuffer(parent, CL_MEM_READ_WRITE, align, align);
        ok(migrate(queue, 0, ma, mb, sub), "migrate three");
        ok(migrate(queue, CL_MIGRATE_MEM_OBJECT_HOST, mb, ma), "migrate two to the host");
        assertArrayEquals(a, readInts(ma, N));
        assertArrayEquals(b, readInts(mb, N));
        assertArrayEquals(c, readInts(parent, c.length));
    }

    @Test
    void kernelAfterAMigrationSeesTheData() {
        int[] data = ramp(N, 2, 2);
        cl_mem m = intBuffer(data);
        ok(migrate(queue, 0, m), "migrate");
        cl_kernel k = kernel(program("kernel void inc(global int* a) { a[get_global_id(0)] += 1; }", null), "inc");
        argMem(k, 0, m);
        ok(clEnqueueNDRangeKernel(queue, k, 1, null, new long[] {N}, null, 0, null, null), "kernel");
        ok(migrate(queue, CL_MIGRATE_MEM_OBJECT_HOST, m), "migrate to the host");
        assertArrayEquals(ramp(N, 2, 3), readInts(m, N));
    }

    @Test
    void contentUndefinedMigrationThenAWriteGivesTheWrittenData() {
        cl_mem m = intBuffer(ramp(N, 1, 1));
        ok(migrate(queue, CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED, m), "migrate, content undefined");
        ok(migrate(queue, CL_MIGRATE_MEM_OBJECT_HOST | CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED, m),
                "to the host, content undefined");
        finish(queue);
        // the content is undefined now: only what is written afterwards is asserted
        int[] fresh = ramp(N, 11, -3);
        writeInts(m, fresh);
        assertArrayEquals(fresh, readInts(m, N));
    }

    @Test
    void migrationEventReportsItsCommandAndWaitsForItsWaitList() {
        cl_mem m = intBuffer(N);
        int[] data = ramp(N, 4, 4);
        java.nio.ByteBuffer src = direct((int) BYTES);
        src.asIntBuffer().put(data);
        cl_command_queue ooo = trackedQueue(outOfOrderIfSupported());
        cl_event written = track(newEvent());
        ok(clEnqueueWriteBuffer(ooo, m, CL_FALSE, 0, BYTES, Pointer.to(src), 0, null, written), "write");
        cl_event migrated = track(newEvent());
        ok(clEnqueueMigrateMemObjects(ooo, 1, new cl_mem[] {m}, CL_MIGRATE_MEM_OBJECT_HOST, 1,
                new cl_event[] {written}, migrated), "migrate after the write");
        waitFor(migrated);
        assertEquals(CL_COMPLETE, execStatus(written), "the wait list completed first");
        assertEquals(CL_COMMAND_MIGRATE_MEM_OBJECTS, Info.uint(eventQ(migrated), CL_EVENT_COMMAND_TYPE));
        assertArrayEquals(data, readInts(ooo, m, N));
        java.lang.ref.Reference.reachabilityFence(src);
    }

    // ---- errors ------------------------------------------------------------------------------------------------

    @Test
    void noObjectsIsInvalidValue() {
        cl_mem m = intBuffer(N);
        assertStatus(CL_INVALID_VALUE, clEnqueueMigrateMemObjects(queue, 0, new cl_mem[] {m}, 0, 0, null, null),
                "num_mem_objects 0");
        assertStatus(CL_INVALID_VALUE, clEnqueueMigrateMemObjects(queue, 1, null, 0, 0, null, null),
                "mem_objects NULL");
        assertStatus(CL_INVALID_VALUE, clEnqueueMigrateMemObjects(queue, 0, null, 0, 0, null, null),
                "0 and NULL");
    }

    @Test
    void undefinedFlagsAreInvalidValue() {
        cl_mem m = intBuffer(N);
        for (long bad : new long[] {1L << 2, 1L << 8, 1L << 40, CL_MIGRATE_MEM_OBJECT_HOST | (1L << 5)}) {
            assertStatus(CL_INVALID_VALUE, migrate(queue, bad, m), "flags 0x" + Long.toHexString(bad));
        }
    }

    @Test
    void unsetMemObjectIsInvalidMemObject() {
        cl_mem m = intBuffer(N);
        assertStatus(CL_INVALID_MEM_OBJECT, migrate(queue, 0, new cl_mem()), "alone");
        assertStatus(CL_INVALID_MEM_OBJECT, migrate(queue, 0, m, new cl_mem()), "second of two");
    }

    @Test
    void memObjectOfAnotherContextIsInvalidContext() {
        assertStatus(CL_INVALID_CONTEXT, migrate(queue, 0, foreignBuffer(BYTES)));
    }

    @Test
    void nullOrUnsetQueueIsInvalidCommandQueue() {
        cl_mem m = intBuffer(N);
        assertStatus(CL_INVALID_COMMAND_QUEUE, migrate(null, 0, m), "null");
        assertStatus(CL_INVALID_COMMAND_QUEUE, migrate(new cl_command_queue(), 0, m), "new cl_command_queue()");
    }

    @Test
    void inconsistentWaitListIsInvalidEventWaitList() {
        cl_mem m = intBuffer(N);
        cl_mem[] list = {m};
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMigrateMemObjects(queue, 1, list, 0, 1, null, null),
                "count without list");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST,
                clEnqueueMigrateMemObjects(queue, 1, list, 0, 1, new cl_event[] {new cl_event()}, null),
                "unset event");
        assertStatus(CL_INVALID_CONTEXT,
                clEnqueueMigrateMemObjects(queue, 1, list, 0, 1, new cl_event[] {foreignEvent()}, null),
                "event of another context");
    }

    @Test
    void failingMigrationThrowsWhenExceptionsAreEnabled() {
        cl_mem m = intBuffer(N);
        CL.setExceptionsEnabled(true);
        try {
            CLException e = assertThrows(CLException.class, () -> migrate(queue, 1L << 8, m));
            assertStatus(CL_INVALID_VALUE, e.getStatus());
        } finally {
            CL.setExceptionsEnabled(false);
        }
    }
}
