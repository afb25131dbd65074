package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_BUILD_PROGRAM_FAILURE;
import static org.lwjgl.opencl.CL10.CL_INVALID_PROGRAM;
import static org.lwjgl.opencl.CL10.CL_INVALID_VALUE;
import static org.lwjgl.opencl.CL10.CL_PROGRAM_BINARIES;
import static org.lwjgl.opencl.CL10.CL_PROGRAM_BINARY_SIZES;
import static org.lwjgl.opencl.CL10.CL_PROGRAM_BUILD_LOG;
import static org.lwjgl.opencl.CL10.CL_PROGRAM_CONTEXT;
import static org.lwjgl.opencl.CL10.CL_PROGRAM_DEVICES;
import static org.lwjgl.opencl.CL10.nclBuildProgram;
import static org.lwjgl.opencl.CL10.nclCreateKernel;
import static org.lwjgl.opencl.CL10.nclGetProgramBuildInfo;
import static org.lwjgl.opencl.CL10.nclGetProgramInfo;
import static org.lwjgl.opencl.CL12.CL_COMPILE_PROGRAM_FAILURE;
import static org.lwjgl.opencl.CL12.CL_LINK_PROGRAM_FAILURE;
import static org.lwjgl.opencl.CL12.CL_PROGRAM_KERNEL_NAMES;
import static org.lwjgl.opencl.CL12.nclCompileProgram;
import static org.lwjgl.opencl.CL12.nclLinkProgram;
import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAddress;
import static org.lwjgl.system.MemoryUtil.memAddressSafe;
import static org.lwjgl.system.MemoryUtil.memAlloc;
import static org.lwjgl.system.MemoryUtil.memFree;
import static org.lwjgl.system.Pointer.POINTER_SIZE;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.InfoReader;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.lwjgl.PointerBuffer;
import org.lwjgl.opencl.CL10;
import org.lwjgl.system.MemoryStack;

/** A program of a session's context, built for the session's one device. */
final class LwjglProgram extends LwjglObject implements RealProgram {

    private final long device;
    /**
     * Whether the program is of its context's other devices too (from source, in a context of several): NVIDIA's
     * driver then makes no kernel of it unless it is built for all of them.
     */
    private final boolean ofOthersToo;

    LwjglProgram(long program, long device, AtomicLong live) {
        this(program, device, false, live);
    }

    LwjglProgram(long program, long device, boolean ofOthersToo, AtomicLong live) {
        super(program, CL_INVALID_PROGRAM, CL10::clReleaseProgram, live);
        this.device = device;
        this.ofOthersToo = ofOthersToo;
    }

    /**
     * Builds the program for the session's device. A program of the context's other devices too is compiled for
     * this one and linked into a program of this one alone, which it becomes.
     */
    @Override
    public boolean build(String options) {
        return ofOthersToo ? compileAndLink(options) : buildHere(options);
    }

    private boolean compileAndLink(String options) {
        if (!compile(options, List.of(), List.of())) {
            return false;
        }
        long program = handle();
        try (MemoryStack stack = stackPush()) {
            IntBuffer status = stack.mallocInt(1);
            long linked = nclLinkProgram(contextOf(program), 1, stack.pointers(device).address(),
                memAddressSafe(stack.UTF8Safe(options)), 1, stack.pointers(program).address(), NULL, NULL,
                memAddress(status));
            JvmSignals.putBack();
            if (linked != NULL) {
                // the linked program, or the one whose log says why it did not link
                replaceHandle(linked);
            }
            if (status.get(0) == CL_LINK_PROGRAM_FAILURE) {
                return false;
            }
            ClCalls.check(status.get(0), "clLinkProgram");
            return true;
        }
    }

    private static long contextOf(long program) {
        return ClCalls.reader((param, size, value, sizeReturned) ->
            nclGetProgramInfo(program, param, size, value, sizeReturned), "clGetProgramInfo")
            .number(CL_PROGRAM_CONTEXT, POINTER_SIZE);
    }

    private boolean buildHere(String options) {
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
        InfoReader info = ClCalls.reader(programInfo(program), "clGetProgramInfo");
        // a program of a context of several devices has a binary for each of them: this session's is one
        ByteBuffer devices = ByteBuffer.wrap(info.read(CL_PROGRAM_DEVICES, 0)).order(ByteOrder.nativeOrder());
        ByteBuffer sizes = ByteBuffer.wrap(info.read(CL_PROGRAM_BINARY_SIZES, 0)).order(ByteOrder.nativeOrder());
        int count = devices.capacity() / POINTER_SIZE;
        int index = 0;
        while (index < count && pointerAt(devices, index) != device) {
            index++;
        }
        if (index == count) {
            throw new BackendException(CL_INVALID_PROGRAM, "the program is not of this session's device");
        }
        if (pointerAt(sizes, index) == 0) {
            return new byte[0];
        }
        // memory for every device's binary: the specification lets a null entry skip one, PoCL 3.1 writes to it
        ByteBuffer[] binaries = new ByteBuffer[count];
        try (MemoryStack stack = stackPush()) {
            PointerBuffer addresses = stack.mallocPointer(count);
            for (int i = 0; i < count; i++) {
                binaries[i] = memAlloc(Math.toIntExact(Math.max(1, pointerAt(sizes, i))));
                addresses.put(i, binaries[i]);
            }
            ClCalls.check(programInfo(program).query(CL_PROGRAM_BINARIES, (long) count * POINTER_SIZE,
                    addresses.address(), NULL), "clGetProgramInfo(CL_PROGRAM_BINARIES)");
            byte[] copy = new byte[Math.toIntExact(pointerAt(sizes, index))];
            binaries[index].get(copy);
            return copy;
        } finally {
            for (ByteBuffer b : binaries) {
                if (b != null) {
                    memFree(b);
                }
            }
        }
    }

    /** The {@code index}th pointer-sized value of {@code values}. */
    private static long pointerAt(ByteBuffer values, int index) {
        return POINTER_SIZE == Long.BYTES ? values.getLong(index * Long.BYTES) : values.getInt(index * Integer.BYTES);
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
