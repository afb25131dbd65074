package org.jocl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

class LibUtilsTest {

    @Test
    void namesOnLinux() {
        assumeTrue(LibUtils.calculateOS() == LibUtils.OSType.LINUX, "runs on Linux");
        assertEquals("libJOCL.so", LibUtils.createLibraryFileName("JOCL"));
        assertTrue(LibUtils.createPlatformLibraryName("JOCL").startsWith("JOCL-linux-"));
    }

    @Test
    void loadsDependenciesFirst() {
        UnsatisfiedLinkError error = assertThrows(UnsatisfiedLinkError.class,
                () -> LibUtils.loadLibrary("omnicl-no-such-library", "omnicl-no-such-dependency"));
        assertTrue(error.getMessage().contains("omnicl-no-such-dependency"), error.getMessage());
    }

    @Test
    void loadsAbsolutePathsAsFiles() {
        UnsatisfiedLinkError error = assertThrows(UnsatisfiedLinkError.class,
                () -> LibUtils.loadLibrary("/omnicl/no/such/libX.so"));
        assertTrue(error.getMessage().contains("/omnicl/no/such/libX.so"), error.getMessage());
    }
}
