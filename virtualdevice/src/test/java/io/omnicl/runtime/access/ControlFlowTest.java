package io.omnicl.runtime.access;

import static io.omnicl.runtime.access.Parts.arg;
import static io.omnicl.runtime.access.Parts.int32;
import static io.omnicl.runtime.access.Parts.ranges;
import static io.omnicl.runtime.access.Parts.whyWhole;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How loops, branches, returns and C's integer types shape one write {@code out[...]}, over all ten work-items of a
 * 1D launch with local size 5 (n = 3): its byte range and whether it is covered, or why the launch stays whole.
 */
class ControlFlowTest {

    private static PartVerdict part(String body) {
        String src = "__kernel void k(__global int* out, const int n) {\n    int x = get_global_id(0);\n    " + body + "\n}";
        return KernelAccesses.analyse(src, "", "k").part(new Geometry(1, new long[] {0}, new long[] {10}, new long[] {5}),
            new byte[][] {null, int32(3)}, new long[] {4000, 0}, 0, 0, 10);
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", value = {
        "out[x] = 1; return; out[x + 100] = 1; => 0 => 40 => true",
        "int i = x; i += 1; i++; out[i] = 0; => 8 => 48 => true",
        "if (x < 4) out[x] = 1; else if (x < 8) out[x] = 2; => 0 => 32 => true",
        "if (out[0] > 0) { out[x] = 1; } else { out[x] = 2; } => 0 => 40 => true",
        "if (out[0] > 0) { if (x >= 5) return; } out[x] = 1; => 0 => 40 => false",
        "if (out[0] > 0) { out[x] = 1; } else { if (x > 2) return; out[x] = 2; } => 0 => 40 => false",
        "if (out[0] > 0) { out[x] = 1; return; } out[x] = 2; => 0 => 40 => false",
        "if (x >= 5) return; out[x] = 1; => 0 => 20 => true",
        "if (!(x < 3)) out[x] = 0; => 12 => 40 => true",
        "if (x != 3) out[x] = 0; => 0 => 40 => false",
        "if (x < 3 || x > 6) out[x] = 0; => 0 => 40 => false",
        "if (get_local_id(0) < 2) out[x] = 1; => 0 => 40 => false",
        "x < 5 ? (out[x] = 1) : 0; => 0 => 40 => false",
        "if (x == 3) out[0] = 1; => 0 => 4 => true",
        "for (int k = 0; k < 4; k++) out[x * 4 + k] = 0; => 0 => 160 => false",
        "for (int k = 10; k > 0; k--) out[k] = 0; => 4 => 44 => false",
        "for (int k = x; k <= x + n; k += 2) out[k] = 1; => 0 => 52 => false",
        "do { out[x] = 0; } while (0); => 0 => 40 => false",
        "int y = x; { int x = 7; out[x] = 1; } out[y + x] = 2; => 0 => 76 => false",
        "out[n * x + n] = (int) sizeof(int); => 12 => 124 => false",
    })
    void writeRange(String body, long from, long to, boolean covered) {
        ArgAccess out = arg(part(body), 0);
        assertEquals(ranges(from, to), out.writes(), body);
        assertEquals(covered, out.writesCovered(), body);
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", value = {
        "uint i = get_global_id(0) - 1; out[i] = 0; => unknown write index of argument 0",
        "int i = get_global_id(0) * 1000000000; out[i] = 0; => unknown write index of argument 0",
        "short s = x * 4000; out[s] = 0; => unknown write index of argument 0",
        "int j = 0; for (int k = 0; k < n; k++) { j = k; } out[j] = 0; => unknown write index of argument 0",
        "int k; for (k = 0; k < 3; k++) { } out[k + x] = 0; => unknown write index of argument 0",
        "for (uint k = 5; k >= 0; k--) out[k] = 0; => unknown write index of argument 0",
        "out[x >> 1] = 0; => unknown write index of argument 0",
        "out[get_local_size(0) * x * 100] = 0; => write out of argument 0",
        "out[x - 1] = 0; => write out of argument 0",
    })
    void wholeLaunch(String body, String reason) {
        assertEquals(reason, whyWhole(part(body)), body);
    }

    @Test
    void localSizeUnknownWhenTheDriverPicksIt() {
        String src = "__kernel void k(__global int* out) { out[get_global_id(0) * get_local_size(0)] = 0; }";
        KernelAccesses k = KernelAccesses.analyse(src, "", "k");
        assertEquals("unknown write index of argument 0", whyWhole(k.part(Parts.oneDim(10), new byte[][] {null},
            new long[] {4000}, 0, 0, 5)));
    }
}
