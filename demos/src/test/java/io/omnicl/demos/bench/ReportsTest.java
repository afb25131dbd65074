package io.omnicl.demos.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What children print and the parent reads: result lines, StarPU's statistics, placements, options. */
class ReportsTest {

    @Test
    void aResultLineReadsBackAsWritten() {
        ChildReport r = new ChildReport(123456789, "2 pixels\tdiffer", "SOCL Platform", 10, 20,
                ChildReport.Counted.STARPU, new long[] {5, 7}, 3, 4, 99, 0.5);
        ChildReport back = ChildReport.parse(r.format());
        assertEquals(123456789, back.nanos());
        assertEquals("2 pixels differ", back.failure());
        assertEquals("SOCL Platform", back.platform());
        assertEquals(ChildReport.Counted.STARPU, back.counted());
        assertArrayEquals(new long[] {5, 7}, back.tasksPerDevice());
        assertEquals(3, back.programGave());
        assertEquals(99, back.cpuNanos());
        assertNull(ChildReport.parse("org.jocl from somewhere"));
        ChildReport right = ChildReport.parse(new ChildReport(1, null, "OmniCL", 0, 0, ChildReport.Counted.OMNICL,
                new long[0], 0, 0, 0, Double.NaN).format());
        assertTrue(right.correct());
        assertArrayEquals(new long[0], right.tasksPerDevice());
    }

    @Test
    void starpuStatisticsGiveBytesEachWayAndTasksPerWorker() {
        List<String> log = List.of("BENCH-RESULT\tnanos=1",
                "#---------------------",
                "Data transfer stats:",
                "\tNUMA 0 -> OpenCL 0\t0.1758 GB\t161.4695 MB/s\t(transfers : 45 - avg 4.0000 MB)",
                "\tOpenCL 0 -> NUMA 0\t0.1758 GB\t161.4663 MB/s\t(transfers : 45 - avg 4.0000 MB)",
                "\tNUMA 0 -> OpenCL 1\t0.0005 GB\t0.2324 MB/s\t(transfers : 2 - avg 0.5000 MB)",
                "Total transfers: 0.7031 GB",
                "Worker stats:",
                "OpenCL 0 (basic-skylake-avx512-AMD EPYC 7.7 GiB)",
                "\t30 task(s)",
                "OpenCL 1 (basic-skylake-avx512-AMD EPYC 7.7 GiB)",
                "\t33 task(s)");
        StarpuStats s = StarpuStats.parse(log);
        assertEquals((45 * 4 + 1) * (1L << 20), s.bytesToDevices());
        assertEquals(45 * 4 * (1L << 20), s.bytesToHost());
        assertArrayEquals(new long[] {30, 33}, s.tasksPerWorker());
        StarpuStats perRun = s.perRun(3);
        assertEquals(60 * (1L << 20), perRun.bytesToHost());
        assertArrayEquals(new long[] {10, 11}, perRun.tasksPerWorker());
        assertNull(StarpuStats.parse(List.of("nothing here")));
    }

    @Test
    void blocksAreContiguousAndCyclicIsRoundRobin() {
        int[] block = new int[8];
        int[] cyclic = new int[8];
        for (int t = 0; t < 8; t++) {
            block[t] = Placement.BLOCK.queueFor(t, 8, 3);
            cyclic[t] = Placement.CYCLIC.queueFor(t, 8, 3);
        }
        assertArrayEquals(new int[] {0, 0, 0, 1, 1, 1, 2, 2}, block);
        assertArrayEquals(new int[] {0, 1, 2, 0, 1, 2, 0, 1}, cyclic);
        assertEquals(0, Placement.ONE_QUEUE.queueFor(5, 8, 1));
    }

    @Test
    void aTargetSpecTravelsAsArguments() {
        TargetSpec spec = TargetSpec.anyDevice("SOCL", List.of(0, 1));
        Options o = Options.parse(spec.toArgs().toArray(String[]::new));
        assertEquals(spec, TargetSpec.fromOptions(o));
        TargetSpec split = TargetSpec.split("OmniCL", List.of(1, 2), Placement.CYCLIC);
        assertEquals(split, TargetSpec.fromOptions(Options.parse(split.toArgs().toArray(String[]::new))));
    }

    @Test
    void aWorkloadKeepsOnlyItsOwnOptions() {
        Options o = Options.parse("--n", "64", "--reps", "3", "--blocks", "4", "--compare");
        assertEquals(List.of("--n", "64", "--blocks", "4"), Workloads.own("matmul", o).toArgs());
        assertTrue(o.flag("compare"));
        assertEquals(3, o.getInt("reps", 5));
    }
}
