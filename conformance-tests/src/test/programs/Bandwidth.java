import org.jocl.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.jocl.CL.*;

/**
 * A bandwidth test in the manner of oclBandwidthTest: host-to-device, device-to-host and device-to-device
 * transfers of several sizes, from Java arrays, from direct buffers (non-blocking) and through mapped
 * CL_MEM_ALLOC_HOST_PTR buffers. Prints the bytes moved and whether every transfer arrived intact; the
 * speeds only on '~' lines.
 */
public class Bandwidth {

    static cl_context context;
    static cl_command_queue queue;
    static long totalBytes;
    static int transfers;
    static int corrupt;

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        context = clCreateContext(null, 1, devices, null, null, null);
        queue = clCreateCommandQueue(context, devices[0], 0, null);

        int[] sizes = {4 << 10, 256 << 10, 4 << 20};
        int repeats = 3;
        for (int size : sizes) {
            for (String mode : new String[] {"array", "direct", "mapped"}) {
                long before = totalBytes;
                long h2d = 0;
                long d2h = 0;
                for (int r = 0; r < repeats; r++) {
                    byte seed = (byte) (size / 1024 + r * 31 + mode.length());
                    h2d += time(() -> hostToDevice(mode, size, seed));
                    d2h += time(() -> deviceToHost(mode, size, seed));
                }
                System.out.println(mode + " " + size + " bytes x " + repeats + ": moved " + (totalBytes - before) + " bytes");
                System.out.printf("~ %s %d: host->device %.1f MB/s, device->host %.1f MB/s%n", mode, size,
                        mbps(size * (long) repeats, h2d), mbps(size * (long) repeats, d2h));
            }
            long before = totalBytes;
            long d2d = time(() -> deviceToDevice(size));
            System.out.println("device-to-device " + size + " bytes: moved " + (totalBytes - before) + " bytes");
            System.out.printf("~ device->device %d: %.1f MB/s%n", size, mbps(size, d2d));
        }
        System.out.println("transfers: " + transfers + ", bytes moved: " + totalBytes + ", corrupt: " + corrupt);
        release();
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }

    static cl_mem buffer;
    static int bufferSize;
    static boolean bufferHostAlloc;

    /** One device buffer per size and kind, kept between the write and the read that checks it. */
    static cl_mem buffer(int size, boolean hostAlloc) {
        if (buffer == null || bufferSize != size || bufferHostAlloc != hostAlloc) {
            release();
            long flags = CL_MEM_READ_WRITE | (hostAlloc ? CL_MEM_ALLOC_HOST_PTR : 0);
            buffer = clCreateBuffer(context, flags, size, null, null);
            bufferSize = size;
            bufferHostAlloc = hostAlloc;
        }
        return buffer;
    }

    static void release() {
        if (buffer != null) {
            clReleaseMemObject(buffer);
            buffer = null;
        }
    }

    static byte pattern(int i, byte seed) {
        return (byte) (i * 7 + seed + (i >> 8));
    }

    static void hostToDevice(String mode, int size, byte seed) {
        switch (mode) {
            case "array": {
                byte[] data = new byte[size];
                for (int i = 0; i < size; i++) data[i] = pattern(i, seed);
                clEnqueueWriteBuffer(queue, buffer(size, false), CL_TRUE, 0, size, Pointer.to(data), 0, null, null);
                break;
            }
            case "direct": {
                ByteBuffer data = ByteBuffer.allocateDirect(size).order(ByteOrder.nativeOrder());
                for (int i = 0; i < size; i++) data.put(i, pattern(i, seed));
                clEnqueueWriteBuffer(queue, buffer(size, false), CL_FALSE, 0, size, Pointer.to(data), 0, null, null);
                clFinish(queue);
                break;
            }
            default: {
                cl_mem b = buffer(size, true);
                ByteBuffer mapped = clEnqueueMapBuffer(queue, b, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, size, 0, null, null, null);
                for (int i = 0; i < size; i++) mapped.put(i, pattern(i, seed));
                clEnqueueUnmapMemObject(queue, b, mapped, 0, null, null);
                clFinish(queue);
            }
        }
        totalBytes += size;
        transfers++;
    }

    static void deviceToHost(String mode, int size, byte seed) {
        int bad = 0;
        switch (mode) {
            case "array": {
                byte[] data = new byte[size];
                clEnqueueReadBuffer(queue, buffer(size, false), CL_TRUE, 0, size, Pointer.to(data), 0, null, null);
                for (int i = 0; i < size; i++) if (data[i] != pattern(i, seed)) bad++;
                break;
            }
            case "direct": {
                ByteBuffer data = ByteBuffer.allocateDirect(size);
                cl_event done = new cl_event();
                clEnqueueReadBuffer(queue, buffer(size, false), CL_FALSE, 0, size, Pointer.to(data), 0, null, done);
                clWaitForEvents(1, new cl_event[] {done});
                clReleaseEvent(done);
                for (int i = 0; i < size; i++) if (data.get(i) != pattern(i, seed)) bad++;
                break;
            }
            default: {
                cl_mem b = buffer(size, true);
                ByteBuffer mapped = clEnqueueMapBuffer(queue, b, CL_TRUE, CL_MAP_READ, 0, size, 0, null, null, null);
                for (int i = 0; i < size; i++) if (mapped.get(i) != pattern(i, seed)) bad++;
                clEnqueueUnmapMemObject(queue, b, mapped, 0, null, null);
                clFinish(queue);
            }
        }
        if (bad > 0) {
            System.out.println(mode + " " + size + ": " + bad + " bytes differ");
            corrupt++;
        }
        totalBytes += size;
        transfers++;
    }

    static void deviceToDevice(int size) {
        byte[] data = new byte[size];
        for (int i = 0; i < size; i++) data[i] = pattern(i, (byte) 99);
        cl_mem a = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, size, Pointer.to(data), null);
        cl_mem b = clCreateBuffer(context, CL_MEM_WRITE_ONLY, size, null, null);
        clEnqueueCopyBuffer(queue, a, b, 0, 0, size, 0, null, null);
        byte[] back = new byte[size];
        clEnqueueReadBuffer(queue, b, CL_TRUE, 0, size, Pointer.to(back), 0, null, null);
        if (!java.util.Arrays.equals(data, back)) {
            System.out.println("device-to-device " + size + ": differs");
            corrupt++;
        }
        clReleaseMemObject(a);
        clReleaseMemObject(b);
        totalBytes += size;
        transfers++;
    }

    static long time(Runnable r) {
        long t = System.nanoTime();
        r.run();
        return System.nanoTime() - t;
    }

    static double mbps(long bytes, long nanos) {
        return bytes / 1e6 / (nanos / 1e9);
    }
}
