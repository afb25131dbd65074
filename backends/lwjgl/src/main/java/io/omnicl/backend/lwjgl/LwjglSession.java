package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_INVALID_BINARY;
import static org.lwjgl.opencl.CL10.CL_INVALID_CONTEXT;
import static org.lwjgl.opencl.CL10.CL_INVALID_MEM_OBJECT;
import static org.lwjgl.opencl.CL10.CL_INVALID_PROGRAM;
import static org.lwjgl.opencl.CL10.CL_INVALID_VALUE;
import static org.lwjgl.opencl.CL10.CL_MEM_READ_WRITE;
import static org.lwjgl.opencl.CL10.CL_QUEUE_PROFILING_ENABLE;
import static org.lwjgl.opencl.CL10.nclCreateBuffer;
import static org.lwjgl.opencl.CL10.nclCreateCommandQueue;
import static org.lwjgl.opencl.CL10.nclCreateProgramWithBinary;
import static org.lwjgl.opencl.CL10.nclCreateProgramWithSource;
import static org.lwjgl.opencl.CL10.nclCreateSampler;
import static org.lwjgl.opencl.CL10.nclGetSupportedImageFormats;
import static org.lwjgl.opencl.CL12.nclCreateImage;
import static org.lwjgl.opencl.CL12.CL_LINK_PROGRAM_FAILURE;
import static org.lwjgl.opencl.CL12.nclLinkProgram;
import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;
import static org.lwjgl.system.MemoryUtil.memAddressSafe;
import static org.lwjgl.system.MemoryUtil.memAlloc;
import static org.lwjgl.system.MemoryUtil.memFree;
import static org.lwjgl.system.MemoryUtil.memUTF8;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.ImageDesc;
import io.omnicl.spi.ImageFormat;
import io.omnicl.spi.PinnedMemory;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import io.omnicl.spi.RealSampler;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.lwjgl.PointerBuffer;
import org.lwjgl.opencl.CL10;
import org.lwjgl.opencl.CLImageDesc;
import org.lwjgl.opencl.CLImageFormat;
import org.lwjgl.system.MemoryStack;

/**
 * A context that holds one device, or one device of a context it shares with others of its platform. Thread-safe:
 * every call here is a thread-safe OpenCL call.
 */
final class LwjglSession extends LwjglObject implements DeviceSession {

    private final LwjglDevice device;
    private final long deviceId;
    /** Whether the context holds other devices too. */
    private final boolean shared;
    /** Objects made in this context and not yet released. */
    private final AtomicLong objects = new AtomicLong();

    LwjglSession(LwjglDevice device, long deviceId, long context, boolean shared) {
        super(context, CL_INVALID_CONTEXT, CL10::clReleaseContext, null);
        this.device = device;
        this.deviceId = deviceId;
        this.shared = shared;
    }

    @Override
    public RealDevice device() {
        return device;
    }

    @Override
    public boolean sharesContextWith(DeviceSession other) {
        return other instanceof LwjglSession s && s.handle() == handle();
    }

    @Override
    public long liveObjects() {
        return objects.get();
    }

    @Override
    public RealBuffer allocate(long size) {
        long context = handle();
        long buffer = ClCalls.create(status ->
            nclCreateBuffer(context, CL_MEM_READ_WRITE, size, NULL, status), "clCreateBuffer");
        return new LwjglBuffer(buffer, size, objects);
    }

    @Override
    public PinnedMemory allocatePinned(long size) {
        return LwjglPinned.allocate(handle(), deviceId, size, objects);
    }

    @Override
    public RealImage allocateImage(long flags, ImageFormat format, ImageDesc desc) {
        long context = handle();
        long buffer = desc.buffer() == null ? NULL
            : LwjglObject.handleOf(desc.buffer(), LwjglBuffer.class, CL_INVALID_MEM_OBJECT);
        try (MemoryStack stack = stackPush()) {
            CLImageFormat clFormat = CLImageFormat.malloc(stack)
                .image_channel_order(format.channelOrder()).image_channel_data_type(format.channelType());
            CLImageDesc clDesc = CLImageDesc.calloc(stack).image_type(desc.type()).image_width(desc.width())
                .image_height(desc.height()).image_depth(desc.depth()).image_array_size(desc.arraySize())
                .buffer(buffer);
            long image = ClCalls.create(status -> nclCreateImage(context, flags, clFormat.address(),
                clDesc.address(), NULL, status), "clCreateImage");
            return new LwjglImage(image, objects);
        }
    }

