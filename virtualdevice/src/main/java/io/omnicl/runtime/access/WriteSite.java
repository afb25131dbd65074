package io.omnicl.runtime.access;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * One write to a buffer argument, as the work-items of {@code box} may do it.
 *
 * @param index         the element index, exact over {@code box}
 * @param unconditional whether every work-item of {@code box} does this write (the condition for it to cover bytes)
 * @param wholeElement  whether it writes every byte of the element (not for {@code buf[i].x = v})
 */
record WriteSite(int arg, Affine index, Box box, boolean unconditional, boolean wholeElement) {

    /** Whether the elements written are exactly one contiguous run, every one written by some work-item. */
    boolean covers() {
        if (!unconditional || !wholeElement) {
            return false;
        }
        int dims = Box.LOCAL_ID;
        for (int s = dims; s < index.symbolCount(); s++) {
            if (index.coefficient(s) != 0) {
                return false;
            }
        }
        // a dense row-major layout: sorted by stride, each stride is the elements the faster dimensions span
        Integer[] used = IntStream.range(0, dims)
            .filter(d -> index.coefficient(d) != 0 && box.extent(d) > 1).boxed().toArray(Integer[]::new);
        Arrays.sort(used, Comparator.comparingLong(d -> Math.abs(index.coefficient(d))));
        long stride = 1;
        for (int d : used) {
            if (Math.abs(index.coefficient(d)) != stride) {
                return false;
            }
            stride = Math.multiplyExact(stride, box.extent(d));
        }
        return true;
    }
}
