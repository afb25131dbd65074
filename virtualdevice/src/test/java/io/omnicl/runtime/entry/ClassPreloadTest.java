package io.omnicl.runtime.entry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the preload loads: OmniCL's classes where its anchors came from, in a jar (as the drop-in jar holds them) or a
 * folder (as the build holds them), through the anchor's class loader, and nothing else; a location that is not of
 * the file system gives nothing and throws nothing.
 */
class ClassPreloadTest {

    /** A class of the preloaded packages with nothing to link against, to put in a jar of its own. */
    static final class Anchor {
    }

    /** Another such class, beside {@link Anchor} in its jar. */
    static final class Beside {
    }

    /** A class loader over {@code urls}, apart from the tests' own, that records the names it is asked for. */
    private static final class Recording extends URLClassLoader {
        final List<String> asked = Collections.synchronizedList(new ArrayList<>());

        Recording(URL... urls) {
            super(urls, ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            asked.add(name);
            return super.loadClass(name, resolve);
        }

        /** Defines {@code bytes} as {@code name} with a code source at {@code location}. */
        Class<?> define(String name, byte[] bytes, URL location) {
            ProtectionDomain domain = new ProtectionDomain(new CodeSource(location, (Certificate[]) null), null);
            return defineClass(name, bytes, 0, bytes.length, domain);
        }
    }

    private static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class")) {
            return in.readAllBytes();
        }
    }

    private static String entryOf(Class<?> c) {
        return c.getName().replace('.', '/') + ".class";
    }

    @Test
    void aFolderGivesTheRuntimesClasses() {
        int loaded = ClassPreload.load(List.of(RuntimeDriver.class));
        assertTrue(loaded > 100, "the runtime's classes: " + loaded);
    }

    @Test
    void aJarAnchorsClassesLoadThroughItsLoader(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("omnicl.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Class<?> c : List.of(Anchor.class, Beside.class)) {
                out.putNextEntry(new JarEntry(entryOf(c)));
                out.write(bytesOf(c));
                out.closeEntry();
            }
        }
        try (Recording loader = new Recording(jar.toUri().toURL())) {
            Class<?> anchor = loader.loadClass(Anchor.class.getName());
            assertSame(loader, anchor.getClassLoader());
            assertEquals(2, ClassPreload.load(List.of(anchor)));
            assertTrue(loader.asked.contains(Beside.class.getName()), "loaded through the anchor's loader");
            assertSame(loader, Class.forName(Beside.class.getName(), false, loader).getClassLoader());
        }
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
                ClassPreload.classNames(jar));
    }

    @Test
    void aClassThatDoesNotLoadStopsNothing(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("omnicl.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("io/omnicl/runtime/Broken.class"));
            out.write(new byte[]{1, 2, 3});
            out.closeEntry();
            out.putNextEntry(new JarEntry(entryOf(Anchor.class)));
            out.write(bytesOf(Anchor.class));
            out.closeEntry();
        }
        try (Recording loader = new Recording(jar.toUri().toURL())) {
            Class<?> anchor = loader.loadClass(Anchor.class.getName());
            assertEquals(1, ClassPreload.load(List.of(anchor)));
            assertTrue(loader.asked.contains("io.omnicl.runtime.Broken"));
        }
    }

    @Test
    void aLocationNotOfTheFileSystemGivesNothing() throws Exception {
        byte[] bytes = bytesOf(Anchor.class);
        for (String location : List.of("http://example.invalid/omnicl.jar", "jar:file:/app.jar!/lib/omnicl.jar!/")) {
            try (Recording loader = new Recording()) {
                Class<?> anchor = loader.define(Anchor.class.getName(), bytes, new URL(location));
                assertEquals(0, ClassPreload.load(List.of(anchor)), location);
            }
        }
    }

    @Test
    void whatCannotBeReadGivesNothing(@TempDir Path dir) throws IOException {
        Path notAJar = dir.resolve("broken.jar");
        try (OutputStream out = Files.newOutputStream(notAJar)) {
            out.write("not a jar".getBytes());
        }
        assertEquals(List.of(), ClassPreload.classNames(notAJar));
        assertEquals(List.of(), ClassPreload.classNames(dir.resolve("missing.jar")));
    }
}
