package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_BUILD_PROGRAM_FAILURE;
import static org.lwjgl.opencl.CL10.CL_INVALID_PROGRAM;
import static org.lwjgl.opencl.CL10.CL_INVALID_VALUE;
import static org.lwjgl.opencl.CL10.CL_PROGRAM_BINARIES;
import static org.lwjgl.opencl.CL10.CL_PROGRAM_BINARY_SIZES;
import static org.lwjgl.opencl.CL10.CL_PROGRAM_BUILD_LOG;
import static org.lwjgl.opencl.CL10.nclBuildProgram;
import static org.lwjgl.opencl.CL10.nclCreateKernel;
import static org.lwjgl.opencl.CL10.nclGetProgramBuildInfo;
import static org.lwjgl.opencl.CL10.nclGetProgramInfo;
import static org.lwjgl.opencl.CL12.CL_COMPILE_PROGRAM_FAILURE;
import static org.lwjgl.opencl.CL12.CL_PROGRAM_KERNEL_NAMES;
import static org.lwjgl.opencl.CL12.nclCompileProgram;
import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;
import static org.lwjgl.system.MemoryUtil.memAddressSafe;
import static org.lwjgl.system.MemoryUtil.memAlloc;
import static org.lwjgl.system.MemoryUtil.memFree;
import static org.lwjgl.system.Pointer.POINTER_SIZE;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.lwjgl.PointerBuffer;
import org.lwjgl.opencl.CL10;
import org.lwjgl.system.MemoryStack;

/** A program of a session's context, built for the session's one device. */
final class LwjglProgram extends LwjglObject implements RealProgram {

    private final long device;

    LwjglProgram(long program, long device, AtomicLong live) {
        super(program, CL_INVALID_PROGRAM, CL10::clReleaseProgram, live);
        this.device = device;
    }

    @Override
    public boolean build(String options) {
        long program = handle();
        try (MemoryStack stack = stackPush()) {
            int status = nclBuildProgram(program, 1, stack.pointers(device).address(),
                memAddressSafe(stack.UTF8Safe(options)), NULL, NULL);
            // a driver's compiler may take the JVM's signals as it starts
            JvmSignals.putBack();
            if (status == CL_BUILD_PROGRAM_FAILURE) {
                return false;
            }
            ClCalls.check(status, "clBuildProgram");
            return true;
        }
    }

    @Override
    public boolean compile(String options, List<RealProgram> headers, List<String> headerNames) {
        long program = handle();
        int count = headers.size();
        try (MemoryStack stack = stackPush()) {
            PointerBuffer headerPrograms = stack.mallocPointer(count);
            PointerBuffer names = stack.mallocPointer(count);
            for (int i = 0; i < count; i++) {
                headerPrograms.put(i, LwjglObject.handleOf(headers.get(i), LwjglProgram.class, CL_INVALID_PROGRAM));
                names.put(i, memAddress(stack.UTF8(headerNames.get(i))));
            }
            int status = nclCompileProgram(program, 1, stack.pointers(device).address(),
                memAddressSafe(stack.UTF8Safe(options)), count, count == 0 ? NULL : headerPrograms.address(),
                count == 0 ? NULL : names.address(), NULL, NULL);
            JvmSignals.putBack();
            if (status == CL_COMPILE_PROGRAM_FAILURE) {
                return false;
            }
            ClCalls.check(status, "clCompileProgram");
            return true;
        }
    }

    @Override
    public String buildLog() {
        long program = handle();
        return ClCalls.reader((param, size, value, sizeReturned) ->
            nclGetProgramBuildInfo(program, device, param, size, value, sizeReturned), "clGetProgramBuildInfo")
            .string(CL_PROGRAM_BUILD_LOG);
    }

    /** The build log of a program that is not kept: releases it. */
    String takeLog() {
        try {
            return buildLog();
        } finally {
            release();
        }
    }

    @Override
    public byte[] binary() {
        long program = handle();
        // one device, so one size and one binary
        int size = Math.toIntExact(ClCalls.reader(programInfo(program), "clGetProgramInfo")
            .number(CL_PROGRAM_BINARY_SIZES, POINTER_SIZE));
        if (size == 0) {
            return new byte[0];
        }
        ByteBuffer binary = memAlloc(size);
        try (MemoryStack stack = stackPush()) {
            PointerBuffer binaries = stack.pointers(binary);
            ClCalls.check(programInfo(program).query(CL_PROGRAM_BINARIES, POINTER_SIZE, binaries.address(), NULL),
                "clGetProgramInfo(CL_PROGRAM_BINARIES)");
            byte[] copy = new byte[size];
            binary.get(copy);
            return copy;
        } finally {
            memFree(binary);
        }
    }

    @Override
    public List<String> kernelNames() {
        String names = ClCalls.reader(programInfo(handle()), "clGetProgramInfo").string(CL_PROGRAM_KERNEL_NAMES);
        return names.isEmpty() ? List.of() : List.of(names.split(";"));
    }

    private static ClCalls.ParamQuery programInfo(long program) {
        return (param, size, value, sizeReturned) -> nclGetProgramInfo(program, param, size, value, sizeReturned);
    }

    @Override
    public RealKernel createKernel(String name) {
        if (name == null) {
            throw new BackendException(CL_INVALID_VALUE, "no kernel name");
        }
        long program = handle();
        try (MemoryStack stack = stackPush()) {
            ByteBuffer encoded = stack.UTF8(name);
            long kernel = ClCalls.create(status ->
                nclCreateKernel(program, memAddress(encoded), status), "clCreateKernel(" + name + ")");
            return new LwjglKernel(kernel, name, device, live());
        }
    }
}
