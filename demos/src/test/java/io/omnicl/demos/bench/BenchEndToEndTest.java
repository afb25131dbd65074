package io.omnicl.demos.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The whole harness at a tiny size: child JVMs on OmniCL, the table files, the chart. */
class BenchEndToEndTest {

    @Test
    void aTinyBenchWritesItsTableAndChart(@TempDir Path dir) throws Exception {
        int exit = Bench.run("mandelbrot", Options.parse("--width", "64", "--height", "32", "--blocks", "4",
                "--iterations", "50", "--reps", "1", "--calibration-runs", "1", "--warmup", "1",
                "--configs", "alone,split,virtual-dmda", "--out-dir", dir.toString()));
        assertEquals(0, exit, "every run right");
        List<String> csv = Files.readAllLines(dir.resolve("mandelbrot.csv"));
        assertEquals(1 + 5, csv.size(), csv.toString());
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("mandelbrot,virtual-dmda,")), csv.toString());
        assertTrue(Files.readString(dir.resolve("mandelbrot.md")).contains("|static cyclic split|"));
        assertTrue(Files.size(dir.resolve("mandelbrot-gantt.png")) > 0);
    }

    @Test
    void badOptionsAreRefusedBeforeAnythingRuns(@TempDir Path dir) {
        Path out = dir.resolve("out");
        for (String[] args : new String[][] {{"--rep", "3"}, {"--reps", "x"}, {"--reps", "0"}, {"--quiet", "2"},
                {"--n", "64"}}) {
            String[] all = {args[0], args[1], "--out-dir", out.toString()};
            assertThrows(IllegalArgumentException.class, () -> Bench.run("mandelbrot", Options.parse(all)),
                    String.join(" ", args));
        }
        assertFalse(Files.exists(out), "nothing was started");
    }
}
