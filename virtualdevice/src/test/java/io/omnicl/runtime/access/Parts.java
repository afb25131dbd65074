package io.omnicl.runtime.access;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/** Builds the inputs of {@link KernelAccesses#part} and reads its answers, for the tests. */
final class Parts {

    private Parts() {
    }

    static byte[] int32(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }

    static byte[] float32(float v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(v).array();
    }

    static Geometry oneDim(long global) {
        return new Geometry(1, new long[] {0}, new long[] {global}, null);
    }

    static Geometry twoDim(long global0, long global1) {
        return new Geometry(2, new long[] {0, 0}, new long[] {global0, global1}, null);
    }

    static PartVerdict.Split split(PartVerdict v) {
        return assertInstanceOf(PartVerdict.Split.class, v, () -> "expected a split, got " + v);
    }

    static ArgAccess arg(PartVerdict v, int arg) {
        return split(v).args().stream().filter(a -> a.arg() == arg).findFirst()
            .orElseThrow(() -> new AssertionError("no access for argument " + arg + " in " + v));
    }

    static List<ByteRange> ranges(long... bounds) {
        ByteRange[] out = new ByteRange[bounds.length / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = new ByteRange(bounds[2 * i], bounds[2 * i + 1]);
        }
        return List.of(out);
    }

    static String whyWhole(PartVerdict v) {
        return assertInstanceOf(PartVerdict.Whole.class, v, () -> "expected whole, got " + v).reason();
    }
}
