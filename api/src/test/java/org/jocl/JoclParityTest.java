package org.jocl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Compares the pure-Java parts of org.jocl with the real JOCL 2.0.5, loaded on its own from its jar: the
 * constants, the names of constants, and the text of structs, property lists, handles and exceptions.
 */
class JoclParityTest {

    /** Stands for a new handle of the named class, made by whichever side builds the object. */
    private record NewHandle(String className) {
    }

    private static URLClassLoader jocl;

    @BeforeAll
    static void loadJocl() throws Exception {
        String jar = System.getProperty("jocl.reference.jar");
        assertNotNull(jar, "the build passes the path of JOCL's jar in jocl.reference.jar");
        jocl = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        // JOCL loads its native library here, before any test changes os.name
        Class<?> joclCl = Class.forName("org.jocl.CL", true, jocl);
        assertNotSame(CL.class, joclCl, "JOCL must not be on the test class path");
    }

    @AfterAll
    static void closeJocl() throws Exception {
        jocl.close();
    }

    @Test
    void clHasJoclsConstants() throws Exception {
        assertSameConstants("org.jocl.CL");
    }

    @Test
    void sizeofHasJoclsSizes() throws Exception {
        assertSameConstants("org.jocl.Sizeof");
    }

    @Test
    void stringForMatchesJoclForEveryMethodAndManyInputs() throws Exception {
        Set<Long> constants = constantValues();
        int methods = 0;
        List<String> differences = new ArrayList<>();
        for (Method theirs : joclClass("org.jocl.CL").getMethods()) {
            if (!theirs.getName().startsWith("stringFor_")) {
                continue;
            }
            methods++;
            Class<?> parameter = theirs.getParameterTypes()[0];
            Method ours = CL.class.getMethod(theirs.getName(), parameter);
            Set<Long> inputs = parameter == int.class ? intInputs(constants) : longInputs(constants);
            int shown = 0;
            for (long input : inputs) {
                Object argument = parameter == int.class ? (Object) (int) input : (Object) input;
                Object expected = theirs.invoke(null, argument);
                Object actual = ours.invoke(null, argument);
                if (!expected.equals(actual) && shown++ < 3) {
                    differences.add(theirs.getName() + "(" + argument + "): JOCL \"" + expected + "\", ours \""
                            + actual + "\"");
                }
            }
        }
        assertEquals(47, methods, "JOCL's stringFor_* methods");
        assertEquals(List.of(), differences);
    }

    @Test
    void structsPrintAsInJocl() throws Exception {
        assertSameText("cl_buffer_region", Map.of());
        assertSameText("cl_buffer_region", Map.of("origin", 64L, "size", -1L));
        assertSameText("cl_image_format", Map.of());
        assertSameText("cl_image_format", Map.of("image_channel_order", CL.CL_RGBA,
                "image_channel_data_type", CL.CL_UNORM_INT8));
        assertSameText("cl_image_format", Map.of("image_channel_order", 77, "image_channel_data_type", -3));
        assertSameText("cl_image_desc", Map.of());
        Map<String, Object> desc = new LinkedHashMap<>();
        desc.put("image_type", CL.CL_MEM_OBJECT_IMAGE2D_ARRAY);
        desc.put("image_width", 640L);
        desc.put("image_height", 480L);
        desc.put("image_depth", 1L);
        desc.put("image_array_size", 3L);
        desc.put("image_row_pitch", 2560L);
        desc.put("image_slice_pitch", 1228800L);
        desc.put("num_mip_levels", 2);
        desc.put("num_samples", 4);
        desc.put("buffer", new NewHandle("cl_mem"));
        assertSameText("cl_image_desc", desc);
        assertSameText("cl_image_desc", Map.of("image_type", 12345));
        Object region = joclClass("org.jocl.cl_buffer_region").getConstructor(long.class, long.class)
                .newInstance(8L, 24L);
        assertEquals(region.toString(), new cl_buffer_region(8, 24).toString());
    }

    @Test
    void handlesPrintAsInJocl() throws Exception {
        for (String handle : List.of("cl_platform_id", "cl_device_id", "cl_context", "cl_command_queue", "cl_mem",
                "cl_program", "cl_kernel", "cl_event", "cl_sampler")) {
            assertSameText(handle, Map.of());
        }
    }

