package io.omnicl.demos.bench;

import org.jocl.cl_program;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.List;

import static org.jocl.CL.clReleaseProgram;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each workload, at small sizes, gives the right result on OmniCL over the two PoCL devices. */
class WorkloadsTest {

    private static final TargetSpec VIRTUAL = TargetSpec.single("OmniCL", 0);
    private static final List<TargetSpec> EVERY_PLACEMENT = List.of(VIRTUAL, TargetSpec.single("OmniCL", 2),
            TargetSpec.split("OmniCL", List.of(1, 2), Placement.BLOCK),
            TargetSpec.split("OmniCL", List.of(1, 2), Placement.CYCLIC));

    private static Workload small(String name) {
        return switch (name) {
            case "mandelbrot" -> Workloads.create(name,
                    Options.parse("--width", "128", "--height", "96", "--blocks", "8", "--iterations", "300"));
            case "matmul" -> Workloads.create(name, Options.parse("--n", "128", "--blocks", "8"));
            case "jacobi", "jacobi1" -> Workloads.create(name, Options.parse("--n", "64", "--iterations", "21"));
            case "overhead" -> Workloads.create(name, Options.parse("--kernels", "101", "--items", "16"));
            case "frame" -> Workloads.create(name,
                    Options.parse("--width", "96", "--height", "64", "--iterations", "300"));
            case "saxpy" -> Workloads.create(name, Options.parse("--n", "10007", "--launches", "7"));
            default -> Workloads.create(name, Options.parse("--rounds", "31", "--items", "16"));
        };
    }

    /** Runs {@code w} twice on {@code spec} (the second run on warm kernels, as the benchmark measures it). */
    private static Workload.Outcome runTwice(Workload w, TargetSpec spec) {
        try (Target target = Target.open(spec)) {
            cl_program program = target.build(w.source());
            Workload.Outcome first = w.run(target, program);
            assertNull(first.failure(), w.name() + " first run on " + spec);
            Workload.Outcome second = w.run(target, program);
            clReleaseProgram(program);
            return second;
        }
    }

    @Test
    void everyWorkloadIsRightOnTheVirtualDeviceAndOnHandPlacements() {
        for (String name : Workloads.names()) {
            for (TargetSpec spec : EVERY_PLACEMENT) {
                Workload.Outcome o = runTwice(small(name), spec);
                assertNull(o.failure(), name + " on " + spec);
                assertTrue(o.nanos() > 0);
            }
        }
    }

    @Test
    void theVirtualDeviceRunsEveryTaskOnSomeRealDevice() {
        for (String name : Workloads.names()) {
            Workload w = small(name);
            OmniclCounters.Snapshot before = OmniclCounters.now();
            runTwice(w, VIRTUAL);
            long kernels = java.util.Arrays.stream(OmniclCounters.now().since(before).kernels()).sum();
            // a task's launch may be cut into parts for both devices
            assertTrue(kernels >= 2L * w.tasks(), name + ": " + kernels);
        }
    }

    @Test
    void handPlacementPutsTasksOnTheQueuesItSays() {
        Workload w = small("mandelbrot");
        try (Target target = Target.open(TargetSpec.split("OmniCL", List.of(1, 2), Placement.CYCLIC))) {
            cl_program program = target.build(w.source());
            w.run(target, program);
            clReleaseProgram(program);
            assertArrayEquals(new long[] {4, 4}, target.kernelsPerQueue());
        }
    }

