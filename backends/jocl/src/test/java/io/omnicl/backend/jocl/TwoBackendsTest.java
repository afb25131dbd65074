package io.omnicl.backend.jocl;

import static io.omnicl.spi.suite.ClCodes.CL_INVALID_MEM_OBJECT;
import static io.omnicl.spi.suite.Pocl.assertStatus;
import static io.omnicl.spi.suite.Pocl.awaitAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.omnicl.spi.Backend;
import io.omnicl.spi.Backends;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import io.omnicl.spi.suite.Pocl;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Several backends in one JVM, as the runtime's tests make several engines, and several copies of OmniCL. */
class TwoBackendsTest {

    private static final String SQUARES = "__kernel void squares(__global int* out, int add) {"
        + " int i = get_global_id(0); out[i] = i * i + add; }";

    @Test
    void twoInstancesShareOneJoclAndWorkAtTheSameTime() throws Exception {
        Backend first = Backends.select("jocl");
        Backend second = Backends.select("jocl");
        assertNotSame(first, second);
        List<RealDevice> firstDevices = first.devices();
        List<RealDevice> secondDevices = second.devices();
        assertEquals(2, firstDevices.size());
        assertEquals(2, secondDevices.size());
        assertNotSame(firstDevices.get(0), secondDevices.get(0));
        // one isolated loader, so JOCL's library was bound once
        assertSame(firstDevices.get(0).getClass().getClassLoader(), secondDevices.get(1).getClass().getClassLoader());
        assertSame(Pocl.device(new JoclBackend(), 0).getClass().getClassLoader(),
            firstDevices.get(0).getClass().getClassLoader());

        runTogether(firstDevices.get(0), secondDevices.get(1), firstDevices.get(1), secondDevices.get(0));
    }

    /**
     * Another copy of this backend in its own class loader (sharing the SPI, as two OmniCL jars would share a
     * runtime's SPI) has an isolated JOCL of its own, whose native library is bound under a unique name.
     */
    @Test
    void aCopyInAnotherClassLoaderBindsItsOwnJocl() throws Exception {
        ClassLoader ours = Pocl.device(new JoclBackend(), 0).getClass().getClassLoader();
        try (URLClassLoader copy = copyOfThisBackend()) {
            Backend other = (Backend) copy.loadClass(JoclBackend.class.getName()).getConstructor().newInstance();
            assertNotSame(JoclBackend.class, other.getClass());
            assertEquals("jocl", other.name());
            List<RealDevice> devices = other.devices();
            assertEquals(2, devices.size());
            ClassLoader theirs = devices.get(0).getClass().getClassLoader();
            assertNotSame(ours, theirs);
            assertNotSame(Class.forName("org.jocl.CL", false, ours), Class.forName("org.jocl.CL", false, theirs));
            assertEquals("true", System.getProperty(IsolatedJocl.BOUND_MARKER));
            assertEquals("true", System.getProperty(IsolatedJocl.UNIQUE_LIBRARY_NAMES));

            runTogether(Pocl.device(new JoclBackend(), 0), devices.get(1));

            // each copy refuses the other's objects, whose handles it cannot vouch for
            try (DeviceSession mine = Pocl.device(new JoclBackend(), 0).open();
                 DeviceSession foreign = devices.get(0).open()) {
                RealBuffer foreignBuffer = foreign.allocate(64);
                RealQueue queue = mine.createQueue(false);
                assertStatus(CL_INVALID_MEM_OBJECT, () -> queue.write(foreignBuffer, 0, Pocl.direct(8), List.of()));
                queue.release();
                foreignBuffer.release();
            }
        }
    }

