package io.omnicl.conformance;

import static io.omnicl.conformance.ClTestBase.assertStatus;
import static io.omnicl.conformance.ClTestBase.deviceQ;
import static io.omnicl.conformance.ClTestBase.ok;
import static io.omnicl.conformance.ClTestBase.platformQ;
import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jocl.Pointer;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** clGetPlatformIDs, clGetPlatformInfo and clGetDeviceIDs. */
class PlatformTest {

    private static final int UNKNOWN_PLATFORM_PARAM = 0x0AB0;

    private static cl_platform_id platform;
    private static cl_device_id device;

    @BeforeAll
    static void pick() {
        platform = Target.platform();
        device = Target.device();
    }

    @Test
    void platformIdsCountThenListContainsTarget() {
        int[] count = new int[1];
        ok(clGetPlatformIDs(0, null, count), "count");
        assertTrue(count[0] >= 1, "at least one platform");
        cl_platform_id[] ids = new cl_platform_id[count[0]];
        int[] again = new int[1];
        ok(clGetPlatformIDs(ids.length, ids, again), "list");
        assertEquals(count[0], again[0], "num_platforms is the same with and without the list");
        for (cl_platform_id id : ids) {
            assertNotNull(id);
        }
        assertTrue(Arrays.asList(ids).contains(platform), "the target platform is listed");
        assertEquals(ids.length, new HashSet<>(Arrays.asList(ids)).size(), "platform ids are distinct");
    }

    @Test
    void platformIdsWithFewerEntriesThanPlatforms() {
        cl_platform_id[] one = new cl_platform_id[1];
        int[] count = new int[1];
        ok(clGetPlatformIDs(1, one, count), "clGetPlatformIDs(1)");
        assertNotNull(one[0]);
        assertTrue(count[0] >= 1);
        assertEquals(Target.allPlatforms()[0], one[0], "the first entry is the first platform");
    }

    @Test
    void platformIdsWithZeroEntriesButAnArrayIsInvalidValue() {
        assertStatus(CL_INVALID_VALUE, clGetPlatformIDs(0, new cl_platform_id[1], new int[1]));
    }

    @Test
    void platformInfoStringsFollowTheSpecFormat() {
        Info.Query q = platformQ(platform);
        String profile = Info.string(q, CL_PLATFORM_PROFILE);
        assertTrue(profile.equals("FULL_PROFILE") || profile.equals("EMBEDDED_PROFILE"), profile);
        String version = Info.string(q, CL_PLATFORM_VERSION);
        Matcher m = Pattern.compile("^OpenCL (\\d+)\\.(\\d+) .*").matcher(version + " ");
        assertTrue(m.matches(), "version '" + version + "' is 'OpenCL <major>.<minor> <info>'");
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        assertTrue(major > 1 || (major == 1 && minor >= 2), "at least OpenCL 1.2: " + version);
        assertFalse(Info.string(q, CL_PLATFORM_NAME).isEmpty(), "name");
        assertFalse(Info.string(q, CL_PLATFORM_VENDOR).isEmpty(), "vendor");
        String extensions = Info.string(q, CL_PLATFORM_EXTENSIONS);
        for (String ext : extensions.trim().split("\\s+")) {
            assertTrue(ext.isEmpty() || ext.startsWith("cl_"), "extension name '" + ext + "'");
        }
    }

    @Test
    void platformNameMatchesTheTarget() {
        String name = Info.string(platformQ(platform), CL_PLATFORM_NAME);
        if (Target.isOmniCL()) {
            assertEquals("OmniCL", name);
        } else {
            assertTrue(name.contains("Portable Computing Language"), name);
        }
    }

    @Test
    void platformInfoSizeProtocol() {
        for (int param : new int[] {CL_PLATFORM_PROFILE, CL_PLATFORM_VERSION, CL_PLATFORM_NAME,
                CL_PLATFORM_VENDOR, CL_PLATFORM_EXTENSIONS}) {
            long[] size = new long[1];
            ok(clGetPlatformInfo(platform, param, 0, null, size), "size");
            assertTrue(size[0] >= 1, "string size counts the NUL");
            byte[] value = new byte[(int) size[0] + 8];
            Arrays.fill(value, (byte) 0x55);
            long[] size2 = new long[1];
            ok(clGetPlatformInfo(platform, param, value.length, Pointer.to(value), size2), "value");
            assertEquals(size[0], size2[0], "size is the same with a larger buffer");
            assertEquals(0, value[(int) size[0] - 1], "NUL at size-1");
            for (int i = 0; i < size[0] - 1; i++) {
                assertNotEquals(0, value[i], "no NUL inside the string");
            }
        }
    }