    @Override
    public List<ImageFormat> supportedImageFormats(long flags, int imageType) {
        long context = handle();
        try (MemoryStack stack = stackPush()) {
            IntBuffer count = stack.mallocInt(1);
            ClCalls.check(nclGetSupportedImageFormats(context, flags, imageType, 0, NULL, memAddress(count)),
                "clGetSupportedImageFormats");
            if (count.get(0) == 0) {
                return List.of();
            }
            CLImageFormat.Buffer formats = CLImageFormat.malloc(count.get(0), stack);
            ClCalls.check(nclGetSupportedImageFormats(context, flags, imageType, count.get(0), formats.address(),
                NULL), "clGetSupportedImageFormats");
            List<ImageFormat> result = new ArrayList<>();
            for (CLImageFormat f : formats) {
                result.add(new ImageFormat(f.image_channel_order(), f.image_channel_data_type()));
            }
            return result;
        }
    }

    @Override
    public RealSampler createSampler(boolean normalizedCoordinates, int addressingMode, int filterMode) {
        long context = handle();
        long sampler = ClCalls.create(status -> nclCreateSampler(context, normalizedCoordinates ? 1 : 0,
            addressingMode, filterMode, status), "clCreateSampler");
        return new LwjglSampler(sampler, objects);
    }

    @Override
    public RealQueue createQueue(boolean profiling) {
        long context = handle();
        long properties = profiling ? CL_QUEUE_PROFILING_ENABLE : 0;
        long queue = ClCalls.create(status ->
            nclCreateCommandQueue(context, deviceId, properties, status), "clCreateCommandQueue");
        return new LwjglQueue(queue, profiling, objects);
    }

    @Override
    public RealProgram createProgram(String source) {
        if (source == null) {
            throw new BackendException(CL_INVALID_VALUE, "no program source");
        }
        long context = handle();
        // NUL-terminated, since a length of 0 would make OpenCL look for a NUL; on the heap, since
        // sources can outgrow the thread's MemoryStack
        ByteBuffer text = memUTF8(source, true);
        try (MemoryStack stack = stackPush()) {
            PointerBuffer strings = stack.pointers(text);
            long program = ClCalls.create(status ->
                nclCreateProgramWithSource(context, 1, strings.address(), NULL, status), "clCreateProgramWithSource");
            return new LwjglProgram(program, deviceId, shared, objects);
        } finally {
            memFree(text);
        }
    }

    @Override
    public RealProgram createProgram(byte[] binary) {
        if (binary == null || binary.length == 0) {
            throw new BackendException(CL_INVALID_BINARY, "no program binary");
        }
        long context = handle();
        ByteBuffer copy = memAlloc(binary.length).put(binary).flip();
        try (MemoryStack stack = stackPush()) {
            PointerBuffer devices = stack.pointers(deviceId);
            PointerBuffer lengths = stack.pointers(copy.remaining());
            PointerBuffer binaries = stack.pointers(copy);
            long program = ClCalls.create(status -> nclCreateProgramWithBinary(context, 1, devices.address(),
                lengths.address(), binaries.address(), NULL, status), "clCreateProgramWithBinary");
            return new LwjglProgram(program, deviceId, objects);
        } finally {
            memFree(copy);
        }
    }

    @Override
    public RealProgram link(List<RealProgram> programs, String options) {
        long context = handle();
        try (MemoryStack stack = stackPush()) {
            PointerBuffer inputs = stack.mallocPointer(programs.size());
            for (int i = 0; i < programs.size(); i++) {
                inputs.put(i, LwjglObject.handleOf(programs.get(i), LwjglProgram.class, CL_INVALID_PROGRAM));
            }
            IntBuffer status = stack.mallocInt(1);
            long linked = nclLinkProgram(context, 1, stack.pointers(deviceId).address(),
                memAddressSafe(stack.UTF8Safe(options)), programs.size(), inputs.address(), NULL, NULL,
                memAddress(status));
            JvmSignals.putBack();
            if (status.get(0) == CL_LINK_PROGRAM_FAILURE) {
                String log = linked == NULL ? "" : new LwjglProgram(linked, deviceId, objects).takeLog();
                throw new BackendException(CL_LINK_PROGRAM_FAILURE, log);
            }
            ClCalls.check(status.get(0), "clLinkProgram");
            return new LwjglProgram(linked, deviceId, objects);
        }
    }

    /** Releases the context; objects made in it keep it alive until they are released too. */
    @Override
    public void close() {
        release();
    }
}