    /**
     * The data stay where the chain runs: on a pinned device one grid goes each way whatever the iterations; on the
     * virtual device, which tries its first sweeps cut across both devices and the next whole, half the grid moves
     * between the devices a few times, and otherwise only the rows on either side of a cut.
     */
    @Test
    void jacobiMovesOneGridEachWayAndThenOnlyTheRowsAtTheCut() {
        int n = 64;
        long row = 4L * n;
        for (TargetSpec spec : List.of(VIRTUAL, TargetSpec.single("OmniCL", 1))) {
            for (int iterations : new int[] {1, 20}) {
                JacobiWorkload w = new JacobiWorkload(n, iterations);
                OmniclCounters.Snapshot before = OmniclCounters.now();
                try (Target target = Target.open(spec)) {
                    cl_program program = target.build(w.source());
                    assertNull(w.run(target, program).failure());
                    clReleaseProgram(program);
                }
                OmniclCounters.Snapshot moved = OmniclCounters.now().since(before);
                String what = iterations + " iterations on " + spec + ": " + moved;
                if (spec == VIRTUAL) {
                    // besides the halo rows, the first launches cut and the next whole move half a grid each way
                    long most = 3 * w.gridBytes() + 2 * row * iterations;
                    assertTrue(moved.bytesToDevice() <= most, what);
                    assertTrue(moved.bytesToHost() <= most, what);
                } else {
                    assertEquals(w.gridBytes(), moved.bytesToDevice(), what);
                    assertEquals(w.gridBytes(), moved.bytesToHost(), what);
                }
            }
        }
    }

    /** Those written as programs are: on the first queue only, counted as they asked, whatever the placement. */
    @Test
    void programStyleWorkloadsRunOnTheFirstQueueAndCountWhatTheyAsked() {
        RoundTripWorkload w = new RoundTripWorkload(31, 16);
        try (Target target = Target.open(TargetSpec.split("OmniCL", List.of(1, 2), Placement.CYCLIC))) {
            cl_program program = target.build(w.source());
            OmniclCounters.Snapshot before = OmniclCounters.now();
            assertNull(w.run(target, program).failure());
            OmniclCounters.Snapshot did = OmniclCounters.now().since(before);
            clReleaseProgram(program);
            assertArrayEquals(new long[] {31, 0}, target.kernelsPerQueue());
            assertArrayEquals(new long[] {31, 0}, did.kernels(), "the first queue's device ran them all");
            assertEquals(31L * 16 * 4, target.bytesGiven());
            assertEquals(31L * 16 * 4, target.bytesTaken());
        }
    }

    @Test
    void samplePointsSpanTheWholeResult() {
        int[] at = Samples.spread(1_000_003, 1000);
        assertTrue(at.length >= 1000 && at.length <= 1002, "about as many as asked: " + at.length);
        assertTrue(at[0] < 1000, "one in the first stretch");
        assertEquals(1_000_002, at[at.length - 1], "the last element");
        for (int k = 1; k < at.length; k++) {
            assertTrue(at[k] > at[k - 1], "increasing at " + k);
        }
        assertArrayEquals(new int[] {0, 1, 2, 2}, Samples.spread(3, 10), "all of a short result");
    }

    @Test
    void theChecksTellAWrongResult() {
        MatMulWorkload matmul = new MatMulWorkload(16, 4);
        FloatBuffer zeros = ByteBuffer.allocateDirect(4 * 16 * 16).order(ByteOrder.nativeOrder()).asFloatBuffer();
        assertNotNull(matmul.check(zeros));
        JacobiWorkload jacobi = new JacobiWorkload(8, 3);
        assertNotNull(jacobi.check(ByteBuffer.allocateDirect(4 * 8 * 8).order(ByteOrder.nativeOrder())
                .asFloatBuffer()));
        assertNotNull(new FrameWorkload(96, 64, 200).check(new int[96 * 64]));
        assertNotNull(new SaxpyWorkload(1000, 3).check(new float[1000]));
    }

    @Test
    void theMandelbrotReferenceHasTheSetInTheMiddle() {
        MandelbrotWorkload w = new MandelbrotWorkload(new MandelbrotWorkload.Frame(96, 64, 4, 200));
        int[] reference = w.reference();
        assertEquals(200, reference[32 * 96 + 64], "a point of the set");
        assertEquals(1, reference[0], "a point far outside escapes at once");
    }
}
