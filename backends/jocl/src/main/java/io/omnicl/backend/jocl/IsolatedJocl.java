package io.omnicl.backend.jocl;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.Backend;
import io.omnicl.spi.RealDevice;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * This copy of OmniCL's one isolated JOCL: the loader, made on first use, and the entry into it.
 *
 * <p>JOCL's {@code CL} binds JOCL's JNI library when it is initialized, and the JVM binds a JNI library to one
 * class loader only. Within this copy all {@link JoclBackend}s share one loader, so that happens once. Another
 * copy of this backend in another class loader (two OmniCL jars in one JVM, an application server, a test that
 * loads OmniCL again) has a loader of its own and needs the library under another file name: JOCL's
 * {@code LibUtils} extracts it under a unique name when the system property {@code uniqueLibraryNames} is
 * {@code true}. So the first copy marks the JVM ({@value #BOUND_MARKER}), and a copy that finds the mark sets
 * {@code uniqueLibraryNames} before its JOCL loads. A JOCL that bound the library without OmniCL leaves no
 * mark: the JVM then refuses the library as "already loaded in another classloader", and this copy tries once
 * more, with unique names, in a fresh loader (the failed one has a {@code CL} that can never initialize). A
 * value of {@code uniqueLibraryNames} that the user set is left alone.
 */
final class IsolatedJocl {

    /** Where this backend's jar keeps what only the isolated loader reads. */
    static final String ROOT = "META-INF/omnicl/backend-jocl/";
    static final String JOCL_JAR = ROOT + "jocl.jar";
    static final String CLASS_DATA = ROOT + "isolated/";
    static final String ENTRY = IsolatedJoclLoader.ISOLATED_PACKAGE + "JoclPlatforms";

    /** A system property: some copy of this backend has bound (or is binding) JOCL's library in this JVM. */
    static final String BOUND_MARKER = "io.omnicl.backend.jocl.bound";
    /** Read by JOCL's {@code LibUtils} when it loads the library. */
    static final String UNIQUE_LIBRARY_NAMES = "uniqueLibraryNames";

    private static final System.Logger LOG = System.getLogger(JoclBackend.class.getName());

    /** The loader whose JOCL is bound; null before the first success. Guarded by the class. */
    private static IsolatedJoclLoader loader;
    /** Set when JOCL cannot be loaded at all: this copy then has no devices. Guarded by the class. */
    private static boolean unusable;

    private IsolatedJocl() {
    }

    /**
     * Every device, discovered afresh; none when JOCL or the OpenCL library cannot be loaded. The JVM's signal
     * handlers are read before JOCL's first call, and put back after the listing where the OpenCL library's took them.
     */
    static synchronized List<RealDevice> devices() {
        if (unusable) {
            return List.of();
        }
        JvmSignals.readNow();
        try {
            return discover();
        } finally {
            JvmSignals.putBack();
        }
    }

    private static List<RealDevice> discover() {
        if (loader != null) {
            return entry(loader).devices();
        }
        if (System.getProperties().putIfAbsent(BOUND_MARKER, "true") != null) {
            requestUniqueLibraryNames();
        }
        for (int attempt = 1; ; attempt++) {
            IsolatedJoclLoader candidate = new IsolatedJoclLoader(extractJocl(), JoclBackend.class.getClassLoader(),
                CLASS_DATA);
            try {
                // the first call into JOCL binds its library
                List<RealDevice> found = entry(candidate).devices();
                loader = candidate;
                return found;
            } catch (LinkageError e) {
                close(candidate);
                if (attempt == 1 && boundElsewhere(e) && requestUniqueLibraryNames()) {
                    continue;
                }
                unusable = true;
                boolean noOpenCl = String.valueOf(e.getMessage()).contains("Could not initialize native OpenCL");
                LOG.log(noOpenCl ? Level.DEBUG : Level.WARNING, "OmniCL's JOCL backend cannot load JOCL: no devices", e);
                return List.of();
            }
        }
    }

    /** The loader of the bound JOCL, or null; for tests. */
    static synchronized ClassLoader loader() {
        return loader;
    }

    private static Backend entry(ClassLoader isolated) {
        try {
            return (Backend) Class.forName(ENTRY, true, isolated).getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the JOCL backend's isolated classes are missing or broken", e);
        }
    }

    /**
     * The nested jocl.jar as a file of its own: a {@link java.net.URLClassLoader} reads jars from files only (the
     * JDK has no URLs into a jar within a jar), and JOCL extracts its native library through
     * {@code getResourceAsStream}, which needs real URLs. A fresh private temporary file each time, never a fixed
     * name in a shared directory that someone else could have planted.
     */
    private static URL extractJocl() {
        try (InputStream in = JoclBackend.class.getClassLoader().getResourceAsStream(JOCL_JAR)) {
            if (in == null) {
                throw new IllegalStateException(JOCL_JAR + " is missing next to " + JoclBackend.class.getName());
            }
            Path jar = Files.createTempFile("omnicl-jocl-", ".jar");
            jar.toFile().deleteOnExit();
            // written in place: replacing the file would drop the owner-only permissions it was made with
            try (OutputStream out = Files.newOutputStream(jar)) {
                in.transferTo(out);
            }
            return jar.toUri().toURL();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract " + JOCL_JAR, e);
        }
    }

    /** Whether the JVM refused JOCL's library because another class loader holds it. */
    private static boolean boundElsewhere(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            // JOCL folds the JVM's message into its own
            if (String.valueOf(t.getMessage()).contains("already loaded in another classloader")) {
                return true;
            }
        }
        return false;
    }

    /** Sets {@code uniqueLibraryNames} unless the user chose; whether it is {@code true} now. */
    private static boolean requestUniqueLibraryNames() {
        System.getProperties().putIfAbsent(UNIQUE_LIBRARY_NAMES, "true");
        return "true".equals(System.getProperty(UNIQUE_LIBRARY_NAMES));
    }

    private static void close(IsolatedJoclLoader failed) {
        try {
            failed.close();
        } catch (IOException ignored) {
            // a loader that will not be used again
        }
    }
}
