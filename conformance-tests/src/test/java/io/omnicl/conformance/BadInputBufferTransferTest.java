package io.omnicl.conformance;

import static org.jocl.CL.*;

import org.jocl.Pointer;
import org.jocl.cl_mem;

/**
 * Bad input (see {@link BadInputTestBase}) to the enqueued buffer transfers: read, write, fill and copy,
 * and their rect forms.
 */
class BadInputBufferTransferTest extends BadInputTestBase {

    @Override
    protected void addRows(Table t) {
        transfers(t);
    }

    private int read(cl_mem m, long offset, long size, Pointer ptr) {
        return clEnqueueReadBuffer(queue, m, CL_TRUE, offset, size, ptr, 0, null, null);
    }

    private int write(cl_mem m, long offset, long size, Pointer ptr) {
        return clEnqueueWriteBuffer(queue, m, CL_TRUE, offset, size, ptr, 0, null, null);
    }

    /** PoCL reads and writes an image's memory through clEnqueueReadBuffer and clEnqueueWriteBuffer. */
    private static void poclTakesImages(Table t, String entry) {
        t.rows.stream().filter(r -> r.entry.equals(entry) && r.kind.endsWith("an image, not a buffer"))
                .forEach(r -> r.reference("PoCL does not check that the memory object is a buffer", CL_SUCCESS));
    }

