package io.omnicl.runtime.access;

import java.util.ArrayList;
import java.util.List;

/** The reads and writes one part makes of each buffer argument, turned into byte ranges at the end. */
final class AccessLog {

    private final KernelSource kernel;
    private final long[] bufferBytes;
    private final List<List<ByteRange>> reads = new ArrayList<>();

    AccessLog(KernelSource kernel, long[] bufferBytes) {
        this.kernel = kernel;
        this.bufferBytes = bufferBytes;
        for (int i = 0; i < bufferBytes.length; i++) {
            reads.add(new ArrayList<>());
        }
    }

    long elementSize(int arg) {
        return kernel.params().get(arg).type().elementSize();
    }

    void readWhole(int arg) {
        addRead(arg, 0, Long.MAX_VALUE);
    }

    /** A read of the elements {@code index} takes over {@code box}; {@code index} null when unknown. */
    void read(int arg, Affine index, Box box) {
        long size = elementSize(arg);
        if (index == null || size < 0) {
            readWhole(arg);
            return;
        }
        try {
            addRead(arg, Math.multiplyExact(index.min(box), size),
                Math.multiplyExact(Math.addExact(index.max(box), 1), size));
        } catch (ArithmeticException e) {
            readWhole(arg);
        }
    }

    private void addRead(int arg, long from, long to) {
        long clampedFrom = Math.max(0, from);
        long clampedTo = Math.min(Math.max(0, bufferBytes[arg]), to);
        if (clampedFrom < clampedTo) {
            reads.get(arg).add(new ByteRange(clampedFrom, clampedTo));
        }
    }

    /** What the part reads and writes of each buffer argument, given all its writes; throws WholeLaunch. */
    List<ArgAccess> accesses(List<WriteSite> writeSites) {
        List<ArgAccess> out = new ArrayList<>();
        for (int arg = 0; arg < bufferBytes.length; arg++) {
            if (!kernel.params().get(arg).isBuffer()) {
                continue;
            }
            List<ByteRange> writes = new ArrayList<>();
            boolean covered = true;
            for (WriteSite w : writeSites) {
                if (w.arg() == arg) {
                    writes.add(writeRange(w));
                    covered &= w.covers();
                }
            }
            out.add(new ArgAccess(arg, ByteRange.merged(reads.get(arg)), ByteRange.merged(writes), covered && !writes.isEmpty()));
        }
        return out;
    }

    private ByteRange writeRange(WriteSite w) {
        long size = elementSize(w.arg());
        try {
            long from = Math.multiplyExact(w.index().min(w.box()), size);
            long to = Math.multiplyExact(Math.addExact(w.index().max(w.box()), 1), size);
            if (from >= 0 && to <= bufferBytes[w.arg()]) {
                return new ByteRange(from, to);
            }
        } catch (ArithmeticException e) {
            // falls through: a range beyond a long is outside the buffer too
        }
        throw new WholeLaunch("write out of argument " + w.arg());
    }
}
