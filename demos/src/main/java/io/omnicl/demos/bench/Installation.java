package io.omnicl.demos.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the comparisons need besides OmniCL, found on this machine or given by options: the real JOCL jar
 * (for plain JOCL and SOCL) and an OpenCL ICD folder that lists SOCL beside the real platforms. Each is
 * absent with the reason when it cannot be had.
 *
 * @param joclJar       the real JOCL jar, or null
 * @param whyNoJocl     why there is none, or null
 * @param soclIcdFolder a folder of .icd files naming SOCL and the real platforms, for OCL_ICD_VENDORS, or null
 * @param whyNoSocl     why there is none, or null
 */
public record Installation(Path joclJar, String whyNoJocl, Path soclIcdFolder, String whyNoSocl) {

    static final String JOCL_VERSION = "2.0.5";
    /** Where OpenCL ICD loaders find vendors. */
    static final Path VENDORS = Path.of("/etc/OpenCL/vendors");
    /** Where distributions put StarPU's SOCL library. */
    static final List<Path> LIBRARY_DIRS = List.of(Path.of("/usr/lib/x86_64-linux-gnu"), Path.of("/usr/lib64"),
            Path.of("/usr/lib"), Path.of("/usr/local/lib"));

    /**
     * Finds the real JOCL ({@code --jocl-jar}, else the local Maven repository, else the copy the build
     * keeps in {@code dist/target/reference}) and SOCL ({@code --socl-icd-dir}, a prepared folder; else one
     * made in {@code workDir} from {@code --socl-lib} or a libsocl found in the usual library folders, and
     * the real vendors' .icd files).
     */
    public static Installation find(Options o, Path workDir) throws IOException {
        Path jocl = null;
        String whyNoJocl = null;
        List<Path> candidates = new ArrayList<>();
        if (o.has("jocl-jar")) {
            candidates.add(Path.of(o.get("jocl-jar", "")));
        } else {
            candidates.add(Path.of(System.getProperty("user.home"), ".m2", "repository", "org", "jocl", "jocl",
                    JOCL_VERSION, "jocl-" + JOCL_VERSION + ".jar"));
            candidates.add(Path.of("dist", "target", "reference", "jocl.jar"));
        }
        for (Path p : candidates) {
            if (Files.isRegularFile(p)) {
                jocl = p.toAbsolutePath();
                break;
            }
        }
        if (jocl == null) {
            whyNoJocl = "no real JOCL jar at " + candidates + " (give one with --jocl-jar)";
        }
        if (jocl == null) {
            return new Installation(null, whyNoJocl, null, "SOCL is reached through the real JOCL, and " + whyNoJocl);
        }
        if (o.has("socl-icd-dir")) {
            Path dir = Path.of(o.get("socl-icd-dir", ""));
            return Files.isDirectory(dir) ? new Installation(jocl, null, dir.toAbsolutePath(), null)
                    : new Installation(jocl, null, null, "no folder " + dir);
        }
        Path library = o.has("socl-lib") ? Path.of(o.get("socl-lib", "")) : findSocl();
        if (library == null || !Files.isRegularFile(library)) {
            return new Installation(jocl, null, null, "no SOCL library (libsocl-*.so) in " + LIBRARY_DIRS
                    + " (install StarPU's libsocl, or give --socl-lib or --socl-icd-dir)");
        }
        return new Installation(jocl, null, icdFolder(library.toAbsolutePath(), workDir.resolve("icd")), null);
    }

    private static Path findSocl() throws IOException {
        for (Path dir : LIBRARY_DIRS) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                Path found = files.filter(p -> p.getFileName().toString().matches("libsocl-[0-9.]+\\.so\\.[0-9]+"))
                        .sorted().reduce((a, b) -> b).orElse(null);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** A folder with the machine's vendor .icd files and one for SOCL: what OCL_ICD_VENDORS should name. */
    static Path icdFolder(Path soclLibrary, Path folder) throws IOException {
        Files.createDirectories(folder);
        if (Files.isDirectory(VENDORS)) {
            try (Stream<Path> icds = Files.list(VENDORS)) {
                for (Path icd : icds.filter(p -> p.toString().endsWith(".icd")).toList()) {
                    Files.copy(icd, folder.resolve(icd.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.writeString(folder.resolve("socl.icd"), soclLibrary + "\n");
        return folder;
    }
}
