package io.omnicl.runtime.coherence;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The host copy of a buffer: off-heap memory allocated on first need, in chunks because one Java buffer
 * holds at most 2 GiB. A buffer made with {@code CL_MEM_USE_HOST_PTR} over a direct buffer uses the
 * user's memory itself.
 */
public final class HostStore {

    /** Chunk size: a power of two below 2 GiB. */
    static final long CHUNK = 1L << 30;

    /** What to do with each chunk-bounded piece of a range. */
    @FunctionalInterface
    public interface PieceAction {
        /** {@code memory} covers exactly the piece; {@code offset} is the piece's offset in the buffer. */
        void apply(ByteBuffer memory, long offset);
    }

    private final long size;
    /** Bytes of each chunk but the last. */
    private final long chunkBytes;
    private ByteBuffer[] chunks;

    public HostStore(long size) {
        this.size = size;
        this.chunkBytes = CHUNK;
    }

    /** A store that is the user's direct buffer. */
    public HostStore(ByteBuffer userMemory) {
        this.size = userMemory.remaining();
        this.chunkBytes = CHUNK;
        this.chunks = new ByteBuffer[] {userMemory.slice().order(ByteOrder.nativeOrder())};
    }

    /**
     * A store made of {@code pieces}, each the remaining bytes of its buffer: {@code pieceBytes} each but the
     * last, which may be shorter (staging for a transfer cut into pieces).
     */
    public HostStore(ByteBuffer[] pieces, long pieceBytes) {
        long total = 0;
        ByteBuffer[] c = new ByteBuffer[pieces.length];
        for (int i = 0; i < pieces.length; i++) {
            c[i] = pieces[i].slice().order(ByteOrder.nativeOrder());
            total += c[i].capacity();
        }
        this.size = total;
        this.chunkBytes = pieceBytes;
        this.chunks = c;
    }

    public long size() {
        return size;
    }

    private synchronized ByteBuffer[] chunks() {
        if (chunks == null) {
            int n = (int) ((size + CHUNK - 1) / CHUNK);
            ByteBuffer[] c = new ByteBuffer[n];
            for (int i = 0; i < n; i++) {
                long len = Math.min(CHUNK, size - i * CHUNK);
                c[i] = ByteBuffer.allocateDirect((int) len).order(ByteOrder.nativeOrder());
            }
            chunks = c;
        }
        return chunks;
    }

    /** Applies {@code action} to each chunk-bounded piece of {@code [offset, offset + length)}. */
    public void forEach(long offset, long length, PieceAction action) {
        ByteBuffer[] c = chunks();
        long pos = offset;
        long end = offset + length;
        while (pos < end) {
            int index = (int) (pos / chunkBytes);
            long chunkStart = index * chunkBytes;
            int from = (int) (pos - chunkStart);
            int to = (int) Math.min(end - chunkStart, c[index].capacity());
            action.apply(c[index].duplicate().limit(to).position(from).slice().order(ByteOrder.nativeOrder()), pos);
            pos = chunkStart + to;
        }
    }

    /**
     * A view of {@code [offset, offset + length)} when the range lies in one chunk (always so for buffers
     * under 1 GiB), else null.
     */
    public ByteBuffer view(long offset, long length) {
        ByteBuffer[] c = chunks();
        int index = (int) (offset / chunkBytes);
        long chunkStart = index * chunkBytes;
        if (offset + length > chunkStart + c[index].capacity()) {
            return null;
        }
        int from = (int) (offset - chunkStart);
        return c[index].duplicate().limit(from + (int) length).position(from).slice();
    }

    /** Copies {@code length} bytes from {@code src} at {@code srcOffset} to {@code dst} at {@code dstOffset}. */
    public static void copy(HostStore src, long srcOffset, HostStore dst, long dstOffset, long length) {
        src.forEach(srcOffset, length, (from, at) ->
                dst.forEach(dstOffset + (at - srcOffset), from.remaining(), (to, unused) -> {
                    ByteBuffer part = from.duplicate().limit(from.position() + to.remaining());
                    to.put(part);
                    from.position(part.limit());
                }));
    }

    /** Repeats {@code pattern} over {@code [offset, offset + length)}; {@code offset} is a multiple of its size. */
    public void fill(byte[] pattern, long offset, long length) {
        byte[] tile = new byte[(int) Math.min(length, Math.max(pattern.length, 1 << 16) / pattern.length * pattern.length)];
        for (int i = 0; i < tile.length; i++) {
            tile[i] = pattern[i % pattern.length];
        }
        forEach(offset, length, (memory, at) -> {
            int phase = (int) ((at - offset) % pattern.length);
            while (memory.hasRemaining()) {
                int n = Math.min(memory.remaining(), tile.length - phase);
                memory.put(tile, phase, n);
                phase = 0;
            }
        });
    }
}
