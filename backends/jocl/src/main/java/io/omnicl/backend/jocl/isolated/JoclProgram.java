package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_BUILD_PROGRAM_FAILURE;
import static org.jocl.CL.CL_COMPILE_PROGRAM_FAILURE;
import static org.jocl.CL.CL_INVALID_PROGRAM;
import static org.jocl.CL.CL_INVALID_VALUE;
import static org.jocl.CL.CL_PROGRAM_BINARIES;
import static org.jocl.CL.CL_PROGRAM_BINARY_SIZES;
import static org.jocl.CL.CL_PROGRAM_BUILD_LOG;
import static org.jocl.CL.CL_PROGRAM_KERNEL_NAMES;
import static org.jocl.CL.clBuildProgram;
import static org.jocl.CL.clCompileProgram;
import static org.jocl.CL.clCreateKernel;
import static org.jocl.CL.clGetProgramBuildInfo;
import static org.jocl.CL.clGetProgramInfo;

import io.omnicl.backend.signals.JvmSignals;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import java.nio.ByteBuffer;
import java.util.List;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_program;

/** A program of a session's context, built for the session's one device. */
final class JoclProgram extends JoclObject<cl_program> implements RealProgram {

    private final cl_device_id[] device;

    JoclProgram(cl_program program, cl_device_id device) {
        super(program, CL_INVALID_PROGRAM, CL::clReleaseProgram);
        this.device = new cl_device_id[] {device};
    }

    @Override
    public boolean build(String options) {
        // no callback: JOCL's clBuildProgram then blocks until the build is done
        int status;
        try {
            status = clBuildProgram(handle(), 1, device, options, null, null);
        } finally {
            // a driver's compiler (LLVM's) may take the JVM's signals as it starts
            JvmSignals.putBack();
        }
        if (status == CL_BUILD_PROGRAM_FAILURE) {
            return false;
        }
        ClCalls.check(status, "clBuildProgram");
        return true;
    }

    @Override
    public boolean compile(String options, List<RealProgram> headers, List<String> headerNames) {
        cl_program program = handle();
        int count = headers.size();
        cl_program[] headerPrograms = new cl_program[count];
        String[] names = new String[count];
        for (int i = 0; i < count; i++) {
            headerPrograms[i] = JoclObject.handleOf(headers.get(i), JoclProgram.class, CL_INVALID_PROGRAM);
            names[i] = headerNames.get(i);
        }
        int status;
        try {
            status = clCompileProgram(program, 1, device, options, count, count == 0 ? null : headerPrograms,
                count == 0 ? null : names, null, null);
        } finally {
            JvmSignals.putBack();
        }
        if (status == CL_COMPILE_PROGRAM_FAILURE) {
            return false;
        }
        ClCalls.check(status, "clCompileProgram");
        return true;
    }

    @Override
    public String buildLog() {
        cl_program program = handle();
        return ClCalls.reader((param, size, value, sizeReturned) ->
            clGetProgramBuildInfo(program, device[0], param, size, value, sizeReturned), "clGetProgramBuildInfo")
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
        cl_program program = handle();
        // one device, so one size and one binary
        int size = Math.toIntExact(ClCalls.reader(programInfo(program), "clGetProgramInfo")
            .number(CL_PROGRAM_BINARY_SIZES, Sizeof.size_t));
        if (size == 0) {
            return new byte[0];
        }
        // CL_PROGRAM_BINARIES fills memory that the caller owns: an array of pointers, here of one
        ByteBuffer binary = ByteBuffer.allocateDirect(size);
        ClCalls.check(clGetProgramInfo(program, CL_PROGRAM_BINARIES, Sizeof.POINTER,
            Pointer.to(Pointer.to(binary)), null), "clGetProgramInfo(CL_PROGRAM_BINARIES)");
        byte[] copy = new byte[size];
        binary.get(copy);
        return copy;
    }

    @Override
    public List<String> kernelNames() {
        String names = ClCalls.reader(programInfo(handle()), "clGetProgramInfo").string(CL_PROGRAM_KERNEL_NAMES);
        return names.isEmpty() ? List.of() : List.of(names.split(";"));
    }

    private static ClCalls.ParamQuery programInfo(cl_program program) {
        return (param, size, value, sizeReturned) -> clGetProgramInfo(program, param, size, value, sizeReturned);
    }

    @Override
    public RealKernel createKernel(String name) {
        if (name == null) {
            throw new BackendException(CL_INVALID_VALUE, "no kernel name");
        }
        cl_program program = handle();
        cl_kernel kernel = ClCalls.create(status -> clCreateKernel(program, name, status),
            "clCreateKernel(" + name + ")");
        return new JoclKernel(kernel, name, device[0]);
    }
}
