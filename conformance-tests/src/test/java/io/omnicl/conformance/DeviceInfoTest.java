package io.omnicl.conformance;

import static io.omnicl.conformance.ClTestBase.assertStatus;
import static io.omnicl.conformance.ClTestBase.deviceQ;
import static io.omnicl.conformance.ClTestBase.handleInfo;
import static io.omnicl.conformance.ClTestBase.isNullHandle;
import static io.omnicl.conformance.ClTestBase.ok;
import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** clGetDeviceInfo for every OpenCL 1.2 parameter, and the relations the specification sets between them. */
@SuppressWarnings("deprecation")
class DeviceInfoTest {

    private static final int UNKNOWN_DEVICE_PARAM = 0x0AB1;
    private static final long KB = 1024;

    /** How a parameter's value is laid out. */
    enum Kind {
        UINT(Sizeof.cl_uint), BOOL(Sizeof.cl_uint), ULONG(Sizeof.cl_ulong), SIZE(Sizeof.size_t),
        SIZE_ARRAY(-Sizeof.size_t), STRING(0), HANDLE(Sizeof.POINTER), PROPERTY_ARRAY(-Sizeof.POINTER);

        /** Positive: the exact size; negative: the element size of an array; 0: a string. */
        final int size;

        Kind(int size) {
            this.size = size;
        }
    }

    private static cl_device_id device;
    private static Info.Query q;

    @BeforeAll
    static void pick() {
        device = Target.device();
        q = deviceQ(device);
    }

