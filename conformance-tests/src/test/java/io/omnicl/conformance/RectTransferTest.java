package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.util.stream.Stream;

import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_mem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * clEnqueueReadBufferRect, clEnqueueWriteBufferRect and clEnqueueCopyBufferRect (CTS buffers/rect tests):
 * 1D, 2D and 3D regions with non-zero origins, explicit and zero (tightly packed) pitches, every byte of both
 * sides compared with a host model, so bytes outside the region must be left alone; then the error cases.
 */
class RectTransferTest extends ClTestBase {

    /** One rectangle on each side of a transfer: origins in (bytes, rows, slices), region in bytes/rows/slices. */
    static final class Geometry {
        final String name;
        final long[] region;
        final long[] aOrigin;
        final long aRow;
        final long aSlice;
        final long[] bOrigin;
        final long bRow;
        final long bSlice;

        Geometry(String name, long[] region, long[] aOrigin, long aRow, long aSlice, long[] bOrigin, long bRow,
                long bSlice) {
            this.name = name;
            this.region = region;
            this.aOrigin = aOrigin;
            this.aRow = aRow;
            this.aSlice = aSlice;
            this.bOrigin = bOrigin;
            this.bRow = bRow;
            this.bSlice = bSlice;
        }

        /** Bytes a side must have: one past the last byte it touches, plus slack that must stay untouched. */
        int sizeA() {
            return extent(aOrigin, aRow, aSlice, region) + 37;
        }

        int sizeB() {
            return extent(bOrigin, bRow, bSlice, region) + 23;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Geometry> geometries() {
        return Stream.of(
                new Geometry("1D", new long[] {64, 1, 1}, new long[] {16, 0, 0}, 0, 0, new long[] {8, 0, 0}, 0, 0),
                new Geometry("2D explicit pitches", new long[] {12, 5, 1}, new long[] {3, 2, 0}, 20, 0,
                        new long[] {1, 1, 0}, 16, 0),
                new Geometry("2D tightly packed", new long[] {10, 4, 1}, new long[] {0, 0, 0}, 0, 0,
                        new long[] {0, 0, 0}, 0, 0),
                new Geometry("2D packed origins", new long[] {7, 3, 1}, new long[] {2, 1, 0}, 0, 0,
                        new long[] {4, 2, 0}, 0, 0),
                new Geometry("3D explicit pitches", new long[] {6, 3, 4}, new long[] {2, 1, 1}, 10, 50,
                        new long[] {0, 2, 1}, 8, 48),
                new Geometry("3D packed on one side", new long[] {5, 3, 2}, new long[] {1, 1, 1}, 0, 0,
                        new long[] {2, 0, 1}, 9, 36),
                new Geometry("3D larger", new long[] {32, 8, 3}, new long[] {4, 2, 1}, 48, 48 * 12,
                        new long[] {0, 0, 0}, 32, 0));
    }

    private static long rowPitch(long pitch, long[] region) {
        return pitch != 0 ? pitch : region[0];
    }

    private static long slicePitch(long slice, long row, long[] region) {
        return slice != 0 ? slice : region[1] * rowPitch(row, region);
    }

    private static int extent(long[] origin, long row, long slice, long[] region) {
        long rp = rowPitch(row, region);
        long sp = slicePitch(slice, row, region);
        return (int) ((origin[2] + region[2] - 1) * sp + (origin[1] + region[1] - 1) * rp + origin[0] + region[0]);
    }

    /** The host model of every rect transfer: copies the region from one described layout to the other. */
    static void model(byte[] src, long[] srcOrigin, long srcRow, long srcSlice, byte[] dst, long[] dstOrigin,
            long dstRow, long dstSlice, long[] region) {
        long srp = rowPitch(srcRow, region);
        long ssp = slicePitch(srcSlice, srcRow, region);
        long drp = rowPitch(dstRow, region);
        long dsp = slicePitch(dstSlice, dstRow, region);
        for (long z = 0; z < region[2]; z++) {
            for (long y = 0; y < region[1]; y++) {
                for (long x = 0; x < region[0]; x++) {
                    long s = (srcOrigin[2] + z) * ssp + (srcOrigin[1] + y) * srp + srcOrigin[0] + x;
                    long d = (dstOrigin[2] + z) * dsp + (dstOrigin[1] + y) * drp + dstOrigin[0] + x;
                    dst[(int) d] = src[(int) s];
                }
            }
        }
    }

    private cl_mem bufferOf(byte[] data) {
        return buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, data.length, Pointer.to(data));
    }

