package io.omnicl.runtime.access;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Histogram;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;

/**
 * Random kernels whose buffer indices are affine in the global ids and a scalar argument, checked against an oracle
 * that runs every work-item of the part directly (no analyser code): every element accessed must lie in the ranges
 * returned, and a write said to be covered must write every byte of its ranges.
 */
class AffineKernelsProperties {

    /** One generated kernel and launch; the coefficients are the oracle's source of truth. */
    private record Case(int workDim, long[] offset, long[] global, int dim, long from, long to, int m,
                        int[] write, int[] read, int guard, int guardLimit, int loopCount, long writeElements,
                        long readElements) {

        @Override
        public String toString() {
            return "workDim " + workDim + " offset " + Arrays.toString(offset) + " global " + Arrays.toString(global)
                + " cut dim " + dim + " [" + from + ", " + to + ") m " + m + " buffers " + writeElements + "/"
                + readElements + " elements";
        }

        String source() {
            String guardText = switch (guard) {
                case 1 -> "if (x < " + guardLimit + ") ";
                case 2 -> "if (y >= " + guardLimit + ") return;\n    ";
                case 3 -> "if (x > " + guardLimit + " && y <= " + (guardLimit + 2) + ") ";
                default -> "";
            };
            return "__kernel void k(__global float* out, __global const float* in, const int m) {\n"
                + "    int x = get_global_id(0);\n"
                + "    int y = get_global_id(1);\n"
                + "    float s = 0.0f;\n"
                + "    for (int j = 0; j < " + loopCount + "; j++) { s += in[" + index(read) + " + j]; }\n"
                + "    " + guardText + "out[" + index(write) + "] = s + in[" + index(read) + "];\n"
                + "}\n";
        }

        private static String index(int[] k) {
            return "(" + k[0] + ") * x + (" + k[1] + ") * y + (" + k[2] + ") * m + (" + k[3] + ")";
        }

        long at(int[] k, long x, long y) {
            return k[0] * x + k[1] * y + (long) k[2] * m + k[3];
        }

        boolean writes(long x, long y) {
            return switch (guard) {
                case 1 -> x < guardLimit;
                case 2 -> y < guardLimit;
                case 3 -> x > guardLimit && y <= guardLimit + 2;
                default -> true;
            };
        }

        /** The (x, y) of every work-item of the part. */
        List<long[]> workItems() {
            List<long[]> items = new ArrayList<>();
            long x0 = dim == 0 ? from : offset[0];
            long x1 = dim == 0 ? to : offset[0] + global[0];
            long y0 = workDim < 2 ? 0 : dim == 1 ? from : offset[1];
            long y1 = workDim < 2 ? 1 : dim == 1 ? to : offset[1] + global[1];
            for (long y = y0; y < y1; y++) {
                for (long x = x0; x < x1; x++) {
                    items.add(new long[] {x, y});
                }
            }
            return items;
        }
    }

    private static Case generate(long seed) {
        Random r = new Random(seed);
        int workDim = 1 + r.nextInt(2);
        long[] offset = {r.nextInt(4), r.nextInt(4)};
        long[] global = {1 + r.nextInt(12), 1 + r.nextInt(8)};
        int dim = r.nextInt(workDim);
        long from = offset[dim] + r.nextInt((int) global[dim]);
        long to = from + 1 + r.nextInt((int) (offset[dim] + global[dim] - from));
        int[] write = coefficients(r, global[0]);
        int[] read = coefficients(r, global[0]);
        return new Case(workDim, offset, global, dim, from, to, r.nextInt(7) - 2, write, read, r.nextInt(4),
            r.nextInt(12), r.nextInt(3), r.nextInt(260), r.nextInt(260));
    }

    /** Small coefficients, some negative; often the dense row-major layout a real kernel has. */
    private static int[] coefficients(Random r, long width) {
        if (r.nextInt(3) == 0) {
            return new int[] {1, (int) width, r.nextInt(3), r.nextInt(20)};
        }
        return new int[] {r.nextInt(7) - 3, r.nextInt(21) - 6, r.nextInt(5) - 2, r.nextInt(61) - 10};
    }

    @Property(tries = 3000)
    @StatisticsReport(format = Histogram.class)
    void accessesLieInTheRangesAndCoveredWritesAreWritten(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) {
        Case c = generate(seed);
        String src = c.source();
        KernelAccesses k = KernelAccesses.analyse(src, "", "k");
        assertTrue(k.reason() == null, () -> k.reason() + "\n" + src);
        long[] bufferBytes = {4 * c.writeElements(), 4 * c.readElements(), 0};
        PartVerdict v = k.part(new Geometry(c.workDim(), c.offset(), c.global(), null),
            new byte[][] {null, null, Parts.int32(c.m())}, bufferBytes, c.dim(), c.from(), c.to());
        ArgAccess out = v instanceof PartVerdict.Split split ? split.args().get(0) : null;
        Statistics.label("verdict").collect(out == null ? "whole" : out.writesCovered() ? "split, covered" : "split");
        // the generator must keep producing parts that split, and covered ones, or the property proves little
        Statistics.label("verdict").coverage(check -> {
            check.check("split").percentage(p -> p > 10);
            check.check("split, covered").percentage(p -> p > 10);
        });
        if (out == null) {
            return;
        }
        ArgAccess in = ((PartVerdict.Split) v).args().get(1);
        String where = src + " " + c + " -> " + v;
        for (ByteRange w : out.writes()) {
            assertTrue(w.to() <= bufferBytes[0], () -> "write range beyond the buffer: " + where);
        }
        Set<Long> written = new HashSet<>();
        for (long[] item : c.workItems()) {
            long x = item[0];
            long y = item[1];
            for (int j = 0; j < c.loopCount(); j++) {
                expectInside(in.reads(), c.at(c.read(), x, y) + j, bufferBytes[1], true, where);
            }
            if (c.writes(x, y)) {
                long element = c.at(c.write(), x, y);
                expectInside(out.writes(), element, bufferBytes[0], false, where);
                written.add(element);
                expectInside(in.reads(), c.at(c.read(), x, y), bufferBytes[1], true, where);
            }
        }
        if (out.writesCovered()) {
            for (ByteRange w : out.writes()) {
                for (long b = w.from(); b < w.to(); b++) {
                    long element = b / 4;
                    assertTrue(written.contains(element), () -> "element " + element + " not written: " + where);
                }
            }
        }
    }

    /** Element {@code e} of a float buffer of {@code bytes} bytes lies in {@code ranges} (a read only if in the buffer). */
    private static void expectInside(List<ByteRange> ranges, long e, long bytes, boolean read, String where) {
        if (read && (e < 0 || (e + 1) * 4 > bytes)) {
            return;
        }
        boolean inside = ranges.stream().anyMatch(r -> r.from() <= e * 4 && (e + 1) * 4 <= r.to());
        assertTrue(inside, () -> (read ? "read" : "write") + " of element " + e + " outside the ranges: " + where);
    }
}