    private void transfers(Table t) {
        String rd = "clEnqueueReadBuffer";
        enqueueRows(t, rd, () -> {
            cl_mem m = guarded();
            byte[] h = host(BYTES);
            return (q, n, list) -> clEnqueueReadBuffer(q, m, CL_TRUE, 0, BYTES, Pointer.to(h), n, list, null);
        });
        memRows(t, rd, "buffer", m -> read(m, 0, BYTES, Pointer.to(host(BYTES))));
        poclTakesImages(t, rd);
        rangeRows(t, rd, (m, offset, size) -> read(m, offset, size, Pointer.to(host(BYTES))));
        t.add(rd, "ptr null", () -> {
            cl_mem m = guarded();
            return () -> read(m, 0, BYTES, null);
        }, CL_INVALID_VALUE);
        t.add(rd, "Pointer holds less than size", () -> {
            cl_mem m = guarded();
            int[] one = new int[1];
            return () -> read(m, 0, BYTES, Pointer.to(one));
        }, CL_INVALID_VALUE).skipOnReference(SMALL);
        t.add(rd, "buffer created CL_MEM_HOST_WRITE_ONLY", () -> {
            cl_mem m = guarded(CL_MEM_HOST_WRITE_ONLY);
            byte[] h = host(BYTES);
            return () -> read(m, 0, BYTES, Pointer.to(h));
        }, CL_INVALID_OPERATION);
        t.add(rd, "buffer created CL_MEM_HOST_NO_ACCESS", () -> {
            cl_mem m = guarded(CL_MEM_HOST_NO_ACCESS);
            byte[] h = host(BYTES);
            return () -> read(m, 0, BYTES, Pointer.to(h));
        }, CL_INVALID_OPERATION);

        String wr = "clEnqueueWriteBuffer";
        enqueueRows(t, wr, () -> {
            cl_mem m = guarded();
            byte[] h = bytes(BYTES, 99);
            return (q, n, list) -> clEnqueueWriteBuffer(q, m, CL_TRUE, 0, BYTES, Pointer.to(h), n, list, null);
        });
        memRows(t, wr, "buffer", m -> write(m, 0, BYTES, Pointer.to(bytes(BYTES, 99))));
        poclTakesImages(t, wr);
        rangeRows(t, wr, (m, offset, size) -> write(m, offset, size, Pointer.to(new byte[BYTES])));
        t.add(wr, "ptr null", () -> {
            cl_mem m = guarded();
            return () -> write(m, 0, BYTES, null);
        }, CL_INVALID_VALUE);
        t.add(wr, "Pointer holds less than size", () -> {
            cl_mem m = guarded();
            return () -> write(m, 0, BYTES, Pointer.to(new int[1]));
        }, CL_INVALID_VALUE).skipOnReference(SMALL_READ);
        t.add(wr, "buffer created CL_MEM_HOST_READ_ONLY", () -> {
            cl_mem m = guarded(CL_MEM_HOST_READ_ONLY);
            return () -> write(m, 0, BYTES, Pointer.to(bytes(BYTES, 99)));
        }, CL_INVALID_OPERATION);
        t.add(wr, "buffer created CL_MEM_HOST_NO_ACCESS", () -> {
            cl_mem m = guarded(CL_MEM_HOST_NO_ACCESS);
            return () -> write(m, 0, BYTES, Pointer.to(bytes(BYTES, 99)));
        }, CL_INVALID_OPERATION);

        rectRows(t);

        String fl = "clEnqueueFillBuffer";
        Pointer pattern = Pointer.to(new int[] {0x5A5A5A5A});
        enqueueRows(t, fl, () -> {
            cl_mem m = guarded();
            return (q, n, list) -> clEnqueueFillBuffer(q, m, pattern, 4, 0, BYTES, n, list, null);
        });
        memRows(t, fl, "buffer", m -> clEnqueueFillBuffer(queue, m, pattern, 4, 0, BYTES, 0, null, null));
        rangeRows(t, fl, (m, offset, size) -> clEnqueueFillBuffer(queue, m, pattern, 4, offset, size, 0, null, null));
        fillRow(t, "pattern null", null, 4, 0, BYTES);
        fillRow(t, "pattern_size 0", pattern, 0, 0, BYTES);
        fillRow(t, "pattern_size 3 (not a power of two)", Pointer.to(new byte[3]), 3, 0, 12);
        fillRow(t, "pattern_size 256 (above 128)", Pointer.to(new byte[256]), 256, 0, BYTES);
        fillRow(t, "offset not a multiple of pattern_size", pattern, 4, 2, 16);
        fillRow(t, "size not a multiple of pattern_size", pattern, 4, 0, 18);
        t.add(fl, "Pointer holds less than pattern_size", () -> {
            cl_mem m = guarded();
            return () -> clEnqueueFillBuffer(queue, m, Pointer.to(new byte[2]), 16, 0, BYTES, 0, null, null);
        }, CL_INVALID_VALUE).skipOnReference(SMALL_READ);

        String cp = "clEnqueueCopyBuffer";
        enqueueRows(t, cp, () -> {
            cl_mem src = guarded();
            cl_mem dst = guarded();
            return (q, n, list) -> clEnqueueCopyBuffer(q, src, dst, 0, 0, BYTES, n, list, null);
        });
        memRows(t, cp, "src_buffer", m -> clEnqueueCopyBuffer(queue, m, guarded(), 0, 0, BYTES, 0, null, null));
        memRows(t, cp, "dst_buffer", m -> clEnqueueCopyBuffer(queue, guarded(), m, 0, 0, BYTES, 0, null, null));
        rangeRows(t, "source: ", cp, (m, offset, size) -> clEnqueueCopyBuffer(queue, m, guarded(), offset, 0,
                size, 0, null, null));
        rangeRows(t, "destination: ", cp, (m, offset, size) -> clEnqueueCopyBuffer(queue, guarded(), m, 0,
                offset, size, 0, null, null));
        t.add(cp, "size 0", () -> {
            cl_mem src = guarded();
            cl_mem dst = guarded();
            return () -> clEnqueueCopyBuffer(queue, src, dst, 0, 0, 0, 0, null, null);
        }, CL_INVALID_VALUE);
        t.add(cp, "overlapping ranges of one buffer", () -> {
            cl_mem m = guarded();
            return () -> clEnqueueCopyBuffer(queue, m, m, 0, 16, 64, 0, null, null);
        }, CL_MEM_COPY_OVERLAP);
        t.add(cp, "overlapping sub-buffers of one buffer", () -> {
            cl_mem parent = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            cl_mem a = subBuffer(parent, CL_MEM_READ_WRITE, 0, 2 * align);
            cl_mem b = subBuffer(parent, CL_MEM_READ_WRITE, align, 2 * align);
            return () -> clEnqueueCopyBuffer(queue, a, b, align, 0, align, 0, null, null);
        }, CL_MEM_COPY_OVERLAP);
    }