    @Test
    void propertyListsPrintAsInJocl() throws Exception {
        assertSameProperties("cl_context_properties");
        assertSameProperties("cl_context_properties",
                new Object[] {(long) CL.CL_CONTEXT_PLATFORM, new NewHandle("cl_platform_id")},
                new Object[] {(long) CL.CL_CONTEXT_PLATFORM, 0x7f00_1234_5678L},
                new Object[] {(long) CL.CL_GL_CONTEXT_KHR, 5L},
                new Object[] {0x1_0000_1084L, -1L},
                new Object[] {77L, Long.MIN_VALUE});
        assertSameProperties("cl_device_partition_property",
                new Object[] {(long) CL.CL_DEVICE_PARTITION_BY_COUNTS, 2L},
                new Object[] {(long) CL.CL_DEVICE_PARTITION_BY_COUNTS_LIST_END, 0L},
                new Object[] {(long) CL.CL_DEVICE_PARTITION_EQUALLY, new NewHandle("cl_platform_id")},
                new Object[] {3L, 4L});
        assertSameProperties("cl_queue_properties",
                new Object[] {(long) CL.CL_QUEUE_PROPERTIES, CL.CL_QUEUE_PROFILING_ENABLE},
                new Object[] {(long) CL.CL_QUEUE_SIZE, 1L << 20},
                new Object[] {(long) CL.CL_QUEUE_CONTEXT, 1L},
                new Object[] {-5L, 6L});
        assertSameProperties("cl_pipe_properties", new Object[] {(long) CL.CL_PIPE_PACKET_SIZE, 16L});
        assertSameProperties("cl_sampler_properties",
                new Object[] {(long) CL.CL_SAMPLER_NORMALIZED_COORDS, true},
                new Object[] {(long) CL.CL_SAMPLER_ADDRESSING_MODE, (long) CL.CL_ADDRESS_CLAMP},
                new Object[] {(long) CL.CL_SAMPLER_LOD_MIN, 1.5f},
                new Object[] {(long) CL.CL_SAMPLER_FILTER_MODE, false},
                new Object[] {999L, 1L});
    }

    @Test
    void clExceptionAsInJocl() throws Exception {
        Class<?> theirs = joclClass("org.jocl.CLException");
        Object plain = theirs.getConstructor(String.class).newInstance("failed");
        assertEquals(plain.toString(), new CLException("failed").toString());
        assertEquals(theirs.getMethod("getStatus").invoke(plain), new CLException("failed").getStatus());
        Object withCause = theirs.getConstructor(String.class, Throwable.class).newInstance("m", null);
        assertEquals(theirs.getMethod("getStatus").invoke(withCause), new CLException("m", null).getStatus());
        assertEquals(CL.CL_JOCL_INTERNAL_ERROR, new CLException("m", null).getStatus());
        assertEquals(CL.CL_INVALID_VALUE, new CLException("m", CL.CL_INVALID_VALUE).getStatus());
        assertEquals(fieldValue(theirs, "serialVersionUID"), fieldValue(CLException.class, "serialVersionUID"));
    }

    @Test
    void libraryNamesAsInJocl() throws Exception {
        Class<?> theirs = joclClass("org.jocl.LibUtils");
        Method fileName = theirs.getMethod("createLibraryFileName", String.class);
        Method platformName = theirs.getMethod("createPlatformLibraryName", String.class);
        Map<String, String> saved = new LinkedHashMap<>();
        for (String key : List.of("os.name", "os.arch", "java.vendor")) {
            saved.put(key, System.getProperty(key));
        }
        try {
            for (String os : List.of("Linux", "Windows 11", "Mac OS X", "SunOS", "FreeBSD")) {
                for (String arch : List.of("amd64", "x86_64", "i386", "x86", "i686", "aarch64", "arm64", "arm",
                        "ppc", "powerpc", "ppc64le", "sparcv9", "mips64el", "mips", "riscv64", "s390x")) {
                    System.setProperty("os.name", os);
                    System.setProperty("os.arch", arch);
                    assertEquals(fileName.invoke(null, "X"), LibUtils.createLibraryFileName("X"), os);
                    assertEquals(platformName.invoke(null, "X"), LibUtils.createPlatformLibraryName("X"),
                            os + " " + arch);
                }
            }
            System.setProperty("java.vendor", "The Android Project");
            assertEquals(fileName.invoke(null, "X"), LibUtils.createLibraryFileName("X"));
            assertEquals(platformName.invoke(null, "X"), LibUtils.createPlatformLibraryName("X"));
        } finally {
            saved.forEach(System::setProperty);
        }
    }

    private static Class<?> joclClass(String name) throws ClassNotFoundException {
        return Class.forName(name, true, jocl);
    }

