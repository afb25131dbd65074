package io.omnicl.runtime.entry;

import io.omnicl.runtime.access.AnalysisWarmup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Loads OmniCL's classes on a thread of its own while the program finds its devices, makes its context and builds its
 * program: a program's first launch and read would otherwise load some 300 of them from the jar on its own thread,
 * one after the other, as it reaches them. Loading only: no class is initialized, so nothing of OmniCL that uses a
 * device or holds state runs sooner than it would. Once per JVM, and only where the classes come from a jar or folder
 * of the file system (not from a jar nested in another, as some application servers load them). Once the devices are
 * found, where launches may be cut across them, the kernel analysis runs over kernels of its own on another thread
 * ({@link AnalysisWarmup}, which is pure).
 */
final class ClassPreload {

    /** Where OmniCL's own classes are (in a jar or a folder): the facade, the runtime, the backends; not the demos. */
    static final List<String> PACKAGES = List.of("org/jocl/", "io/omnicl/driver/", "io/omnicl/runtime/",
            "io/omnicl/spi/", "io/omnicl/backend/");

    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final AtomicBoolean WARMED = new AtomicBoolean();

    private ClassPreload() {
    }

    /**
     * Starts loading, on a daemon thread, the classes of {@link #PACKAGES} where {@code anchors} were loaded from,
     * each through its anchor's class loader.
     */
    static void start(List<Class<?>> anchors) {
        if (STARTED.compareAndSet(false, true)) {
            onThreadOfItsOwn("omnicl-preload", () -> load(anchors));
        }
    }

    /** Runs {@link AnalysisWarmup} on a daemon thread: launches may be cut over the devices found (once per JVM). */
    static void warmAnalysis() {
        if (WARMED.compareAndSet(false, true)) {
            onThreadOfItsOwn("omnicl-warmup", AnalysisWarmup::run);
        }
    }

    private static void onThreadOfItsOwn(String name, Runnable help) {
        Thread t = new Thread(() -> {
            try {
                help.run();
            } catch (RuntimeException | LinkageError e) {
                // a help, not a need: what is not loaded or run here is where it is used
            }
        }, name);
        t.setDaemon(true);
        t.start();
    }

    /**
     * Loads, without initializing them, the classes of {@link #PACKAGES} in the jars or folders that {@code anchors}
     * came from, each through its anchor's class loader; returns how many it loaded. A class that does not load is
     * passed over.
     */
    static int load(List<Class<?>> anchors) {
        int loaded = 0;
        for (Map.Entry<Path, ClassLoader> location : locations(anchors).entrySet()) {
            for (String name : classNames(location.getKey())) {
                try {
                    Class.forName(name, false, location.getValue());
                    loaded++;
                } catch (ClassNotFoundException | LinkageError e) {
                    // it would fail the same way where it is used, and say so there
                }
            }
        }
        return loaded;
    }

    /**
     * The jars or folders of the file system that the anchors' classes came from, each once, with the first anchor's
     * class loader; those that cannot be told are left out.
     */
    private static Map<Path, ClassLoader> locations(List<Class<?>> anchors) {
        Map<Path, ClassLoader> found = new LinkedHashMap<>();
        for (Class<?> c : anchors) {
            CodeSource source = c.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null || c.getClassLoader() == null) {
                continue;
            }
            try {
                URI uri = source.getLocation().toURI();
                if ("file".equalsIgnoreCase(uri.getScheme())) {
                    found.putIfAbsent(Path.of(uri), c.getClassLoader());
                }
            } catch (URISyntaxException | IllegalArgumentException e) {
                // not a path of the file system: nothing to list
            }
        }
        return found;
    }

    /** The binary names of the classes of {@link #PACKAGES} in this jar or folder. */
    static List<String> classNames(Path location) {
        List<String> names = new ArrayList<>();
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
            return List.of();
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
