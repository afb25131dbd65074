package io.omnicl.driver;

import static io.omnicl.driver.OpenClConstants.CL_INVALID_VALUE;

import java.util.Arrays;

/**
 * A 3-D box of bytes in linear memory, as the rect transfers address it: an origin and a region (in bytes,
 * rows, slices) laid out with a row pitch and a slice pitch. Pitches of 0 mean tightly packed, as OpenCL
 * says; {@link #of} resolves them.
 */
public record Rect(long[] origin, long[] region, long rowPitch, long slicePitch) {

    public Rect {
        origin = origin.clone();
        region = region.clone();
    }

    /**
     * A rect with its pitches resolved.
     *
     * @throws ClError {@code CL_INVALID_VALUE} when a pitch is too small for the region, or the slice pitch is
     *         not a multiple of the row pitch
     */
    public static Rect of(long[] origin, long[] region, long rowPitch, long slicePitch) {
        ClError.require(origin != null && region != null && origin.length >= 3 && region.length >= 3,
                CL_INVALID_VALUE, "origin and region need three entries");
        long[] o = Arrays.copyOf(origin, 3);
        long[] r = Arrays.copyOf(region, 3);
        for (int i = 0; i < 3; i++) {
            ClError.require(r[i] > 0 && o[i] >= 0, CL_INVALID_VALUE, "region entries must be positive");
        }
        ClError.require(rowPitch == 0 || rowPitch >= r[0], CL_INVALID_VALUE, "row pitch below region[0]");
        long row = rowPitch == 0 ? r[0] : rowPitch;
        ClError.require(slicePitch == 0 || (slicePitch >= r[1] * row && slicePitch % row == 0), CL_INVALID_VALUE,
                "slice pitch below region[1] * row pitch, or not a multiple of it");
        long slice = slicePitch == 0 ? r[1] * row : slicePitch;
        ClError.require(fits(o, r, row, slice), CL_INVALID_VALUE, "the box reaches beyond 2^63 bytes");
        return new Rect(o, r, row, slice);
    }

    /** Whether every offset of the box, and one past its last byte, is a long (so {@link #end} does not wrap). */
    private static boolean fits(long[] o, long[] r, long row, long slice) {
        try {
            long last = Math.addExact(Math.addExact(Math.multiplyExact(Math.addExact(o[2], r[2] - 1), slice),
                    Math.multiplyExact(Math.addExact(o[1], r[1] - 1), row)), Math.addExact(o[0], r[0] - 1));
            Math.addExact(last, 1);
            return Math.multiplyExact(r[1], row) > 0;
        } catch (ArithmeticException e) {
            return false;
        }
    }

    /** Offset of the byte at {@code (x, y, z)} relative to the origin. */
    public long offsetOf(long x, long y, long z) {
        return (origin[2] + z) * slicePitch + (origin[1] + y) * rowPitch + origin[0] + x;
    }

    /** The first byte of the box. */
    public long first() {
        return offsetOf(0, 0, 0);
    }

    /** One past the last byte of the box. */
    public long end() {
        return offsetOf(region[0] - 1, region[1] - 1, region[2] - 1) + 1;
    }

    /** Number of rows: region[1] * region[2]. */
    public long rows() {
        return region[1] * region[2];
    }

    /** Offset of the start of row {@code i} (rows counted slice after slice). */
    public long rowStart(long i) {
        return offsetOf(0, i % region[1], i / region[1]);
    }

    /** Bytes per row: region[0]. */
    public long rowLength() {
        return region[0];
    }

    /**
     * Whether any byte of this box, placed at {@code base}, is also a byte of {@code other} placed at
     * {@code otherBase} (both in one memory).
     */
    public boolean overlaps(long base, Rect other, long otherBase) {
        if (base + end() <= otherBase + other.first() || otherBase + other.end() <= base + first()) {
            return false;
        }
        long i = 0;
        long j = 0;
        while (i < rows() && j < other.rows()) {
            long a = base + rowStart(i);
            long b = otherBase + other.rowStart(j);
            if (a < b + other.rowLength() && b < a + rowLength()) {
                return true;
            }
            if (a + rowLength() <= b + other.rowLength()) {
                i++;
            } else {
                j++;
            }
        }
        return false;
    }
}
