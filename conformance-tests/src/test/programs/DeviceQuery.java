import org.jocl.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import static org.jocl.CL.*;

/**
 * A mini clinfo: every platform, every device of the first platform, and many clGetPlatformInfo and
 * clGetDeviceInfo parameters, each asked the usual way (size first, then the value).
 *
 * Lines starting with '~' show what depends on the machine (names, versions, counts, limits); the other
 * lines show what a portable program relies on: that every query answers with the size its type has, and
 * the properties that decide whether a program can run at all.
 */
public class DeviceQuery {

    enum Kind { STRING, UINT, ULONG, SIZE, BOOL, BITFIELD, SIZES }

    record Param(String name, int id, Kind kind, boolean compared) {
    }

    static final List<Param> PARAMS = new ArrayList<>();

    static void p(String name, int id, Kind kind, boolean compared) {
        PARAMS.add(new Param(name, id, kind, compared));
    }

    static {
        p("CL_DEVICE_NAME", CL_DEVICE_NAME, Kind.STRING, false);
        p("CL_DEVICE_VENDOR", CL_DEVICE_VENDOR, Kind.STRING, false);
        p("CL_DRIVER_VERSION", CL_DRIVER_VERSION, Kind.STRING, false);
        p("CL_DEVICE_VERSION", CL_DEVICE_VERSION, Kind.STRING, false);
        p("CL_DEVICE_OPENCL_C_VERSION", CL_DEVICE_OPENCL_C_VERSION, Kind.STRING, false);
        p("CL_DEVICE_PROFILE", CL_DEVICE_PROFILE, Kind.STRING, true);
        p("CL_DEVICE_EXTENSIONS", CL_DEVICE_EXTENSIONS, Kind.STRING, false);
        p("CL_DEVICE_TYPE", CL_DEVICE_TYPE, Kind.BITFIELD, true);
        p("CL_DEVICE_VENDOR_ID", CL_DEVICE_VENDOR_ID, Kind.UINT, false);
        p("CL_DEVICE_MAX_COMPUTE_UNITS", CL_DEVICE_MAX_COMPUTE_UNITS, Kind.UINT, false);
        p("CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS", CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, Kind.UINT, true);
        p("CL_DEVICE_MAX_WORK_ITEM_SIZES", CL_DEVICE_MAX_WORK_ITEM_SIZES, Kind.SIZES, false);
        p("CL_DEVICE_MAX_WORK_GROUP_SIZE", CL_DEVICE_MAX_WORK_GROUP_SIZE, Kind.SIZE, false);
        p("CL_DEVICE_MAX_CLOCK_FREQUENCY", CL_DEVICE_MAX_CLOCK_FREQUENCY, Kind.UINT, false);
        p("CL_DEVICE_ADDRESS_BITS", CL_DEVICE_ADDRESS_BITS, Kind.UINT, true);
        p("CL_DEVICE_GLOBAL_MEM_SIZE", CL_DEVICE_GLOBAL_MEM_SIZE, Kind.ULONG, false);
        p("CL_DEVICE_GLOBAL_MEM_CACHE_SIZE", CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, Kind.ULONG, false);
        p("CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE", CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, Kind.UINT, false);
        p("CL_DEVICE_LOCAL_MEM_SIZE", CL_DEVICE_LOCAL_MEM_SIZE, Kind.ULONG, false);
        p("CL_DEVICE_LOCAL_MEM_TYPE", CL_DEVICE_LOCAL_MEM_TYPE, Kind.UINT, false);
        p("CL_DEVICE_MAX_MEM_ALLOC_SIZE", CL_DEVICE_MAX_MEM_ALLOC_SIZE, Kind.ULONG, false);
        p("CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE", CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, Kind.ULONG, false);
        p("CL_DEVICE_MAX_CONSTANT_ARGS", CL_DEVICE_MAX_CONSTANT_ARGS, Kind.UINT, false);
        p("CL_DEVICE_MAX_PARAMETER_SIZE", CL_DEVICE_MAX_PARAMETER_SIZE, Kind.SIZE, false);
        p("CL_DEVICE_MEM_BASE_ADDR_ALIGN", CL_DEVICE_MEM_BASE_ADDR_ALIGN, Kind.UINT, false);
        p("CL_DEVICE_ERROR_CORRECTION_SUPPORT", CL_DEVICE_ERROR_CORRECTION_SUPPORT, Kind.BOOL, true);
        p("CL_DEVICE_HOST_UNIFIED_MEMORY", CL_DEVICE_HOST_UNIFIED_MEMORY, Kind.BOOL, false);
        p("CL_DEVICE_ENDIAN_LITTLE", CL_DEVICE_ENDIAN_LITTLE, Kind.BOOL, true);
        p("CL_DEVICE_AVAILABLE", CL_DEVICE_AVAILABLE, Kind.BOOL, true);
        p("CL_DEVICE_COMPILER_AVAILABLE", CL_DEVICE_COMPILER_AVAILABLE, Kind.BOOL, true);
        p("CL_DEVICE_LINKER_AVAILABLE", CL_DEVICE_LINKER_AVAILABLE, Kind.BOOL, true);
        p("CL_DEVICE_EXECUTION_CAPABILITIES", CL_DEVICE_EXECUTION_CAPABILITIES, Kind.BITFIELD, false);
        p("CL_DEVICE_QUEUE_PROPERTIES", CL_DEVICE_QUEUE_PROPERTIES, Kind.BITFIELD, true);
        p("CL_DEVICE_SINGLE_FP_CONFIG", CL_DEVICE_SINGLE_FP_CONFIG, Kind.BITFIELD, false);
        p("CL_DEVICE_DOUBLE_FP_CONFIG", CL_DEVICE_DOUBLE_FP_CONFIG, Kind.BITFIELD, false);
        p("CL_DEVICE_IMAGE_SUPPORT", CL_DEVICE_IMAGE_SUPPORT, Kind.BOOL, true);
        p("CL_DEVICE_MAX_READ_IMAGE_ARGS", CL_DEVICE_MAX_READ_IMAGE_ARGS, Kind.UINT, false);
        p("CL_DEVICE_MAX_WRITE_IMAGE_ARGS", CL_DEVICE_MAX_WRITE_IMAGE_ARGS, Kind.UINT, false);
        p("CL_DEVICE_IMAGE2D_MAX_WIDTH", CL_DEVICE_IMAGE2D_MAX_WIDTH, Kind.SIZE, false);
        p("CL_DEVICE_IMAGE2D_MAX_HEIGHT", CL_DEVICE_IMAGE2D_MAX_HEIGHT, Kind.SIZE, false);
        p("CL_DEVICE_IMAGE3D_MAX_DEPTH", CL_DEVICE_IMAGE3D_MAX_DEPTH, Kind.SIZE, false);
        p("CL_DEVICE_MAX_SAMPLERS", CL_DEVICE_MAX_SAMPLERS, Kind.UINT, false);
        p("CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR", CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, Kind.UINT, false);
        p("CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT", CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, Kind.UINT, false);
        p("CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT", CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, Kind.UINT, false);
        p("CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE", CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, Kind.UINT, false);
        p("CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT", CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, Kind.UINT, false);
        p("CL_DEVICE_PROFILING_TIMER_RESOLUTION", CL_DEVICE_PROFILING_TIMER_RESOLUTION, Kind.SIZE, false);
        p("CL_DEVICE_PRINTF_BUFFER_SIZE", CL_DEVICE_PRINTF_BUFFER_SIZE, Kind.SIZE, false);
        p("CL_DEVICE_PREFERRED_INTEROP_USER_SYNC", CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, Kind.BOOL, false);
        p("CL_DEVICE_PARTITION_MAX_SUB_DEVICES", CL_DEVICE_PARTITION_MAX_SUB_DEVICES, Kind.UINT, false);
        p("CL_DEVICE_REFERENCE_COUNT", CL_DEVICE_REFERENCE_COUNT, Kind.UINT, true);
    }

