package io.omnicl.runtime.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LastRunsTest {

    @TempDir
    Path dir;

    /** A run of launches on the virtual device whose relayed stencil launches would take {@code nanos} whole. */
    private static LastRuns.Run run(long nanos, boolean askedToShare) {
        return new LastRuns.Run(10, nanos, askedToShare, false);
    }

    /** A program whose last run relayed a second or more of stencil launches shares a context; its next run is told. */
    @Test
    void aProgramSharesAContextWhereItsLastRunRelayedASecondOfStencilLaunches() {
        assertFalse(LastRuns.sharedContextPays(dir, "Jacobi 8192"), "never run");
        LastRuns.record(dir, "Jacobi 8192", run(LastRuns.SHARING_PAYS_NANOS, false));
        LastRuns.record(dir, "Frame", run(0, false));
        assertTrue(LastRuns.sharedContextPays(dir, "Jacobi 8192"));
        assertFalse(LastRuns.sharedContextPays(dir, "Frame"));
        LastRuns.record(dir, "Jacobi 8192", run(LastRuns.SHARING_PAYS_NANOS - 1, false));
        assertFalse(LastRuns.sharedContextPays(dir, "Jacobi 8192"), "the last run, not the one before");
        assertFalse(LastRuns.sharedContextPays(dir, "Jacobi"), "another command line is another program");
    }

    /** The file keeps the latest 256 programs, one line each, a program run again counting as the latest. */
    @Test
    void theLatestProgramsAreKept() throws IOException {
        for (int i = 0; i < 300; i++) {
            LastRuns.record(dir, "p" + i, run(LastRuns.SHARING_PAYS_NANOS, false));
        }
        LastRuns.record(dir, "p10", run(LastRuns.SHARING_PAYS_NANOS, false));
        List<String> lines = Files.readAllLines(dir.resolve(LastRuns.FILE), StandardCharsets.UTF_8);
        assertEquals(256, lines.size());
        assertEquals(LastRuns.SHARING_PAYS_NANOS + "\tp10", lines.get(255));
        assertTrue(LastRuns.sharedContextPays(dir, "p299"));
        assertTrue(LastRuns.sharedContextPays(dir, "p10"), "run again");
        assertFalse(LastRuns.sharedContextPays(dir, "p11"), "among the oldest, dropped");
    }

    /**
     * A run that asked for a shared context and found that the driver could not make one keeps the next runs apart,
     * whatever they relayed, until a run that asks again makes one.
     */
    @Test
    void aRunThatCouldNotShareAContextKeepsTheNextApartUntilOneAsksAgain() throws IOException {
        LastRuns.record(dir, "Jacobi", new LastRuns.Run(1, 0, true, true));
        assertFalse(LastRuns.sharedContextPays(dir, "Jacobi"));
        LastRuns.record(dir, "Jacobi", run(2 * LastRuns.SHARING_PAYS_NANOS, false));
        assertFalse(LastRuns.sharedContextPays(dir, "Jacobi"), "a run apart leaves it so");
        LastRuns.record(dir, "Jacobi", run(2 * LastRuns.SHARING_PAYS_NANOS, true));
        assertTrue(LastRuns.sharedContextPays(dir, "Jacobi"), "a run that asked, and shared one");
        try (var files = Files.list(dir)) {
            assertEquals(List.of(LastRuns.FILE, LastRuns.FILE + ".lock"),
                    files.map(f -> f.getFileName().toString()).sorted().toList(), "no file left beside");
        }
    }

    /** A run that launched nothing on the virtual device (it failed early, or printed its options) says nothing. */
    @Test
    void aRunThatLaunchedNothingSaysNothing() {
        LastRuns.record(dir, "Jacobi", run(LastRuns.SHARING_PAYS_NANOS, false));
        LastRuns.record(dir, "Jacobi", new LastRuns.Run(0, 0, false, false));
        assertTrue(LastRuns.sharedContextPays(dir, "Jacobi"));
    }

    /** Lines of another form are left out; a directory that cannot be written loses the hint, and nothing fails. */
    @Test
    void whatCannotBeReadOrWrittenIsLeftOut() throws IOException {
        Files.write(dir.resolve(LastRuns.FILE), List.of("garbage", "12x\tq", "\tr",
                LastRuns.SHARING_PAYS_NANOS + "\ts t"), StandardCharsets.UTF_8);
        assertTrue(LastRuns.sharedContextPays(dir, "s t"));
        assertFalse(LastRuns.sharedContextPays(dir, "q"));
        Path file = Files.writeString(dir.resolve("a file"), "");
        LastRuns.record(file, "p", run(LastRuns.SHARING_PAYS_NANOS, false));
        assertFalse(LastRuns.sharedContextPays(file, "p"));
    }
}
