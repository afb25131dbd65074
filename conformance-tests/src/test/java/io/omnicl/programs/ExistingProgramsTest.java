package io.omnicl.programs;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Existing-program tests: each plain JOCL program of {@code src/test/programs} (a {@code main} that uses
 * {@code org.jocl} only) is compiled against the real jocl-2.0.5.jar, run in a child JVM with that jar (over
 * PoCL) and again with {@code target/omnicl.jar} in its place, and must print the same standard output.
 *
 * <p>Normalisation, the one rule: a line that starts with {@code ~} is dropped from both outputs before they
 * are compared. Programs print on such lines what legitimately differs between a real platform and OmniCL's:
 * timings and speeds, platform, device and vendor names, versions, limits, binary sizes, build logs, and every
 * count or per-device line that depends on how many devices the platform lists (PoCL lists its own devices;
 * OmniCL lists the virtual device and one pinned device per real device). Every other line, results,
 * checksums, sizes, statuses and error codes, must be equal, in order.
 *
 * <p>The child JVMs inherit the environment of this one (the pom sets {@code OMNICL_PERFMODEL_DIR} and
 * {@code OMNICL_CACHE_DIR}); {@code POCL_DEVICES} is set per run. A run that does not end within
 * {@link #RUN_LIMIT_SECONDS} is killed and fails the test. Both runs' outputs are kept under
 * {@code target/existing-programs/}.
 */
@Tag("programs")
class ExistingProgramsTest {

    /** PoCL's devices under the real JOCL; OmniCL always runs over {@link #OMNICL_POCL_DEVICES}. */
    private static final String REFERENCE_POCL_DEVICES = "pthread";

    /**
     * Programs whose reference run gets other PoCL devices: a program that spreads work over every device
     * of the platform should spread it over more than one on the reference too.
     */
    private static final Map<String, String> REFERENCE_POCL_DEVICES_OF = Map.of(
            "MultiDeviceQueues", "basic basic");

    private static final String OMNICL_POCL_DEVICES = "basic basic";

    static final long RUN_LIMIT_SECONDS = 120;

    private static final Path JOCL = Path.of(required("jocl.reference.jar"));
    private static final Path OMNICL = Path.of(required("omnicl.jar"));
    private static final Path SOURCES = Path.of(required("programs.dir"));
    private static final Path WORK = Path.of(required("programs.work"));
    private static final Path CLASSES = WORK.resolve("classes");

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set (see conformance-tests/pom.xml)");
        }
        return value;
    }

    static Stream<String> programs() throws IOException {
        try (Stream<Path> files = Files.list(SOURCES)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".java"))
                    .map(n -> n.substring(0, n.length() - ".java".length()))
                    .sorted()
                    .collect(Collectors.toList())
                    .stream();
        }
    }

    /** Compiles every program against the real JOCL jar, so they use nothing that JOCL lacks. */
    @BeforeAll
    static void compileAgainstTheRealJocl() throws IOException {
        assertTrue(Files.isRegularFile(JOCL), "the real JOCL jar is missing: " + JOCL);
        assertTrue(Files.isRegularFile(OMNICL), "the OmniCL jar is missing: " + OMNICL
                + " (build it first: mvn -q package -DskipTests at the repository root)");
        Files.createDirectories(CLASSES);
        List<String> arguments = new ArrayList<>(List.of("-cp", JOCL.toString(), "-d", CLASSES.toString(),
                "-encoding", "UTF-8", "-nowarn", "-Xlint:none"));
        for (String program : programs().collect(Collectors.toList())) {
            arguments.add(SOURCES.resolve(program + ".java").toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = javac.run(null, diagnostics, diagnostics, arguments.toArray(new String[0]));
        assertEquals(0, status, "the programs compile against the real JOCL:\n" + diagnostics.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    @Timeout(value = 2 * RUN_LIMIT_SECONDS + 60, unit = TimeUnit.SECONDS)
    void printsWhatItPrintsOnTheRealJocl(String program) throws Exception {
        String referenceDevices = REFERENCE_POCL_DEVICES_OF.getOrDefault(program, REFERENCE_POCL_DEVICES);
        Run reference = run(program, JOCL, referenceDevices, "reference");
        if (reference.exit != 0) {
            fail(program + ": fails on the real JOCL (POCL_DEVICES=\"" + referenceDevices + "\"), so the program is"
                    + " wrong, exit " + reference.exit + ":\n" + reference.stdout + reference.stderr);
        }
        Run omnicl = run(program, OMNICL, OMNICL_POCL_DEVICES, "omnicl");
        if (omnicl.exit != 0) {
            fail(program + ": fails on OmniCL (POCL_DEVICES=\"" + OMNICL_POCL_DEVICES + "\"), exit " + omnicl.exit
                    + ":\n" + omnicl.stdout + omnicl.stderr);
        }
        List<String> expected = normalise(reference.stdout);
        List<String> actual = normalise(omnicl.stdout);
        if (!expected.equals(actual)) {
            fail(program + ": prints otherwise on OmniCL than on the real JOCL (after dropping '~' lines);"
                    + " '-' the real JOCL, '+' OmniCL:\n" + LineDiff.of(expected, actual)
                    + "\nfull outputs in " + WORK.resolve("output"));
        }
    }

    /** The normalisation: lines starting with '~' (machine- and platform-specific) are dropped. */
    static List<String> normalise(String output) {
        return output.lines().filter(line -> !line.startsWith("~")).collect(Collectors.toList());
    }

    private record Run(int exit, String stdout, String stderr) {
    }

    private static Run run(String program, Path jar, String poclDevices, String label) throws IOException, InterruptedException {
        Path output = Files.createDirectories(WORK.resolve("output"));
        Path out = output.resolve(program + "." + label + ".out");
        Path err = output.resolve(program + "." + label + ".err");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", jar + File.pathSeparator + CLASSES, program);
        pb.environment().put("POCL_DEVICES", poclDevices);
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process process = pb.start();
        if (!process.waitFor(RUN_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            fail(program + " did not end within " + RUN_LIMIT_SECONDS + " s on " + label + " (POCL_DEVICES=\"" + poclDevices
                    + "\"); what it printed:\n" + Files.readString(out, StandardCharsets.UTF_8) + Files.readString(err, StandardCharsets.UTF_8));
        }
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
