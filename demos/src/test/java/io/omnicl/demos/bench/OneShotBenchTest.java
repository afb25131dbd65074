package io.omnicl.demos.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The one-shot program in fresh JVMs, on the real JOCL (when this machine has its jar) and on OmniCL. */
class OneShotBenchTest {

    @Test
    void eachSideRunsTheProgramToARightSum(@TempDir Path dir) throws Exception {
        Path jocl = Path.of(System.getProperty("user.home"), ".m2", "repository", "org", "jocl", "jocl",
                Installation.JOCL_VERSION, "jocl-" + Installation.JOCL_VERSION + ".jar");
        assumeTrue(Files.isRegularFile(jocl), "no real JOCL jar at " + jocl);
        int exit = OneShotBench.run(Options.parse("--runs", "1", "--warmup", "0", "--jocl-jar", jocl.toString(),
                "--out-dir", dir.toString()));
        assertEquals(0, exit);
        List<String> joclLog = Files.readAllLines(dir.resolve("logs").resolve("run-1-jocl.log"));
        List<String> omniclLog = Files.readAllLines(dir.resolve("logs").resolve("run-1-omnicl.log"));
        assertTrue(joclLog.stream().anyMatch(l -> l.startsWith("ONESHOT ok ") && !l.contains("OmniCL")),
                "on the real JOCL: " + joclLog);
        assertTrue(omniclLog.stream().anyMatch(l -> l.startsWith("ONESHOT ok OmniCL")), "on OmniCL: " + omniclLog);
    }

    @Test
    void badOptionsAreRefused(@TempDir Path dir) {
        for (String[] args : new String[][] {{"--run", "3"}, {"--runs", "0"}, {"--warmup", "-1"}}) {
            assertThrows(IllegalArgumentException.class, () -> OneShotBench.run(Options.parse(args[0], args[1],
                    "--out-dir", dir.toString())), String.join(" ", args));
        }
    }
}
