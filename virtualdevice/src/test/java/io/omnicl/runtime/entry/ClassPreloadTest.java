package io.omnicl.runtime.entry;

import io.omnicl.runtime.command.Queue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the preload loads: OmniCL's classes where its anchors came from, in a jar (as the drop-in jar holds them) or a
 * folder (as the build holds them), and nothing else; a class that does not load stops nothing.
 */
class ClassPreloadTest {

    /** A class loader that records the names it is asked for, and fails those it is told to. */
    private static final class Recording extends ClassLoader {
        final List<String> asked = Collections.synchronizedList(new ArrayList<>());
        final Set<String> failing;

        Recording(Set<String> failing) {
            super(ClassPreloadTest.class.getClassLoader());
            this.failing = failing;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            asked.add(name);
            if (failing.contains(name)) {
                throw new ClassNotFoundException(name);
            }
            return super.loadClass(name, resolve);
        }
    }

    @Test
    void aFolderGivesTheRuntimesClasses() {
        Recording loader = new Recording(Set.of());
        int loaded = ClassPreload.load(List.of(RuntimeDriver.class), loader);
        assertTrue(loader.asked.contains(Queue.class.getName()), "the command package");
        assertTrue(loader.asked.contains(RuntimeDriver.class.getName()), "the entry package");
        assertTrue(loader.asked.stream().noneMatch(n -> n.contains("Test")), "nothing of the tests' folder");
        assertEquals(loader.asked.size(), loaded);
    }

    @Test
    void aJarGivesOmniClsClassesAndNotTheDemos(@TempDir Path dir) throws IOException {
        Path jar = dir.resolve("omnicl.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String entry : List.of("org/jocl/CL.class", "io/omnicl/runtime/command/Queue.class",
                    "io/omnicl/backend/lwjgl/LwjglQueue.class", "io/omnicl/demos/Main.class",
                    "io/omnicl/runtime/package-info.class", "META-INF/versions/17/io/omnicl/runtime/X.class",
                    "com/github/benmanes/caffeine/cache/Cache.class", "io/omnicl/runtime/notes.txt",
                    "META-INF/omnicl/backend-jocl/isolated/io/omnicl/backend/jocl/isolated/JoclMem.classdata")) {
                out.putNextEntry(new JarEntry(entry));
                out.write(new byte[]{1});
                out.closeEntry();
            }
        }
        assertEquals(List.of("org.jocl.CL", "io.omnicl.runtime.command.Queue", "io.omnicl.backend.lwjgl.LwjglQueue"),
                ClassPreload.classNames(Set.of(jar)));
    }

    @Test
    void aClassThatDoesNotLoadStopsNothing() {
        String failing = Queue.class.getName();
        Recording loader = new Recording(Set.of(failing));
        int loaded = ClassPreload.load(List.of(RuntimeDriver.class), loader);
        assertTrue(loader.asked.contains(failing));
        assertEquals(loader.asked.size() - 1, loaded);
        assertFalse(loaded < 100, "the other classes of the runtime were loaded: " + loaded);
    }

    @Test
    void whatCannotBeReadGivesNothing(@TempDir Path dir) throws IOException {
        Path notAJar = dir.resolve("broken.jar");
        try (OutputStream out = Files.newOutputStream(notAJar)) {
            out.write("not a jar".getBytes());
        }
        assertEquals(List.of(), ClassPreload.classNames(Set.of(notAJar, dir.resolve("missing.jar"))));
    }
}
