package io.omnicl.backend.jocl;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.ProtectionDomain;

/**
 * The class loader of the real JOCL and of the classes that call it. It decides by package, never asking the
 * loader of {@link JoclBackend} about JOCL:
 * <ul>
 *   <li>{@code org.jocl.*}: from the real JOCL's jar only (child-first; the parent is the platform loader, which
 *       has no {@code org.jocl}, and OmniCL's facade on the class path is never consulted);</li>
 *   <li>{@code io.omnicl.backend.jocl.isolated.*}: defined here from the {@code .classdata} that the outer
 *       part's jar holds (child-first: these classes exist nowhere else);</li>
 *   <li>{@code io.omnicl.spi.*}: from the loader of {@link JoclBackend}, so that the objects made here are the
 *       runtime's {@code RealDevice}s and the like;</li>
 *   <li>{@code io.omnicl.backend.signals.*}: from the loader of {@link JoclBackend} too, so that the isolated classes
 *       put the JVM's signal handlers back where the OpenCL library took them, with the one record of them;</li>
 *   <li>everything else ({@code java.*}, ...): from the platform loader; nothing else of the class path is
 *       visible.</li>
 * </ul>
 * Resources resolve the same way, so JOCL finds its native libraries ({@code /lib/...}) in its own jar.
 */
final class IsolatedJoclLoader extends URLClassLoader {

    static final String JOCL_PACKAGE = "org.jocl.";
    static final String ISOLATED_PACKAGE = "io.omnicl.backend.jocl.isolated.";
    static final String SPI_PACKAGE = "io.omnicl.spi.";
    static final String SIGNALS_PACKAGE = "io.omnicl.backend.signals.";

    static {
        registerAsParallelCapable();
    }

    private final ClassLoader outer;
    private final String classDataRoot;
    private final ProtectionDomain domain;

    /**
     * @param joclJar       the real JOCL's jar, as a file
     * @param outer         the loader of {@link JoclBackend}: it holds the SPI and the {@code .classdata}
     * @param classDataRoot the resource path under which {@code io/.../X.classdata} lie, ending in '/'
     */
    IsolatedJoclLoader(URL joclJar, ClassLoader outer, String classDataRoot) {
        super("omnicl-jocl", new URL[] {joclJar}, ClassLoader.getPlatformClassLoader());
        this.outer = outer;
        this.classDataRoot = classDataRoot;
        this.domain = JoclBackend.class.getProtectionDomain();
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                if (name.startsWith(SPI_PACKAGE) || name.startsWith(SIGNALS_PACKAGE)) {
                    c = outer.loadClass(name);
                } else if (name.startsWith(ISOLATED_PACKAGE)) {
                    c = defineIsolated(name);
                } else if (name.startsWith(JOCL_PACKAGE)) {
                    c = findClass(name);
                } else {
                    c = super.loadClass(name, false);
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private Class<?> defineIsolated(String name) throws ClassNotFoundException {
        String path = classDataRoot + name.replace('.', '/') + ".classdata";
        try (InputStream in = outer.getResourceAsStream(path)) {
            if (in == null) {
                throw new ClassNotFoundException(name + " (no " + path + ")");
            }
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length, domain);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }

    @Override
    public String toString() {
        return "IsolatedJoclLoader" + java.util.Arrays.toString(getURLs());
    }
}
