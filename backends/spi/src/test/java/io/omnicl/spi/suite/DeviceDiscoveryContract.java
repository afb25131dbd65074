package io.omnicl.spi.suite;

import static io.omnicl.spi.suite.ClCodes.CL_DEVICE_TYPE_CPU;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_CONTEXT;
import static io.omnicl.spi.suite.ClCodes.CL_QUEUE_PROFILING_ENABLE;
import static io.omnicl.spi.suite.Pocl.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.omnicl.spi.Backend;
import io.omnicl.spi.Backends;
import io.omnicl.spi.DeviceInfo;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.InfoType;
import io.omnicl.spi.RealDevice;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** A backend is found by its name and finds the PoCL devices, with their info, and opens them. */
public abstract class DeviceDiscoveryContract extends BackendContract {

    /** The name users choose the backend by ({@code OMNICL_BACKEND}). */
    protected abstract String expectedName();

    @Test
    void theServiceLoaderFindsTheBackendByName() {
        Class<? extends Backend> kind = backend().getClass();
        assertEquals(expectedName(), backend().name());
        assertInstanceOf(kind, Backends.select(expectedName()));
        assertInstanceOf(kind, Backends.select(expectedName().toUpperCase(Locale.ROOT)));
        assertTrue(Backends.available().stream().anyMatch(kind::isInstance));
    }

    @Test
    void findsBothPoclBasicDevicesOnce() {
        List<RealDevice> devices = Pocl.devices(backend());
        assertEquals(2, devices.size());
        for (RealDevice device : devices) {
            assertTrue(device.name().startsWith("basic"), device.name());
            assertEquals("Portable Computing Language", device.platformName());
            assertTrue(device.platformVersion().startsWith("OpenCL "), device.platformVersion());
            assertTrue(device.toString().contains(device.name()));
        }
        Backend backend = backend();
        assertSame(backend.devices(), backend.devices());
    }

    @Test
    void infoHoldsEveryAnsweredParameterWithItsType() {
        DeviceInfo info = device(0).info();
        int answered = 0;
        for (DeviceParam param : DeviceParam.values()) {
            if (param.type() == InfoType.HANDLE) {
                assertFalse(info.has(param), param.toString());
            } else if (info.has(param)) {
                answered++;
                Object value = info.get(param);
                switch (param.type()) {
                    case STRING -> assertFalse(((String) value).contains("\0"), param.toString());
                    case SIZE_T_ARRAY, PROPERTIES -> assertInstanceOf(long[].class, value, param.toString());
                    default -> assertInstanceOf(Long.class, value, param.toString());
                }
            }
        }
        assertTrue(answered >= 70, "answered " + answered);
    }

    @Test
    void infoValuesAreSane() {
        DeviceInfo info = device(0).info();
        assertEquals(CL_DEVICE_TYPE_CPU, info.getLong(DeviceParam.TYPE, -1));
        assertEquals(device(0).name(), info.getString(DeviceParam.NAME));
        assertTrue(info.getString(DeviceParam.VERSION).startsWith("OpenCL "));
        assertTrue(info.getString(DeviceParam.EXTENSIONS).contains("cl_khr_"));
        assertEquals(64, info.getLong(DeviceParam.ADDRESS_BITS, -1));
        assertTrue(info.getBool(DeviceParam.AVAILABLE));
        assertTrue(info.getBool(DeviceParam.COMPILER_AVAILABLE));
        assertTrue(info.getBool(DeviceParam.ENDIAN_LITTLE));
        assertTrue(info.getBool(DeviceParam.IMAGE_SUPPORT));
        assertEquals(1, info.getLong(DeviceParam.MAX_COMPUTE_UNITS, -1));
        assertNotEquals(0, info.getLong(DeviceParam.QUEUE_PROPERTIES, 0) & CL_QUEUE_PROFILING_ENABLE);

        long dimensions = info.getLong(DeviceParam.MAX_WORK_ITEM_DIMENSIONS, -1);
        long[] itemSizes = info.getArray(DeviceParam.MAX_WORK_ITEM_SIZES);
        assertEquals(dimensions, itemSizes.length);
        long groupSize = info.getLong(DeviceParam.MAX_WORK_GROUP_SIZE, -1);
        assertTrue(groupSize > 0 && itemSizes[0] > 0 && itemSizes[0] <= groupSize);

        long alignBits = info.getLong(DeviceParam.MEM_BASE_ADDR_ALIGN, -1);
        assertTrue(alignBits >= 8 && alignBits % 8 == 0, "align " + alignBits);
        long allocSize = info.getLong(DeviceParam.MAX_MEM_ALLOC_SIZE, -1);
        assertTrue(allocSize > 0 && allocSize <= info.getLong(DeviceParam.GLOBAL_MEM_SIZE, -1));
        assertTrue(info.getLong(DeviceParam.LOCAL_MEM_SIZE, -1) >= 16 * 1024);
        assertTrue(info.getLong(DeviceParam.MAX_PARAMETER_SIZE, -1) >= 1024);
    }

    @Test
    void eachOpenMakesAnIndependentSession() {
        RealDevice device = device(1);
        DeviceSession first = device.open();
        DeviceSession second = device.open();
        assertSame(device, first.device());
        first.close();
        first.close();
        assertStatus(CL_INVALID_CONTEXT, () -> first.allocate(64));
        assertStatus(CL_INVALID_CONTEXT, () -> first.createQueue(false));
        second.allocate(64).release();
        second.close();
    }
}
