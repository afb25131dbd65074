package org.jocl;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Native library loading as JOCL offers it to the libraries built on it (which keep their own native code in
 * their jars). OmniCL itself loads no native library of its own through it.
 */
public final class LibUtils {

    /** Operating systems, as JOCL tells them apart. */
    enum OSType {
        ANDROID, APPLE, LINUX, SUN, WINDOWS, UNKNOWN
    }

    /** Processor architectures, as JOCL tells them apart. */
    enum ArchType {
        PPC, PPC_64, SPARC, X86, X86_64, ARM, ARM64, MIPS, MIPS64, RISC, UNKNOWN
    }

    private LibUtils() {
    }

    /**
     * Loads {@code libraryName} the way JOCL does for the libraries built on it: by name from the JVM's library
     * path when it is there (its dependencies then come with it); else from the class path, where a jar keeps it
     * as {@code /lib/<file name>} and the libraries it depends on as {@code /lib/<os>/<arch>/<file name>}: each is
     * written to a folder under {@code java.io.tmpdir} and loaded from there, dependencies first. An absolute file
     * path is loaded as it is.
     *
     * @throws UnsatisfiedLinkError if the library can be loaded neither way
     */
    public static void loadLibrary(String libraryName, String... dependentLibraryNames) {
        if (new File(libraryName).isAbsolute()) {
            for (String dependency : dependentLibraryNames) {
                System.load(dependency);
            }
            System.load(libraryName);
            return;
        }
        try {
            System.loadLibrary(libraryName);
            return;
        } catch (UnsatisfiedLinkError onPath) {
            try {
                String dependencies = "/lib/" + lowerCase(calculateOS()) + "/" + lowerCase(calculateArch());
                for (String dependency : dependentLibraryNames) {
                    loadFromClassPath(dependencies, dependency);
                }
                loadFromClassPath("/lib", libraryName);
            } catch (IOException | UnsatisfiedLinkError fromJar) {
                UnsatisfiedLinkError e = new UnsatisfiedLinkError("native library \"" + libraryName + "\" is neither"
                        + " on java.library.path (" + onPath.getMessage() + ") nor loadable from the class path ("
                        + fromJar.getMessage() + ")");
                e.addSuppressed(onPath);
                e.addSuppressed(fromJar);
                throw e;
            }
        }
    }

    /** Writes the class path's {@code folder/<file name of library>} to a temporary file and loads that. */
    private static void loadFromClassPath(String folder, String library) throws IOException {
        String resource = folder + "/" + createLibraryFileName(library);
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "omnicl-native", folder.substring(1),
                createLibraryFileName(library));
        if (!Files.isRegularFile(file)) {
            try (InputStream in = LibUtils.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IOException("no " + resource + " on the class path");
                }
                Files.createDirectories(file.getParent());
                // written beside, then moved: a JVM starting at the same time never loads half a file
                Path part = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".part");
                Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        }
        System.load(file.toString());
    }

    /**
     * The file name of a library on this operating system: {@code libX.so} on Linux, Android and Solaris,
     * {@code libX.dylib} on macOS, {@code X.dll} on Windows, {@code X.} elsewhere.
     */
    public static String createLibraryFileName(String libraryName) {
        switch (calculateOS()) {
            case APPLE:
                return "lib" + libraryName + ".dylib";
            case ANDROID:
            case LINUX:
            case SUN:
                return "lib" + libraryName + ".so";
            case WINDOWS:
                return libraryName + ".dll";
            default:
                return libraryName + ".";
        }
    }

    /**
     * {@code baseName-os-arch}, e.g. {@code JOCL-linux-x86_64}, with the names of this platform's
     * {@link OSType} and {@link ArchType} in lower case.
     */
    public static String createPlatformLibraryName(String baseName) {
        return baseName + "-" + lowerCase(calculateOS()) + "-" + lowerCase(calculateArch());
    }

    static OSType calculateOS() {
        if ("The Android Project".equals(System.getProperty("java.vendor"))) {
            return OSType.ANDROID;
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ENGLISH);
        if (os.startsWith("mac os")) {
            return OSType.APPLE;
        }
        if (os.startsWith("windows")) {
            return OSType.WINDOWS;
        }
        if (os.startsWith("linux")) {
            return OSType.LINUX;
        }
        if (os.startsWith("sun")) {
            return OSType.SUN;
        }
        return OSType.UNKNOWN;
    }

    static ArchType calculateArch() {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ENGLISH);
        if (arch.equals("i386") || arch.equals("i686") || arch.equals("x86")) {
            return ArchType.X86;
        }
        if (arch.startsWith("amd64") || arch.startsWith("x86_64")) {
            return ArchType.X86_64;
        }
        if (arch.startsWith("arm64") || arch.equals("aarch64")) {
            return ArchType.ARM64;
        }
        if (arch.startsWith("arm")) {
            return ArchType.ARM;
        }
        if (arch.equals("ppc") || arch.equals("powerpc")) {
            return ArchType.PPC;
        }
        if (arch.startsWith("ppc")) {
            return ArchType.PPC_64;
        }
        if (arch.startsWith("sparc")) {
            return ArchType.SPARC;
        }
        if (arch.startsWith("mips64")) {
            return ArchType.MIPS64;
        }
        if (arch.startsWith("mips")) {
            return ArchType.MIPS;
        }
        return arch.contains("risc") ? ArchType.RISC : ArchType.UNKNOWN;
    }

    private static String lowerCase(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ENGLISH);
    }
}
