package io.omnicl.conformance;

import static org.jocl.CL.*;

import org.jocl.CL;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_device_partition_property;
import org.jocl.cl_platform_id;

/**
 * Bad input (see {@link BadInputTestBase}) to the platform, device and context entry points.
 */
class BadInputPlatformTest extends BadInputTestBase {

    private static final String JOCL_COUNT =
            "the real JOCL passes a count variable of its own for a null count array: the call succeeds";
    private static final String JOCL_NULL_ELEMENT =
            "the real JOCL passes an uninitialised pointer for a null element of this handle array: the driver crashes";

    @Override
    protected void addRows(Table t) {
        platformsAndDevices(t);
        contexts(t);
    }

    private void platformsAndDevices(Table t) {
        t.call("clGetPlatformIDs", "num_entries 0 with a platforms array",
                () -> clGetPlatformIDs(0, new cl_platform_id[1], new int[1]), CL_INVALID_VALUE);
        t.call("clGetPlatformIDs", "platforms and num_platforms both null",
                () -> clGetPlatformIDs(0, null, null), CL_INVALID_VALUE).reference(JOCL_COUNT, CL_SUCCESS);

        // a null platform is implementation-defined (OpenCL 1.2, 4.1): no row
        infoRows(t, "clGetPlatformInfo", "platform", 0, () -> platform, null, CL_PLATFORM_NAME,
                (p, param, size, value, ret) -> clGetPlatformInfo(p, param, size, value, ret));

        String poclType = "PoCL counts the devices of that type, finds none: CL_DEVICE_NOT_FOUND";
        t.call("clGetDeviceIDs", "unknown device_type bits",
                () -> clGetDeviceIDs(platform, UNKNOWN_BIT, 1, new cl_device_id[1], null),
                CL_INVALID_DEVICE_TYPE).reference(poclType, CL_DEVICE_NOT_FOUND);
        t.call("clGetDeviceIDs", "device_type 0",
                () -> clGetDeviceIDs(platform, 0, 1, new cl_device_id[1], null),
                CL_INVALID_DEVICE_TYPE).reference(poclType, CL_DEVICE_NOT_FOUND);
        t.call("clGetDeviceIDs", "num_entries 0 with a devices array",
                () -> clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, new cl_device_id[1], new int[1]),
                CL_INVALID_VALUE);
        t.call("clGetDeviceIDs", "devices and num_devices both null",
                () -> clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, null), CL_INVALID_VALUE)
                .reference(JOCL_COUNT, CL_SUCCESS);

        // root devices are not reference counted: no released device
        infoRows(t, "clGetDeviceInfo", "device", CL_INVALID_DEVICE, () -> device, null, CL_DEVICE_NAME,
                (d, param, size, value, ret) -> clGetDeviceInfo(d, param, size, value, ret));

        t.call("clCreateSubDevices", "null device",
                () -> clCreateSubDevices(null, partition(CL_DEVICE_PARTITION_EQUALLY, 1, 0, 0), 0, null, new int[1]),
                CL_INVALID_DEVICE);
        t.call("clCreateSubDevices", "null properties",
                () -> clCreateSubDevices(device, null, 0, null, new int[1]), CL_INVALID_VALUE);
        t.call("clCreateSubDevices", "num_devices > 0, out_devices null",
                () -> clCreateSubDevices(device, partition(CL_DEVICE_PARTITION_EQUALLY, 1, 0, 0), 1, null, null),
                CL_INVALID_VALUE);
        t.call("clCreateSubDevices", "unknown partition property",
                () -> clCreateSubDevices(device, partition(0x7777, 1, 0, 0), 0, null, new int[1]), CL_INVALID_VALUE);
        t.call("clCreateSubDevices", "partition equally into 0 compute units",
                () -> clCreateSubDevices(device, partition(CL_DEVICE_PARTITION_EQUALLY, 0, 0, 0), 0, null,
                        new int[1]), CL_INVALID_VALUE);

        refRows(t, "clRetainDevice", "device", CL_INVALID_DEVICE, CL::clRetainDevice, null);
        refRows(t, "clReleaseDevice", "device", CL_INVALID_DEVICE, CL::clReleaseDevice, null);
    }

    private void contexts(Table t) {
        String e0 = "clCreateContext";
        t.call(e0, "devices null", () -> {
            int[] e = err();
            return status(e, clCreateContext(platformProperties(), 1, null, null, null, e));
        }, CL_INVALID_VALUE);
        t.call(e0, "num_devices 0 with a devices array", () -> {
            int[] e = err();
            return status(e, clCreateContext(platformProperties(), 0, new cl_device_id[] {device}, null, null, e));
        }, CL_INVALID_VALUE);
        t.call(e0, "null device in the list", () -> {
            int[] e = err();
            return status(e, clCreateContext(platformProperties(), 1, new cl_device_id[] {null}, null, null, e));
        }, CL_INVALID_DEVICE).skipOnReference(JOCL_NULL_ELEMENT);
        t.call(e0, "user_data without pfn_notify", () -> {
            int[] e = err();
            return status(e, clCreateContext(platformProperties(), 1, new cl_device_id[] {device}, null, "data", e));
        }, CL_INVALID_VALUE).reference(JOCL_USER_DATA, CL_SUCCESS);
        t.call(e0, "unknown property", () -> {
            int[] e = err();
            return status(e, clCreateContext(props(0x7777, 1), 1, new cl_device_id[] {device}, null, null, e));
        }, CL_INVALID_PROPERTY);
        t.call(e0, "CL_CONTEXT_PLATFORM given twice", () -> {
            int[] e = err();
            cl_context_properties p = platformProperties();
            p.addProperty(CL_CONTEXT_PLATFORM, platform);
            return status(e, clCreateContext(p, 1, new cl_device_id[] {device}, null, null, e));
        }, CL_INVALID_PROPERTY);

        String e1 = "clCreateContextFromType";
        String dummy = "PoCL finds no device of that type: CL_DEVICE_NOT_FOUND";
        t.call(e1, "unknown device_type bits", () -> {
            int[] e = err();
            cl_context c = clCreateContextFromType(platformProperties(), UNKNOWN_BIT, null, null, e);
            // PoCL returns a dummy context with CL_DEVICE_NOT_FOUND, whose release fails an assertion (abort)
            return Target.isOmniCL() ? status(e, c) : e[0];
        }, CL_INVALID_DEVICE_TYPE).reference(dummy, CL_DEVICE_NOT_FOUND);
        t.call(e1, "user_data without pfn_notify", () -> {
            int[] e = err();
            return status(e, clCreateContextFromType(platformProperties(), CL_DEVICE_TYPE_ALL, null, "data", e));
        }, CL_INVALID_VALUE).reference(JOCL_USER_DATA, CL_SUCCESS);
        t.call(e1, "unknown property", () -> {
            int[] e = err();
            return status(e, clCreateContextFromType(props(0x7777, 1), CL_DEVICE_TYPE_ALL, null, null, e));
        }, CL_INVALID_PROPERTY);

        refRows(t, "clRetainContext", "context", CL_INVALID_CONTEXT, CL::clRetainContext, this::releasedContext);
        refRows(t, "clReleaseContext", "context", CL_INVALID_CONTEXT, CL::clReleaseContext, this::releasedContext);
        infoRows(t, "clGetContextInfo", "context", CL_INVALID_CONTEXT, () -> context, this::releasedContext,
                CL_CONTEXT_NUM_DEVICES, (c, param, size, value, ret) -> clGetContextInfo(c, param, size, value, ret));
    }

    private static cl_device_partition_property partition(long... entries) {
        cl_device_partition_property p = new cl_device_partition_property();
        for (int i = 0; i + 1 < entries.length; i += 2) {
            p.addProperty(entries[i], entries[i + 1]);
        }
        return p;
    }

    private cl_context_properties props(long... extra) {
        cl_context_properties p = platformProperties();
        for (int i = 0; i + 1 < extra.length; i += 2) {
            p.addProperty(extra[i], extra[i + 1]);
        }
        return p;
    }
}
