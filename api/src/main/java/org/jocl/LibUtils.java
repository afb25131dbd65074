package org.jocl;

import java.io.File;
import java.util.Locale;

/**
 * Native library loading as JOCL offers it to clients. OmniCL itself loads no native library of its own;
 * this class only loads what it is asked to, the way the JVM does, and names libraries the way JOCL does.
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
     * Loads the libraries that {@code libraryName} depends on, then that library: each given by an
     * absolute file path ({@code System.load}) or by a name the JVM looks up in {@code java.library.path}
     * ({@code System.loadLibrary}).
     *
     * @throws UnsatisfiedLinkError if a library cannot be loaded
     */
    public static void loadLibrary(String libraryName, String... dependentLibraryNames) {
        for (String dependency : dependentLibraryNames) {
            load(dependency);
        }
        load(libraryName);
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

    private static void load(String library) {
        if (new File(library).isAbsolute()) {
            System.load(library);
        } else {
            System.loadLibrary(library);
        }
    }

    private static String lowerCase(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ENGLISH);
    }
}
