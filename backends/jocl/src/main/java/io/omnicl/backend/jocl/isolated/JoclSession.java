package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_INVALID_BINARY;
import static org.jocl.CL.CL_INVALID_CONTEXT;
import static org.jocl.CL.CL_INVALID_MEM_OBJECT;
import static org.jocl.CL.CL_INVALID_PROGRAM;
import static org.jocl.CL.CL_INVALID_VALUE;
import static org.jocl.CL.CL_LINK_PROGRAM_FAILURE;
import static org.jocl.CL.CL_MEM_READ_WRITE;
import static org.jocl.CL.CL_QUEUE_PROFILING_ENABLE;
import static org.jocl.CL.clCreateBuffer;
import static org.jocl.CL.clCreateCommandQueue;
import static org.jocl.CL.clCreateImage;
import static org.jocl.CL.clCreateProgramWithBinary;
import static org.jocl.CL.clCreateProgramWithSource;
import static org.jocl.CL.clCreateSampler;
import static org.jocl.CL.clGetSupportedImageFormats;
import static org.jocl.CL.clLinkProgram;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.ImageDesc;
import io.omnicl.spi.ImageFormat;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import io.omnicl.spi.RealSampler;
import java.util.ArrayList;
import java.util.List;
import org.jocl.CL;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_image_desc;
import org.jocl.cl_image_format;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.jocl.cl_sampler;

/** A context that holds one device. Thread-safe: every call here is a thread-safe OpenCL call. */
final class JoclSession extends JoclObject<cl_context> implements DeviceSession {

    private final JoclDevice device;
    private final cl_device_id deviceId;

    JoclSession(JoclDevice device, cl_device_id deviceId, cl_context context) {
        super(context, CL_INVALID_CONTEXT, CL::clReleaseContext);
        this.device = device;
        this.deviceId = deviceId;
    }

    /** The context handle, for tests of this package. */
    cl_context context() {
        return handle();
    }

    @Override
    public RealDevice device() {
        return device;
    }

    @Override
    public RealBuffer allocate(long size) {
        cl_context context = handle();
        cl_mem buffer = ClCalls.create(status ->
            clCreateBuffer(context, CL_MEM_READ_WRITE, size, null, status), "clCreateBuffer");
        return new JoclBuffer(buffer, size);
    }

    @Override
    public RealImage allocateImage(long flags, ImageFormat format, ImageDesc desc) {
        cl_context context = handle();
        cl_image_format clFormat = new cl_image_format();
        clFormat.image_channel_order = format.channelOrder();
        clFormat.image_channel_data_type = format.channelType();
        cl_image_desc clDesc = new cl_image_desc();
        clDesc.image_type = desc.type();
        clDesc.image_width = desc.width();
        clDesc.image_height = desc.height();
        clDesc.image_depth = desc.depth();
        clDesc.image_array_size = desc.arraySize();
        clDesc.buffer = desc.buffer() == null ? null
            : JoclObject.handleOf(desc.buffer(), JoclBuffer.class, CL_INVALID_MEM_OBJECT);
        cl_mem image = ClCalls.create(status -> clCreateImage(context, flags, clFormat, clDesc, null, status),
            "clCreateImage");
        return new JoclImage(image);
    }

    @Override
    public List<ImageFormat> supportedImageFormats(long flags, int imageType) {
        cl_context context = handle();
        int[] count = new int[1];
        ClCalls.check(clGetSupportedImageFormats(context, flags, imageType, 0, null, count),
            "clGetSupportedImageFormats");
        if (count[0] == 0) {
            return List.of();
        }
        cl_image_format[] formats = new cl_image_format[count[0]];
        for (int i = 0; i < formats.length; i++) {
            formats[i] = new cl_image_format();
        }
        ClCalls.check(clGetSupportedImageFormats(context, flags, imageType, formats.length, formats, null),
            "clGetSupportedImageFormats");
        List<ImageFormat> result = new ArrayList<>(formats.length);
        for (cl_image_format f : formats) {
            result.add(new ImageFormat(f.image_channel_order, f.image_channel_data_type));
        }
        return result;
    }

    @Override
    public RealSampler createSampler(boolean normalizedCoordinates, int addressingMode, int filterMode) {
        cl_context context = handle();
        cl_sampler sampler = ClCalls.create(status ->
            clCreateSampler(context, normalizedCoordinates, addressingMode, filterMode, status), "clCreateSampler");
        return new JoclSampler(sampler);
    }

    @Override
    public RealQueue createQueue(boolean profiling) {
        cl_context context = handle();
        long properties = profiling ? CL_QUEUE_PROFILING_ENABLE : 0;
        cl_command_queue queue = ClCalls.create(status ->
            clCreateCommandQueue(context, deviceId, properties, status), "clCreateCommandQueue");
        return new JoclQueue(queue, profiling);
    }

    @Override
    public RealProgram createProgram(String source) {
        if (source == null) {
            throw new BackendException(CL_INVALID_VALUE, "no program source");
        }
        cl_context context = handle();
        // no lengths: JOCL passes the source NUL-terminated
        cl_program program = ClCalls.create(status ->
            clCreateProgramWithSource(context, 1, new String[] {source}, null, status), "clCreateProgramWithSource");
        return new JoclProgram(program, deviceId);
    }

    @Override
    public RealProgram createProgram(byte[] binary) {
        if (binary == null || binary.length == 0) {
            throw new BackendException(CL_INVALID_BINARY, "no program binary");
        }
        cl_context context = handle();
        cl_program program = ClCalls.create(status -> clCreateProgramWithBinary(context, 1,
            new cl_device_id[] {deviceId}, new long[] {binary.length}, new byte[][] {binary}, new int[1], status),
            "clCreateProgramWithBinary");
        return new JoclProgram(program, deviceId);
    }

    @Override
    public RealProgram link(List<RealProgram> programs, String options) {
        cl_context context = handle();
        cl_program[] inputs = new cl_program[programs.size()];
        for (int i = 0; i < inputs.length; i++) {
            inputs[i] = JoclObject.handleOf(programs.get(i), JoclProgram.class, CL_INVALID_PROGRAM);
        }
        int[] status = new int[1];
        cl_program linked;
        try {
            linked = clLinkProgram(context, 1, new cl_device_id[] {deviceId}, options, inputs.length,
                inputs.length == 0 ? null : inputs, null, null, status);
        } finally {
            JvmSignals.putBack();
        }
        // JOCL answers a NULL program with null
        JoclProgram program = linked == null || linked.getNativePointer() == 0 ? null
            : new JoclProgram(linked, deviceId);
        if (status[0] == CL_LINK_PROGRAM_FAILURE) {
            // the failed program holds the log, and nothing else
            throw new BackendException(CL_LINK_PROGRAM_FAILURE, program == null ? "" : program.takeLog());
        }
        if (status[0] != 0 && program != null) {
            program.release();
        }
        ClCalls.check(status[0], "clLinkProgram");
        if (program == null) {
            throw new BackendException(CL_INVALID_PROGRAM, "clLinkProgram returned no program");
        }
        return program;
    }

    /** Releases the context; objects made in it keep it alive until they are released too. */
    @Override
    public void close() {
        release();
    }
}
