package io.omnicl.dist;

import org.junit.jupiter.api.Test;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The jar swap: a JOCL program compiled against the real jocl-2.0.5.jar runs with target/omnicl.jar in its
 * place, prints what it prints on the real JOCL, and both PoCL devices behind the virtual device ran kernels
 * (whole launches, or parts of launches cut across both).
 */
class DropInIT {

    private static final Path JOCL = Path.of(System.getProperty("jocl.reference.jar"));
    private static final Path OMNICL = Path.of(System.getProperty("omnicl.jar"));

    @Test
    void aJoclProgramRunsUnchangedOnBothDevicesOfTheVirtualDevice() throws Exception {
        Path classes = Files.createTempDirectory("dropin");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int compiled = javac.run(null, null, null, "-cp", JOCL.toString(), "-d", classes.toString(),
                "src/test/dropin/BlockSum.java");
        assertEquals(0, compiled, "compiles against the real JOCL");

        Run reference = run(JOCL, classes, "pthread");
        Run omnicl = run(OMNICL, classes, "basic basic");
        assertEquals(0, reference.exit, reference.output);
        assertEquals(0, omnicl.exit, omnicl.output);
        assertEquals(reference.stdout, omnicl.stdout, "same output as on the real JOCL");

        Matcher rows = Pattern.compile(
                "(?m)^\\s+\\S.*?\\s+(\\d+)\\s+\\d+\\s+\\d+\\s+[\\d.]+\\s+[\\d.]+\\s+\\d+\\s+\\d+( +lost)?$").matcher(omnicl.stderr);
        List<Long> kernels = new ArrayList<>();
        while (rows.find()) {
            kernels.add(Long.parseLong(rows.group(1)));
        }
        assertEquals(2, kernels.size(), omnicl.stderr);
        Matcher launches = Pattern.compile("launches on the virtual device: (\\d+) cut into parts, (\\d+) whole")
                .matcher(omnicl.stderr);
        assertTrue(launches.find(), omnicl.stderr);
        long cut = Long.parseLong(launches.group(1));
        assertEquals(64, cut + Long.parseLong(launches.group(2)), "the program's 64 launches: " + omnicl.stderr);
        // a launch cut across both devices runs a part on each
        assertEquals(64 + cut, kernels.get(0) + kernels.get(1), omnicl.stderr);
        assertTrue(kernels.get(0) > 0 && kernels.get(1) > 0, "both devices ran kernels: " + omnicl.stderr);
    }

    private record Run(int exit, String stdout, String stderr, String output) {
    }

    private static Run run(Path jar, Path classes, String poclDevices) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", jar + File.pathSeparator + classes, "BlockSum");
        pb.environment().put("POCL_DEVICES", poclDevices);
        pb.environment().put("OMNICL_STATS", "1");
        pb.environment().put("OMNICL_PERFMODEL_DIR", Path.of("target", "perfmodel").toAbsolutePath().toString());
        pb.environment().put("OMNICL_CACHE_DIR", Path.of("target", "programs").toAbsolutePath().toString());
        Path out = Files.createTempFile("dropin", ".out");
        Path err = Files.createTempFile("dropin", ".err");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("the program did not end");
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        return new Run(p.exitValue(), stdout, stderr, stdout + stderr);
    }
}
