package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_device_partition_property;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.Test;

/**
 * clCreateSubDevices, clRetainDevice and clReleaseDevice (CTS api/sub_devices, device_partition): root devices
 * ignore retain and release; where the device can be partitioned, sub-devices describe themselves and run
 * kernels; where it cannot (OmniCL's devices, PoCL's "basic"), the call answers CL_INVALID_VALUE or
 * CL_DEVICE_PARTITION_FAILED.
 */
class SubDeviceTest extends ClTestBase {

    private long[] partitionProperties() {
        return Info.sizeTArray(deviceQ(device), CL_DEVICE_PARTITION_PROPERTIES);
    }

    private boolean supports(long partitionType) {
        if (Info.uint(deviceQ(device), CL_DEVICE_PARTITION_MAX_SUB_DEVICES) < 2) {
            return false;
        }
        for (long p : partitionProperties()) {
            if (p == partitionType) {
                return true;
            }
        }
        return false;
    }

    private int computeUnits() {
        return Info.uint(deviceQ(device), CL_DEVICE_MAX_COMPUTE_UNITS);
    }

    private static cl_device_partition_property equally(int unitsEach) {
        cl_device_partition_property p = new cl_device_partition_property();
        p.addProperty(CL_DEVICE_PARTITION_EQUALLY, unitsEach);
        return p;
    }

    /** BY_COUNTS c0, c1, ..., LIST_END, 0 (the pairs of addProperty give the list end and the terminator). */
    private static cl_device_partition_property byCounts(int... counts) {
        cl_device_partition_property p = new cl_device_partition_property();
        p.addProperty(CL_DEVICE_PARTITION_BY_COUNTS, counts[0]);
        for (int i = 1; i + 1 < counts.length; i += 2) {
            p.addProperty(counts[i], counts[i + 1]);
        }
        if (counts.length % 2 == 0) {
            p.addProperty(counts[counts.length - 1], CL_DEVICE_PARTITION_BY_COUNTS_LIST_END);
        }
        return p;
    }

    private cl_device_id[] partition(cl_device_partition_property props) {
        int[] count = new int[1];
        ok(clCreateSubDevices(device, props, 0, null, count), "clCreateSubDevices(count)");
        cl_device_id[] subs = new cl_device_id[count[0]];
        for (int i = 0; i < subs.length; i++) {
            subs[i] = new cl_device_id();
        }
        int[] created = new int[1];
        ok(clCreateSubDevices(device, props, subs.length, subs, created), "clCreateSubDevices");
        assertEquals(count[0], created[0], "num_devices_ret");
        for (cl_device_id d : subs) {
            track(d);
        }
        return subs;
    }

    @Test
    void rootDeviceRetainAndReleaseSucceedAndKeepItsCount() {
        assertEquals(1, Info.uint(deviceQ(device), CL_DEVICE_REFERENCE_COUNT), "a root device counts 1");
        ok(clRetainDevice(device), "retain a root device");
        assertEquals(1, Info.uint(deviceQ(device), CL_DEVICE_REFERENCE_COUNT), "retain does not count for a root");
        ok(clReleaseDevice(device), "release a root device");
        ok(clReleaseDevice(device), "a second release of a root device");
        assertEquals(1, Info.uint(deviceQ(device), CL_DEVICE_REFERENCE_COUNT));
        assertTrue(Info.string(deviceQ(device), CL_DEVICE_NAME).length() > 0, "still usable");
    }

    @Test
    void retainAndReleaseOfANullOrUnsetDeviceIsInvalidDevice() {
        for (cl_device_id bad : new cl_device_id[] {null, new cl_device_id()}) {
            String what = bad == null ? "null" : "unset";
            assertStatus(CL_INVALID_DEVICE, clRetainDevice(bad), "retain " + what);
            assertStatus(CL_INVALID_DEVICE, clReleaseDevice(bad), "release " + what);
        }
    }

    @Test
    void partitionOfANullOrUnsetDeviceIsInvalidDevice() {
        for (cl_device_id bad : new cl_device_id[] {null, new cl_device_id()}) {
            assertStatus(CL_INVALID_DEVICE, clCreateSubDevices(bad, equally(1), 0, null, new int[1]),
                    bad == null ? "null" : "unset");
        }
    }

    @Test
    void deviceThatCannotBePartitionedSaysSo() {
        assumeTrue(!supports(CL_DEVICE_PARTITION_EQUALLY), "this device can be partitioned equally");
        int rc = clCreateSubDevices(device, equally(1), 0, null, new int[1]);
        assertTrue(rc == CL_INVALID_VALUE || rc == CL_DEVICE_PARTITION_FAILED,
                "CL_INVALID_VALUE or CL_DEVICE_PARTITION_FAILED, not " + stringFor_errorCode(rc));
    }

