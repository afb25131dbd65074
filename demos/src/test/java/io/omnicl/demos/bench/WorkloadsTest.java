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
            case "jacobi" -> Workloads.create(name, Options.parse("--n", "64", "--iterations", "21"));
            default -> Workloads.create(name, Options.parse("--kernels", "101", "--items", "16"));
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
            assertEquals(2L * w.tasks(), kernels, name);
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

    /** The data stay on the device the chain runs on: the virtual device (data-aware dmda) and a pinned one. */
    @Test
    void jacobiMovesOneGridEachWayWhateverTheIterations() {
        for (TargetSpec spec : List.of(VIRTUAL, TargetSpec.single("OmniCL", 1))) {
            for (int iterations : new int[] {1, 20}) {
                JacobiWorkload w = new JacobiWorkload(64, iterations);
                OmniclCounters.Snapshot before = OmniclCounters.now();
                try (Target target = Target.open(spec)) {
                    cl_program program = target.build(w.source());
                    assertNull(w.run(target, program).failure());
                    clReleaseProgram(program);
                }
                OmniclCounters.Snapshot moved = OmniclCounters.now().since(before);
                assertEquals(w.gridBytes(), moved.bytesToDevice(), iterations + " iterations on " + spec);
                assertEquals(w.gridBytes(), moved.bytesToHost(), iterations + " iterations on " + spec);
            }
        }
    }

    @Test
    void theChecksTellAWrongResult() {
        MatMulWorkload matmul = new MatMulWorkload(16, 4);
        FloatBuffer zeros = ByteBuffer.allocateDirect(4 * 16 * 16).order(ByteOrder.nativeOrder()).asFloatBuffer();
        assertNotNull(matmul.check(zeros));
        JacobiWorkload jacobi = new JacobiWorkload(8, 3);
        assertNotNull(jacobi.check(ByteBuffer.allocateDirect(4 * 8 * 8).order(ByteOrder.nativeOrder())
                .asFloatBuffer()));
    }

    @Test
    void theMandelbrotReferenceHasTheSetInTheMiddle() {
        MandelbrotWorkload w = new MandelbrotWorkload(new MandelbrotWorkload.Frame(96, 64, 4, 200));
        int[] reference = w.reference();
        assertEquals(200, reference[32 * 96 + 64], "a point of the set");
        assertEquals(1, reference[0], "a point far outside escapes at once");
    }
}