    /** Every public static final field of JOCL's class is in ours, of the same type, with the same value. */
    private static void assertSameConstants(String className) throws Exception {
        Class<?> ours = Class.forName(className);
        List<String> differences = new ArrayList<>();
        int compared = 0;
        for (Field theirs : joclClass(className).getFields()) {
            if (!isConstant(theirs)) {
                continue;
            }
            compared++;
            Field mine;
            try {
                mine = ours.getField(theirs.getName());
            } catch (NoSuchFieldException e) {
                differences.add(theirs.getName() + " is missing");
                continue;
            }
            if (!isConstant(mine) || mine.getType() != theirs.getType()) {
                differences.add(theirs.getName() + ": " + mine + " instead of " + theirs);
            } else if (!theirs.get(null).equals(mine.get(null))) {
                differences.add(theirs.getName() + " = " + mine.get(null) + " instead of " + theirs.get(null));
            }
        }
        assertTrue(compared > 0, "no constants in JOCL's " + className);
        assertEquals(List.of(), differences);
    }

    private static boolean isConstant(Field field) {
        int modifiers = field.getModifiers();
        return Modifier.isPublic(modifiers) && Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers);
    }

    private static Object fieldValue(Class<?> type, String name) throws ReflectiveOperationException {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(null);
    }

    /** The values of JOCL's int and long constants in CL. */
    private static Set<Long> constantValues() throws ClassNotFoundException, IllegalAccessException {
        Set<Long> values = new LinkedHashSet<>();
        for (Field field : joclClass("org.jocl.CL").getFields()) {
            if (isConstant(field) && (field.getType() == int.class || field.getType() == long.class)) {
                values.add(((Number) field.get(null)).longValue());
            }
        }
        return values;
    }

    private static Set<Long> intInputs(Set<Long> constants) {
        Set<Long> inputs = new LinkedHashSet<>();
        for (long n = -2000; n <= 2000; n++) {
            inputs.add(n);
        }
        constants.forEach(c -> inputs.add((long) (int) (long) c));
        inputs.add((long) Integer.MIN_VALUE);
        inputs.add((long) Integer.MAX_VALUE);
        return inputs;
    }

    /** For the bitfields: every combination of the low 16 bits, each single bit, and the usual suspects. */
    private static Set<Long> longInputs(Set<Long> constants) {
        Set<Long> inputs = new LinkedHashSet<>(constants);
        for (long bits = 0; bits < 1 << 16; bits++) {
            inputs.add(bits);
        }
        for (int bit = 0; bit < 64; bit++) {
            inputs.add(1L << bit);
            inputs.add(~(1L << bit));
        }
        for (long n = -2000; n < 0; n++) {
            inputs.add(n);
        }
        inputs.addAll(List.of(0xFFFFFFFFL, 0x1_0000_0000L, 0xFFFF_0000_0000_0000L, Long.MIN_VALUE, Long.MAX_VALUE));
        return inputs;
    }

    /** Builds the named class with each side's loader, sets the fields, and compares toString. */
    private static void assertSameText(String simpleName, Map<String, Object> fields) {
        Function<ClassLoader, String> text = loader -> {
            try {
                Class<?> type = Class.forName("org.jocl." + simpleName, true, loader);
                Object object = type.getConstructor().newInstance();
                for (Map.Entry<String, Object> field : fields.entrySet()) {
                    type.getField(field.getKey()).set(object, sideValue(loader, field.getValue()));
                }
                return object.toString();
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        };
        assertEquals(text.apply(jocl), text.apply(JoclParityTest.class.getClassLoader()), simpleName + " " + fields);
    }

    /** Builds a property list with each side's loader by calling addProperty, and compares toString. */
    private static void assertSameProperties(String simpleName, Object[]... properties) {
        Function<ClassLoader, String> text = loader -> {
            try {
                Class<?> type = Class.forName("org.jocl." + simpleName, true, loader);
                Object list = type.getConstructor().newInstance();
                for (Object[] property : properties) {
                    Object value = sideValue(loader, property[1]);
                    Class<?> valueType = value instanceof Long ? long.class
                            : value instanceof Boolean ? boolean.class
                            : value instanceof Float ? float.class
                            : value.getClass();
                    type.getMethod("addProperty", long.class, valueType).invoke(list, property[0], value);
                }
                return list.toString();
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        };
        assertEquals(text.apply(jocl), text.apply(JoclParityTest.class.getClassLoader()), simpleName);
    }

    private static Object sideValue(ClassLoader loader, Object value) throws ReflectiveOperationException {
        if (value instanceof NewHandle handle) {
            return Class.forName("org.jocl." + handle.className(), true, loader).getConstructor().newInstance();
        }
        return value;
    }
}