    /**
     * A JOCL that bound the library without leaving OmniCL's mark (another copy, or JOCL itself, in some other
     * loader): the first try is refused by the JVM, the second, with unique library names, works.
     */
    @Test
    void aLibraryBoundWithoutTheMarkIsRetriedUnderAUniqueName() throws Exception {
        assertEquals(2, Pocl.devices(new JoclBackend()).size());
        String marker = System.clearProperty(IsolatedJocl.BOUND_MARKER);
        String unique = System.clearProperty(IsolatedJocl.UNIQUE_LIBRARY_NAMES);
        try (URLClassLoader copy = copyOfThisBackend()) {
            Backend other = (Backend) copy.loadClass(JoclBackend.class.getName()).getConstructor().newInstance();
            List<RealDevice> devices = other.devices();
            assertEquals(2, devices.size());
            assertEquals("true", System.getProperty(IsolatedJocl.UNIQUE_LIBRARY_NAMES));
            runTogether(devices.get(0), Pocl.device(new JoclBackend(), 1));
        } finally {
            restore(IsolatedJocl.BOUND_MARKER, marker);
            restore(IsolatedJocl.UNIQUE_LIBRARY_NAMES, unique);
        }
    }

    /**
     * This backend's classes and resources again, in a loader whose parent shows the SPI, the keeper of the JVM's
     * signal handlers and the JDK only.
     */
    private static URLClassLoader copyOfThisBackend() {
        URL classes = JoclBackend.class.getProtectionDomain().getCodeSource().getLocation();
        ClassLoader spiOnly = new ClassLoader("spi-only", ClassLoader.getPlatformClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                if (name.startsWith("io.omnicl.spi.") || name.startsWith("io.omnicl.backend.signals.")) {
                    return Backend.class.getClassLoader().loadClass(name);
                }
                throw new ClassNotFoundException(name);
            }
        };
        return new URLClassLoader("omnicl-copy", new URL[] {classes}, spiOnly);
    }

    /**
     * Runs a kernel on each device, all at once, and checks every result. Each device builds and first runs
     * it one after the other: two copies of PoCL (and of its compiler) in one process compiling at once race
     * on the temporary files of PoCL's kernel cache, which failed a build once in CI.
     */
    private static void runTogether(RealDevice... devices) throws Exception {
        List<Squares> squares = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(devices.length);
        try {
            for (RealDevice device : devices) {
                Squares s = new Squares(device);
                squares.add(s);
                s.run(-1);
            }
            List<Future<int[]>> results = new ArrayList<>();
            for (int d = 0; d < devices.length; d++) {
                Squares s = squares.get(d);
                int add = d;
                results.add(threads.submit(() -> s.run(add)));
            }
            for (int d = 0; d < devices.length; d++) {
                int[] expected = new int[64];
                for (int i = 0; i < expected.length; i++) {
                    expected[i] = i * i + d;
                }
                assertArrayEquals(expected, results.get(d).get(), "device " + d);
            }
        } finally {
            threads.shutdownNow();
            squares.forEach(Squares::close);
        }
    }

    /** The squares kernel built on one device, with its queue and output. */
    private static final class Squares implements AutoCloseable {
        private final DeviceSession session;
        private final RealQueue queue;
        private final RealProgram program;
        private final RealKernel kernel;
        private final RealBuffer out;

        Squares(RealDevice device) {
            session = device.open();
            queue = session.createQueue(false);
            program = session.createProgram(SQUARES);
            assertTrue(program.build(null), program::buildLog);
            kernel = program.createKernel("squares");
            out = session.allocate(64 * Integer.BYTES);
        }

        /** out[i] = i * i + add, read back. */
        int[] run(int add) {
            kernel.setArg(0, out);
            kernel.setArg(1, Pocl.ints(add));
            ByteBuffer read = Pocl.direct(64 * Integer.BYTES);
            var launched = queue.launch(kernel, 1, null, new long[] {64}, null, List.of());
            awaitAll(queue.read(out, 0, read, List.of(launched)), launched);
            return Pocl.ints(read);
        }

        @Override
        public void close() {
            out.release();
            kernel.release();
            program.release();
            queue.release();
            session.close();
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
