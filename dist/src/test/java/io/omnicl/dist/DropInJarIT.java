package io.omnicl.dist;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the drop-in jar holds: every public {@code org.jocl} class of the real JOCL 2.0.5 is there and every
 * {@code org.jocl} class of the jar loads and initialises; {@code Sizeof} gives the sizes of the running
 * platform, as the real JOCL does; the jar names its automatic module.
 */
class DropInJarIT {

    private static final Path JOCL = Path.of(System.getProperty("jocl.reference.jar"));
    private static final Path OMNICL = Path.of(System.getProperty("omnicl.jar"));

    /** The {@code org.jocl} classes of a jar, by binary name. */
    private static TreeSet<String> joclClasses(Path jar) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            file.stream().map(e -> e.getName())
                    .filter(n -> n.startsWith("org/jocl/") && n.endsWith(".class") && n.indexOf('/', 9) < 0)
                    .forEach(n -> names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
        }
        return names;
    }

    /** A loader that sees only {@code jar} (and the JDK). */
    private static URLClassLoader loaderOf(Path jar) throws IOException {
        return new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    }

    /** The public classes among {@code names}, as {@code loader} defines them (not initialised). */
    private static TreeSet<String> publicOnes(TreeSet<String> names, ClassLoader loader) throws Exception {
        TreeSet<String> visible = new TreeSet<>();
        for (String name : names) {
            if (Modifier.isPublic(Class.forName(name, false, loader).getModifiers())) {
                visible.add(name);
            }
        }
        return visible;
    }

    @Test
    void everyJoclClassIsThereAndLoads() throws Exception {
        TreeSet<String> real;
        try (URLClassLoader loader = loaderOf(JOCL)) {
            real = publicOnes(joclClasses(JOCL), loader);
        }
        TreeSet<String> ours = joclClasses(OMNICL);
        TreeSet<String> missing = new TreeSet<>(real);
        missing.removeAll(ours);
        assertTrue(missing.isEmpty(), "public org.jocl classes of JOCL 2.0.5 missing from omnicl.jar: " + missing);
        List<String> failed = new ArrayList<>();
        try (URLClassLoader loader = loaderOf(OMNICL)) {
            for (String name : ours) {
                try {
                    Class.forName(name, true, loader);
                } catch (ReflectiveOperationException | LinkageError e) {
                    failed.add(name + ": " + e);
                }
            }
        }
        assertEquals(List.of(), failed, "classes that do not load from omnicl.jar");
        System.out.printf("omnicl.jar: %d org.jocl classes load (JOCL 2.0.5 has %d public ones)%n", ours.size(),
                real.size());
    }

    /** Every {@code int} constant of {@code Sizeof}, by name. */
    private static Map<String, Integer> sizes(ClassLoader loader) throws Exception {
        Map<String, Integer> sizes = new TreeMap<>();
        for (Field f : Class.forName("org.jocl.Sizeof", true, loader).getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == int.class) {
                sizes.put(f.getName(), f.getInt(null));
            }
        }
        return sizes;
    }

    @Test
    void sizeofMatchesTheRunningPlatform() throws Exception {
        try (URLClassLoader ours = loaderOf(OMNICL); URLClassLoader real = loaderOf(JOCL)) {
            Map<String, Integer> sizes = sizes(ours);
            assertEquals(sizes(real), sizes, "Sizeof as the real JOCL computes it here");
            // the native pointer size, as LWJGL (inside the jar) finds it
            int pointer = Class.forName("org.lwjgl.system.Pointer", true, ours).getField("POINTER_SIZE").getInt(null);
            for (String pointerSized : List.of("POINTER", "size_t", "cl_platform_id", "cl_device_id", "cl_context",
                    "cl_command_queue", "cl_mem", "cl_program", "cl_kernel", "cl_event", "cl_sampler")) {
                assertEquals(pointer, sizes.get(pointerSized), pointerSized);
            }
            assertEquals(Integer.BYTES, sizes.get("cl_int"));
            assertEquals(Long.BYTES, sizes.get("cl_long"));
            assertEquals(Double.BYTES, sizes.get("cl_double"));
        }
    }

    @Test
    void theJarNamesItsModule() throws IOException {
        try (JarFile file = new JarFile(OMNICL.toFile())) {
            assertEquals("io.omnicl", file.getManifest().getMainAttributes().getValue("Automatic-Module-Name"));
        }
    }
}
