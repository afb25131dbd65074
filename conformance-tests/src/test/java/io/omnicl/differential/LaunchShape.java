package io.omnicl.differential;

import io.omnicl.differential.Command.RunKernel;

import java.util.Arrays;

/**
 * The NDRange a kernel step is enqueued with. A step names elements {@code [offset, offset + size)} and a local
 * size (0: none given); a kind launched in 2D covers the same elements as rows of {@code w} elements (element
 * {@code y * w + x}), one launched in 3D as planes of {@code h} such rows (element {@code (z * h + y) * w + x}).
 * The offset lies along the slowest dimension only, so the launch is cut along that dimension when its source
 * allows; an offset of zeros is passed as null.
 *
 * @param local null when the step gives no local size, or when the 2D shape cannot hold the one it gives
 */
record LaunchShape(int workDim, long[] offset, long[] global, long[] local) {

    /** The widest rows and the tallest planes: small enough that most launches have several rows or planes. */
    private static final int MAX_WIDTH = 8;
    private static final int MAX_HEIGHT = 4;

    static LaunchShape of(RunKernel c) {
        return of(c.kernel().workDim(), c.globalOffset(), c.globalSize(), c.localSize());
    }

    static LaunchShape of(int workDim, int offset, int size, int localSize) {
        switch (workDim) {
            case 1:
                return new LaunchShape(1, orNull(new long[] {offset}), new long[] {size},
                        localSize == 0 ? null : new long[] {localSize});
            case 2: {
                int w = largestPowerOfTwoDividing(MAX_WIDTH, offset, size);
                int rows = size / w;
                // work-groups of one column of rows, when the rows divide into them; otherwise none given
                long[] local = localSize != 0 && rows % localSize == 0 ? new long[] {1, localSize} : null;
                return new LaunchShape(2, orNull(new long[] {0, offset / w}), new long[] {w, rows}, local);
            }
            case 3: {
                int w = largestPowerOfTwoDividing(MAX_WIDTH, offset, size);
                int h = largestPowerOfTwoDividing(MAX_HEIGHT, offset / w, size / w);
                int planes = size / (w * h);
                return new LaunchShape(3, orNull(new long[] {0, 0, offset / (w * h)}), new long[] {w, h, planes},
                        localSize == 0 ? null : spread(localSize, w, h));
            }
            default:
                throw new IllegalArgumentException("work dimensions " + workDim);
        }
    }

    /**
     * A work-group of {@code localSize} work-items (a power of two dividing {@code w * h * planes}) over a 3D
     * range: as wide as it can be, then as tall, the rest along z, which then divides the number of planes.
     */
    private static long[] spread(int localSize, int w, int h) {
        int x = Math.min(localSize, w);
        int y = Math.min(localSize / x, h);
        return new long[] {x, y, localSize / (x * y)};
    }

    /** The largest power of two up to {@code max} (a power of two) that divides both {@code a} and {@code b}. */
    private static int largestPowerOfTwoDividing(int max, int a, int b) {
        int p = max;
        while (a % p != 0 || b % p != 0) {
            p /= 2;
        }
        return p;
    }

    private static long[] orNull(long[] offset) {
        return Arrays.stream(offset).allMatch(o -> o == 0) ? null : offset;
    }

    /** The shape as the pseudo-code shows it, for launches of more than one dimension. */
    String text() {
        return workDim + "D global " + Arrays.toString(global)
                + (local == null ? "" : " local " + Arrays.toString(local))
                + (offset == null ? "" : " offset " + Arrays.toString(offset));
    }
}