    private void fillRow(Table t, String kind, Pointer pattern, long patternSize, long offset, long size) {
        t.add("clEnqueueFillBuffer", kind, () -> {
            cl_mem m = guarded();
            return () -> clEnqueueFillBuffer(queue, m, pattern, patternSize, offset, size, 0, null, null);
        }, CL_INVALID_VALUE);
    }

    // ---- rect transfers: the buffer as 16 rows of 16 bytes; the host as rows of 8 ------------------------------

    private static final long[] RECT = {8, 4, 1};

    private int readRect(cl_mem m, long[] bufferOrigin, long[] region, long bufferRow, long bufferSlice,
                         long hostRow, Pointer ptr) {
        return clEnqueueReadBufferRect(queue, m, CL_TRUE, bufferOrigin, new long[3], region, bufferRow, bufferSlice,
                hostRow, 0, ptr, 0, null, null);
    }

    private int writeRect(cl_mem m, long[] bufferOrigin, long[] region, long bufferRow, long bufferSlice,
                          long hostRow, Pointer ptr) {
        return clEnqueueWriteBufferRect(queue, m, CL_TRUE, bufferOrigin, new long[3], region, bufferRow, bufferSlice,
                hostRow, 0, ptr, 0, null, null);
    }

    /** A read or write rect with the buffer's origin, region, pitches and the host pointer given. */
    @FunctionalInterface
    interface RectCall {
        int run(cl_mem m, long[] bufferOrigin, long[] region, long bufferRow, long bufferSlice, long hostRow,
                Pointer ptr);
    }

    private void rectRows(Table t) {
        String rd = "clEnqueueReadBufferRect";
        enqueueRows(t, rd, () -> {
            cl_mem m = guarded();
            byte[] h = host(32);
            return (q, n, list) -> clEnqueueReadBufferRect(q, m, CL_TRUE, new long[3], new long[3], RECT, 16, 0, 8, 0,
                    Pointer.to(h), n, list, null);
        });
        rectSpecificRows(t, rd, this::readRect, true);
        t.add(rd, "buffer created CL_MEM_HOST_WRITE_ONLY", () -> {
            cl_mem m = guarded(CL_MEM_HOST_WRITE_ONLY);
            byte[] h = host(32);
            return () -> readRect(m, new long[3], RECT, 16, 0, 8, Pointer.to(h));
        }, CL_INVALID_OPERATION);

        String wr = "clEnqueueWriteBufferRect";
        enqueueRows(t, wr, () -> {
            cl_mem m = guarded();
            byte[] h = bytes(32, 99);
            return (q, n, list) -> clEnqueueWriteBufferRect(q, m, CL_TRUE, new long[3], new long[3], RECT, 16, 0, 8,
                    0, Pointer.to(h), n, list, null);
        });
        rectSpecificRows(t, wr, this::writeRect, false);
        t.add(wr, "buffer created CL_MEM_HOST_READ_ONLY", () -> {
            cl_mem m = guarded(CL_MEM_HOST_READ_ONLY);
            byte[] h = bytes(32, 99);
            return () -> writeRect(m, new long[3], RECT, 16, 0, 8, Pointer.to(h));
        }, CL_INVALID_OPERATION);

        String cp = "clEnqueueCopyBufferRect";
        enqueueRows(t, cp, () -> {
            cl_mem src = guarded();
            cl_mem dst = guarded();
            return (q, n, list) -> clEnqueueCopyBufferRect(q, src, dst, new long[3], new long[3], RECT, 16, 0, 16, 0,
                    n, list, null);
        });
        memRows(t, cp, "src_buffer", m -> clEnqueueCopyBufferRect(queue, m, guarded(), new long[3], new long[3], RECT,
                16, 0, 16, 0, 0, null, null)).skipOnReference(POCL_NULL_MEM);
        memRows(t, cp, "dst_buffer", m -> clEnqueueCopyBufferRect(queue, guarded(), m, new long[3], new long[3], RECT,
                16, 0, 16, 0, 0, null, null)).skipOnReference(POCL_NULL_MEM);
        copyRectRow(t, "region with a 0", false, new long[3], new long[3], new long[] {8, 0, 1}, 16, 16,
                CL_INVALID_VALUE);
        copyRectRow(t, "source rect past the end", false, new long[] {0, 14, 0}, new long[3], RECT, 16, 16,
                CL_INVALID_VALUE);
        copyRectRow(t, "destination rect past the end", false, new long[3], new long[] {12, 13, 0}, RECT, 16, 16,
                CL_INVALID_VALUE);
        copyRectRow(t, "src_row_pitch below region[0]", false, new long[3], new long[3], RECT, 4, 16,
                CL_INVALID_VALUE);
        copyRectRow(t, "dst_row_pitch below region[0]", false, new long[3], new long[3], RECT, 16, 4,
                CL_INVALID_VALUE);
        copyRectRow(t, "source origin near Long.MAX_VALUE", false, new long[] {Long.MAX_VALUE - 3, 0, 0},
                new long[3], RECT, 16, 16, CL_INVALID_VALUE);
        copyRectRow(t, "overlapping rects of one buffer", true, new long[3], new long[] {4, 1, 0}, RECT, 16, 16,
                CL_MEM_COPY_OVERLAP);
        copyRectRow(t, "one buffer with different pitches", true, new long[3], new long[] {0, 8, 0},
                new long[] {8, 2, 1}, 16, 32, CL_INVALID_VALUE);
    }