    static Stream<Arguments> parameters() {
        Object[][] table = {
            {CL_DEVICE_TYPE, Kind.ULONG}, {CL_DEVICE_VENDOR_ID, Kind.UINT},
            {CL_DEVICE_MAX_COMPUTE_UNITS, Kind.UINT}, {CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, Kind.UINT},
            {CL_DEVICE_MAX_WORK_ITEM_SIZES, Kind.SIZE_ARRAY}, {CL_DEVICE_MAX_WORK_GROUP_SIZE, Kind.SIZE},
            {CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, Kind.UINT}, {CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, Kind.UINT},
            {CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, Kind.UINT}, {CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, Kind.UINT},
            {CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, Kind.UINT},
            {CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, Kind.UINT},
            {CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, Kind.UINT},
            {CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, Kind.UINT}, {CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, Kind.UINT},
            {CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, Kind.UINT}, {CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, Kind.UINT},
            {CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, Kind.UINT}, {CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, Kind.UINT},
            {CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, Kind.UINT},
            {CL_DEVICE_MAX_CLOCK_FREQUENCY, Kind.UINT}, {CL_DEVICE_ADDRESS_BITS, Kind.UINT},
            {CL_DEVICE_MAX_MEM_ALLOC_SIZE, Kind.ULONG}, {CL_DEVICE_IMAGE_SUPPORT, Kind.BOOL},
            {CL_DEVICE_MAX_READ_IMAGE_ARGS, Kind.UINT}, {CL_DEVICE_MAX_WRITE_IMAGE_ARGS, Kind.UINT},
            {CL_DEVICE_IMAGE2D_MAX_WIDTH, Kind.SIZE}, {CL_DEVICE_IMAGE2D_MAX_HEIGHT, Kind.SIZE},
            {CL_DEVICE_IMAGE3D_MAX_WIDTH, Kind.SIZE}, {CL_DEVICE_IMAGE3D_MAX_HEIGHT, Kind.SIZE},
            {CL_DEVICE_IMAGE3D_MAX_DEPTH, Kind.SIZE}, {CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, Kind.SIZE},
            {CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, Kind.SIZE}, {CL_DEVICE_MAX_SAMPLERS, Kind.UINT},
            {CL_DEVICE_MAX_PARAMETER_SIZE, Kind.SIZE}, {CL_DEVICE_MEM_BASE_ADDR_ALIGN, Kind.UINT},
            {CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, Kind.UINT},
            {CL_DEVICE_SINGLE_FP_CONFIG, Kind.ULONG}, {CL_DEVICE_DOUBLE_FP_CONFIG, Kind.ULONG},
            {CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, Kind.UINT}, {CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, Kind.UINT},
            {CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, Kind.ULONG}, {CL_DEVICE_GLOBAL_MEM_SIZE, Kind.ULONG},
            {CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, Kind.ULONG}, {CL_DEVICE_MAX_CONSTANT_ARGS, Kind.UINT},
            {CL_DEVICE_LOCAL_MEM_TYPE, Kind.UINT}, {CL_DEVICE_LOCAL_MEM_SIZE, Kind.ULONG},
            {CL_DEVICE_ERROR_CORRECTION_SUPPORT, Kind.BOOL}, {CL_DEVICE_HOST_UNIFIED_MEMORY, Kind.BOOL},
            {CL_DEVICE_PROFILING_TIMER_RESOLUTION, Kind.SIZE}, {CL_DEVICE_ENDIAN_LITTLE, Kind.BOOL},
            {CL_DEVICE_AVAILABLE, Kind.BOOL}, {CL_DEVICE_COMPILER_AVAILABLE, Kind.BOOL},
            {CL_DEVICE_LINKER_AVAILABLE, Kind.BOOL}, {CL_DEVICE_EXECUTION_CAPABILITIES, Kind.ULONG},
            {CL_DEVICE_QUEUE_PROPERTIES, Kind.ULONG}, {CL_DEVICE_BUILT_IN_KERNELS, Kind.STRING},
            {CL_DEVICE_PLATFORM, Kind.HANDLE}, {CL_DEVICE_NAME, Kind.STRING}, {CL_DEVICE_VENDOR, Kind.STRING},
            {CL_DRIVER_VERSION, Kind.STRING}, {CL_DEVICE_PROFILE, Kind.STRING}, {CL_DEVICE_VERSION, Kind.STRING},
            {CL_DEVICE_OPENCL_C_VERSION, Kind.STRING}, {CL_DEVICE_EXTENSIONS, Kind.STRING},
            {CL_DEVICE_PRINTF_BUFFER_SIZE, Kind.SIZE}, {CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, Kind.BOOL},
            {CL_DEVICE_PARENT_DEVICE, Kind.HANDLE}, {CL_DEVICE_PARTITION_MAX_SUB_DEVICES, Kind.UINT},
            {CL_DEVICE_PARTITION_PROPERTIES, Kind.PROPERTY_ARRAY},
            {CL_DEVICE_PARTITION_AFFINITY_DOMAIN, Kind.ULONG}, {CL_DEVICE_PARTITION_TYPE, Kind.PROPERTY_ARRAY},
            {CL_DEVICE_REFERENCE_COUNT, Kind.UINT},
        };
        return Arrays.stream(table).map(row -> Arguments.of(stringFor_cl_device_info((Integer) row[0]),
                row[0], row[1]));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parameters")
    void sizeProtocol(String name, int param, Kind kind) {
        long[] size = {-1};
        ok(clGetDeviceInfo(device, param, 0, null, size), name + " size");
        if (kind.size > 0) {
            assertEquals(kind.size, size[0], name + " size");
        } else if (kind.size < 0) {
            assertEquals(0, size[0] % -kind.size, name + " size is a whole number of elements");
        } else {
            assertTrue(size[0] >= 1, name + " string size includes the NUL");
        }
        byte[] exact = new byte[(int) size[0]];
        long[] sizeRet = {-1};
        if (size[0] > 0) {
            ok(clGetDeviceInfo(device, param, size[0], Pointer.to(exact), sizeRet), name + " value");
            assertEquals(size[0], sizeRet[0], name + " size_ret");
        }
        byte[] larger = new byte[(int) size[0] + 16];
        long[] sizeRet2 = {-1};
        ok(clGetDeviceInfo(device, param, larger.length, Pointer.to(larger), sizeRet2), name + " larger");
        assertEquals(size[0], sizeRet2[0], name + " size_ret with a larger buffer");
        assertArrayEquals(exact, Arrays.copyOf(larger, exact.length), name + " same value");
        if (kind == Kind.STRING) {
            assertEquals(0, exact[exact.length - 1], name + " NUL-terminated");
        }
        if (kind == Kind.BOOL) {
            int b = ByteBuffer.wrap(exact).order(java.nio.ByteOrder.nativeOrder()).getInt();
            assertTrue(b == 1 || b == 0, name + " is CL_TRUE (1) or CL_FALSE (0): " + b);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parameters")
    void tooSmallBufferIsInvalidValue(String name, int param, Kind kind) {
        long size = Info.size(q, param);
        assumeTrue(size > 0, name + " has an empty value here");
        byte[] value = new byte[(int) size];
        assertStatus(CL_INVALID_VALUE, clGetDeviceInfo(device, param, size - 1, Pointer.to(value), null), name);
    }

    @Test
    void unknownParamIsInvalidValue() {
        assertStatus(CL_INVALID_VALUE, clGetDeviceInfo(device, UNKNOWN_DEVICE_PARAM, 0, null, new long[1]));
    }

    @Test
    void nullDeviceIsInvalidDevice() {
        long[] size = new long[1];
        assertStatus(CL_INVALID_DEVICE, clGetDeviceInfo(null, CL_DEVICE_NAME, 0, null, size), "null");
        assertStatus(CL_INVALID_DEVICE, clGetDeviceInfo(new cl_device_id(), CL_DEVICE_NAME, 0, null, size),
                "new cl_device_id()");
    }

    @Test
    void maxWorkItemSizesHasOneEntryPerDimension() {
        int dims = Info.uint(q, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
        if ((Info.ulong(q, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CUSTOM) == 0) {
            assertTrue(dims >= 3, "at least 3 dimensions for a non-custom device: " + dims);
        }
        long[] sizes = Info.sizeTArray(q, CL_DEVICE_MAX_WORK_ITEM_SIZES);
        assertEquals(dims, sizes.length);
        for (long s : sizes) {
            assertTrue(s >= 1, "every dimension allows at least one work-item");
        }
        assertTrue(Info.sizeT(q, CL_DEVICE_MAX_WORK_GROUP_SIZE) >= 1);
    }

    @Test
    void maxMemAllocSizeFitsInGlobalMemory() {
        long alloc = Info.ulong(q, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
        long global = Info.ulong(q, CL_DEVICE_GLOBAL_MEM_SIZE);
        assertTrue(alloc > 0 && global > 0);
        assertTrue(Long.compareUnsigned(alloc, global) <= 0, "max alloc " + alloc + " <= global " + global);
        assertTrue(Long.compareUnsigned(alloc, Math.min(global / 4, 128L * KB * KB)) >= 0,
                "max alloc is at least min(global/4, 128 MB)");
    }

    @Test
    void devicePlatformIsTheTargetPlatform() {
        cl_platform_id p = handleInfo(q, CL_DEVICE_PLATFORM, new cl_platform_id());
        assertEquals(Target.platform(), p);
    }

    @Test
    void rootDeviceHasNoParentAndReferenceCountOne() {
        cl_device_id parent = handleInfo(q, CL_DEVICE_PARENT_DEVICE, new cl_device_id());
        assertTrue(isNullHandle(parent), "a root device has no parent");
        assertEquals(1, Info.uint(q, CL_DEVICE_REFERENCE_COUNT), "root devices report reference count 1");
    }

    @Test
    void deviceTypeIsOneOfTheDefinedBits() {
        long type = Info.ulong(q, CL_DEVICE_TYPE);
        long known = CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_DEFAULT
                | CL_DEVICE_TYPE_CUSTOM;
        assertTrue((type & ~known) == 0, "only defined bits: " + type);
        assertTrue((type & (known & ~CL_DEVICE_TYPE_DEFAULT)) != 0, "a device has a type other than DEFAULT");
    }

    @Test
    void versionStringsFollowTheSpecFormat() {
        String version = Info.string(q, CL_DEVICE_VERSION);
        Matcher m = Pattern.compile("^OpenCL (\\d+)\\.(\\d+) .*").matcher(version + " ");
        assertTrue(m.matches(), "device version '" + version + "'");
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        assertTrue(major > 1 || minor >= 2, "device supports at least OpenCL 1.2: " + version);
        String c = Info.string(q, CL_DEVICE_OPENCL_C_VERSION);
        assertTrue(Pattern.compile("^OpenCL C \\d+\\.\\d+ .*").matcher(c + " ").matches(),
                "OpenCL C version '" + c + "'");
        String profile = Info.string(q, CL_DEVICE_PROFILE);
        assertTrue(profile.equals("FULL_PROFILE") || profile.equals("EMBEDDED_PROFILE"), profile);
        assertFalse(Info.string(q, CL_DEVICE_NAME).isEmpty(), "name");
        assertFalse(Info.string(q, CL_DRIVER_VERSION).isEmpty(), "driver version");
    }

    @Test
    void extensionsAreClNames() {
        String extensions = Info.string(q, CL_DEVICE_EXTENSIONS).trim();
        for (String ext : extensions.split("\\s+")) {
            assertTrue(ext.isEmpty() || ext.startsWith("cl_"), "extension name '" + ext + "'");
        }
        boolean fp64 = Arrays.asList(extensions.split("\\s+")).contains("cl_khr_fp64");
        long doubleConfig = Info.ulong(q, CL_DEVICE_DOUBLE_FP_CONFIG);
        if (!fp64) {
            assertEquals(0, doubleConfig, "no double support: DOUBLE_FP_CONFIG is 0");
        }
    }

    @Test
    void mandatoryCapabilitiesArePresent() {
        assertEquals(1, Info.uint(q, CL_DEVICE_AVAILABLE), "available");
        assertTrue((Info.ulong(q, CL_DEVICE_EXECUTION_CAPABILITIES) & CL_EXEC_KERNEL) != 0, "CL_EXEC_KERNEL");
        assertTrue((Info.ulong(q, CL_DEVICE_QUEUE_PROPERTIES) & CL_QUEUE_PROFILING_ENABLE) != 0,
                "profiling is mandatory");
        long fp = Info.ulong(q, CL_DEVICE_SINGLE_FP_CONFIG);
        if ("FULL_PROFILE".equals(Info.string(q, CL_DEVICE_PROFILE))) {
            assertEquals(1, Info.uint(q, CL_DEVICE_COMPILER_AVAILABLE), "a full profile has a compiler");
            assertTrue((fp & CL_FP_ROUND_TO_NEAREST) != 0 && (fp & CL_FP_INF_NAN) != 0,
                    "single precision rounds to nearest and has INF/NaN");
        }
        int bits = Info.uint(q, CL_DEVICE_ADDRESS_BITS);
        assertTrue(bits == 32 || bits == 64, "address bits " + bits);
    }

    @Test
    void memoryLimitsMeetTheSpecMinimums() {
        long custom = Info.ulong(q, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CUSTOM;
        assumeTrue(custom == 0, "custom devices have no minimums");
        assumeTrue("FULL_PROFILE".equals(Info.string(q, CL_DEVICE_PROFILE)), "the minimums below are the full profile's");
        assertTrue(Info.ulong(q, CL_DEVICE_LOCAL_MEM_SIZE) >= 32 * KB, "local memory >= 32 KB");
        assertTrue(Info.ulong(q, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE) >= 64 * KB, "constant buffer >= 64 KB");
        assertTrue(Info.uint(q, CL_DEVICE_MAX_CONSTANT_ARGS) >= 8, "constant args >= 8");
        assertTrue(Info.sizeT(q, CL_DEVICE_MAX_PARAMETER_SIZE) >= 256, "parameter size >= 256");
        int align = Info.uint(q, CL_DEVICE_MEM_BASE_ADDR_ALIGN);
        assertTrue(align >= 8 && Integer.bitCount(align) == 1, "base address alignment is a power of two bits");
        int cacheType = Info.uint(q, CL_DEVICE_GLOBAL_MEM_CACHE_TYPE);
        assertTrue(cacheType == CL_NONE || cacheType == CL_READ_ONLY_CACHE || cacheType == CL_READ_WRITE_CACHE,
                "cache type " + cacheType);
        int localType = Info.uint(q, CL_DEVICE_LOCAL_MEM_TYPE);
        assertTrue(localType == CL_LOCAL || localType == CL_GLOBAL, "local memory type " + localType);
    }

    @Test
    void imageLimitsAreConsistentWithImageSupport() {
        if (Info.uint(q, CL_DEVICE_IMAGE_SUPPORT) == 1) {
            assertTrue(Info.sizeT(q, CL_DEVICE_IMAGE2D_MAX_WIDTH) >= 2048);
            assertTrue(Info.sizeT(q, CL_DEVICE_IMAGE2D_MAX_HEIGHT) >= 2048);
            assertTrue(Info.uint(q, CL_DEVICE_MAX_READ_IMAGE_ARGS) >= 8);
            assertTrue(Info.uint(q, CL_DEVICE_MAX_SAMPLERS) >= 8);
        } else {
            // without images the limits are unspecified, but they must still be answerable
            Info.sizeT(q, CL_DEVICE_IMAGE2D_MAX_WIDTH);
            assertEquals(Sizeof.cl_uint, Info.size(q, CL_DEVICE_MAX_SAMPLERS));
        }
    }

    @Test
    void vectorWidthsAreConsistentWithExtensions() {
        String extensions = " " + Info.string(q, CL_DEVICE_EXTENSIONS) + " ";
        if (!extensions.contains(" cl_khr_fp64 ")) {
            assertEquals(0, Info.uint(q, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE), "no fp64: preferred width 0");
            assertEquals(0, Info.uint(q, CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE), "no fp64: native width 0");
        }
        if (!extensions.contains(" cl_khr_fp16 ")) {
            assertEquals(0, Info.uint(q, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF), "no fp16: preferred width 0");
            assertEquals(0, Info.uint(q, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF), "no fp16: native width 0");
        }
        for (int param : new int[] {CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT,
                CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT}) {
            int w = Info.uint(q, param);
            assertTrue(w >= 1 && w <= 16 && Integer.bitCount(w) == 1, stringFor_cl_device_info(param) + " = " + w);
        }
    }

    @Test
    void repeatedQueriesGiveTheSameAnswer() {
        assertEquals(Info.string(q, CL_DEVICE_NAME), Info.string(q, CL_DEVICE_NAME));
        assertEquals(Info.ulong(q, CL_DEVICE_GLOBAL_MEM_SIZE), Info.ulong(q, CL_DEVICE_GLOBAL_MEM_SIZE));
        assertArrayEquals(Info.sizeTArray(q, CL_DEVICE_MAX_WORK_ITEM_SIZES),
                Info.sizeTArray(q, CL_DEVICE_MAX_WORK_ITEM_SIZES));
    }
}
