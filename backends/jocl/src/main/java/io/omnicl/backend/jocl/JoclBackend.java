package io.omnicl.backend.jocl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.RealDevice;
import java.util.List;

/**
 * Real OpenCL devices through the real JOCL 2.0.5 ({@code OMNICL_BACKEND=jocl}).
 *
 * <h2>Two {@code org.jocl} in one JVM</h2>
 * The class path's {@code org.jocl} is OmniCL's own facade, so the real JOCL cannot sit there. It travels inside
 * this backend's jar as a resource, {@code META-INF/omnicl/backend-jocl/jocl.jar}, and runs in an
 * {@link IsolatedJoclLoader} of its own, next to the classes of {@code io.omnicl.backend.jocl.isolated} that call
 * it. This class, loaded normally, never touches JOCL: it creates that loader, asks it for the entry class by
 * name and from then on sees only {@code io.omnicl.spi} interfaces, which both loaders share.
 *
 * <h2>Why the isolated classes are not on the class path</h2>
 * Compiled against the real JOCL, they would link to the facade if the normal class loader ever loaded them, by
 * a stray {@code Class.forName}, a class path scanner or a careless refactoring, and fail in confusing ways. So
 * the build moves them out of the class path: {@code io/omnicl/backend/jocl/isolated/X.class} is stored as
 * {@code META-INF/omnicl/backend-jocl/isolated/io/omnicl/backend/jocl/isolated/X.classdata}. No class loader
 * maps a class name to that path, the {@code .classdata} suffix keeps jar tools and scanners from treating them
 * as classes, and the service file names only this class. Only the isolated loader reads those bytes and defines
 * them. This beats a separate inner jar (one more extraction, one more file) and a merely filtered loader (the
 * classes would still be loadable by the normal one).
 *
 * <h2>One JOCL per copy of OmniCL</h2>
 * Every instance of this class in a class loader (the runtime makes one per engine, and tests make several
 * engines) shares one isolated loader, so JOCL's native library is extracted and bound once. A JNI library can be
 * bound to one class loader only: where another copy of this backend (in another class loader) or another JOCL
 * may already have bound it, JOCL's {@code uniqueLibraryNames} is set first, so that this copy's JOCL extracts the
 * library under a name of its own. See {@link IsolatedJocl}.
 *
 * <p>Nothing native happens before {@link #devices()}; the devices are found once per instance.
 */
public final class JoclBackend implements Backend {

    private List<RealDevice> devices;

    public JoclBackend() {
        // found by ServiceLoader: nothing is loaded or extracted until devices()
    }

    @Override
    public String name() {
        return "jocl";
    }

    /** The devices of every OpenCL 1.2 platform; none when JOCL or the OpenCL library cannot be loaded. */
    @Override
    public synchronized List<RealDevice> devices() {
        if (devices == null) {
            devices = IsolatedJocl.devices();
        }
        return devices;
    }
}
