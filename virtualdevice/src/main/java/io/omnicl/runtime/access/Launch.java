package io.omnicl.runtime.access;

import java.util.List;

/**
 * One part of one launch, checked and decoded: the geometry, the scalar arguments' values, the buffers' sizes, and
 * the box of symbol intervals the part's work-items span.
 */
final class Launch {

    final Geometry geometry;
    final int workDim;
    final long[] offset;
    final long[] global;
    /** Null when the driver picks the work-group size. */
    final long[] local;
    final long[] bufferBytes;
    /** Each argument's value: an exact integer, unknown, or null for buffers. */
    final Value[] args;
    final Box box;

    private Launch(Geometry g, long[] bufferBytes, Value[] args, Box box) {
        this.geometry = g;
        this.workDim = g.workDim();
        this.offset = g.offset();
        this.global = g.global();
        this.local = g.local();
        this.bufferBytes = bufferBytes;
        this.args = args;
        this.box = box;
    }

    /** Checks and decodes a part; throws WholeLaunch when the input does not describe one. */
    static Launch of(KernelSource kernel, Geometry g, byte[][] values, long[] bufferBytes, int dim, long from, long to) {
        checkGeometry(g, dim, from, to);
        List<KernelSource.Param> params = kernel.params();
        if (values == null || bufferBytes == null || values.length != params.size() || bufferBytes.length != params.size()) {
            throw new WholeLaunch("arguments do not match the kernel's parameters");
        }
        Value[] args = new Value[params.size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = params.get(i).isBuffer() ? null : decode(params.get(i), values[i], i, Box.FIRST_LOOP + kernel.loopCount());
        }
        return new Launch(g, bufferBytes.clone(), args, initialBox(g, kernel.loopCount(), dim, from, to));
    }

    private static void checkGeometry(Geometry g, int dim, long from, long to) {
        if (g == null || g.workDim() < 1 || g.workDim() > 3 || g.offset() == null || g.global() == null
            || g.offset().length < g.workDim() || g.global().length < g.workDim()
            || g.local() != null && g.local().length < g.workDim()) {
            throw new WholeLaunch("bad geometry");
        }
        for (int d = 0; d < g.workDim(); d++) {
            if (g.offset()[d] < 0 || g.global()[d] < 1 || g.local() != null && g.local()[d] < 1
                || g.offset()[d] > Long.MAX_VALUE / 4 - g.global()[d]) {
                throw new WholeLaunch("bad geometry");
            }
        }
        if (dim < 0 || dim >= g.workDim()) {
            throw new WholeLaunch("no dimension " + dim);
        }
        if (from < g.offset()[dim] || to > g.offset()[dim] + g.global()[dim] || from >= to) {
            throw new WholeLaunch("part outside the launch");
        }
    }

    private static Box initialBox(Geometry g, int loops, int dim, long from, long to) {
        long[] lo = new long[Box.FIRST_LOOP + loops];
        long[] hi = new long[lo.length];
        for (int d = 0; d < g.workDim(); d++) {
            lo[d] = d == dim ? from : g.offset()[d];
            hi[d] = d == dim ? to - 1 : g.offset()[d] + g.global()[d] - 1;
            hi[Box.LOCAL_ID + d] = (g.local() != null ? g.local()[d] : g.global()[d]) - 1;
            if (g.local() != null) {
                // a part holds whole work-groups of the launch: its groups are those of its first and last ids
                lo[Box.GROUP_ID + d] = g.groupOf(d, lo[d]);
                hi[Box.GROUP_ID + d] = g.groupOf(d, hi[d]);
            }
        }
        return new Box(lo, hi);
    }

    /** A scalar argument's value, read little-endian by its declared type. */
    private static Value decode(KernelSource.Param p, byte[] bytes, int index, int symbols) {
        IntType type = p.pointers() == 0 ? p.type().intType() : null;
        if (type == null) {
            return Value.UNKNOWN;
        }
        if (bytes == null) {
            throw new WholeLaunch("argument " + index + " has no value");
        }
        boolean sizeByValue = IntType.named(p.type().base()) != null && p.type().elementSize() < 0;
        int expected = type.bits / 8;
        if (sizeByValue ? bytes.length != 4 && bytes.length != 8 : bytes.length != expected) {
            throw new WholeLaunch("argument " + index + " has " + bytes.length + " bytes");
        }
        long v = 0;
        for (int i = bytes.length - 1; i >= 0; i--) {
            v = v << 8 | (bytes[i] & 0xFF);
        }
        if (type.signed && bytes.length < 8) {
            int unused = 64 - 8 * bytes.length;
            v = v << unused >> unused;
        }
        if (!type.signed && v < 0) {
            return Value.unknown(type);
        }
        return new Value(Affine.constant(v, symbols), type);
    }
}
