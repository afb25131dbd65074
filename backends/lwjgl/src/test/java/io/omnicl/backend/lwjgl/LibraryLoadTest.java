package io.omnicl.backend.lwjgl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.lwjgl.system.Configuration;

class LibraryLoadTest {

    @Test
    void loadingOpenClTurnsOffLwjglsHashOfItsOwnLibrary() {
        assumeTrue(System.getProperty(Configuration.DISABLE_HASH_CHECKS.getProperty()) == null,
                "the user chose, which is left alone");
        new LwjglBackend().devices();
        assertEquals(Boolean.TRUE, Configuration.DISABLE_HASH_CHECKS.get());
    }
}