    // ---- transfers checked against the model -------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource("geometries")
    void readRectMatchesTheModel(Geometry g) {
        byte[] device = bytes(g.sizeA(), 1);
        byte[] host = bytes(g.sizeB(), 2);
        cl_mem m = bufferOf(device);
        byte[] expected = host.clone();
        model(device, g.aOrigin, g.aRow, g.aSlice, expected, g.bOrigin, g.bRow, g.bSlice, g.region);
        ok(clEnqueueReadBufferRect(queue, m, CL_TRUE, g.aOrigin, g.bOrigin, g.region, g.aRow, g.aSlice, g.bRow,
                g.bSlice, Pointer.to(host), 0, null, null), "clEnqueueReadBufferRect");
        assertArrayEquals(expected, host);
        assertArrayEquals(device, readBytes(m, device.length), "a read leaves the buffer alone");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("geometries")
    void writeRectMatchesTheModel(Geometry g) {
        byte[] device = bytes(g.sizeA(), 3);
        byte[] host = bytes(g.sizeB(), 4);
        cl_mem m = bufferOf(device);
        byte[] expected = device.clone();
        model(host, g.bOrigin, g.bRow, g.bSlice, expected, g.aOrigin, g.aRow, g.aSlice, g.region);
        ok(clEnqueueWriteBufferRect(queue, m, CL_TRUE, g.aOrigin, g.bOrigin, g.region, g.aRow, g.aSlice, g.bRow,
                g.bSlice, Pointer.to(host), 0, null, null), "clEnqueueWriteBufferRect");
        assertArrayEquals(expected, readBytes(m, device.length));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("geometries")
    void copyRectMatchesTheModel(Geometry g) {
        byte[] src = bytes(g.sizeA(), 5);
        byte[] dst = bytes(g.sizeB(), 6);
        cl_mem ms = bufferOf(src);
        cl_mem md = bufferOf(dst);
        byte[] expected = dst.clone();
        model(src, g.aOrigin, g.aRow, g.aSlice, expected, g.bOrigin, g.bRow, g.bSlice, g.region);
        ok(clEnqueueCopyBufferRect(queue, ms, md, g.aOrigin, g.bOrigin, g.region, g.aRow, g.aSlice, g.bRow,
                g.bSlice, 0, null, null), "clEnqueueCopyBufferRect");
        assertArrayEquals(expected, readBytes(md, dst.length));
        assertArrayEquals(src, readBytes(ms, src.length), "the source is unchanged");
    }

    @Test
    void writeRectThenReadRectRoundTrips() {
        long[] region = {8, 4, 2};
        long[] origin = {4, 1, 1};
        int size = extent(origin, 16, 96, region) + 16;
        cl_mem m = bufferOf(new byte[size]);
        byte[] host = bytes(64, 9); // tightly packed 8 x 4 x 2
        ok(clEnqueueWriteBufferRect(queue, m, CL_TRUE, origin, new long[3], region, 16, 96, 0, 0, Pointer.to(host),
                0, null, null), "write");
        byte[] back = new byte[64];
        ok(clEnqueueReadBufferRect(queue, m, CL_TRUE, origin, new long[3], region, 16, 96, 0, 0, Pointer.to(back), 0,
                null, null), "read");
        assertArrayEquals(host, back);
    }

    @Test
    void copyRectWithinOneBufferBetweenDisjointRectangles() {
        // a 16 x 8 grid; the left half of rows 0-3 goes to the right half of rows 4-7
        byte[] data = bytes(128, 7);
        cl_mem m = bufferOf(data);
        long[] region = {8, 4, 1};
        long[] from = {0, 0, 0};
        long[] to = {8, 4, 0};
        byte[] expected = data.clone();
        model(data, from, 16, 0, expected, to, 16, 0, region);
        ok(clEnqueueCopyBufferRect(queue, m, m, from, to, region, 16, 0, 16, 0, 0, null, null), "copy");
        assertArrayEquals(expected, readBytes(m, 128));
    }

    @Test
    void copyRectWithinOneBufferSideBySideRowsDoNotOverlap() {
        // same rows, disjoint columns: the rectangles interleave in memory but share no byte
        byte[] data = bytes(96, 8);
        cl_mem m = bufferOf(data);
        long[] region = {6, 4, 1};
        long[] from = {0, 1, 0};
        long[] to = {10, 1, 0};
        byte[] expected = data.clone();
        model(data, from, 16, 0, expected, to, 16, 0, region);
        ok(clEnqueueCopyBufferRect(queue, m, m, from, to, region, 16, 0, 16, 0, 0, null, null), "copy");
        assertArrayEquals(expected, readBytes(m, 96));
    }

    @Test
    void nonBlockingReadRectIntoADirectBuffer() {
        byte[] device = bytes(200, 11);
        cl_mem m = bufferOf(device);
        long[] region = {5, 6, 1};
        long[] bo = {3, 2, 0};
        long[] ho = {1, 0, 0};
        ByteBuffer host = direct(64);
        cl_event done = track(newEvent());
        ok(clEnqueueReadBufferRect(queue, m, CL_FALSE, bo, ho, region, 20, 0, 8, 0, Pointer.to(host), 0, null, done),
                "non-blocking read rect");
        waitFor(done);
        byte[] expected = new byte[64];
        model(device, bo, 20, 0, expected, ho, 8, 0, region);
        byte[] seen = new byte[64];
        host.get(seen);
        assertArrayEquals(expected, seen);
        assertEquals(CL_COMMAND_READ_BUFFER_RECT, Info.uint(eventQ(done), CL_EVENT_COMMAND_TYPE));
    }

    @Test
    void nonBlockingWriteRectFromADirectBuffer() {
        cl_mem m = bufferOf(new byte[160]);
        long[] region = {4, 4, 2};
        long[] bo = {2, 1, 0};
        ByteBuffer host = direct(32);
        byte[] src = bytes(32, 12);
        host.put(src).rewind();
        cl_event done = track(newEvent());
        ok(clEnqueueWriteBufferRect(queue, m, CL_FALSE, bo, new long[3], region, 10, 80, 0, 0, Pointer.to(host), 0,
                null, done), "non-blocking write rect");
        waitFor(done);
        byte[] expected = new byte[160];
        model(src, new long[3], 0, 0, expected, bo, 10, 80, region);
        assertArrayEquals(expected, readBytes(m, 160));
        assertEquals(CL_COMMAND_WRITE_BUFFER_RECT, Info.uint(eventQ(done), CL_EVENT_COMMAND_TYPE));
        Reference.reachabilityFence(host);
    }

    @Test
    void nonBlockingRectTransfersWithAJavaArrayAreRejectedByJocl() {
        // JOCL itself refuses: a Java array may move while the device reads or writes it
        cl_mem m = bufferOf(new byte[64]);
        byte[] host = new byte[64];
        long[] region = {4, 4, 1};
        assertThrows(IllegalArgumentException.class, () -> clEnqueueReadBufferRect(queue, m, CL_FALSE, new long[3],
                new long[3], region, 0, 0, 0, 0, Pointer.to(host), 0, null, null), "read");
        assertThrows(IllegalArgumentException.class, () -> clEnqueueWriteBufferRect(queue, m, CL_FALSE, new long[3],
                new long[3], region, 0, 0, 0, 0, Pointer.to(host), 0, null, null), "write");
    }

    @Test
    void rectTransfersThroughASubBuffer() {
        long align = baseAlignBytes(device);
        byte[] data = bytes((int) (2 * align + 128), 13);
        cl_mem parent = bufferOf(data);
        cl_mem sub = subBuffer(parent, CL_MEM_READ_WRITE, align, align + 64);
        long[] region = {4, 3, 1};
        long[] origin = {2, 1, 0};
        byte[] host = new byte[12];
        ok(clEnqueueReadBufferRect(queue, sub, CL_TRUE, origin, new long[3], region, 8, 0, 0, 0, Pointer.to(host), 0,
                null, null), "read rect of the sub-buffer");
        byte[] subData = java.util.Arrays.copyOfRange(data, (int) align, (int) (2 * align + 64));
        byte[] expected = new byte[12];
        model(subData, origin, 8, 0, expected, new long[3], 0, 0, region);
        assertArrayEquals(expected, host);
    }

    // ---- errors ------------------------------------------------------------------------------------------------

    private int readStatus(cl_mem m, long[] bo, long[] ho, long[] region, long brp, long bsp, long hrp, long hsp,
            byte[] host) {
        return clEnqueueReadBufferRect(queue, m, CL_TRUE, bo, ho, region, brp, bsp, hrp, hsp, Pointer.to(host), 0,
                null, null);
    }

    private int writeStatus(cl_mem m, long[] bo, long[] ho, long[] region, long brp, long bsp, long hrp, long hsp,
            byte[] host) {
        return clEnqueueWriteBufferRect(queue, m, CL_TRUE, bo, ho, region, brp, bsp, hrp, hsp, Pointer.to(host), 0,
                null, null);
    }

    @Test
    void regionWithAZeroIsInvalidValue() {
        cl_mem a = bufferOf(new byte[256]);
        cl_mem b = bufferOf(new byte[256]);
        byte[] host = new byte[256];
        long[] zero = new long[3];
        for (long[] region : new long[][] {{0, 1, 1}, {4, 0, 1}, {4, 4, 0}}) {
            String what = java.util.Arrays.toString(region);
            assertStatus(CL_INVALID_VALUE, readStatus(a, zero, zero, region, 0, 0, 0, 0, host), "read " + what);
            assertStatus(CL_INVALID_VALUE, writeStatus(a, zero, zero, region, 0, 0, 0, 0, host), "write " + what);
            assertStatus(CL_INVALID_VALUE,
                    clEnqueueCopyBufferRect(queue, a, b, zero, zero, region, 0, 0, 0, 0, 0, null, null),
                    "copy " + what);
        }
    }

    @Test
    void rowPitchSmallerThanTheRegionIsInvalidValue() {
        cl_mem a = bufferOf(new byte[256]);
        cl_mem b = bufferOf(new byte[256]);
        byte[] host = new byte[256];
        long[] zero = new long[3];
        long[] region = {8, 2, 1};
        assertStatus(CL_INVALID_VALUE, readStatus(a, zero, zero, region, 7, 0, 0, 0, host), "buffer_row_pitch");
        assertStatus(CL_INVALID_VALUE, readStatus(a, zero, zero, region, 0, 0, 7, 0, host), "host_row_pitch");
        assertStatus(CL_INVALID_VALUE, writeStatus(a, zero, zero, region, 4, 0, 0, 0, host), "write buffer_row_pitch");
        assertStatus(CL_INVALID_VALUE, writeStatus(a, zero, zero, region, 0, 0, 4, 0, host), "write host_row_pitch");
        assertStatus(CL_INVALID_VALUE,
                clEnqueueCopyBufferRect(queue, a, b, zero, zero, region, 7, 0, 0, 0, 0, null, null), "src_row_pitch");
        assertStatus(CL_INVALID_VALUE,
                clEnqueueCopyBufferRect(queue, a, b, zero, zero, region, 0, 0, 7, 0, 0, null, null), "dst_row_pitch");
    }

    @Test
    void slicePitchSmallerThanRowsTimesRowPitchIsInvalidValue() {
        cl_mem a = bufferOf(new byte[512]);
        cl_mem b = bufferOf(new byte[512]);
        byte[] host = new byte[512];
        long[] zero = new long[3];
        long[] region = {8, 4, 2};
        // row pitch 10, four rows: a slice needs at least 40 bytes
        assertStatus(CL_INVALID_VALUE, readStatus(a, zero, zero, region, 10, 30, 0, 0, host), "buffer_slice_pitch");
        assertStatus(CL_INVALID_VALUE, readStatus(a, zero, zero, region, 0, 0, 10, 30, host), "host_slice_pitch");
        assertStatus(CL_INVALID_VALUE, writeStatus(a, zero, zero, region, 10, 20, 0, 0, host),
                "write buffer_slice_pitch");
        assertStatus(CL_INVALID_VALUE,
                clEnqueueCopyBufferRect(queue, a, b, zero, zero, region, 10, 30, 0, 0, 0, null, null),
                "src_slice_pitch");
        assertStatus(CL_INVALID_VALUE,
                clEnqueueCopyBufferRect(queue, a, b, zero, zero, region, 0, 0, 10, 30, 0, null, null),
                "dst_slice_pitch");
    }

    @Test
    void rectangleReachingPastTheBufferIsInvalidValue() {
        cl_mem a = bufferOf(new byte[100]);
        cl_mem b = bufferOf(new byte[100]);
        byte[] host = new byte[1024];
        long[] zero = new long[3];
        // 10 rows of 10 bytes fill the buffer exactly; one more byte or row is too many
        ok(readStatus(a, zero, zero, new long[] {10, 10, 1}, 10, 0, 0, 0, host), "exactly the buffer");
        assertStatus(CL_INVALID_VALUE, readStatus(a, new long[] {1, 0, 0}, zero, new long[] {10, 10, 1}, 10, 0, 0, 0,
                host), "read, origin x 1");
        assertStatus(CL_INVALID_VALUE, readStatus(a, new long[] {0, 1, 0}, zero, new long[] {10, 10, 1}, 10, 0, 0, 0,
                host), "read, origin y 1");
        assertStatus(CL_INVALID_VALUE, writeStatus(a, zero, zero, new long[] {10, 5, 3}, 10, 50, 0, 0, host),
                "write, three slices of 50");
        assertStatus(CL_INVALID_VALUE, clEnqueueCopyBufferRect(queue, a, b, zero, new long[] {0, 0, 1},
                new long[] {10, 10, 1}, 10, 0, 10, 100, 0, null, null), "copy, dst slice 1");
        assertStatus(CL_INVALID_VALUE, clEnqueueCopyBufferRect(queue, a, b, new long[] {0, 10, 0}, zero,
                new long[] {10, 1, 1}, 10, 0, 10, 0, 0, null, null), "copy, src row 10");
    }

    @Test
    void overlappingRectanglesInOneBufferAreMemCopyOverlap() {
        cl_mem m = bufferOf(new byte[256]);
        long[] region = {8, 4, 1};
        assertStatus(CL_MEM_COPY_OVERLAP, clEnqueueCopyBufferRect(queue, m, m, new long[] {0, 0, 0},
                new long[] {4, 2, 0}, region, 16, 0, 16, 0, 0, null, null), "shifted by (4, 2)");
        assertStatus(CL_MEM_COPY_OVERLAP, clEnqueueCopyBufferRect(queue, m, m, new long[] {2, 1, 0},
                new long[] {2, 1, 0}, region, 16, 0, 16, 0, 0, null, null), "the same rectangle");
    }

    @Test
    void oneBufferWithDifferentPitchesIsInvalidValue() {
        cl_mem m = bufferOf(new byte[1024]);
        long[] region = {4, 2, 2};
        assertStatus(CL_INVALID_VALUE, clEnqueueCopyBufferRect(queue, m, m, new long[3], new long[] {0, 0, 4},
                region, 16, 64, 32, 128, 0, null, null));
    }

    @Test
    void nullOrUnsetQueueIsInvalidCommandQueue() {
        cl_mem m = bufferOf(new byte[64]);
        byte[] host = new byte[64];
        long[] region = {4, 4, 1};
        for (cl_command_queue q : new cl_command_queue[] {null, new cl_command_queue()}) {
            String what = q == null ? "null" : "new cl_command_queue()";
            assertStatus(CL_INVALID_COMMAND_QUEUE, clEnqueueReadBufferRect(q, m, CL_TRUE, new long[3], new long[3],
                    region, 0, 0, 0, 0, Pointer.to(host), 0, null, null), "read " + what);
            assertStatus(CL_INVALID_COMMAND_QUEUE, clEnqueueWriteBufferRect(q, m, CL_TRUE, new long[3], new long[3],
                    region, 0, 0, 0, 0, Pointer.to(host), 0, null, null), "write " + what);
            assertStatus(CL_INVALID_COMMAND_QUEUE, clEnqueueCopyBufferRect(q, m, m, new long[3],
                    new long[] {0, 8, 0}, region, 0, 0, 0, 0, 0, null, null), "copy " + what);
        }
    }

    /** Copy-rect is left out: PoCL 3.1 reads src->context and dst->context before checking them (segfault). */
    @Test
    void nullOrUnsetBufferIsInvalidMemObject() {
        cl_mem m = bufferOf(new byte[64]);
        byte[] host = new byte[64];
        long[] region = {4, 4, 1};
        for (cl_mem bad : new cl_mem[] {null, new cl_mem()}) {
            String what = bad == null ? "null" : "new cl_mem()";
            assertStatus(CL_INVALID_MEM_OBJECT, clEnqueueReadBufferRect(queue, bad, CL_TRUE, new long[3],
                    new long[3], region, 0, 0, 0, 0, Pointer.to(host), 0, null, null), "read " + what);
            assertStatus(CL_INVALID_MEM_OBJECT, clEnqueueWriteBufferRect(queue, bad, CL_TRUE, new long[3],
                    new long[3], region, 0, 0, 0, 0, Pointer.to(host), 0, null, null), "write " + what);
        }
    }

    @Test
    void bufferOfAnotherContextIsInvalidContext() {
        cl_mem foreign = foreignBuffer(64);
        cl_mem m = bufferOf(new byte[64]);
        byte[] host = new byte[64];
        long[] region = {4, 4, 1};
        assertStatus(CL_INVALID_CONTEXT, clEnqueueReadBufferRect(queue, foreign, CL_TRUE, new long[3], new long[3],
                region, 0, 0, 0, 0, Pointer.to(host), 0, null, null), "read");
        assertStatus(CL_INVALID_CONTEXT, clEnqueueWriteBufferRect(queue, foreign, CL_TRUE, new long[3], new long[3],
                region, 0, 0, 0, 0, Pointer.to(host), 0, null, null), "write");
        assertStatus(CL_INVALID_CONTEXT, clEnqueueCopyBufferRect(queue, foreign, m, new long[3], new long[3], region,
                0, 0, 0, 0, 0, null, null), "copy src");
        assertStatus(CL_INVALID_CONTEXT, clEnqueueCopyBufferRect(queue, m, foreign, new long[3], new long[3], region,
                0, 0, 0, 0, 0, null, null), "copy dst");
    }

    @Test
    void inconsistentWaitListIsInvalidEventWaitList() {
        cl_mem m = bufferOf(new byte[64]);
        cl_mem n = bufferOf(new byte[64]);
        byte[] host = new byte[64];
        long[] region = {4, 4, 1};
        cl_event done = track(newEvent());
        ok(clEnqueueMarkerWithWaitList(queue, 0, null, done), "marker");
        waitFor(done);
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBufferRect(queue, m, CL_TRUE, new long[3], new long[3],
                region, 0, 0, 0, 0, Pointer.to(host), 1, null, null), "read: count without list");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueWriteBufferRect(queue, m, CL_TRUE, new long[3],
                new long[3], region, 0, 0, 0, 0, Pointer.to(host), 0, new cl_event[] {done}, null),
                "write: list without count");
        assertStatus(CL_INVALID_EVENT_WAIT_LIST, clEnqueueCopyBufferRect(queue, m, n, new long[3], new long[3],
                region, 0, 0, 0, 0, 1, new cl_event[] {new cl_event()}, null), "copy: unset event in the list");
    }

    @Test
    void nullHostPointerIsInvalidValue() {
        cl_mem m = bufferOf(new byte[64]);
        long[] region = {4, 4, 1};
        assertStatus(CL_INVALID_VALUE, clEnqueueReadBufferRect(queue, m, CL_TRUE, new long[3], new long[3], region,
                0, 0, 0, 0, null, 0, null, null), "read");
        assertStatus(CL_INVALID_VALUE, clEnqueueWriteBufferRect(queue, m, CL_TRUE, new long[3], new long[3], region,
                0, 0, 0, 0, null, 0, null, null), "write");
    }

    @Test
    void failingRectTransferThrowsWhenExceptionsAreEnabled() {
        cl_mem m = bufferOf(new byte[64]);
        byte[] host = new byte[64];
        CL.setExceptionsEnabled(true);
        try {
            CLException e = assertThrows(CLException.class, () -> clEnqueueReadBufferRect(queue, m, CL_TRUE,
                    new long[3], new long[3], new long[] {0, 1, 1}, 0, 0, 0, 0, Pointer.to(host), 0, null, null));
            assertStatus(CL_INVALID_VALUE, e.getStatus());
        } finally {
            CL.setExceptionsEnabled(false);
        }
    }
}