    public static void main(String[] args) {
        int[] numPlatforms = new int[1];
        clGetPlatformIDs(0, null, numPlatforms);
        System.out.println("~ platforms: " + numPlatforms[0]);
        System.out.println("at least one platform: " + (numPlatforms[0] >= 1));
        cl_platform_id[] platforms = new cl_platform_id[numPlatforms[0]];
        clGetPlatformIDs(platforms.length, platforms, null);
        for (int p = 0; p < platforms.length; p++) {
            System.out.println("~ platform " + p + " name: " + platformString(platforms[p], CL_PLATFORM_NAME));
            System.out.println("~ platform " + p + " vendor: " + platformString(platforms[p], CL_PLATFORM_VENDOR));
            System.out.println("~ platform " + p + " version: " + platformString(platforms[p], CL_PLATFORM_VERSION));
            System.out.println("~ platform " + p + " extensions: " + platformString(platforms[p], CL_PLATFORM_EXTENSIONS));
        }
        cl_platform_id platform = platforms[0];
        System.out.println("first platform profile: " + platformString(platform, CL_PLATFORM_PROFILE));
        String version = platformString(platform, CL_PLATFORM_VERSION);
        System.out.println("first platform version starts with 'OpenCL ': " + version.startsWith("OpenCL "));

        int[] numDevices = new int[1];
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, numDevices);
        System.out.println("~ devices: " + numDevices[0]);
        System.out.println("at least one device: " + (numDevices[0] >= 1));
        cl_device_id[] devices = new cl_device_id[numDevices[0]];
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, devices.length, devices, null);
        int[] cpus = new int[1];
        int cpuStatus = clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 0, null, cpus);
        System.out.println("~ CPU devices: " + cpus[0]);
        System.out.println("CPU device query: " + CL.stringFor_errorCode(cpuStatus));
        int[] accelerators = new int[1];
        int accStatus = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ACCELERATOR, 0, null, accelerators);
        System.out.println("accelerator device query: " + CL.stringFor_errorCode(accStatus) + ", " + accelerators[0]);

        boolean allAnswered = true;
        for (int d = 0; d < devices.length; d++) {
            boolean first = d == 0;
            String prefix = "device " + (first ? "0" : "#") + " ";
            for (Param param : PARAMS) {
                long[] size = new long[1];
                int status = clGetDeviceInfo(devices[d], param.id, 0, null, size);
                if (status != CL_SUCCESS) {
                    allAnswered = false;
                    System.out.println(prefix + param.name + ": " + CL.stringFor_errorCode(status));
                    continue;
                }
                byte[] value = new byte[(int) size[0]];
                status = clGetDeviceInfo(devices[d], param.id, value.length, Pointer.to(value), null);
                if (status != CL_SUCCESS) {
                    allAnswered = false;
                    System.out.println(prefix + param.name + " value: " + CL.stringFor_errorCode(status));
                    continue;
                }
                String shown = show(param.kind, value);
                String check = param.name + " size ok: " + sizeOk(param.kind, value);
                if (first) {
                    System.out.println("device 0 " + check);
                    System.out.println((param.compared ? "" : "~ ") + "device 0 " + param.name + ": " + shown);
                } else {
                    System.out.println("~ device " + d + " " + check);
                    System.out.println("~ device " + d + " " + param.name + ": " + shown);
                }
            }
        }
        System.out.println("every device answered every query: " + allAnswered);

        // a few derived facts a program checks before it picks a device
        cl_device_id device = devices[0];
        long global = ulong(device, CL_DEVICE_GLOBAL_MEM_SIZE);
        long maxAlloc = ulong(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
        long local = ulong(device, CL_DEVICE_LOCAL_MEM_SIZE);
        long wg = size(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
        System.out.println("max alloc <= global memory: " + (maxAlloc <= global));
        System.out.println("max alloc >= max(global/4, 128 MB): " + (maxAlloc >= Math.max(global / 4, 128L << 20)));
        System.out.println("local memory >= 16 KB: " + (local >= 16 * 1024));
        System.out.println("work-group size >= 1: " + (wg >= 1));
        cl_platform_id[] owner = new cl_platform_id[1];
        clGetDeviceInfo(device, CL_DEVICE_PLATFORM, Sizeof.cl_platform_id, Pointer.to(owner), null);
        System.out.println("device 0 belongs to the first platform: " + owner[0].equals(platform));
    }

    static boolean sizeOk(Kind kind, byte[] value) {
        switch (kind) {
            case STRING: return value.length >= 1 && value[value.length - 1] == 0;
            case UINT: case BOOL: return value.length == 4;
            case ULONG: case BITFIELD: case SIZE: return value.length == 8;
            case SIZES: return value.length > 0 && value.length % 8 == 0;
            default: return false;
        }
    }

    static String show(Kind kind, byte[] value) {
        ByteBuffer b = ByteBuffer.wrap(value).order(ByteOrder.nativeOrder());
        switch (kind) {
            case STRING: return new String(value, 0, Math.max(0, value.length - 1)).trim();
            case UINT: return String.valueOf(b.getInt());
            case BOOL: return b.getInt() != 0 ? "true" : "false";
            case ULONG: case SIZE: return String.valueOf(b.getLong());
            case BITFIELD: return "0x" + Long.toHexString(b.getLong());
            case SIZES: {
                StringBuilder s = new StringBuilder();
                while (b.remaining() >= 8) {
                    s.append(s.length() == 0 ? "" : " ").append(b.getLong());
                }
                return s.toString();
            }
            default: return "?";
        }
    }

    static String platformString(cl_platform_id platform, int param) {
        long[] size = new long[1];
        clGetPlatformInfo(platform, param, 0, null, size);
        byte[] buffer = new byte[(int) size[0]];
        clGetPlatformInfo(platform, param, buffer.length, Pointer.to(buffer), null);
        return new String(buffer, 0, buffer.length - 1);
    }

    static long ulong(cl_device_id device, int param) {
        long[] v = new long[1];
        clGetDeviceInfo(device, param, Sizeof.cl_ulong, Pointer.to(v), null);
        return v[0];
    }

    static long size(cl_device_id device, int param) {
        long[] v = new long[1];
        clGetDeviceInfo(device, param, Sizeof.size_t, Pointer.to(v), null);
        return v[0];
    }
}
