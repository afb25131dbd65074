package io.omnicl.backend.jocl;

import static org.jocl.CL.CL_DEVICE_TYPE_ALL;
import static org.jocl.CL.CL_MEM_COPY_HOST_PTR;
import static org.jocl.CL.CL_MEM_READ_ONLY;
import static org.jocl.CL.CL_MEM_WRITE_ONLY;
import static org.jocl.CL.CL_TRUE;
import static org.jocl.CL.clBuildProgram;
import static org.jocl.CL.clCreateBuffer;
import static org.jocl.CL.clCreateCommandQueue;
import static org.jocl.CL.clCreateContext;
import static org.jocl.CL.clCreateKernel;
import static org.jocl.CL.clCreateProgramWithSource;
import static org.jocl.CL.clEnqueueNDRangeKernel;
import static org.jocl.CL.clEnqueueReadBuffer;
import static org.jocl.CL.clGetDeviceIDs;
import static org.jocl.CL.clGetPlatformIDs;
import static org.jocl.CL.clReleaseCommandQueue;
import static org.jocl.CL.clReleaseContext;
import static org.jocl.CL.clReleaseKernel;
import static org.jocl.CL.clReleaseMemObject;
import static org.jocl.CL.clReleaseProgram;
import static org.jocl.CL.clSetKernelArg;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.omnicl.spi.Backend;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.suite.ClCodes;
import io.omnicl.spi.suite.Pocl;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.jar.JarInputStream;
import java.util.zip.ZipEntry;
import java.util.HashSet;
import java.util.Set;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;
import org.junit.jupiter.api.Test;

/**
 * Two {@code org.jocl} in one JVM: this test's class path holds OmniCL's facade (omnicl-api), and the real JOCL
 * only as the jar nested in the backend. This is the one test class that names {@code org.jocl}, the facade's.
 */
class IsolationTest {

    private static final ClassLoader CLASS_PATH = JoclBackend.class.getClassLoader();

    private static ClassLoader isolated() {
        return Pocl.device(new JoclBackend(), 0).getClass().getClassLoader();
    }

    @Test
    void theDevicesAreMadeByTheIsolatedLoader() {
        for (RealDevice device : Pocl.devices(new JoclBackend())) {
            assertTrue(device.getClass().getName().startsWith(IsolatedJoclLoader.ISOLATED_PACKAGE), device.getClass().getName());
            assertSame(IsolatedJocl.loader(), device.getClass().getClassLoader());
        }
        assertTrue(isolated() instanceof IsolatedJoclLoader, isolated().toString());
    }

    @Test
    void theClassesThatCallJoclAreNotOnTheClassPath() throws IOException {
        assertThrows(ClassNotFoundException.class, () -> Class.forName(IsolatedJocl.ENTRY, false, CLASS_PATH));
        assertNull(CLASS_PATH.getResource("io/omnicl/backend/jocl/isolated/JoclPlatforms.class"));
        try (InputStream classData = CLASS_PATH.getResourceAsStream(
                IsolatedJocl.CLASS_DATA + "io/omnicl/backend/jocl/isolated/JoclPlatforms.classdata")) {
            assertNotNull(classData);
        }
    }

    @Test
    void theIsolatedLoaderHasTheRealJoclAndTheClassPathHasOmniCLs() throws Exception {
        Class<?> real = Class.forName("org.jocl.CL", false, isolated());
        assertSame(isolated(), real.getClassLoader());
        assertTrue(location(real).matches(".*/omnicl-jocl-[0-9]+\\.jar"), location(real));

        assertNotSame(real, CL.class);
        assertSame(CL.class, Class.forName("org.jocl.CL", false, CLASS_PATH));
        assertTrue(location(CL.class).contains("api"), location(CL.class));

        // JOCL finds its native library in its own jar
        assertNotNull(isolated().getResource("lib/libJOCL_2_0_5-linux-x86_64.so"));
    }

    @Test
    void theSpiIsSharedAndNothingElseOfTheClassPathIsVisible() throws Exception {
        for (Class<?> spi : List.of(Backend.class, RealDevice.class, io.omnicl.spi.BackendException.class)) {
            assertSame(spi, Class.forName(spi.getName(), false, isolated()));
        }
        assertSame(List.class, Class.forName("java.util.List", false, isolated()));
        assertThrows(ClassNotFoundException.class, () -> Class.forName(JoclBackend.class.getName(), false, isolated()));
        assertThrows(ClassNotFoundException.class, () -> Class.forName(Test.class.getName(), false, isolated()));
        assertThrows(ClassNotFoundException.class, () -> Class.forName("io.omnicl.runtime.entry.RuntimeDriver", false, isolated()));
        assertThrows(ClassNotFoundException.class,
            () -> Class.forName(IsolatedJoclLoader.ISOLATED_PACKAGE + "NoSuchClass", false, isolated()));
    }

    @Test
    void theNestedJarIsTheRealJocl() throws IOException {
        Set<String> entries = new HashSet<>();
        try (JarInputStream jar = new JarInputStream(CLASS_PATH.getResourceAsStream(IsolatedJocl.JOCL_JAR))) {
            for (ZipEntry e = jar.getNextEntry(); e != null; e = jar.getNextEntry()) {
                entries.add(e.getName());
            }
        }
        assertTrue(entries.contains("org/jocl/CL.class"));
        assertTrue(entries.contains("lib/libJOCL_2_0_5-linux-x86_64.so"));
        assertTrue(entries.contains("META-INF/maven/org.jocl/jocl/pom.properties"));
    }

    /**
     * OmniCL's facade runs a kernel on its virtual device, which reaches PoCL through this backend (surefire sets
     * {@code OMNICL_BACKEND=jocl}), that is through the real JOCL.
     */
    @Test
    void bothOrgJoclWorkSideBySide() {
        CL.setExceptionsEnabled(true);
        try {
            runOnTheFacade();
            // the facade's switch is not the isolated JOCL's: failures there still come back as statuses
            try (DeviceSession session = Pocl.device(new JoclBackend(), 0).open()) {
                Pocl.assertStatus(ClCodes.CL_INVALID_BUFFER_SIZE, () -> session.allocate(0));
            }
        } finally {
            CL.setExceptionsEnabled(false);
        }
    }

    private static void runOnTheFacade() {
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {
            "__kernel void twice(__global const int* in, __global int* out) {"
                + " size_t i = get_global_id(0); out[i] = 2 * in[i]; }"}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        cl_kernel kernel = clCreateKernel(program, "twice", null);
        int[] in = new int[256];
        for (int i = 0; i < in.length; i++) {
            in[i] = i - 100;
        }
        cl_mem input = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (long) in.length * Sizeof.cl_int,
            Pointer.to(in), null);
        cl_mem output = clCreateBuffer(context, CL_MEM_WRITE_ONLY, (long) in.length * Sizeof.cl_int, null, null);
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(input));
        clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(output));
        clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {in.length}, null, 0, null, null);
        int[] out = new int[in.length];
        clEnqueueReadBuffer(queue, output, CL_TRUE, 0, (long) out.length * Sizeof.cl_int, Pointer.to(out), 0, null,
            null);
        int[] expected = new int[in.length];
        for (int i = 0; i < in.length; i++) {
            expected[i] = 2 * in[i];
        }
        assertArrayEquals(expected, out);
        clReleaseMemObject(input);
        clReleaseMemObject(output);
        clReleaseKernel(kernel);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }

    private static String location(Class<?> c) {
        return c.getProtectionDomain().getCodeSource().getLocation().toString();
    }
}