    @Test
    void equalPartitionGivesSubDevicesThatDescribeThemselves() {
        assumeTrue(supports(CL_DEVICE_PARTITION_EQUALLY) && computeUnits() >= 2, "no equal partition here");
        cl_device_id[] subs = partition(equally(1));
        assertEquals(computeUnits(), subs.length, "one sub-device per compute unit");
        for (cl_device_id sub : subs) {
            Info.Query q = deviceQ(sub);
            assertEquals(device, handleInfo(q, CL_DEVICE_PARENT_DEVICE, new cl_device_id()), "parent");
            assertEquals(1, Info.uint(q, CL_DEVICE_MAX_COMPUTE_UNITS));
            assertArrayEquals(new long[] {CL_DEVICE_PARTITION_EQUALLY, 1, 0},
                    Info.sizeTArray(q, CL_DEVICE_PARTITION_TYPE), "the properties it was made with");
            assertEquals(1, Info.uint(q, CL_DEVICE_REFERENCE_COUNT));
        }
    }

    @Test
    void subDeviceReferenceCountMovesWithRetainAndRelease() {
        assumeTrue(supports(CL_DEVICE_PARTITION_EQUALLY) && computeUnits() >= 2, "no equal partition here");
        cl_device_id sub = partition(equally(computeUnits() / 2))[0];
        ok(clRetainDevice(sub), "retain");
        assertEquals(2, Info.uint(deviceQ(sub), CL_DEVICE_REFERENCE_COUNT));
        ok(clReleaseDevice(sub), "release");
        assertEquals(1, Info.uint(deviceQ(sub), CL_DEVICE_REFERENCE_COUNT));
    }

    @Test
    void partitionByCountsGivesTheAskedComputeUnits() {
        assumeTrue(supports(CL_DEVICE_PARTITION_BY_COUNTS) && computeUnits() >= 2, "no partition by counts here");
        cl_device_id[] subs = partition(byCounts(1, 1));
        assertEquals(2, subs.length);
        for (cl_device_id sub : subs) {
            assertEquals(1, Info.uint(deviceQ(sub), CL_DEVICE_MAX_COMPUTE_UNITS));
            assertEquals(device, handleInfo(deviceQ(sub), CL_DEVICE_PARENT_DEVICE, new cl_device_id()));
        }
    }

    @Test
    void kernelRunsOnASubDevice() {
        assumeTrue(supports(CL_DEVICE_PARTITION_EQUALLY) && computeUnits() >= 2, "no equal partition here");
        cl_device_id sub = partition(equally(1))[0];
        cl_context c = track(createContext(sub));
        cl_command_queue q = track(createQueue(c, sub, 0));
        cl_program p = program(c, sub, "kernel void sq(global int* a) { int i = get_global_id(0); a[i] = i * i; }",
                null);
        cl_kernel k = kernel(p, "sq");
        int[] e = err();
        cl_mem m = track(clCreateBuffer(c, CL_MEM_READ_WRITE, 4L * 100, null, e));
        ok(e[0], "buffer");
        argMem(k, 0, m);
        ok(clEnqueueNDRangeKernel(q, k, 1, null, new long[] {100}, null, 0, null, null), "kernel on the sub-device");
        int[] expected = new int[100];
        for (int i = 0; i < 100; i++) {
            expected[i] = i * i;
        }
        assertArrayEquals(expected, readInts(q, m, 100));
    }

    @Test
    void partitionErrors() {
        assumeTrue(supports(CL_DEVICE_PARTITION_EQUALLY) && computeUnits() >= 2, "no equal partition here");
        assertStatus(CL_INVALID_VALUE, clCreateSubDevices(device, equally(0), 0, null, new int[1]),
                "zero compute units each");
        assertStatus(CL_INVALID_VALUE, clCreateSubDevices(device, null, 0, null, new int[1]), "no properties");
        assertStatus(CL_INVALID_VALUE, clCreateSubDevices(device, equally(1), 1, new cl_device_id[] {
            new cl_device_id()}, new int[1]), "room for one of several sub-devices");
        if (supports(CL_DEVICE_PARTITION_BY_COUNTS)) {
            assertStatus(CL_INVALID_DEVICE_PARTITION_COUNT,
                    clCreateSubDevices(device, byCounts(computeUnits() + 1), 0, null, new int[1]),
                    "more compute units than the device has");
        }
        if (!supports(CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN)) {
            cl_device_partition_property affinity = new cl_device_partition_property();
            affinity.addProperty(CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN, CL_DEVICE_AFFINITY_DOMAIN_NUMA);
            assertStatus(CL_INVALID_VALUE, clCreateSubDevices(device, affinity, 0, null, new int[1]),
                    "a partition type the device does not list");
        }
    }
}
