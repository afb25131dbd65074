package io.omnicl.runtime.coherence;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The coherence map of one buffer cut into {@code segments} slices, each last written by one of two devices
 * (alternating), as row blocks written by different devices leave it. Each operation keeps the map in the
 * same shape, so every invocation measures the same work.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CoherenceMapBenchmark {

    private static final long SIZE = 64L << 20;
    private static final int DEVICE_1 = 1;
    private static final int DEVICE_2 = 2;

    @Param({"1", "64", "4096"})
    int segments;

    private CoherenceMap map;
    private long sliceBytes;
    /** The slice that the changing operations work on: one in the middle, with neighbours on both sides. */
    private long middle;

    @Setup
    public void fragment() {
        map = new CoherenceMap(SIZE);
        sliceBytes = SIZE / segments;
        for (int i = 0; i < segments; i++) {
            map.commitWrite(i * sliceBytes, sliceBytes, i % 2 == 0 ? DEVICE_1 : DEVICE_2);
        }
        middle = segments / 2 * sliceBytes;
        if (map.segmentCount() != segments) {
            throw new IllegalStateException(map.segmentCount() + " segments, not " + segments);
        }
    }

    /** What the host lacks of the whole buffer (a read-back of all of it): one piece per slice. */
    @Benchmark
    public List<CoherenceMap.Piece> missingWhole() {
        return map.missing(0, SIZE, CoherenceMap.HOST);
    }

    /** What one device holds of the whole buffer (where it could copy from): every other slice. */
    @Benchmark
    public List<CoherenceMap.Piece> heldWhole() {
        return map.held(0, SIZE, DEVICE_1);
    }

    /** A kernel's write of one slice completing on the device that wrote it last. */
    @Benchmark
    public void commitWrite() {
        map.commitWrite(middle, sliceBytes, DEVICE_1);
    }

    /**
     * A write of one slice on a device, then its copy to the host: the pieces the host lacks are listed, and
     * each marked held there once copied.
     */
    @Benchmark
    public void commitWriteThenAddHolder() {
        map.commitWrite(middle, sliceBytes, DEVICE_1);
        for (CoherenceMap.Piece p : map.missing(middle, sliceBytes, CoherenceMap.HOST)) {
            map.addHolder(p, CoherenceMap.HOST);
        }
    }
}