    private void rectSpecificRows(Table t, String entry, RectCall call, boolean reads) {
        memRows(t, entry, "buffer", m -> call.run(m, new long[3], RECT, 16, 0, 8, Pointer.to(host(32))));
        Object[][] cases = {
            {"region with a 0", new long[3], new long[] {8, 4, 0}, 16L, 0L, 8L},
            {"rect past the end of the buffer", new long[] {0, 14, 0}, RECT, 16L, 0L, 8L},
            {"buffer origin near Long.MAX_VALUE", new long[] {Long.MAX_VALUE - 3, 0, 0}, RECT, 16L, 0L, 8L},
            {"buffer_row_pitch below region[0]", new long[3], RECT, 4L, 0L, 8L},
            {"buffer_slice_pitch not a multiple of buffer_row_pitch", new long[3], RECT, 16L, 72L, 8L},
            {"host_row_pitch below region[0]", new long[3], RECT, 16L, 0L, 4L},
        };
        for (Object[] c : cases) {
            long[] origin = (long[]) c[1];
            long[] region = (long[]) c[2];
            t.add(entry, (String) c[0], () -> {
                cl_mem m = guarded();
                byte[] h = reads ? host(64) : bytes(64, 99);
                return () -> call.run(m, origin, region, (Long) c[3], (Long) c[4], (Long) c[5], Pointer.to(h));
            }, CL_INVALID_VALUE);
        }
        t.add(entry, "ptr null", () -> {
            cl_mem m = guarded();
            return () -> call.run(m, new long[3], RECT, 16, 0, 8, null);
        }, CL_INVALID_VALUE);
        t.add(entry, "Pointer holds less than the host rect", () -> {
            cl_mem m = guarded();
            return () -> call.run(m, new long[3], RECT, 16, 0, 8, Pointer.to(new int[1]));
        }, CL_INVALID_VALUE).skipOnReference(reads ? SMALL : SMALL_READ);
    }

    private void copyRectRow(Table t, String kind, boolean oneBuffer, long[] srcOrigin, long[] dstOrigin,
                             long[] region, long srcRow, long dstRow, int code) {
        t.add("clEnqueueCopyBufferRect", kind, () -> {
            cl_mem src = guarded();
            cl_mem dst = oneBuffer ? src : guarded();
            return () -> clEnqueueCopyBufferRect(queue, src, dst, srcOrigin, dstOrigin, region, srcRow, 0, dstRow, 0,
                    0, null, null);
        }, code);
    }
}
