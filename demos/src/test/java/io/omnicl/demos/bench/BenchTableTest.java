package io.omnicl.demos.bench;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The table's arithmetic on hand-made runs. */
class BenchTableTest {

    private static Configuration config(String id, Configuration.Kind kind, int realDevice) {
        return new Configuration(id, id + " label", kind, realDevice, kind == Configuration.Kind.JOCL,
                TargetSpec.single("OmniCL", 0), Map.of());
    }

    private static ChildReport run(double ms) {
        return new ChildReport(Math.round(ms * 1e6), null, "OmniCL", 100, 200, ChildReport.Counted.OMNICL,
                new long[] {3, 1}, 100, 200, 0, 0.05);
    }

    private static ChildReport wrong(double ms) {
        return new ChildReport(Math.round(ms * 1e6), "3 pixels differ", "OmniCL", 0, 0, ChildReport.Counted.OMNICL,
                new long[0], 0, 0, 0, Double.NaN);
    }

    private static List<ChildReport> runs(double... ms) {
        return Arrays.stream(ms).mapToObj(BenchTableTest::run).toList();
    }

    private static BenchTable table(boolean parallel) {
        return new BenchTable("w", "small", parallel, List.of(
                new BenchTable.Series(config("alone-1", Configuration.Kind.ALONE, 0), runs(100, 90, 130)),
                new BenchTable.Series(config("alone-2", Configuration.Kind.ALONE, 1), runs(300, 310, 290, 500, 100)),
                new BenchTable.Series(config("virtual-dmda", Configuration.Kind.VIRTUAL, -1), runs(80, 70, 85, 90)),
                new BenchTable.Series(config("jocl", Configuration.Kind.JOCL, 0), runs(95)),
                new BenchTable.Series(config("socl-lws", Configuration.Kind.SOCL, -1),
                        List.of(run(60), wrong(10), run(64)))));
    }

    private static BenchTable.Row row(BenchTable t, String id) {
        return t.rows().stream().filter(r -> r.config().id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void mediansTakeTheMiddleRunOrTheMeanOfTheMiddleTwo() {
        BenchTable t = table(true);
        assertEquals(100, row(t, "alone-1").medianMs(), 1e-9);
        assertEquals(300, row(t, "alone-2").medianMs(), 1e-9);
        assertEquals(82.5, row(t, "virtual-dmda").medianMs(), 1e-9);
        assertEquals(70, row(t, "virtual-dmda").minMs(), 1e-9);
        assertEquals(90, row(t, "virtual-dmda").maxMs(), 1e-9);
        assertEquals(0.05, row(t, "virtual-dmda").othersShare(), 1e-9, "the median share of the CPUs others took");
    }

    @Test
    void independentTasksHaveTheSumOfTheDevicesThroughputsAsIdeal() {
        BenchTable t = table(true);
        // 1/100 + 1/300 per ms = 1/75
        assertEquals(75, t.idealMs(), 1e-9);
        BenchTable.Row dmda = row(t, "virtual-dmda");
        assertEquals(100 / 82.5, dmda.speedup(), 1e-9);
        assertEquals(75 / 82.5, dmda.efficiency(), 1e-9);
        assertEquals(0.75, row(t, "alone-1").efficiency(), 1e-9);
        assertEquals(0.25, row(t, "alone-2").efficiency(), 1e-9);
    }

    @Test
    void aChainHasTheBestDeviceAsIdeal() {
        BenchTable t = table(false);
        assertEquals(100, t.idealMs(), 1e-9);
        assertEquals(100 / 82.5, row(t, "virtual-dmda").efficiency(), 1e-9);
        assertEquals(1, row(t, "alone-1").efficiency(), 1e-9);
    }

    @Test
    void wrongRunsAreLeftOutOfTheFiguresAndReported() {
        BenchTable t = table(true);
        BenchTable.Row socl = row(t, "socl-lws");
        assertEquals(3, socl.runs());
        assertEquals(2, socl.correctRuns());
        assertEquals(62, socl.medianMs(), 1e-9);
        assertEquals("3 pixels differ", socl.failure());
        assertFalse(t.allCorrect());
        assertTrue(t.notes().stream().anyMatch(n -> n.startsWith("WRONG RESULTS: socl-lws, 1 of 3 runs")));
    }

    @Test
    void theMedianRunIsTheLowerMiddleByTime() {
        ChildReport a = run(10);
        ChildReport b = run(30);
        ChildReport c = run(20);
        ChildReport d = run(40);
        assertEquals(c, BenchTable.medianRun(List.of(a, b, c)));
        assertEquals(c, BenchTable.medianRun(List.of(d, b, a, c)));
        assertNull(BenchTable.medianRun(List.of()));
    }

    @Test
    void theNotesCompareOmniclWithPlainJoclAndSocl() {
        List<String> notes = table(true).notes();
        assertTrue(notes.contains("OmniCL on one device vs plain JOCL on it: 100.0 / 95.0 ms = 1.053× "
                + "(goal: at most 1.05×)"), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("best OmniCL scheduler (virtual-dmda, 82.5 ms) vs "
                + "best SOCL policy (socl-lws, 62.0 ms): 1.331× the time")), notes.toString());
    }

    @Test
    void csvAndMarkdownHaveARowPerConfiguration() {
        BenchTable t = table(true);
        String[] csv = t.csv().split("\n");
        assertEquals(6, csv.length);
        assertTrue(csv[3].startsWith("w,virtual-dmda,\"virtual-dmda label\",virtual,4,4,82.5000,"), csv[3]);
        String md = t.markdown(List.of("machine"));
        assertEquals(5, md.lines().filter(l -> l.startsWith("|") && l.contains(" label|")).count(), md);
        assertTrue(t.text().contains("virtual-dmda label"));
    }
}
