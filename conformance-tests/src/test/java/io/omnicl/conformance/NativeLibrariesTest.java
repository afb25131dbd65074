package io.omnicl.conformance;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

import org.jocl.LibUtils;
import org.junit.jupiter.api.Test;

/**
 * {@link LibUtils} as libraries built on JOCL use it to load their own native code, which they keep in their
 * jars under {@code /lib}.
 */
class NativeLibrariesTest {

    /** A library with nothing in it that every JDK 17 on Linux has. */
    private static final Path EMPTY_LIBRARY = Path.of(System.getProperty("java.home"), "lib", "libsyslookup.so");

    @Test
    void aLibraryKeptInTheClassPathsLibFolderIsLoaded() throws Exception {
        assumeTrue(Files.isRegularFile(EMPTY_LIBRARY), "needs " + EMPTY_LIBRARY);
        String name = "omniclprobe" + UUID.randomUUID().toString().replace("-", "");
        Path lib = classPathFolder().resolve("lib");
        Files.createDirectories(lib);
        Path resource = lib.resolve(LibUtils.createLibraryFileName(name));
        Files.copy(EMPTY_LIBRARY, resource, StandardCopyOption.REPLACE_EXISTING);
        try {
            LibUtils.loadLibrary(name);
        } finally {
            Files.delete(resource);
        }
    }

    @Test
    void aLibraryFoundNowhereIsAnUnsatisfiedLink() {
        assertThrows(UnsatisfiedLinkError.class, () -> LibUtils.loadLibrary("omnicl_no_such_library"));
    }

    /** The folder this test's classes were loaded from, on the class path. */
    private static Path classPathFolder() throws URISyntaxException {
        Path here = Path.of(NativeLibrariesTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assumeTrue(Files.isDirectory(here), "the test classes are in a folder");
        return here;
    }
}
