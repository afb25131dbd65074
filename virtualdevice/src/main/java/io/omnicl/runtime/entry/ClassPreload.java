package io.omnicl.runtime.entry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Loads OmniCL's classes on a thread of its own while the program finds its devices, makes its context and builds its
 * program: a program's first launch and read would otherwise load some 300 of them from the jar on its own thread,
 * one after the other, as it reaches them. Loading only: no class is initialized, so nothing of OmniCL runs sooner
 * than it would. Once per JVM.
 */
final class ClassPreload {

    /** Where OmniCL's own classes are (in a jar or a folder): the facade, the runtime, the backends; not the demos. */
    static final List<String> PACKAGES = List.of("org/jocl/", "io/omnicl/driver/", "io/omnicl/runtime/",
            "io/omnicl/spi/", "io/omnicl/backend/");

    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private ClassPreload() {
    }

    /** Starts loading, on a daemon thread, the classes of {@link #PACKAGES} where {@code anchors} were loaded from. */
    static void start(List<Class<?>> anchors) {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        ClassLoader loader = ClassPreload.class.getClassLoader();
        Thread t = new Thread(() -> load(anchors, loader), "omnicl-preload");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Loads through {@code loader}, without initializing them, the classes of {@link #PACKAGES} in the jars or folders
     * that {@code anchors} came from; returns how many it loaded. A class that does not load is passed over.
     */
    static int load(List<Class<?>> anchors, ClassLoader loader) {
        int loaded = 0;
        for (String name : classNames(locations(anchors))) {
            try {
                Class.forName(name, false, loader);
                loaded++;
            } catch (ClassNotFoundException | LinkageError e) {
                // it would fail the same way where it is used, and say so there
            }
        }
        return loaded;
    }

    /** The jars or folders the anchors' classes came from, each once; those that cannot be told are left out. */
    private static Set<Path> locations(List<Class<?>> anchors) {
        Set<Path> found = new LinkedHashSet<>();
        for (Class<?> c : anchors) {
            CodeSource source = c.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                continue;
            }
            try {
                found.add(Path.of(source.getLocation().toURI()));
            } catch (URISyntaxException | IllegalArgumentException e) {
                // not a file: nothing to list
            }
        }
        return found;
    }

    /** The binary names of the classes of {@link #PACKAGES} in these jars or folders. */
    static List<String> classNames(Set<Path> locations) {
        List<String> names = new ArrayList<>();
        for (Path location : locations) {
            try {
                if (Files.isDirectory(location)) {
                    try (Stream<Path> files = Files.walk(location)) {
                        files.map(f -> location.relativize(f).toString().replace('\\', '/'))
                                .forEach(entry -> addClass(entry, names));
                    }
                } else if (Files.isRegularFile(location)) {
                    try (JarFile jar = new JarFile(location.toFile())) {
                        jar.stream().map(JarEntry::getName).forEach(entry -> addClass(entry, names));
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                // unreadable: its classes load where they are used
            }
        }
        return names;
    }

    /** Adds the class that {@code entry} (a path in a jar or folder) holds, where it is one of OmniCL's. */
    private static void addClass(String entry, List<String> names) {
        if (!entry.endsWith(".class") || entry.endsWith("module-info.class") || entry.endsWith("package-info.class")) {
            return;
        }
        for (String p : PACKAGES) {
            if (entry.startsWith(p)) {
                names.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
                return;
            }
        }
    }
}