    @Test
    void platformInfoTooSmallBufferIsInvalidValue() {
        long size = Info.size(platformQ(platform), CL_PLATFORM_VERSION);
        byte[] value = new byte[(int) size];
        assertStatus(CL_INVALID_VALUE, clGetPlatformInfo(platform, CL_PLATFORM_VERSION, size - 1,
                Pointer.to(value), null));
    }

    @Test
    void platformInfoUnknownParamIsInvalidValue() {
        assertStatus(CL_INVALID_VALUE, clGetPlatformInfo(platform, UNKNOWN_PLATFORM_PARAM, 0, null, new long[1]));
    }

    @Test
    void deviceIdsOfAllTypesContainTheTargetDevice() {
        int[] count = new int[1];
        ok(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, count), "count");
        assertTrue(count[0] >= 1);
        cl_device_id[] ids = new cl_device_id[count[0]];
        int[] again = new int[1];
        ok(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, ids.length, ids, again), "list");
        assertEquals(count[0], again[0]);
        List<cl_device_id> list = Arrays.asList(ids);
        assertTrue(list.contains(device), "the target device is listed");
        assertEquals(ids.length, new HashSet<>(list).size(), "device ids are distinct");
    }

    @Test
    void deviceIdsWithFewerEntriesReturnsAPrefix() {
        cl_device_id[] all = Target.devicesOf(platform, CL_DEVICE_TYPE_ALL);
        cl_device_id[] one = new cl_device_id[1];
        ok(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, one, null), "clGetDeviceIDs(1)");
        assertEquals(all[0], one[0]);
    }

    @Test
    void deviceIdsByTypeReportThatType() {
        long[] types = {CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_CUSTOM};
        Set<cl_device_id> all = new HashSet<>(Arrays.asList(Target.devicesOf(platform, CL_DEVICE_TYPE_ALL)));
        Set<cl_device_id> covered = new HashSet<>();
        for (long type : types) {
            for (cl_device_id d : Target.devicesOf(platform, type)) {
                long reported = Info.ulong(deviceQ(d), CL_DEVICE_TYPE);
                assertTrue((reported & type) != 0, "device listed for type " + type + " reports " + reported);
                assertTrue(all.contains(d), "a device of one type is also among ALL");
                covered.add(d);
            }
        }
        assertEquals(all, covered, "every device has one of the types CPU, GPU, ACCELERATOR, CUSTOM");
    }

    @Test
    void deviceIdsOfDefaultTypeAreAmongAll() {
        cl_device_id[] defaults = Target.devicesOf(platform, CL_DEVICE_TYPE_DEFAULT);
        assertTrue(defaults.length >= 1, "a platform with devices has a default device");
        List<cl_device_id> all = Arrays.asList(Target.devicesOf(platform, CL_DEVICE_TYPE_ALL));
        for (cl_device_id d : defaults) {
            assertTrue(all.contains(d));
        }
    }

    @Test
    void deviceIdsOfATypeWithNoDeviceIsDeviceNotFound() {
        long missing = typeWithoutDevices(platform);
        assumeTrue(missing != 0, "every device type is present on this platform");
        int[] count = {-1};
        assertStatus(CL_DEVICE_NOT_FOUND, clGetDeviceIDs(platform, missing, 0, null, count));
    }

    @Test
    void deviceIdsWithZeroEntriesButAnArrayIsInvalidValue() {
        assertStatus(CL_INVALID_VALUE,
                clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, new cl_device_id[1], new int[1]));
    }

    @Test
    void deviceIdsAreStableAcrossCalls() {
        assertArrayEquals(Target.devicesOf(platform, CL_DEVICE_TYPE_ALL),
                Target.devicesOf(platform, CL_DEVICE_TYPE_ALL));
    }

    /** A device type of which the platform has no device, or 0 if it has all of them. */
    static long typeWithoutDevices(cl_platform_id p) {
        for (long type : new long[] {CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_CUSTOM, CL_DEVICE_TYPE_GPU,
                CL_DEVICE_TYPE_CPU}) {
            if (Target.devicesOf(p, type).length == 0) {
                return type;
            }
        }
        return 0;
    }
}
